import { sql, type SQL } from "drizzle-orm";
import type { Database, Queryable } from "~/server/db/client.server";
import { peekEffectiveSiteConfig } from "~/server/settings/effective-config.server";
import { startSweep, type Sweep } from "~/server/jobs/sweep-schedule.server";
import { dailyFiguresQuery, type OfferPage } from "./aggregate.server";
import { forgetSalts, utcDay } from "./visitors.server";
import { addDays, rows } from "./sql.server";

// The analytics sweep (docs/analytics.md), every ten minutes on every server:
// - each UTC day that ended more than five minutes ago is added up once into analytics_days
//   (kept for good) and marked in analytics_rolled_days, under a lock so two servers never add
//   the same day twice;
// - page views and funnel steps older than 90 days are deleted (their days' totals remain);
// - a day's salt is deleted once the day after it has ended (so a hash can never be traced back),
//   and a checkout session's link to its visitor after two days (a session lasts one).

const SWEEP_INTERVAL_MS = 10 * 60_000;
const KEEP_RAW_DAYS = 90;
/** A view sent in the last seconds of a day may arrive just after midnight. */
const SETTLE_MS = 5 * 60_000;
const ROLLUP_LOCK = sql`pg_advisory_xact_lock(28203, 1)`;

export function offerPages(): OfferPage[] {
  return peekEffectiveSiteConfig().catalogue.map((p) => ({ productKey: p.productKey, salesPath: p.salesPath }));
}

/** The last day already added up, or null when none is. */
export async function lastRolledDay(q: Queryable): Promise<string | null> {
  const [row] = await rows<{ day: string | null }>(q, sql`select max(day)::text as day from analytics_rolled_days`);
  return row?.day ?? null;
}

/** Adds up every ended day not yet added up; returns how many days it added. */
export async function rollUpEndedDays(db: Database, now = new Date()): Promise<number> {
  const lastEnded = addDays(utcDay(new Date(now.getTime() - SETTLE_MS)), -1);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select ${ROLLUP_LOCK}`);
    const last = await lastRolledDay(tx);
    let first: string | null = last ? addDays(last, 1) : null;
    if (!first) {
      const [earliest] = await rows<{ day: string | null }>(
        tx,
        sql`select least((select min(viewed_at) from page_views), (select min(at) from funnel_events))::date::text as day`,
      );
      first = earliest?.day ?? null;
    }
    if (!first || first > lastEnded) return 0;
    await tx.execute(sql`
      insert into analytics_days (day, dimension, value, views, visitors, amount_pence)
      select day::date, dimension, value, views, visitors, amount from (${dailyFiguresQuery(first, lastEnded, offerPages())}) figures
      on conflict do nothing`);
    await tx.execute(sql`insert into analytics_rolled_days (day) select generate_series(${first}::date, ${lastEnded}::date, interval '1 day')::date on conflict do nothing`);
    const [counted] = await rows<{ days: number }>(tx, sql`select (${lastEnded}::date - ${first}::date + 1)::int as days`);
    return counted?.days ?? 0;
  });
}

/** Deletes what is kept only for a while; returns how many rows went. */
export async function deleteExpired(q: Queryable, now = new Date()): Promise<number> {
  const today = utcDay(now);
  const rolled = (await lastRolledDay(q)) ?? addDays(today, -KEEP_RAW_DAYS - 1);
  // Raw rows older than 90 days, and only once their day has been added up.
  const keepFrom = addDays(today, -KEEP_RAW_DAYS);
  const until = keepFrom <= addDays(rolled, 1) ? keepFrom : addDays(rolled, 1);
  const count = async (query: SQL) => (await rows<{ n: number }>(q, sql`with gone as (${query} returning 1) select count(*)::int as n from gone`))[0]?.n ?? 0;
  const views = await count(sql`delete from page_views where viewed_at < (${until}::date)::timestamp at time zone 'UTC'`);
  const events = await count(sql`delete from funnel_events where at < (${until}::date)::timestamp at time zone 'UTC'`);
  const salts = await count(sql`delete from analytics_salts where day < ${addDays(today, -1)}::date`);
  const links = await count(sql`delete from checkout_visitors where created_at < ${new Date(now.getTime() - 2 * 86_400_000)}`);
  if (salts > 0) forgetSalts();
  return views + events + salts + links;
}

export async function sweepAnalytics(db: Database, now = new Date()): Promise<number> {
  const rolled = await rollUpEndedDays(db, now);
  return rolled + (await deleteExpired(db, now));
}

export function startAnalyticsSweep(getDb: () => Database, intervalMs = SWEEP_INTERVAL_MS): Sweep {
  return startSweep("analytics", () => sweepAnalytics(getDb()), intervalMs);
}
