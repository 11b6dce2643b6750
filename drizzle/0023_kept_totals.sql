CREATE TABLE "row_counts" (
	"name" text PRIMARY KEY NOT NULL,
	"rows" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_totals" (
	"product_key" text PRIMARY KEY NOT NULL,
	"payments" bigint DEFAULT 0 NOT NULL,
	"net_pence" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Kept totals (decision 280): the Sales tab's per offer, the Subscribers view's count. Statement
-- triggers with transition tables: one write per statement and offer, nothing for an update that
-- changes none of the columns they use. Rows locked in key order.
CREATE FUNCTION "sales_totals_add"("keys" text[], "payments" bigint[], "net" bigint[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO "sales_totals" ("product_key", "payments", "net_pence")
  SELECT k, sum(c)::bigint, sum(n)::bigint FROM unnest("keys", "payments", "net") AS t(k, c, n)
  GROUP BY k HAVING sum(c) <> 0 OR sum(n) <> 0
  ORDER BY k
  ON CONFLICT ("product_key") DO UPDATE SET
    "payments" = "sales_totals"."payments" + excluded."payments",
    "net_pence" = "sales_totals"."net_pence" + excluded."net_pence"
$$;
--> statement-breakpoint
CREATE FUNCTION "sales_totals_purchases"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changes record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg("product_key") AS k, array_agg(1::bigint) AS c, array_agg(("amount_cents" - "refunded_amount_cents")::bigint) AS n
      INTO changes FROM new_rows WHERE "duplicate_of_subscription_id" IS NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg("product_key") AS k, array_agg(-1::bigint) AS c, array_agg(-("amount_cents" - "refunded_amount_cents")::bigint) AS n
      INTO changes FROM old_rows WHERE "duplicate_of_subscription_id" IS NULL;
  ELSE
    SELECT array_agg(x.k) AS k, array_agg(x.c) AS c, array_agg(x.n) AS n INTO changes FROM (
      SELECT n."product_key" AS k, 1::bigint AS c, (n."amount_cents" - n."refunded_amount_cents")::bigint AS n
        FROM new_rows n JOIN old_rows o ON o."id" = n."id"
        WHERE n."duplicate_of_subscription_id" IS NULL
          AND (n."product_key", n."amount_cents", n."refunded_amount_cents", n."duplicate_of_subscription_id") IS DISTINCT FROM (o."product_key", o."amount_cents", o."refunded_amount_cents", o."duplicate_of_subscription_id")
      UNION ALL
      SELECT o."product_key", -1::bigint, -(o."amount_cents" - o."refunded_amount_cents")::bigint
        FROM new_rows n JOIN old_rows o ON o."id" = n."id"
        WHERE o."duplicate_of_subscription_id" IS NULL
          AND (n."product_key", n."amount_cents", n."refunded_amount_cents", n."duplicate_of_subscription_id") IS DISTINCT FROM (o."product_key", o."amount_cents", o."refunded_amount_cents", o."duplicate_of_subscription_id")
    ) x;
  END IF;
  IF changes.k IS NOT NULL THEN PERFORM "sales_totals_add"(changes.k, changes.c, changes.n); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "row_counts_email_subscribers"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE delta bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN SELECT count(*) INTO delta FROM new_rows; ELSE SELECT -count(*) INTO delta FROM old_rows; END IF;
  IF delta <> 0 THEN
    INSERT INTO "row_counts" ("name", "rows") VALUES ('email_subscribers', delta)
    ON CONFLICT ("name") DO UPDATE SET "rows" = "row_counts"."rows" + excluded."rows";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "purchases_sales_totals_insert" AFTER INSERT ON "purchases" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sales_totals_purchases"();
--> statement-breakpoint
CREATE TRIGGER "purchases_sales_totals_update" AFTER UPDATE ON "purchases" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sales_totals_purchases"();
--> statement-breakpoint
CREATE TRIGGER "purchases_sales_totals_delete" AFTER DELETE ON "purchases" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "sales_totals_purchases"();
--> statement-breakpoint
CREATE TRIGGER "email_subscribers_row_count_insert" AFTER INSERT ON "email_subscribers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_email_subscribers"();
--> statement-breakpoint
CREATE TRIGGER "email_subscribers_row_count_delete" AFTER DELETE ON "email_subscribers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_email_subscribers"();
--> statement-breakpoint
-- What is there already.
INSERT INTO "sales_totals" ("product_key", "payments", "net_pence")
SELECT "product_key", count(*), coalesce(sum("amount_cents" - "refunded_amount_cents"), 0) FROM "purchases"
WHERE "duplicate_of_subscription_id" IS NULL GROUP BY "product_key";
--> statement-breakpoint
INSERT INTO "row_counts" ("name", "rows") SELECT 'email_subscribers', count(*) FROM "email_subscribers" HAVING count(*) > 0;
