import { sql, type SQL } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { csvDate, csvLine, csvStream } from "./members-csv.server";
import { fullName } from "~/utils/names";
import { getDb } from "~/server/db/client.server";
import { getSiteConfig } from "~/config/env.server";
import { loadTab } from "./tab-data.server";
import { parsePageCursor, type PageCursor } from "~/utils/page-cursor";
import { planProgressFor, summarisePlan, type PlanSummary } from "~/server/payments/instalments.server";

// The Sales tab (docs/product.md §10.11): every payment the site recorded, newest first (a one-off
// purchase, a subscription's first month, each renewal), with the member, the product, the amount
// and a status that says where the payment and its subscription stand now; filtered by product
// and status (in the URL), fifty to a page, with totals for the filter and a CSV of it.

export const SALES_PAGE_SIZE = 50;
/** Deeper than this, the CSV is the way (an offset this far is still quick at 1,000,000 rows). */
export const SALES_MAX_PAGE = 400;
export const SALES_CSV_BATCH = 1000;

export const SALE_STATUSES = [
  { value: "paid", label: "Paid" },
  { value: "active", label: "Active" },
  { value: "cancelling", label: "Cancels at period end" },
  { value: "past_due", label: "Past due" },
  { value: "ended", label: "Ended" },
  { value: "partly_refunded", label: "Partly refunded" },
  { value: "refunded", label: "Refunded" },
] as const;

export type SaleStatus = (typeof SALE_STATUSES)[number]["value"];

export interface SalesFilter {
  /** A product key of the catalogue, or "" for all. */
  product: string;
  status: SaleStatus | "";
  page: number;
  /**
   * Where the page starts (from the 'Older' and 'Newer' links): the payments older than this one,
   * or newer. Without it, the page is counted from the top (an address typed by hand).
   */
  from?: PageCursor | null;
}

export interface SaleRow {
  id: string;
  /** Its time in UTC to the microsecond, for the page links (cursorOf). */
  cursor: string;
  purchasedAt: string;
  userId: string | null;
  memberName: string | null;
  memberEmail: string | null;
  productKey: string;
  productName: string;
  amountPence: number;
  refundedPence: number;
  currency: string;
  status: SaleStatus;
  /** When a subscription that cancels at period end stops (status "cancelling"). */
  endsAt: string | null;
  transactionId: string;
  /** The promotion code the payment used and what it took off (pence). */
  promotionCode: string | null;
  discountPence: number;
  /** The provider's subscription the payment belongs to, if any. */
  subscriptionId: string | null;
  /** A free place the coach gave, not a payment ('Given by the coach'). */
  given: boolean;
  /** Its subscription is paused until then (ISO), if it is. */
  pausedUntil: string | null;
  /** A payment plan's payment (docs/product.md §8.11): how far through the plan is and what is left. */
  plan: PlanSummary | null;
}

export interface SalesPage {
  filter: SalesFilter;
  rows: SaleRow[];
  hasPrevious: boolean;
  hasNext: boolean;
  totals: { count: number; netPence: number };
}

/** The filter from the URL: anything unknown is ignored (all products, all statuses, page 1). */
export function parseSalesFilter(url: URL, productKeys: readonly string[]): SalesFilter {
  const product = url.searchParams.get("product") ?? "";
  const status = url.searchParams.get("status") ?? "";
  const raw = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const from = parsePageCursor("older", url.searchParams.get("older")) ?? parsePageCursor("newer", url.searchParams.get("newer"));
  return {
    product: productKeys.includes(product) ? product : "",
    status: SALE_STATUSES.some((s) => s.value === status) ? (status as SaleStatus) : "",
    page: Number.isFinite(raw) ? Math.min(Math.max(raw, 1), SALES_MAX_PAGE) : 1,
    ...(from ? { from } : {}),
  };
}

// Where the payment stands now: a refund first, then its subscription's state, else paid. The
// database's sale_status() (drizzle/0024_sales_status_totals.sql) is the same rule, for the totals.
const STATUS = sql`case
  when p.status = 'refunded' then 'refunded'
  when p.status = 'partially_refunded' then 'partly_refunded'
  when s.id is null or s.plan_completed_at is not null then 'paid'
  when s.status in ('canceled', 'incomplete_expired') then 'ended'
  when s.status in ('past_due', 'unpaid') then 'past_due'
  when s.cancel_at_period_end then 'cancelling'
  else 'active' end`;

