// The Analytics tab's part of `npm run bench:admin` (scripts/bench-admin.ts; docs/analytics.md):
// its seeding at scale, and the tools that show which of its queries cost (each query timed
// alone, the plan of the slowest).
import { performance } from "node:perf_hooks";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { cacheablePaths } from "~/config/pages";
import { rollUpEndedDays } from "~/server/analytics/rollup.server";
import type { Database, DatabaseHandle } from "~/server/db/client.server";
import { peekEffectiveSiteConfig } from "~/server/settings/effective-config.server";

const literalArray = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`);

const ANALYTICS_DAYS = 30;
/** Views per visitor per day: 1,000,000 views over 30 days come from 3,333 visitors a day (about 100,000 visitor-days). */
const VIEWS_PER_VISITOR = 10;
const UTM_SOURCES = ["instagram", "facebook", "newsletter", "google", "pinterest"];
const UTM_MEDIUMS = ["social", "social", "email", "cpc", "social"];
const UTM_CAMPAIGNS = ["spring-strength", "foundations-launch", "may-newsletter", "learn-to-lift-ads", "menopause-strength"];
const REFERRER_HOSTS = ["www.google.com", "www.instagram.com", "l.facebook.com", "duckduckgo.com", "www.bing.com", "t.co", "www.mumsnet.com"];
const DEVICES = ["mobile", "mobile", "mobile", "desktop", "desktop", "tablet"];
const BROWSERS = ["Safari", "Chrome", "Chrome", "Safari", "Samsung Internet", "Firefox", "Edge", "Other"];

/** The counted public pages, the home page and the offers' pages more often than the rest. */
function benchPaths(): string[] {
  const config = peekEffectiveSiteConfig();
  const weight = (path: string) =>
    path === "/" ? 6 : config.catalogue.some((p) => p.salesPath === path) ? 4 : config.catalogue.some((p) => p.checkoutPath === path) ? 2 : 1;
  const pages = [...cacheablePaths(config.coachSlug).filter((p) => !/\.(xml|txt)$/.test(p)), "/payment-success"];
  return pages.flatMap((path) => Array.from({ length: weight(path) }, () => path));
}

/** Whether the analytics tables need seeding: always on a fresh database; when reused, if it has no view today. */
export async function analyticsMissing(handle: DatabaseHandle): Promise<boolean> {
  const result = await handle.db.execute<{ found: boolean }>(
    sql`select exists (select 1 from page_views where viewed_at >= ((now() at time zone 'UTC')::date)::timestamp at time zone 'UTC') as found`,
  );
  return !result.rows[0]?.found;
}

/**
 * The Analytics tab's data: `views` page views spread evenly over the last 30 UTC days (today's
 * between midnight and now), written oldest first as the site writes them (so a day's views sit
 * together in the table, as in production), from views ÷ 300 visitors a day (a visitor is a hash of the day and a
 * number, so a new one each day as with the daily salt), on the counted public pages, one visitor
 * in ten with UTM fields and one in four from another site on half her views; 'Checkout started'
 * for one visitor in 50 and 'Paid' for one in 150. Then the ended days are added up into
 * analytics_days as the sweep does, so the tab reads stored days plus today counted live.
 */
export async function seedAnalytics(handle: DatabaseHandle, views: number) {
  const { db } = handle;
  const started = performance.now();
  await db.execute(sql`truncate page_views, funnel_events, analytics_days, analytics_rolled_days, checkout_visitors`);
  const perDay = Math.ceil(views / ANALYTICS_DAYS);
  const visitorsPerDay = Math.max(1, Math.round(perDay / VIEWS_PER_VISITOR));
  const paths = benchPaths();
  const clock = sql`clock as (
    select (now() at time zone 'UTC')::date as today,
           extract(epoch from now() - ((now() at time zone 'UTC')::date)::timestamp at time zone 'UTC')::float8 as elapsed)`;
  const slice = 250_000;
  for (let from = 0; from < views; from += slice) {
    const to = Math.min(from + slice, views) - 1;
    await db.execute(sql`
      with ${clock},
      slots as (
        select g, ${ANALYTICS_DAYS - 1} - g / ${perDay} as d, (g % ${perDay}) % ${visitorsPerDay} as v,
               (g % ${perDay}) / ${visitorsPerDay} % 2 = 0 as attributed,
               (hashint4(g) & 1048575)::float8 / 1048576 as frac,
               1 + (hashint4(g + 7) & 2147483647) % ${paths.length} as page
        from generate_series(${from}::int, ${to}::int) as g
      ),
      placed as (
        select s.*, c.today - s.d as day,
               ((c.today - s.d)::timestamp at time zone 'UTC') + (case when s.d = 0 then c.elapsed else 86400 end) * s.frac * interval '1 second' as at,
               s.attributed and (s.v * 7 + s.d) % 20 < 2 as utm,
               s.attributed and (s.v * 7 + s.d) % 20 between 2 and 6 as referred,
               (${literalArray(UTM_SOURCES)})[1 + (s.v + s.d) % ${UTM_SOURCES.length}] as source,
               (${literalArray(UTM_MEDIUMS)})[1 + (s.v + s.d) % ${UTM_MEDIUMS.length}] as medium,
               case when (s.v + s.d) % 6 <> 5 then (${literalArray(UTM_CAMPAIGNS)})[1 + (s.v + 2 * s.d) % ${UTM_CAMPAIGNS.length}] end as campaign
        from slots s cross join clock c
      )
      insert into page_views (viewed_at, path, referrer_host, utm_source, utm_medium, utm_campaign, device, browser, visitor)
      select date_trunc('minute', at),
             (${literalArray(paths)})[page] ||
               case when utm then '?utm_source=' || source || '&utm_medium=' || medium || coalesce('&utm_campaign=' || campaign, '') else '' end,
             case when referred then (${literalArray(REFERRER_HOSTS)})[1 + (v + d) % ${REFERRER_HOSTS.length}] end,
             case when utm then source end, case when utm then medium end, case when utm then campaign end,
             (${literalArray(DEVICES)})[1 + (v * 31 + d) % ${DEVICES.length}],
             (${literalArray(BROWSERS)})[1 + (v * 17 + d) % ${BROWSERS.length}],
             md5('bench:' || day::text || ':' || v)
      from placed
      order by at
    `);
    process.stdout.write(`\r  seeded ${(to + 1).toLocaleString("en-GB")} of ${views.toLocaleString("en-GB")} page views`);
  }
  process.stdout.write("\n");
  // 'Checkout started' for one visitor a day in 50 (a third each offer), 'Paid' for one in 150, a little later.
  const catalogue = peekEffectiveSiteConfig().catalogue;
  const products = literalArray(catalogue.map((p) => p.productKey));
  const prices = sql.raw(`array[${catalogue.map((p) => Math.round(p.pricePence)).join(",")}]`);
  await db.execute(sql`
    with ${clock},
    picks as (
      select d, v, c.today - d as day, ((c.today - d)::timestamp at time zone 'UTC') as day_start,
             case when d = 0 then c.elapsed else 86400 end as span,
             (hashint4(d * 1000003 + v) & 1048575)::float8 / 1048576 as frac,
             1 + (v / 50 + v / 150 + d) % ${catalogue.length} as product
      from generate_series(0, ${ANALYTICS_DAYS - 1}::int) as d cross join generate_series(0, ${visitorsPerDay - 1}::int) as v cross join clock c
      where v % 50 = 7
    )
    insert into funnel_events (at, kind, product_key, amount_pence, visitor)
    select day_start + span * frac * 0.9 * interval '1 second', 'checkout', (${products})[product], null, md5('bench:' || day::text || ':' || v) from picks
    union all
    select day_start + span * (frac * 0.9 + 0.05) * interval '1 second', 'paid', (${products})[product], (${prices})[product], md5('bench:' || day::text || ':' || v)
    from picks where v % 150 = 7
  `);
  await db.execute(sql`vacuum analyze page_views, funnel_events`);
  const rolledStarted = performance.now();
  const days = await rollUpEndedDays(db);
  await db.execute(sql`vacuum analyze analytics_days, analytics_rolled_days`);
  const [counts] = (
    await db.execute<{ views: number; visitors: number; today: number; events: number; stored: number }>(sql`
      select (select count(*)::int from page_views) as views,
             (select count(distinct (viewed_at at time zone 'UTC')::date::text || visitor)::int from page_views) as visitors,
             (select count(*)::int from page_views where viewed_at >= ((now() at time zone 'UTC')::date)::timestamp at time zone 'UTC') as today,
             (select count(*)::int from funnel_events) as events,
             (select count(*)::int from analytics_days) as stored`)
  ).rows;
  const n = (x: number | undefined) => (x ?? 0).toLocaleString("en-GB");
  console.log(
    `  analytics: ${n(counts?.views)} page views (${n(counts?.today)} today) from ${n(counts?.visitors)} visitor-days, ${n(counts?.events)} funnel events; ` +
      `${days} ended days added up into ${n(counts?.stored)} analytics_days rows in ${((performance.now() - rolledStarted) / 1000).toFixed(1)} s ` +
      `(all in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}

