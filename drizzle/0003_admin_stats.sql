ALTER TABLE "profiles" ADD COLUMN "last_login_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "profiles_last_login_at_idx" ON "profiles" USING btree ("last_login_at");--> statement-breakpoint
CREATE INDEX "purchases_purchased_at_idx" ON "purchases" USING btree ("purchased_at");--> statement-breakpoint
-- Written by hand: drizzle-kit does not emit functions or triggers. Each login_history row moves
-- its member's profiles.last_login_at forward, whichever code inserts it.
CREATE OR REPLACE FUNCTION "profiles_track_last_login"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "profiles" SET "last_login_at" = NEW."login_at"
  WHERE "user_id" = NEW."user_id" AND ("last_login_at" IS NULL OR "last_login_at" < NEW."login_at");
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "login_history_tracks_last_login" AFTER INSERT ON "login_history"
  FOR EACH ROW EXECUTE FUNCTION "profiles_track_last_login"();--> statement-breakpoint
UPDATE "profiles" SET "last_login_at" = latest."login_at"
FROM (SELECT "user_id", max("login_at") AS "login_at" FROM "login_history" GROUP BY "user_id") AS latest
WHERE latest."user_id" = "profiles"."user_id";