const FROM = sql`purchases p
  left join subscriptions s on s.provider_subscription_id = p.subscription_id
  left join users u on u.id = p.user_id
  left join profiles pr on pr.user_id = p.user_id`;

/**
 * Each status as conditions on the columns (the same rule as STATUS above), so that PostgreSQL can
 * use an index for the rare ones: the refunded payments have a partial index of their own.
 */
const STATUS_CONDITIONS: Record<SaleStatus, SQL> = {
  refunded: sql`p.status = 'refunded'`,
  partly_refunded: sql`p.status = 'partially_refunded'`,
  // A payment plan paid in full is a paid sale, whatever its subscription does after. Said as "no
  // subscription of it still running a plan", not as a test on the outer join's columns: PostgreSQL
  // estimated that one at a single row and counted every payment to sort them (440 ms at 1,000,000).
  paid: sql`p.status = 'paid' and not exists (select 1 from subscriptions running where running.provider_subscription_id = p.subscription_id and running.plan_completed_at is null)`,
  ended: sql`p.status = 'paid' and s.plan_completed_at is null and s.status in ('canceled', 'incomplete_expired')`,
  past_due: sql`p.status = 'paid' and s.plan_completed_at is null and s.status in ('past_due', 'unpaid')`,
  cancelling: sql`p.status = 'paid' and s.plan_completed_at is null and s.status not in ('canceled', 'incomplete_expired', 'past_due', 'unpaid') and s.cancel_at_period_end`,
  active: sql`p.status = 'paid' and s.plan_completed_at is null and s.status not in ('canceled', 'incomplete_expired', 'past_due', 'unpaid') and not s.cancel_at_period_end`,
};

function whereOf(filter: Pick<SalesFilter, "product" | "status">): SQL {
  const parts: SQL[] = [sql`p.duplicate_of_subscription_id is null`];
  if (filter.product) parts.push(sql`p.product_key = ${filter.product}`);
  if (filter.status) parts.push(STATUS_CONDITIONS[filter.status]);
  return sql.join(parts, sql` and `);
}

/** Only what the filter needs: the totals of an unfiltered or product-only view skip the join. */
function totalsFrom(filter: Pick<SalesFilter, "status">): SQL {
  return filter.status ? sql`purchases p left join subscriptions s on s.provider_subscription_id = p.subscription_id` : sql`purchases p`;
}

interface RawRow extends Record<string, unknown> {
  id: string;
  purchased_at: string | Date;
  cursor_at: string;
  page_cursor: string;
  user_id: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  product_key: string;
  product_name: string;
  amount_cents: number;
  refunded_amount_cents: number;
  currency: string;
  status: SaleStatus;
  current_period_end: string | Date | null;
  stripe_session_id: string;
  promotion_code: string | null;
  discount_cents: number;
  subscription_id: string | null;
  given_by: string | null;
  paused_until: string | Date | null;
}

const COLUMNS = sql`p.id, p.purchased_at, p.purchased_at::text as cursor_at,
  to_char(p.purchased_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as page_cursor, p.user_id, pr.first_name, pr.last_name, u.email,
  p.product_key, p.product_name, p.amount_cents, p.refunded_amount_cents, p.currency, ${STATUS} as status,
  s.current_period_end, p.stripe_session_id, p.promotion_code, p.discount_cents, p.subscription_id, p.given_by, s.paused_until, s.instalments`;

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function toRow(r: RawRow): SaleRow {
  const name = fullName({ firstName: r.first_name, lastName: r.last_name });
  return {
    id: r.id,
    cursor: r.page_cursor,
    purchasedAt: iso(r.purchased_at)!,
    userId: r.user_id,
    memberName: name || null,
    memberEmail: r.email,
    productKey: r.product_key,
    productName: r.product_name,
    amountPence: Number(r.amount_cents),
    refundedPence: Number(r.refunded_amount_cents),
    currency: r.currency,
    status: r.status,
    endsAt: r.status === "cancelling" ? iso(r.current_period_end) : null,
    transactionId: r.stripe_session_id,
    promotionCode: r.promotion_code,
    discountPence: Number(r.discount_cents ?? 0),
    subscriptionId: r.subscription_id,
    given: r.given_by !== null,
    pausedUntil: r.paused_until && new Date(r.paused_until).getTime() > Date.now() ? iso(r.paused_until) : null,
    plan: null,
  };
}