export const ANALYTICS_GOAL_MS = 50;

export async function printPlan(db: Database, title: string, query: SQL) {
  const plan = await db.execute<{ "QUERY PLAN": string }>(sql`explain (analyze, buffers) ${query}`);
  console.log(`\n${title}:`);
  for (const row of plan.rows) console.log(`  ${row["QUERY PLAN"]}`);
}

const dialect = new PgDialect();

/**
 * The queries a function runs on the database (read through a stand-in that notes each `execute`),
 * each then run again alone and timed (best of 2 after one warm-up), slowest first.
 */
export async function underlyingQueries(db: Database, run: (q: Database) => Promise<unknown>): Promise<Array<{ text: string; query: SQL; ms: number }>> {
  const seen: SQL[] = [];
  const noting = new Proxy(db, {
    get(target, property, receiver) {
      if (property === "execute") {
        return (query: SQL) => {
          seen.push(query);
          return target.execute(query);
        };
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  await run(noting);
  const timed: Array<{ text: string; query: SQL; ms: number }> = [];
  for (const query of seen) {
    await db.execute(query);
    let best = Infinity;
    for (let i = 0; i < 2; i++) {
      const start = performance.now();
      await db.execute(query);
      best = Math.min(best, performance.now() - start);
    }
    timed.push({ text: dialect.sqlToQuery(query).sql.replace(/\s+/g, " ").trim(), query, ms: best });
  }
  return timed.sort((a, b) => b.ms - a.ms);
}

