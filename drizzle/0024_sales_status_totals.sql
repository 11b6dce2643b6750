CREATE TABLE "sales_status_totals" (
	"product_key" text NOT NULL,
	"status" text NOT NULL,
	"payments" bigint DEFAULT 0 NOT NULL,
	"net_pence" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_status_totals_product_key_status_pk" PRIMARY KEY("product_key","status")
);
--> statement-breakpoint
CREATE INDEX "purchases_subscription_id_idx" ON "purchases" USING btree ("subscription_id") WHERE "purchases"."subscription_id" is not null;--> statement-breakpoint
-- The Sales tab's totals per offer and status (decision 282). A payment's status follows its own
-- refunds and its subscription's state, so both tables keep them: statement triggers with
-- transition tables, as for sales_totals (0023).
CREATE FUNCTION "sale_status"("payment_status" text, "has_subscription" boolean, "plan_completed" boolean, "subscription_status" text, "cancelling" boolean) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN "payment_status" = 'refunded' THEN 'refunded'
    WHEN "payment_status" = 'partially_refunded' THEN 'partly_refunded'
    WHEN NOT "has_subscription" OR "plan_completed" THEN 'paid'
    WHEN "subscription_status" IN ('canceled', 'incomplete_expired') THEN 'ended'
    WHEN "subscription_status" IN ('past_due', 'unpaid') THEN 'past_due'
    WHEN "cancelling" THEN 'cancelling'
    ELSE 'active' END
