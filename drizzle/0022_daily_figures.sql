CREATE TABLE "daily_figures" (
	"day" date PRIMARY KEY NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	"revenue_pence" bigint DEFAULT 0 NOT NULL,
	"last_logins" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The dashboard's figures kept exact as rows change (app/server/admin/stats.server.ts reads them):
-- statement triggers with transition tables, so a bulk insert or delete is one aggregated write
-- per day, and an update that changes none of the figures' columns writes nothing. A day is the
-- coach's own (Europe/London). Decision 280.
CREATE FUNCTION "daily_figures_add"("days" date[], "signups" integer[], "revenue" bigint[], "logins" integer[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO "daily_figures" ("day", "signups", "revenue_pence", "last_logins")
  SELECT d, sum(s)::int, sum(r)::bigint, sum(l)::int FROM unnest("days", "signups", "revenue", "logins") AS t(d, s, r, l)
  WHERE d IS NOT NULL
  GROUP BY d HAVING sum(s) <> 0 OR sum(r) <> 0 OR sum(l) <> 0
  ORDER BY d
  ON CONFLICT ("day") DO UPDATE SET
    "signups" = "daily_figures"."signups" + excluded."signups",
    "revenue_pence" = "daily_figures"."revenue_pence" + excluded."revenue_pence",
    "last_logins" = "daily_figures"."last_logins" + excluded."last_logins"
$$;
--> statement-breakpoint
-- A profile counts +1 sign-up on the day it was created and +1 on the day of its latest login (if
-- any); leaving (a delete, or the old values of an update) counts -1 on the same days.
CREATE FUNCTION "daily_figures_profiles"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changes record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(x.d) AS d, array_agg(x.s) AS s, array_agg(x.l) AS l INTO changes FROM (
      SELECT ("created_at" AT TIME ZONE 'Europe/London')::date AS d, 1 AS s, 0 AS l FROM new_rows
      UNION ALL
      SELECT ("last_login_at" AT TIME ZONE 'Europe/London')::date, 0, 1 FROM new_rows WHERE "last_login_at" IS NOT NULL
    ) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(x.d) AS d, array_agg(x.s) AS s, array_agg(x.l) AS l INTO changes FROM (
      SELECT ("created_at" AT TIME ZONE 'Europe/London')::date AS d, -1 AS s, 0 AS l FROM old_rows
      UNION ALL
      SELECT ("last_login_at" AT TIME ZONE 'Europe/London')::date, 0, -1 FROM old_rows WHERE "last_login_at" IS NOT NULL
    ) x;
  ELSE
    SELECT array_agg(x.d) AS d, array_agg(x.s) AS s, array_agg(x.l) AS l INTO changes FROM (
      SELECT ("n"."created_at" AT TIME ZONE 'Europe/London')::date AS d, 1 AS s, 0 AS l
        FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE n."created_at" IS DISTINCT FROM o."created_at"
      UNION ALL
      SELECT ("o"."created_at" AT TIME ZONE 'Europe/London')::date, -1, 0
        FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE n."created_at" IS DISTINCT FROM o."created_at"
      UNION ALL
      SELECT ("n"."last_login_at" AT TIME ZONE 'Europe/London')::date, 0, 1
        FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE n."last_login_at" IS DISTINCT FROM o."last_login_at" AND n."last_login_at" IS NOT NULL
      UNION ALL
      SELECT ("o"."last_login_at" AT TIME ZONE 'Europe/London')::date, 0, -1
        FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE n."last_login_at" IS DISTINCT FROM o."last_login_at" AND o."last_login_at" IS NOT NULL
    ) x;
  END IF;
  IF changes.d IS NOT NULL THEN
    PERFORM "daily_figures_add"(changes.d, changes.s, array_fill(0::bigint, ARRAY[cardinality(changes.d)]), changes.l);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- What a purchase adds to its day's revenue: its GBP amount less what was refunded of it.
CREATE FUNCTION "daily_figures_purchases"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changes record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(("purchased_at" AT TIME ZONE 'Europe/London')::date) AS d,
           array_agg(("amount_cents" - "refunded_amount_cents")::bigint) AS r INTO changes
      FROM new_rows WHERE lower("currency") = 'gbp';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(("purchased_at" AT TIME ZONE 'Europe/London')::date) AS d,
           array_agg(-("amount_cents" - "refunded_amount_cents")::bigint) AS r INTO changes
      FROM old_rows WHERE lower("currency") = 'gbp';
  ELSE
    SELECT array_agg(x.d) AS d, array_agg(x.r) AS r INTO changes FROM (
      SELECT ("n"."purchased_at" AT TIME ZONE 'Europe/London')::date AS d, ("n"."amount_cents" - "n"."refunded_amount_cents")::bigint AS r
        FROM new_rows n JOIN old_rows o ON o."id" = n."id"
        WHERE lower(n."currency") = 'gbp'
          AND (n."purchased_at", n."amount_cents", n."refunded_amount_cents", n."currency") IS DISTINCT FROM (o."purchased_at", o."amount_cents", o."refunded_amount_cents", o."currency")
      UNION ALL
      SELECT ("o"."purchased_at" AT TIME ZONE 'Europe/London')::date, -("o"."amount_cents" - "o"."refunded_amount_cents")::bigint
        FROM new_rows n JOIN old_rows o ON o."id" = n."id"
        WHERE lower(o."currency") = 'gbp'
          AND (n."purchased_at", n."amount_cents", n."refunded_amount_cents", n."currency") IS DISTINCT FROM (o."purchased_at", o."amount_cents", o."refunded_amount_cents", o."currency")
    ) x;
  END IF;
  IF changes.d IS NOT NULL THEN
    PERFORM "daily_figures_add"(changes.d, array_fill(0, ARRAY[cardinality(changes.d)]), changes.r, array_fill(0, ARRAY[cardinality(changes.d)]));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "profiles_daily_figures_insert" AFTER INSERT ON "profiles" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "daily_figures_profiles"();
--> statement-breakpoint
CREATE TRIGGER "profiles_daily_figures_update" AFTER UPDATE ON "profiles" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "daily_figures_profiles"();
--> statement-breakpoint
CREATE TRIGGER "profiles_daily_figures_delete" AFTER DELETE ON "profiles" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "daily_figures_profiles"();
--> statement-breakpoint
CREATE TRIGGER "purchases_daily_figures_insert" AFTER INSERT ON "purchases" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "daily_figures_purchases"();
--> statement-breakpoint
CREATE TRIGGER "purchases_daily_figures_update" AFTER UPDATE ON "purchases" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "daily_figures_purchases"();
--> statement-breakpoint
CREATE TRIGGER "purchases_daily_figures_delete" AFTER DELETE ON "purchases" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "daily_figures_purchases"();
--> statement-breakpoint
-- What is there already.
INSERT INTO "daily_figures" ("day", "signups", "revenue_pence", "last_logins")
SELECT "day", sum("signups")::int, sum("revenue")::bigint, sum("logins")::int FROM (
  SELECT ("created_at" AT TIME ZONE 'Europe/London')::date AS "day", count(*) AS "signups", 0 AS "revenue", 0 AS "logins" FROM "profiles" GROUP BY 1
  UNION ALL
  SELECT ("last_login_at" AT TIME ZONE 'Europe/London')::date, 0, 0, count(*) FROM "profiles" WHERE "last_login_at" IS NOT NULL GROUP BY 1
  UNION ALL
  SELECT ("purchased_at" AT TIME ZONE 'Europe/London')::date, 0, sum("amount_cents" - "refunded_amount_cents"), 0 FROM "purchases" WHERE lower("currency") = 'gbp' GROUP BY 1
) AS "existing"
GROUP BY "day";