/** The page's payment-plan payments with their plan's progress (one query, and only if there are any). */
async function withPlans(db: Queryable, raw: RawRow[], rows: SaleRow[]): Promise<SaleRow[]> {
  const ids = raw.filter((r) => r.instalments !== null && r.subscription_id).map((r) => r.subscription_id!);
  if (ids.length === 0) return rows;
  const plans = await planProgressFor(db, ids);
  return rows.map((row) => {
    const progress = row.subscriptionId ? plans.get(row.subscriptionId) : undefined;
    return progress ? { ...row, plan: summarisePlan(progress) } : row;
  });
}

/**
 * One page of payments, newest first, and the totals for the filter (count, and what was taken
 * less what was refunded). A second payment for a monthly offer she already had, cancelled and
 * refunded at once, is left out: it never was a sale.
 */
export async function loadSales(db: Queryable, filter: SalesFilter): Promise<SalesPage> {
  const where = whereOf(filter);
  const from = filter.from ?? null;
  // The 'Older' and 'Newer' links carry the payment the page starts after (keyset paging), so a
  // deep page costs what the first does; an address typed with ?page= alone counts from the top.
  // The page's payments are picked first on purchases alone (and their subscriptions only for a
  // status filter), then joined to members and subscriptions.
  const newer = from?.direction === "newer";
  const order = newer ? sql`asc` : sql`desc`;
  const start = from
    ? sql` and (p.purchased_at, p.id) ${newer ? sql`>` : sql`<`} ((${from.at}::timestamp at time zone 'UTC'), ${from.id}::uuid)`
    : sql``;
  const offset = from ? sql`` : sql` offset ${(filter.page - 1) * SALES_PAGE_SIZE}`;
  const found = await db.execute<RawRow>(sql`
    select ${COLUMNS} from ${FROM}
    where p.id in (
      select p.id from ${totalsFrom(filter)} where ${where}${start}
      order by p.purchased_at ${order}, p.id ${order}
      limit ${SALES_PAGE_SIZE + 1}${offset})
    order by p.purchased_at ${order}, p.id ${order}`);
  const totals = await salesTotals(db, filter);
  const more = found.rows.length > SALES_PAGE_SIZE;
  const page = found.rows.slice(0, SALES_PAGE_SIZE);
  if (newer) page.reverse();
  const rows = await withPlans(db, page, page.map(toRow));
  // Going newer, the top of the list is page 1 whatever number the link carried.
  const number = newer && !more ? 1 : filter.page;
  return {
    filter: { ...filter, page: number },
    rows,
    hasPrevious: newer ? more : number > 1,
    hasNext: newer ? rows.length > 0 : more && number < SALES_MAX_PAGE,
    totals,
  };
}

/**
 * The filter's count and net: the totals the database keeps per offer (drizzle/0023_kept_totals.sql)
 * and per offer and status (drizzle/0024_sales_status_totals.sql, whose sale_status() is STATUS
 * above), so no view counts its payments (decisions 280 and 282).
 */
async function salesTotals(db: Queryable, filter: SalesFilter): Promise<SalesPage["totals"]> {
  const conditions: SQL[] = [];
  if (filter.product) conditions.push(sql`product_key = ${filter.product}`);
  if (filter.status) conditions.push(sql`status = ${filter.status}`);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const totals = await db.execute<{ count: string | number; net: string | number | null }>(sql`
    select coalesce(sum(payments), 0) as count, coalesce(sum(net_pence), 0) as net
    from ${filter.status ? sql`sales_status_totals` : sql`sales_totals`} ${where}`);
  return { count: Number(totals.rows[0]?.count ?? 0), netPence: Number(totals.rows[0]?.net ?? 0) };
}

export interface MemberPurchase {
  productName: string;
  amountPence: number;
  refundedPence: number;
  currency: string;
  purchasedAt: string;
  status: SaleStatus;
  endsAt: string | null;
}

/** How many of a member's payments the Users tab shows (the Sales tab has them all). */
export const MEMBER_PURCHASES_SHOWN = 5;

