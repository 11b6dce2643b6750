CREATE TABLE "account_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_email_grants" (
	"email" "citext" PRIMARY KEY NOT NULL,
	"user_id" text,
	"event" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_email_grants_event_check" CHECK ("admin_email_grants"."event" in ('granted', 'removed', 'deleted', 'address-changed'))
);
--> statement-breakpoint
CREATE INDEX "account_limits_updated_at_idx" ON "account_limits" USING btree ("updated_at");--> statement-breakpoint
-- Written by hand: addresses that already had their ADMIN_EMAILS grant (it used to be given at
-- sign-up), and today's administrators, count as granted, so removing one of them later is
-- never undone by ADMIN_EMAILS.
INSERT INTO "admin_email_grants" ("email", "user_id", "event", "created_at")
SELECT DISTINCT ON (lower("details"->>'user_email')) lower("details"->>'user_email'), "target_user_id", 'granted', "created_at"
  FROM "admin_activity_log"
 WHERE "action_type" = 'grant_admin' AND "details"->>'source' = 'ADMIN_EMAILS' AND coalesce("details"->>'user_email', '') <> ''
 ORDER BY lower("details"->>'user_email'), "created_at"
ON CONFLICT ("email") DO NOTHING;--> statement-breakpoint
INSERT INTO "admin_email_grants" ("email", "user_id", "event", "created_at")
SELECT "u"."email", "u"."id", 'granted', "r"."created_at"
  FROM "user_roles" "r" JOIN "users" "u" ON "u"."id" = "r"."user_id"
 WHERE "r"."role" = 'admin'
ON CONFLICT ("email") DO NOTHING;
