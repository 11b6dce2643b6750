CREATE TABLE "promotion_uses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promotion_id" uuid NOT NULL,
	"user_id" text,
	"checkout_session_id" text,
	"status" text DEFAULT 'reserved' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_uses_checkout_session_id_unique" UNIQUE("checkout_session_id"),
	CONSTRAINT "promotion_uses_status_check" CHECK ("promotion_uses"."status" in ('reserved', 'used', 'released'))
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" "citext" NOT NULL,
	"percent_off" integer,
	"amount_off_pence" integer,
	"product_keys" text[] NOT NULL,
	"expires_at" timestamp with time zone,
	"max_uses" integer,
	"duration" text DEFAULT 'once' NOT NULL,
	"duration_months" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"turned_off_at" timestamp with time zone,
	"stripe_coupon_id" text,
	"stripe_promotion_code_id" text,
	CONSTRAINT "promotions_code_unique" UNIQUE("code"),
	CONSTRAINT "promotions_one_discount_check" CHECK (("promotions"."percent_off" is null) <> ("promotions"."amount_off_pence" is null)),
	CONSTRAINT "promotions_percent_check" CHECK ("promotions"."percent_off" is null or "promotions"."percent_off" between 1 and 100),
	CONSTRAINT "promotions_amount_check" CHECK ("promotions"."amount_off_pence" is null or "promotions"."amount_off_pence" > 0),
	CONSTRAINT "promotions_duration_check" CHECK ("promotions"."duration" in ('once', 'repeating', 'forever'))
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "promotion_code" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "promotion_code" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_checkout_sessions" ADD COLUMN "amount_subtotal" integer;--> statement-breakpoint
ALTER TABLE "test_checkout_sessions" ADD COLUMN "discount" jsonb;--> statement-breakpoint
ALTER TABLE "test_subscriptions" ADD COLUMN "discount" jsonb;--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotion_uses_promotion_idx" ON "promotion_uses" USING btree ("promotion_id","status");--> statement-breakpoint
CREATE INDEX "purchases_promotion_code_idx" ON "purchases" USING btree ("promotion_code") WHERE "purchases"."promotion_code" is not null;