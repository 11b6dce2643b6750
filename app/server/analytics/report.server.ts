import { sql } from "drizzle-orm";
import { getDb, type Queryable } from "~/server/db/client.server";
import { peekEffectiveSiteConfig } from "~/server/settings/effective-config.server";
import { dailyFiguresQuery } from "./aggregate.server";
import {
  ANALYTICS_PERIODS,
  FUNNEL_SPLITS,
  FUNNEL_STEPS,
  type AnalyticsPeriod,
  type AnalyticsReport,
  type CountRow,
  type DayPoint,
  type FunnelRow,
  type FunnelSplit,
  type FunnelStep,
} from "./report-types";
import { lastRolledDay, offerPages } from "./rollup.server";
import { addDays, rows } from "./sql.server";
import { utcDay } from "./visitors.server";

// The Analytics tab's figures (docs/analytics.md): the visits from the daily totals kept in
// analytics_days, plus the days not added up yet (today) counted live from the raw rows by the
// same query; the money from the site's own purchases and subscriptions.

export * from "./report-types";

const DAYS: Record<AnalyticsPeriod, number> = { today: 1, "7d": 7, "30d": 30, "12m": 365 };
const TABLE_ROWS = 20;

export function parseAnalyticsQuery(url: URL): { period: AnalyticsPeriod; split: FunnelSplit } {
  const period = ANALYTICS_PERIODS.find((p) => p.value === url.searchParams.get("period"))?.value ?? "30d";
  const split = FUNNEL_SPLITS.find((s) => s.value === url.searchParams.get("split"))?.value ?? "none";
  return { period, split };
}

interface Figure {
  dimension: string;
  value: string;
  views: number;
  visitors: number;
  amount: number;
}

/** The period's figures for these dimensions, stored days and live days together. */
async function figures(q: Queryable, fromDay: string, toDay: string, dimensions: string[]): Promise<Figure[]> {
  const rolled = await lastRolledDay(q);
  const storedTo = rolled && rolled < toDay ? rolled : toDay;
  const liveFrom = rolled && rolled >= fromDay ? addDays(rolled, 1) : fromDay;
  const dims = sql.join(
    dimensions.map((d) => sql`${d}`),
    sql`, `,
  );
  const stored =
    rolled && rolled >= fromDay
      ? await rows<Figure>(
          q,
          sql`select dimension, value, sum(views)::int as views, sum(visitors)::int as visitors, sum(amount_pence)::bigint as amount
              from analytics_days where day >= ${fromDay}::date and day <= ${storedTo}::date and dimension in (${dims})
              group by dimension, value`,
        )
      : [];
  const live =
    liveFrom <= toDay
      ? await rows<Figure>(
          q,
          sql`select dimension, value, sum(views)::int as views, sum(visitors)::int as visitors, sum(amount)::bigint as amount
              from (${dailyFiguresQuery(liveFrom, toDay, offerPages())}) f where dimension in (${dims})
              group by dimension, value`,
        )
      : [];
  const merged = new Map<string, Figure>();
  for (const row of [...stored, ...live]) {
    const key = `${row.dimension}\n${row.value}`;
    const known = merged.get(key);
    const amount = Number(row.amount);
    if (known) {
      known.views += row.views;
      known.visitors += row.visitors;
      known.amount += amount;
    } else merged.set(key, { ...row, amount });
  }
  return [...merged.values()];
}

/** Visitors and views per day of the period (per month for 12 months). */
async function chart(q: Queryable, fromDay: string, toDay: string, monthly: boolean): Promise<DayPoint[]> {
  const rolled = await lastRolledDay(q);
  const liveFrom = rolled && rolled >= fromDay ? addDays(rolled, 1) : fromDay;
  const perDay = new Map<string, { visitors: number; views: number }>();
  const stored = await rows<{ day: string; views: number; visitors: number }>(
    q,
    sql`select day::text as day, views, visitors from analytics_days where dimension = 'total' and value = '' and day >= ${fromDay}::date and day <= ${toDay}::date`,
  );
  const live =
    liveFrom <= toDay
      ? await rows<{ day: string; views: number; visitors: number }>(
          q,
          sql`select day, views, visitors from (${dailyFiguresQuery(liveFrom, toDay, [])}) f where dimension = 'total'`,
        )
      : [];
  for (const row of [...stored, ...live]) perDay.set(row.day, { visitors: row.visitors, views: row.views });
  const points: DayPoint[] = [];
  for (let day = fromDay; day <= toDay; day = addDays(day, 1)) {
    const label = monthly ? day.slice(0, 7) : day;
    const counts = perDay.get(day) ?? { visitors: 0, views: 0 };
    const last = points.at(-1);
    if (last && last.label === label) {
      last.visitors += counts.visitors;
      last.views += counts.views;
    } else points.push({ label, ...counts });
  }
  return points;
}

