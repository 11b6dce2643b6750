ALTER TABLE "subscriptions" ADD COLUMN "paused_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_subscriptions" ADD COLUMN "paused_until" timestamp with time zone;