$$;
--> statement-breakpoint
-- A payment's status is read from its subscription and a subscription's change moves its payments'
-- statuses: each side takes a lock per subscription id for the rest of its transaction (shared for
-- payments, exclusive for the subscription), and reads after it, so two transactions committing at
-- the same moment never both miss each other's row. The ids share 128 locks (by their hash), so a
-- statement over a whole table holds 128 locks at most; NULLs (one-off payments) lock nothing.
CREATE FUNCTION "sales_status_lock"("ids" text[], "shared" boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE key integer;
BEGIN
  FOR key IN SELECT DISTINCT hashtext(id) & 127 FROM unnest("ids") AS t(id) WHERE id IS NOT NULL ORDER BY 1 LOOP
    IF "shared" THEN PERFORM pg_advisory_xact_lock_shared(28202, key); ELSE PERFORM pg_advisory_xact_lock(28202, key); END IF;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION "sales_status_totals_add"("keys" text[], "statuses" text[], "payments" bigint[], "net" bigint[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO "sales_status_totals" ("product_key", "status", "payments", "net_pence")
  SELECT k, st, sum(c)::bigint, sum(n)::bigint FROM unnest("keys", "statuses", "payments", "net") AS t(k, st, c, n)
  GROUP BY k, st HAVING sum(c) <> 0 OR sum(n) <> 0
  ORDER BY k, st
  ON CONFLICT ("product_key", "status") DO UPDATE SET
    "payments" = "sales_status_totals"."payments" + excluded."payments",
    "net_pence" = "sales_status_totals"."net_pence" + excluded."net_pence"
$$;
--> statement-breakpoint
CREATE FUNCTION "sales_status_totals_purchases"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changes record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "sales_status_lock"(array_agg("subscription_id"), true) FROM new_rows;
    SELECT array_agg(x.k) AS k, array_agg(x.st) AS st, array_agg(x.c) AS c, array_agg(x.n) AS n INTO changes FROM (
      SELECT p."product_key" AS k, "sale_status"(p."status", s."id" IS NOT NULL, s."plan_completed_at" IS NOT NULL, s."status", s."cancel_at_period_end") AS st,
        1::bigint AS c, (p."amount_cents" - p."refunded_amount_cents")::bigint AS n
      FROM new_rows p LEFT JOIN "subscriptions" s ON s."provider_subscription_id" = p."subscription_id"
      WHERE p."duplicate_of_subscription_id" IS NULL
    ) x;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "sales_status_lock"(array_agg("subscription_id"), true) FROM old_rows;
    SELECT array_agg(x.k) AS k, array_agg(x.st) AS st, array_agg(x.c) AS c, array_agg(x.n) AS n INTO changes FROM (
      SELECT p."product_key" AS k, "sale_status"(p."status", s."id" IS NOT NULL, s."plan_completed_at" IS NOT NULL, s."status", s."cancel_at_period_end") AS st,
        -1::bigint AS c, -(p."amount_cents" - p."refunded_amount_cents")::bigint AS n
      FROM old_rows p LEFT JOIN "subscriptions" s ON s."provider_subscription_id" = p."subscription_id"
      WHERE p."duplicate_of_subscription_id" IS NULL
    ) x;
  ELSE
    PERFORM "sales_status_lock"(array_agg(n."subscription_id") || array_agg(o."subscription_id"), true) FROM new_rows n JOIN old_rows o ON o."id" = n."id"
      WHERE (n."product_key", n."amount_cents", n."refunded_amount_cents", n."duplicate_of_subscription_id", n."status", n."subscription_id")
        IS DISTINCT FROM (o."product_key", o."amount_cents", o."refunded_amount_cents", o."duplicate_of_subscription_id", o."status", o."subscription_id");
    SELECT array_agg(x.k) AS k, array_agg(x.st) AS st, array_agg(x.c) AS c, array_agg(x.n) AS n INTO changes FROM (
      SELECT n."product_key" AS k, "sale_status"(n."status", s."id" IS NOT NULL, s."plan_completed_at" IS NOT NULL, s."status", s."cancel_at_period_end") AS st,
        1::bigint AS c, (n."amount_cents" - n."refunded_amount_cents")::bigint AS n
      FROM new_rows n JOIN old_rows o ON o."id" = n."id" LEFT JOIN "subscriptions" s ON s."provider_subscription_id" = n."subscription_id"
      WHERE n."duplicate_of_subscription_id" IS NULL
        AND (n."product_key", n."amount_cents", n."refunded_amount_cents", n."duplicate_of_subscription_id", n."status", n."subscription_id")
          IS DISTINCT FROM (o."product_key", o."amount_cents", o."refunded_amount_cents", o."duplicate_of_subscription_id", o."status", o."subscription_id")
      UNION ALL
      SELECT o."product_key", "sale_status"(o."status", s."id" IS NOT NULL, s."plan_completed_at" IS NOT NULL, s."status", s."cancel_at_period_end"),
        -1::bigint, -(o."amount_cents" - o."refunded_amount_cents")::bigint
      FROM new_rows n JOIN old_rows o ON o."id" = n."id" LEFT JOIN "subscriptions" s ON s."provider_subscription_id" = o."subscription_id"
      WHERE o."duplicate_of_subscription_id" IS NULL
        AND (n."product_key", n."amount_cents", n."refunded_amount_cents", n."duplicate_of_subscription_id", n."status", n."subscription_id")
          IS DISTINCT FROM (o."product_key", o."amount_cents", o."refunded_amount_cents", o."duplicate_of_subscription_id", o."status", o."subscription_id")
    ) x;
  END IF;
  IF changes.k IS NOT NULL THEN PERFORM "sales_status_totals_add"(changes.k, changes.st, changes.c, changes.n); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A subscription's change of state moves its payments from one status to another: its old state
-- (or none, for a new one) out, its new state (or none, for one deleted) in.
CREATE FUNCTION "sales_status_totals_subscriptions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changes record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "sales_status_lock"(array_agg("provider_subscription_id"), false) FROM new_rows;
    SELECT array_agg(x.k) AS k, array_agg(x.st) AS st, array_agg(x.c) AS c, array_agg(x.n) AS n INTO changes FROM (
      SELECT p."product_key" AS k, "sale_status"(p."status", true, s."plan_completed_at" IS NOT NULL, s."status", s."cancel_at_period_end") AS st,
        1::bigint AS c, (p."amount_cents" - p."refunded_amount_cents")::bigint AS n
      FROM new_rows s JOIN "purchases" p ON p."subscription_id" = s."provider_subscription_id" WHERE p."duplicate_of_subscription_id" IS NULL
      UNION ALL
      SELECT p."product_key", "sale_status"(p."status", false, false, NULL, false), -1::bigint, -(p."amount_cents" - p."refunded_amount_cents")::bigint
      FROM new_rows s JOIN "purchases" p ON p."subscription_id" = s."provider_subscription_id" WHERE p."duplicate_of_subscription_id" IS NULL
    ) x;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "sales_status_lock"(array_agg("provider_subscription_id"), false) FROM old_rows;
    SELECT array_agg(x.k) AS k, array_agg(x.st) AS st, array_agg(x.c) AS c, array_agg(x.n) AS n INTO changes FROM (
      SELECT p."product_key" AS k, "sale_status"(p."status", true, s."plan_completed_at" IS NOT NULL, s."status", s."cancel_at_period_end") AS st,
        -1::bigint AS c, -(p."amount_cents" - p."refunded_amount_cents")::bigint AS n
      FROM old_rows s JOIN "purchases" p ON p."subscription_id" = s."provider_subscription_id" WHERE p."duplicate_of_subscription_id" IS NULL
      UNION ALL
      SELECT p."product_key", "sale_status"(p."status", false, false, NULL, false), 1::bigint, (p."amount_cents" - p."refunded_amount_cents")::bigint
      FROM old_rows s JOIN "purchases" p ON p."subscription_id" = s."provider_subscription_id" WHERE p."duplicate_of_subscription_id" IS NULL
    ) x;
  ELSE
    PERFORM "sales_status_lock"(array_agg(n."provider_subscription_id") || array_agg(o."provider_subscription_id"), false)
      FROM new_rows n JOIN old_rows o ON o."id" = n."id"
      WHERE (n."provider_subscription_id", n."status", n."plan_completed_at" IS NULL, n."cancel_at_period_end")
        IS DISTINCT FROM (o."provider_subscription_id", o."status", o."plan_completed_at" IS NULL, o."cancel_at_period_end");
    SELECT array_agg(x.k) AS k, array_agg(x.st) AS st, array_agg(x.c) AS c, array_agg(x.n) AS n INTO changes FROM (
      WITH moved AS (
        SELECT n."provider_subscription_id" AS new_id, o."provider_subscription_id" AS old_id,
          n."status" AS new_status, n."plan_completed_at" IS NOT NULL AS new_completed, n."cancel_at_period_end" AS new_cancelling,
          o."status" AS old_status, o."plan_completed_at" IS NOT NULL AS old_completed, o."cancel_at_period_end" AS old_cancelling
        FROM new_rows n JOIN old_rows o ON o."id" = n."id"
        WHERE (n."provider_subscription_id", n."status", n."plan_completed_at" IS NULL, n."cancel_at_period_end")
          IS DISTINCT FROM (o."provider_subscription_id", o."status", o."plan_completed_at" IS NULL, o."cancel_at_period_end")
      )
      SELECT p."product_key" AS k, "sale_status"(p."status", true, m.new_completed, m.new_status, m.new_cancelling) AS st,
        1::bigint AS c, (p."amount_cents" - p."refunded_amount_cents")::bigint AS n
      FROM moved m JOIN "purchases" p ON p."subscription_id" = m.new_id WHERE p."duplicate_of_subscription_id" IS NULL
      UNION ALL
      SELECT p."product_key", "sale_status"(p."status", false, false, NULL, false), -1::bigint, -(p."amount_cents" - p."refunded_amount_cents")::bigint
      FROM moved m JOIN "purchases" p ON p."subscription_id" = m.new_id WHERE p."duplicate_of_subscription_id" IS NULL AND m.new_id IS DISTINCT FROM m.old_id
      UNION ALL
      SELECT p."product_key", "sale_status"(p."status", true, m.old_completed, m.old_status, m.old_cancelling), -1::bigint, -(p."amount_cents" - p."refunded_amount_cents")::bigint
      FROM moved m JOIN "purchases" p ON p."subscription_id" = m.old_id WHERE p."duplicate_of_subscription_id" IS NULL
      UNION ALL
      SELECT p."product_key", "sale_status"(p."status", false, false, NULL, false), 1::bigint, (p."amount_cents" - p."refunded_amount_cents")::bigint
      FROM moved m JOIN "purchases" p ON p."subscription_id" = m.old_id WHERE p."duplicate_of_subscription_id" IS NULL AND m.new_id IS DISTINCT FROM m.old_id
    ) x;
  END IF;
  IF changes.k IS NOT NULL THEN PERFORM "sales_status_totals_add"(changes.k, changes.st, changes.c, changes.n); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "purchases_sales_status_totals_insert" AFTER INSERT ON "purchases" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sales_status_totals_purchases"();
--> statement-breakpoint
CREATE TRIGGER "purchases_sales_status_totals_update" AFTER UPDATE ON "purchases" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sales_status_totals_purchases"();
--> statement-breakpoint
CREATE TRIGGER "purchases_sales_status_totals_delete" AFTER DELETE ON "purchases" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "sales_status_totals_purchases"();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_sales_status_totals_insert" AFTER INSERT ON "subscriptions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sales_status_totals_subscriptions"();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_sales_status_totals_update" AFTER UPDATE ON "subscriptions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sales_status_totals_subscriptions"();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_sales_status_totals_delete" AFTER DELETE ON "subscriptions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "sales_status_totals_subscriptions"();
--> statement-breakpoint
-- What is there already.
INSERT INTO "sales_status_totals" ("product_key", "status", "payments", "net_pence")
SELECT p."product_key", "sale_status"(p."status", s."id" IS NOT NULL, s."plan_completed_at" IS NOT NULL, s."status", s."cancel_at_period_end"),
  count(*), coalesce(sum(p."amount_cents" - p."refunded_amount_cents"), 0)
FROM "purchases" p LEFT JOIN "subscriptions" s ON s."provider_subscription_id" = p."subscription_id"
WHERE p."duplicate_of_subscription_id" IS NULL GROUP BY 1, 2;
