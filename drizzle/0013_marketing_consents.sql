CREATE TABLE "marketing_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"given" boolean NOT NULL,
	"wording" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_consents_source_check" CHECK ("marketing_consents"."source" in ('sign-up', 'settings', 'site'))
);
--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "email_notifications" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "marketing_consents" ADD CONSTRAINT "marketing_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketing_consents_user_id_created_at_idx" ON "marketing_consents" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Members whose switch was on were never asked (docs/decisions/257-existing-members-switched-off.md):
-- the switch goes off, the change is recorded with its reason, and each is queued for the
-- email-marketing sync, which takes the 'Member' tag off at the service.
INSERT INTO "jobs" ("queue", "payload")
SELECT 'email-marketing', jsonb_build_object('userId', "user_id") FROM "profiles" WHERE "email_notifications";--> statement-breakpoint
INSERT INTO "marketing_consents" ("user_id", "given", "wording", "source")
SELECT "user_id", false, 'Turned off by the site: you had not been asked whether you wanted news and offers by email. Turn Email Notifications on in your account settings if you would like them.', 'site'
FROM "profiles" WHERE "email_notifications";--> statement-breakpoint
UPDATE "profiles" SET "email_notifications" = false WHERE "email_notifications";
