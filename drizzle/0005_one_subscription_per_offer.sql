CREATE TABLE "checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"user_id" text NOT NULL,
	"product_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"url" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "checkout_sessions_status_check" CHECK ("checkout_sessions"."status" in ('open', 'complete', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "subscription_claims" (
	"user_id" text NOT NULL,
	"product_key" text NOT NULL,
	"provider_subscription_id" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_claims_user_id_product_key_pk" PRIMARY KEY("user_id","product_key")
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "duplicate_of_subscription_id" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "duplicate_resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_checkout_sessions" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_claims" ADD CONSTRAINT "subscription_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_one_open_idx" ON "checkout_sessions" USING btree ("user_id","product_key") WHERE "checkout_sessions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "checkout_sessions_open_product_idx" ON "checkout_sessions" USING btree ("product_key") WHERE "checkout_sessions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "subscription_claims_subscription_idx" ON "subscription_claims" USING btree ("provider_subscription_id");--> statement-breakpoint
-- Written by hand: the subscriptions already running when this table arrives hold their offers.
-- Where a member already has two running subscriptions to one offer (bought before this rule),
-- the earliest holds it; the others are left for the coach to refund, as before.
INSERT INTO "subscription_claims" ("user_id", "product_key", "provider_subscription_id", "claimed_at")
SELECT DISTINCT ON ("user_id", "product_key") "user_id", "product_key", "provider_subscription_id", "created_at"
FROM "subscriptions"
WHERE "user_id" IS NOT NULL AND "status" NOT IN ('canceled', 'incomplete', 'incomplete_expired')
ORDER BY "user_id", "product_key", "created_at", "id";
