ALTER TABLE "checkout_sessions" ADD COLUMN "instalments" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "instalments" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "plan_total_cents" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "plan_completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_subscriptions" ADD COLUMN "payments_left" integer;