function countRows(all: Figure[], dimension: string): CountRow[] {
  return all
    .filter((f) => f.dimension === dimension)
    .map((f) => ({ label: f.value, visitors: f.visitors, views: f.views }))
    .sort((a, b) => b.visitors - a.visitors || b.views - a.views || a.label.localeCompare(b.label))
    .slice(0, TABLE_ROWS);
}

function funnelRows(all: Figure[], split: FunnelSplit): FunnelRow[] {
  const products = peekEffectiveSiteConfig().catalogue;
  const emptySteps = (): Record<FunnelStep, number> => Object.fromEntries(FUNNEL_STEPS.map((s) => [s.value, 0])) as Record<FunnelStep, number>;
  const dimension = split === "none" ? "funnel" : `funnel:${split}`;
  const groups = new Map<string | null, Map<string, { steps: Record<FunnelStep, number>; paid: number }>>();
  const at = (group: string | null, product: string) => {
    let byProduct = groups.get(group);
    if (!byProduct) groups.set(group, (byProduct = new Map()));
    let entry = byProduct.get(product);
    if (!entry) byProduct.set(product, (entry = { steps: emptySteps(), paid: 0 }));
    return entry;
  };
  for (const f of all.filter((x) => x.dimension === dimension)) {
    const parts = f.value.split("\t");
    const [group, product, step] = split === "none" ? [null, parts[0]!, parts[1]!] : [parts[0]!, parts[1]!, parts[2]!];
    if (!FUNNEL_STEPS.some((s) => s.value === step)) continue;
    if (product === "*") {
      // 'Visited' is every visitor, the first step of every offer's funnel.
      for (const p of products) at(group, p.productKey).steps.visited += f.visitors;
      continue;
    }
    const entry = at(group, product);
    entry.steps[step as FunnelStep] += f.visitors;
    if (step === "paid") entry.paid += f.amount;
  }
  const result: FunnelRow[] = [];
  const ordered = [...groups.entries()].sort((a, b) => {
    const visitors = (g: typeof a) => Math.max(0, ...[...g[1].values()].map((e) => e.steps.visited));
    return visitors(b) - visitors(a) || String(a[0]).localeCompare(String(b[0]));
  });
  for (const [group, byProduct] of ordered.slice(0, TABLE_ROWS)) {
    for (const product of products) {
      const entry = byProduct.get(product.productKey) ?? { steps: emptySteps(), paid: 0 };
      result.push({ productKey: product.productKey, productName: product.name, group, steps: entry.steps, paidPence: entry.paid });
    }
  }
  if (result.length === 0 && split === "none") {
    for (const product of products) result.push({ productKey: product.productKey, productName: product.name, group: null, steps: emptySteps(), paidPence: 0 });
  }
  return result;
}

async function business(q: Queryable, from: Date, to: Date): Promise<AnalyticsReport["business"]> {
  const names = new Map<string, string>(peekEffectiveSiteConfig().catalogue.map((p) => [p.productKey, p.name]));
  const revenue = await rows<{ product_key: string; product_name: string; pence: string; payments: number }>(
    q,
    sql`select product_key, max(product_name) as product_name, sum(amount_cents - refunded_amount_cents)::bigint as pence, count(*)::int as payments
        from purchases where purchased_at >= ${from} and purchased_at < ${to} and given_by is null
        group by product_key order by sum(amount_cents - refunded_amount_cents) desc`,
  );
  const [mrr] = await rows<{ pence: string | null }>(
    q,
    sql`select sum(latest.amount)::bigint as pence from subscriptions s
        cross join lateral (select p.amount_cents - p.refunded_amount_cents as amount from purchases p
                            where p.subscription_id = s.provider_subscription_id order by p.purchased_at desc limit 1) latest
        where s.status in ('active', 'trialing', 'past_due') and s.instalments is null`,
  );
  const [churn] = await rows<{ ended: number; active_at_start: number; cancelled_members: number }>(
    q,
    sql`select
          count(*) filter (where status = 'canceled' and coalesce(canceled_at, state_at) >= ${from} and coalesce(canceled_at, state_at) < ${to})::int as ended,
          count(*) filter (where created_at < ${from} and not (status = 'canceled' and coalesce(canceled_at, state_at) < ${from}))::int as active_at_start,
          count(distinct user_id) filter (where status = 'canceled' and coalesce(canceled_at, state_at) >= ${from} and coalesce(canceled_at, state_at) < ${to})::int as cancelled_members
        from subscriptions where instalments is null`,
  );
  const [members] = await rows<{ n: number }>(q, sql`select count(*)::int as n from users where created_at >= ${from} and created_at < ${to}`);
  const revenueByOffer = revenue.map((r) => ({ productKey: r.product_key, productName: names.get(r.product_key) ?? r.product_name, pence: Number(r.pence), payments: r.payments }));
  const ended = churn?.ended ?? 0;
  const activeAtStart = churn?.active_at_start ?? 0;
  return {
    revenueByOffer,
    revenuePence: revenueByOffer.reduce((sum, r) => sum + r.pence, 0),
    mrrPence: Number(mrr?.pence ?? 0),
    churn: activeAtStart > 0 ? ended / activeAtStart : null,
    endedSubscriptions: ended,
    activeAtStart,
    newMembers: members?.n ?? 0,
    cancelledMembers: churn?.cancelled_members ?? 0,
  };
}

