CREATE TABLE "daily_figures" (
	"day" date PRIMARY KEY NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	"revenue_pence" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The chart's figures kept exact as rows change (app/server/admin/stats.server.ts reads them):
-- statement triggers with transition tables, so a bulk insert or delete is one aggregated write
-- per day, and an update that changes none of the figures' columns writes nothing. A day is the
-- coach's own (Europe/London). Decision 280.
CREATE FUNCTION "daily_figures_add"("days" date[], "signups" integer[], "revenue" bigint[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO "daily_figures" ("day", "signups", "revenue_pence")
  SELECT d, sum(s)::int, sum(r)::bigint FROM unnest("days", "signups", "revenue") AS t(d, s, r)
  GROUP BY d HAVING sum(s) <> 0 OR sum(r) <> 0
  ORDER BY d
  ON CONFLICT ("day") DO UPDATE SET
    "signups" = "daily_figures"."signups" + excluded."signups",
    "revenue_pence" = "daily_figures"."revenue_pence" + excluded."revenue_pence"
$$;
--> statement-breakpoint
CREATE FUNCTION "daily_figures_profiles"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changes record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(("created_at" AT TIME ZONE 'Europe/London')::date) AS d, array_agg(1) AS s, array_agg(0::bigint) AS r INTO changes FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(("created_at" AT TIME ZONE 'Europe/London')::date) AS d, array_agg(-1) AS s, array_agg(0::bigint) AS r INTO changes FROM old_rows;
  ELSE
    SELECT array_agg(x.d) AS d, array_agg(x.s) AS s, array_agg(0::bigint) AS r INTO changes FROM (
      SELECT ("n"."created_at" AT TIME ZONE 'Europe/London')::date AS d, 1 AS s
        FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE n."created_at" IS DISTINCT FROM o."created_at"
      UNION ALL
      SELECT ("o"."created_at" AT TIME ZONE 'Europe/London')::date, -1
        FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE n."created_at" IS DISTINCT FROM o."created_at"
    ) x;
  END IF;
  IF changes.d IS NOT NULL THEN PERFORM "daily_figures_add"(changes.d, changes.s, changes.r); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "daily_figures_purchases"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changes record;
BEGIN
  -- What a purchase adds to its day's revenue: its GBP amount less what was refunded of it.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(("purchased_at" AT TIME ZONE 'Europe/London')::date) AS d, array_agg(0) AS s,
           array_agg(("amount_cents" - "refunded_amount_cents")::bigint) AS r INTO changes
      FROM new_rows WHERE lower("currency") = 'gbp';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(("purchased_at" AT TIME ZONE 'Europe/London')::date) AS d, array_agg(0) AS s,
           array_agg(-("amount_cents" - "refunded_amount_cents")::bigint) AS r INTO changes
      FROM old_rows WHERE lower("currency") = 'gbp';
  ELSE
    SELECT array_agg(x.d) AS d, array_agg(0) AS s, array_agg(x.r) AS r INTO changes FROM (
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
  IF changes.d IS NOT NULL THEN PERFORM "daily_figures_add"(changes.d, changes.s, changes.r); END IF;
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
INSERT INTO "daily_figures" ("day", "signups", "revenue_pence")
SELECT "day", sum("signups")::int, sum("revenue")::bigint FROM (
  SELECT ("created_at" AT TIME ZONE 'Europe/London')::date AS "day", count(*) AS "signups", 0 AS "revenue" FROM "profiles" GROUP BY 1
  UNION ALL
  SELECT ("purchased_at" AT TIME ZONE 'Europe/London')::date, 0, sum("amount_cents" - "refunded_amount_cents") FROM "purchases" WHERE lower("currency") = 'gbp' GROUP BY 1
) AS "existing"
GROUP BY "day";
