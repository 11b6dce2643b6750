CREATE TABLE "coach_follow_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_id" uuid NOT NULL,
	"user_id" text,
	"bought_at" timestamp with time zone NOT NULL,
	"due_on" text NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coach_follow_ups_purchase_id_unique" UNIQUE("purchase_id")
);
--> statement-breakpoint
CREATE TABLE "cohort_welcomes" (
	"user_id" text NOT NULL,
	"cohort_starts_on" text NOT NULL,
	"purchase_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cohort_welcomes_user_id_cohort_starts_on_pk" PRIMARY KEY("user_id","cohort_starts_on")
);
--> statement-breakpoint
ALTER TABLE "coach_follow_ups" ADD CONSTRAINT "coach_follow_ups_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_follow_ups" ADD CONSTRAINT "coach_follow_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_follow_ups" ADD CONSTRAINT "coach_follow_ups_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_welcomes" ADD CONSTRAINT "cohort_welcomes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_welcomes" ADD CONSTRAINT "cohort_welcomes_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coach_follow_ups_open_idx" ON "coach_follow_ups" USING btree ("due_on") WHERE "coach_follow_ups"."done_at" is null;