async function emailFunnel(q: Queryable, from: Date, to: Date): Promise<AnalyticsReport["email"]> {
  const [row] = await rows<{ signed_up: number; confirmed: number; bought: number }>(
    q,
    sql`with signed as (
          select distinct on (email) email, created_at, confirmed_at from email_subscribers
          where created_at >= ${from} and created_at < ${to} order by email, created_at)
        select count(*)::int as signed_up,
               count(*) filter (where confirmed_at is not null)::int as confirmed,
               count(*) filter (where exists (
                 select 1 from purchases p join users u on u.id = p.user_id
                 where lower(u.email) = lower(signed.email::text) and p.given_by is null
                   and p.purchased_at >= signed.created_at and p.purchased_at < signed.created_at + interval '30 days'))::int as bought
        from signed`,
  );
  return { signedUp: row?.signed_up ?? 0, confirmed: row?.confirmed ?? 0, boughtWithin30Days: row?.bought ?? 0 };
}

export async function loadAnalyticsReport(query: { period: AnalyticsPeriod; split: FunnelSplit }, now = new Date(), q: Queryable = getDb()): Promise<AnalyticsReport> {
  const toDay = utcDay(now);
  const fromDay = addDays(toDay, 1 - DAYS[query.period]);
  const from = new Date(`${fromDay}T00:00:00Z`);
  const to = new Date(`${addDays(toDay, 1)}T00:00:00Z`);
  const dimensions = ["total", "page", "source", "campaign", "funnel", ...(query.split === "none" ? [] : [`funnel:${query.split}`])];
  const [all, points, money, email] = await Promise.all([
    figures(q, fromDay, toDay, dimensions),
    chart(q, fromDay, toDay, query.period === "12m"),
    business(q, from, to),
    emailFunnel(q, from, to),
  ]);
  const total = all.find((f) => f.dimension === "total");
  return {
    period: query.period,
    split: query.split,
    from: from.toISOString(),
    to: to.toISOString(),
    visitors: total?.visitors ?? 0,
    views: total?.views ?? 0,
    chart: points,
    topPages: countRows(all, "page"),
    sources: countRows(all, "source"),
    campaigns: countRows(all, "campaign"),
    funnel: funnelRows(all, query.split),
    email,
    business: money,
  };
}

const csvCell = (value: string | number) => {
  const text = String(value);
  // A cell a spreadsheet would run as a formula starts with a quote mark.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The report as CSV: one section per table, each with its header row. */
export function analyticsCsv(report: AnalyticsReport): string {
  const lines: (string | number)[][] = [];
  const pounds = (pence: number) => (pence / 100).toFixed(2);
  lines.push(["Section", "Item", "Visitors", "Page views", "Amount (GBP)"]);
  lines.push(["Summary", "Period", `${report.from.slice(0, 10)} to ${addDays(report.to.slice(0, 10), -1)}`, "", ""]);
  lines.push(["Summary", "All", report.visitors, report.views, pounds(report.business.revenuePence)]);
  lines.push(["Summary", "MRR", "", "", pounds(report.business.mrrPence)]);
  lines.push(["Summary", "Churn", report.business.churn === null ? "" : (report.business.churn * 100).toFixed(1) + "%", "", ""]);
  lines.push(["Summary", "New members", report.business.newMembers, "", ""]);
  lines.push(["Summary", "Cancelled", report.business.cancelledMembers, "", ""]);
  for (const point of report.chart) lines.push(["Day", point.label, point.visitors, point.views, ""]);
  for (const row of report.topPages) lines.push(["Top pages", row.label, row.visitors, row.views, ""]);
  for (const row of report.sources) lines.push(["Sources", row.label, row.visitors, row.views, ""]);
  for (const row of report.campaigns) lines.push(["UTM campaigns", row.label, row.visitors, row.views, ""]);
  for (const row of report.funnel) {
    for (const step of FUNNEL_STEPS) {
      const item = [row.productName, row.group, step.label].filter(Boolean).join(" / ");
      lines.push(["Funnel", item, row.steps[step.value], "", step.value === "paid" ? pounds(row.paidPence) : ""]);
    }
  }
  lines.push(["Email", "Signed up", report.email.signedUp, "", ""]);
  lines.push(["Email", "Confirmed", report.email.confirmed, "", ""]);
  lines.push(["Email", "Bought within 30 days", report.email.boughtWithin30Days, "", ""]);
  for (const row of report.business.revenueByOffer) lines.push(["Revenue", row.productName, row.payments, "", pounds(row.pence)]);
  return lines.map((line) => line.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
