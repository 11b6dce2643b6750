ALTER TABLE "profiles" ADD COLUMN "settings_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Written by hand: drizzle-kit does not emit functions or triggers. profiles.settings_version moves
-- on with every change to what a member's settings page shows, whichever code makes it, so the
-- page may keep her settings in memory and tell from the session lookup (which reads the profile
-- row anyway) whether they are still current (decision 173).
CREATE OR REPLACE FUNCTION "profiles_next_settings_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."settings_version" := OLD."settings_version" + 1;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "profiles_settings_version" BEFORE UPDATE ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION "profiles_next_settings_version"();--> statement-breakpoint
-- Her email and whether it is verified live on her users row.
CREATE OR REPLACE FUNCTION "users_touch_settings_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "profiles" SET "settings_version" = "settings_version" + 1 WHERE "user_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_settings_version" AFTER UPDATE OF "email", "email_verified" ON "users"
  FOR EACH ROW WHEN (OLD."email" IS DISTINCT FROM NEW."email" OR OLD."email_verified" IS DISTINCT FROM NEW."email_verified")
  EXECUTE FUNCTION "users_touch_settings_version"();--> statement-breakpoint
-- Her logins, purchases and subscriptions: any row added, changed or removed, for the member it
-- belonged to and the member it belongs to.
CREATE OR REPLACE FUNCTION "member_rows_touch_settings_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "profiles" SET "settings_version" = "settings_version" + 1 WHERE "user_id" = OLD."user_id";
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."user_id" IS DISTINCT FROM OLD."user_id") THEN
    UPDATE "profiles" SET "settings_version" = "settings_version" + 1 WHERE "user_id" = NEW."user_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "login_history_settings_version" AFTER INSERT OR UPDATE OR DELETE ON "login_history"
  FOR EACH ROW EXECUTE FUNCTION "member_rows_touch_settings_version"();--> statement-breakpoint
CREATE TRIGGER "purchases_settings_version" AFTER INSERT OR UPDATE OR DELETE ON "purchases"
  FOR EACH ROW EXECUTE FUNCTION "member_rows_touch_settings_version"();--> statement-breakpoint
CREATE TRIGGER "subscriptions_settings_version" AFTER INSERT OR UPDATE OR DELETE ON "subscriptions"
  FOR EACH ROW EXECUTE FUNCTION "member_rows_touch_settings_version"();
