CREATE TABLE "server_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"hostname" text NOT NULL,
	"port" integer NOT NULL,
	"local_uploads" boolean NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "server_instances_last_seen_at_idx" ON "server_instances" USING btree ("last_seen_at");--> statement-breakpoint
-- Written by hand (drizzle-kit does not emit functions or triggers). A member's email address is
-- kept in one place, users.email, which Better Auth changes when she confirms a new address.
-- profiles.email is a copy kept only for the admin dashboard's search (its trigram index sits
-- beside the name indexes, so one bitmap scan of profiles answers a search); the database keeps
-- it equal to users.email in the same transaction as any change, whichever code makes it.
UPDATE "profiles" AS p SET "email" = u."email" FROM "users" AS u
  WHERE u."id" = p."user_id" AND p."email" IS DISTINCT FROM u."email";--> statement-breakpoint
-- A profile written or moved takes its user's address, whatever the statement said (a profile
-- for no user keeps what it was given, and its foreign key refuses it).
CREATE OR REPLACE FUNCTION "profiles_email_from_user"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  user_email text;
BEGIN
  SELECT u."email" INTO user_email FROM "users" AS u WHERE u."id" = NEW."user_id";
  IF FOUND THEN
    NEW."email" := user_email;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "profiles_email_from_user" BEFORE INSERT OR UPDATE OF "email", "user_id" ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION "profiles_email_from_user"();--> statement-breakpoint
-- Her address changed: her profile's copy follows.
CREATE OR REPLACE FUNCTION "users_email_to_profile"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "profiles" SET "email" = NEW."email" WHERE "user_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_email_to_profile" AFTER UPDATE OF "email" ON "users"
  FOR EACH ROW WHEN (OLD."email" IS DISTINCT FROM NEW."email")
  EXECUTE FUNCTION "users_email_to_profile"();