/** The latest payments of each of these members, newest first (the Users tab, §10.3). */
export async function purchasesOf(db: Queryable, userIds: string[]): Promise<Map<string, MemberPurchase[]>> {
  const byMember = new Map<string, MemberPurchase[]>();
  if (userIds.length === 0) return byMember;
  const found = await db.execute<RawRow>(sql`
    select * from (
      select ${COLUMNS}, row_number() over (partition by p.user_id order by p.purchased_at desc, p.id desc) as n
      from ${FROM}
      where p.user_id in ${userIds} and p.duplicate_of_subscription_id is null
    ) latest where n <= ${MEMBER_PURCHASES_SHOWN}
    order by purchased_at desc, id desc`);
  for (const raw of found.rows) {
    const row = toRow(raw);
    const list = byMember.get(row.userId!) ?? [];
    list.push({ productName: row.productName, amountPence: row.amountPence, refundedPence: row.refundedPence, currency: row.currency, purchasedAt: row.purchasedAt, status: row.status, endsAt: row.endsAt });
    byMember.set(row.userId!, list);
  }
  return byMember;
}

export const SALES_CSV_COLUMNS = [
  "Date",
  "Member",
  "Email",
  "Product",
  "Amount",
  "Refunded",
  "Currency",
  "Status",
  "Ends",
  "Transaction ID",
  "Promotion code",
  "Discount",
] as const;

const statusLabel = (status: SaleStatus) => SALE_STATUSES.find((s) => s.value === status)?.label ?? status;
const pounds = (pence: number) => (pence / 100).toFixed(2);

/** The filtered payments as CSV text, a batch at a time, newest first (keyset on date and id). */
export async function* salesCsvChunks(db: Queryable, filter: Pick<SalesFilter, "product" | "status">): AsyncGenerator<string> {
  // The byte order mark tells a spreadsheet the file is UTF-8 (names with accents, £).
  yield `\uFEFF${csvLine([...SALES_CSV_COLUMNS])}`;
  const where = whereOf(filter);
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const cursor: SQL = after ? sql` and (p.purchased_at, p.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``;
    const batch: { rows: RawRow[] } = await db.execute<RawRow>(sql`
      select ${COLUMNS} from ${FROM} where ${where}${cursor}
      order by p.purchased_at desc, p.id desc limit ${SALES_CSV_BATCH}`);
    let chunk = "";
    for (const raw of batch.rows) {
      const row = toRow(raw);
      chunk += csvLine([
        csvDate(row.purchasedAt),
        row.memberName ?? (row.userId ? "" : "(account deleted)"),
        row.memberEmail,
        row.productName,
        pounds(row.amountPence),
        pounds(row.refundedPence),
        row.currency.toUpperCase(),
        statusLabel(row.status),
        row.endsAt ? csvDate(row.endsAt) : "",
        row.transactionId,
        row.promotionCode ?? "",
        row.promotionCode ? pounds(row.discountPence) : "",
      ]);
    }
    if (chunk) yield chunk;
    if (batch.rows.length < SALES_CSV_BATCH) return;
    const last = batch.rows.at(-1)!;
    after = { at: last.cursor_at, id: last.id };
  }
}

/** The same as a stream of bytes, for the download's response. */
export function salesCsvStream(db: Queryable, filter: Pick<SalesFilter, "product" | "status">): ReadableStream<Uint8Array> {
  return csvStream(salesCsvChunks(db, filter));
}

/** The CSV's file name: sales-YYYY-MM-DD.csv (London's date). */
export function salesCsvFilename(now = new Date()): string {
  return `sales-${csvDate(now)}.csv`;
}

// ─── For the dashboard's routes (app/routes/admin/), with the site's database ───────────────────

export function loadSalesTab(filter: SalesFilter): Promise<SalesPage | null> {
  return loadTab("sales", (db) => loadSales(db, filter));
}

/** The products a sale can be of, for the Sales tab's filter (the catalogue's order). */
export function saleProducts(): { key: string; name: string }[] {
  return getSiteConfig().catalogue.map((p) => ({ key: p.productKey, name: p.name }));
}

/** The Sales tab's filter from the URL (docs/product.md §10.11); unknown values are ignored. */
export function salesFilterFrom(url: URL): SalesFilter {
  return parseSalesFilter(url, saleProducts().map((p) => p.key));
}

export function salesCsv(filter: SalesFilter): ReadableStream<Uint8Array> {
  return salesCsvStream(getDb(), filter);
}
