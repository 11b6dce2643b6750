ALTER TABLE "subscriptions" ADD COLUMN "past_due_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "ended_for_non_payment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "test_subscriptions" ADD COLUMN "failing_invoice_id" text;--> statement-breakpoint
ALTER TABLE "test_subscriptions" ADD COLUMN "failed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_subscriptions" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
-- Subscriptions already failing when the grace period arrived: their grace runs from their last recorded state.
UPDATE "subscriptions" SET "past_due_since" = "state_at" WHERE "status" IN ('past_due', 'unpaid');
