// Benchmark of the admin dashboard's queries at scale (decision 110; docs/performance.md): seeds members into a scratch
// database, then times the very functions the dashboard calls (searchMembers, loadStats,
// loadWeeklyChart, loadSales, loadSubscribers, loadAnalyticsReport) and prints p50/p95.
//
//   npm run bench:admin                      the embedded PostgreSQL in a temporary directory, 100,000 members
//   DATABASE_URL=postgres://… npm run bench:admin
//                                            PostgreSQL, 1,000,000 members, in a scratch database
//                                            `bench_admin` created on that server and dropped after
// Options: --members=N, --views=N (page views for the Analytics tab, default as many as members),
// --runs=N (default 50), --keep (keep the scratch database or directory), --reuse (PostgreSQL: time a
// database kept by an earlier --keep run, without seeding its members again; its analytics are
// seeded again when it has no page view today, e.g. kept before the Analytics tab or on another day,
// or with --seed-analytics).
// Goals (docs/performance.md, "Admin dashboard at scale"), p95 at 1,000,000 members on PostgreSQL:
// the chart ≤ 50 ms, the cards ≤ 30 ms, each Sales and Subscribers view ≤ 50 ms, the search ≤ 20 ms,
// each Analytics period ≤ 50 ms (at 1,000,000 page views over 30 days).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import pg from "pg";
import { dailyFiguresQuery } from "~/server/analytics/aggregate.server";
import { loadAnalyticsReport, type AnalyticsPeriod, type FunnelSplit } from "~/server/analytics/report.server";
import { offerPages } from "~/server/analytics/rollup.server";
import { utcDay } from "~/server/analytics/visitors.server";
import { loadSales, type SalesFilter } from "~/server/admin/sales.server";
import { loadSubscribers } from "~/server/admin/subscribers.server";
import { memberSearchCondition, searchMembers } from "~/server/admin/users.server";
import { loadStats, loadWeeklyChart } from "~/server/admin/stats.server";
import { createDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { profiles } from "~/server/db/schema";
import { ANALYTICS_GOAL_MS, analyticsMissing, printPlan, seedAnalytics, underlyingQueries } from "./lib/bench-analytics";

const SCRATCH_DATABASE = "bench_admin";

function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

const serverUrl = process.env.DATABASE_URL?.trim() || null;
const members = Number(option("members") ?? (serverUrl ? 1_000_000 : 100_000));
/** Page views over the last 30 UTC days (the Analytics tab): as many as members unless told. */
const views = Number(option("views") ?? members);
const runs = Number(option("runs") ?? 50);
const keep = process.argv.includes("--keep");
/** Reuse a database kept by an earlier --keep run (PostgreSQL only): skips seeding. */
const reuse = process.argv.includes("--reuse") && serverUrl !== null;
/** With --reuse, seed the analytics tables again even when they hold today's views. */
const reseedAnalytics = process.argv.includes("--seed-analytics");

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function onServer(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl! });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

// Word lists like the factories' (tests/support/factories.ts), so searches find what they would.
const FIRST = ["Sarah", "Claire", "Helen", "Joanne", "Karen", "Lisa", "Emma", "Nicola", "Rachel", "Amanda", "Louise", "Julie", "Michelle", "Kerry", "Deborah", "Alison", "Siobhán", "Fiona", "Catherine", "Gillian", "Angela", "Tracey", "Samantha", "Victoria", "Rebecca", "Kate", "Lucy", "Priya", "Aisha", "Nadia", "Bronwen", "Rhian", "Morag", "Mairéad", "Zoë", "Hannah", "Jane", "Elaine"];
const LAST = ["Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Johnson", "Davies", "Patel", "Robinson", "Wright", "Thompson", "Evans", "Walker", "White", "Roberts", "Green", "Hall", "Wood", "Jackson", "Clarke", "Hughes", "Khan", "O'Connor", "MacDonald", "Campbell", "Ahmed", "Price", "Griffiths", "Lloyd", "Morgan", "Begum", "Singh", "Okafor", "Fletcher", "Armstrong-Jones"];

const literalArray = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`);

/**
 * Seeds in set-based SQL (generate_series), in slices so each transaction stays small:
 * users + profiles joined over three years (a tenth in the last 12 weeks), about 30% of members
 * with logins in the last 60 days, 5 admins, one payment per member (two in three with a
 * subscription) and as many email-list sign-ups.
 */
async function seed(handle: DatabaseHandle) {
  const { db } = handle;
  const slice = handle.driver === "postgres" ? 250_000 : 25_000;
  const first = literalArray(FIRST);
  const last = literalArray(LAST);
  for (let from = 1; from <= members; from += slice) {
    const to = Math.min(from + slice - 1, members);
    await db.execute(sql`
      insert into users (id, name, email, email_verified, created_at, updated_at)
      select 'bench-' || g,
             (${first})[1 + g % ${FIRST.length}] || ' ' || (${last})[1 + (g / ${FIRST.length}) % ${LAST.length}],
             lower(translate((${first})[1 + g % ${FIRST.length}], 'áéëö', 'aeeo')) || '.' ||
               lower(regexp_replace((${last})[1 + (g / ${FIRST.length}) % ${LAST.length}], '[^A-Za-z]', '', 'g')) || g ||
               '@example.' || (array['com','net','org'])[1 + g % 3],
             g % 5 <> 0,
             case when g % 10 = 0 then now() - (g % 84) * interval '1 day' - (g % 86400) * interval '1 second'
                  else now() - (84 + g % 1011) * interval '1 day' - (g % 86400) * interval '1 second' end,
             now()
      from generate_series(${from}::int, ${to}::int) as g
    `);
    await db.execute(sql`
      insert into profiles (user_id, first_name, last_name, email, email_notifications, created_at)
      select u.id, split_part(u.name, ' ', 1), nullif(substr(u.name, length(split_part(u.name, ' ', 1)) + 2), ''),
             u.email, (hashtext(u.id) % 3) <> 0, u.created_at
      from users u
      where u.id in (select 'bench-' || g from generate_series(${from}::int, ${to}::int) as g)
    `);
    await db.execute(sql`
      insert into login_history (user_id, login_at, location, ip_address)
      select 'bench-' || g, now() - ((g::bigint * 7919) % 60) * interval '1 day' - (g % 3600) * interval '1 second',
             'London, United Kingdom', '192.0.2.' || (1 + g % 254)
      from generate_series(${from}::int, ${to}::int) as g
      where g % 10 < 3
    `);
    // One payment per member (the Sales tab at 1,000,000 payments): a third Learn to Lift (one in
    // 200 refunded), a third 1-to-1 and a third Build Stronger Foundations months, each monthly
    // payment with its subscription (active, cancelling, past due or ended).
    await db.execute(sql`
      insert into purchases (user_id, product_key, product_name, purchased_at, stripe_session_id, amount_cents, currency, status, refunded_amount_cents, subscription_id)
      select 'bench-' || g,
             (array['learn-to-lift','stronger-with-jo','build-stronger-foundations'])[1 + g % 3],
             (array['Learn to Lift','Stronger with Jo','Build Stronger Foundations'])[1 + g % 3],
             now() - (g % 1095) * interval '1 day' - (g % 86400) * interval '1 second',
             'cs_bench_' || g, (array[30000, 47700, 2000])[1 + g % 3], 'gbp',
             case when g % 600 = 0 then 'refunded' else 'paid' end,
             case when g % 600 = 0 then 30000 else 0 end,
             case when g % 3 = 0 then null else 'sub_bench_' || g end
      from generate_series(${from}::int, ${to}::int) as g
    `);
    await db.execute(sql`
      insert into subscriptions (user_id, provider, provider_subscription_id, product_key, product_name, status, current_period_end, cancel_at_period_end, state_at)
      select 'bench-' || g, 'test', 'sub_bench_' || g,
             (array['learn-to-lift','stronger-with-jo','build-stronger-foundations'])[1 + g % 3],
             (array['Learn to Lift','Stronger with Jo','Build Stronger Foundations'])[1 + g % 3],
             (array['active','active','past_due','canceled'])[1 + g % 4], now() + (g % 30) * interval '1 day', g % 7 = 0, now()
      from generate_series(${from}::int, ${to}::int) as g
      where g % 3 <> 0
    `);
    // As many email-list sign-ups (the Subscribers view at 1,000,000).
    await db.execute(sql`
      insert into email_subscribers (email, first_name, form, status, unsubscribe_token, created_at)
      select 'list.' || lower(regexp_replace((${last})[1 + (g / ${FIRST.length}) % ${LAST.length}], '[^A-Za-z]', '', 'g')) || g || '@example.org',
             (${first})[1 + g % ${FIRST.length}],
             (array['popup','lead_capture','calendar','newsletter','waitlist','interest'])[1 + g % 6],
             (array['confirmed','confirmed','pending','unsubscribed'])[1 + g % 4],
             'bench-unsubscribe-' || g, now() - (g % 1095) * interval '1 day' - (g % 86400) * interval '1 second'
      from generate_series(${from}::int, ${to}::int) as g
    `);
    process.stdout.write(`\r  seeded ${to.toLocaleString("en-GB")} of ${members.toLocaleString("en-GB")} members`);
  }
  process.stdout.write("\n");
  await db.execute(sql`insert into user_roles (user_id, role) select 'bench-' || g, 'admin' from generate_series(1, 5) as g`);
  // The steady state autovacuum keeps a live table in: statistics and the visibility map (so
  // counts can be answered from indexes alone).
  await db.execute(sql`vacuum analyze`);
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

interface Result {
  name: string;
  /** The fastest run: the query's own cost with the least interference from a busy machine. */
  min: number;
  p50: number;
  p95: number;
  note: string;
}

async function time(name: string, fn: () => Promise<string>): Promise<Result> {
  let note = "";
  for (let i = 0; i < 5; i++) note = await fn(); // warm-up: caches, plans
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    note = await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { name, min: times[0]!, p50: percentile(times, 50), p95: percentile(times, 95), note };
}

async function main() {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  const started = performance.now();
  if (serverUrl) {
    console.log(`PostgreSQL: scratch database ${SCRATCH_DATABASE}, ${members.toLocaleString("en-GB")} members, ${views.toLocaleString("en-GB")} page views`);
    if (!reuse) {
      await onServer(`DROP DATABASE IF EXISTS ${SCRATCH_DATABASE} WITH (FORCE)`);
      await onServer(`CREATE DATABASE ${SCRATCH_DATABASE}`);
    }
    handle = await createDatabase({ url: withDatabase(serverUrl, SCRATCH_DATABASE), poolSize: 2 });
    cleanup = async () => {
      await handle.close();
      if (!keep) await onServer(`DROP DATABASE IF EXISTS ${SCRATCH_DATABASE} WITH (FORCE)`);
      else console.log(`Kept the database ${SCRATCH_DATABASE} (time it again with --reuse)`);
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-admin-"));
    console.log(`Embedded PostgreSQL: temporary data directory, ${members.toLocaleString("en-GB")} members, ${views.toLocaleString("en-GB")} page views`);
    handle = await createDatabase({ dataDir: dir });
    cleanup = async () => {
      await handle.close();
      if (!keep) fs.rmSync(dir, { recursive: true, force: true });
      else console.log(`Kept ${dir}`);
    };
  }

  try {
    await handle.migrate();
    if (!reuse) await seed(handle);
    if (!reuse || reseedAnalytics || (await analyticsMissing(handle))) await seedAnalytics(handle, views);
    else console.log("  analytics: kept from the earlier run (page views today found)");
    console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s; ${runs} runs each after 5 warm-ups.\n`);
    const { db } = handle;

    const searches: Array<[string, string, number]> = [
      ["search: part of a first name", "sar", 1],
      ["search: a last name", "okafor", 1],
      ["search: part of an email", "jones123", 1],
      ["search: first and last name", "helen wright", 1],
      ["search: rare, no match", "zzqx", 1],
      ["list: no query, page 3", "", 3],
    ];
    const results: Result[] = [];
    for (const [name, query, page] of searches) {
      results.push(
        await time(name, async () => {
          const found = await searchMembers(db, { query, page });
          const matches = found.matches ? `${found.matches.count}${found.matches.capped ? "+" : ""} matches` : "no count";
          return `${found.members.length} rows, ${matches}`;
        }),
      );
    }
    results.push(
      await time("stats (four cards)", async () => {
        const s = await loadStats(db);
        return `total ${s.totalUsers}, new ${s.newThisWeek}, active ${s.activeUsers}, admins ${s.administrators}`;
      }),
    );
    results.push(
      await time("chart (12 weeks)", async () => {
        const points = await loadWeeklyChart(db);
        return `${points.length} weeks`;
      }),
    );

    // The Sales tab and the Subscribers view (docs/product.md §10.11, §10.12).
    const sales: Array<[string, SalesFilter]> = [
      ["sales: first page, totals", { product: "", status: "", page: 1 }],
      ["sales: one product", { product: "build-stronger-foundations", status: "", page: 1 }],
      ["sales: refunded (rare)", { product: "", status: "refunded", page: 1 }],
      ["sales: page 50", { product: "", status: "", page: 50 }],
      ["sales: active (common)", { product: "", status: "active", page: 1 }],
      ["sales: paid, one product", { product: "learn-to-lift", status: "paid", page: 1 }],
      ["sales: active, page 50 (typed)", { product: "", status: "active", page: 50 }],
    ];
    // Page 50 as the 'Older' link of page 49 asks for it (keyset paging).
    const page49 = (await loadSales(db, { product: "", status: "active", page: 49 })).rows.at(-1);
    if (page49) sales.push(["sales: active, page 50 (link)", { product: "", status: "active", page: 50, from: { direction: "older", at: page49.cursor, id: page49.id } }]);
    for (const [name, filter] of sales) {
      results.push(
        await time(name, async () => {
          const found = await loadSales(db, filter);
          return `${found.rows.length} rows of ${found.totals.count}`;
        }),
      );
    }
    for (const [name, query, page] of [
      ["subscribers: first page", "", 1],
      ["subscribers: search an email", "okafor123", 1],
      ["subscribers: rare, no match", "zzqx", 1],
    ] as const) {
      results.push(
        await time(name, async () => {
          const found = await loadSubscribers(db, { query, page });
          return `${found.rows.length} rows, ${found.count}${found.capped ? "+" : ""}`;
        }),
      );
    }

    // The Analytics tab (docs/analytics.md): stored days from analytics_days plus today counted live.
    const analytics: Array<[string, AnalyticsPeriod, FunnelSplit]> = [
      ["analytics: today", "today", "none"],
      ["analytics: 7 days", "7d", "none"],
      ["analytics: 30 days", "30d", "none"],
      ["analytics: 12 months", "12m", "none"],
      ["analytics: 30 days by source", "30d", "source"],
    ];
    for (const [name, period, split] of analytics) {
      results.push(
        await time(name, async () => {
          const report = await loadAnalyticsReport({ period, split }, new Date(), db);
          return `${report.visitors} visitors, ${report.views} views, ${report.funnel.length} funnel rows`;
        }),
      );
    }

    const pad = (s: string, n: number) => s.padEnd(n);
    console.log(`${pad("query", 32)} ${pad("min ms", 8)} ${pad("p50 ms", 8)} ${pad("p95 ms", 8)} result`);
    for (const r of results) {
      console.log(`${pad(r.name, 32)} ${pad(r.min.toFixed(1), 8)} ${pad(r.p50.toFixed(1), 8)} ${pad(r.p95.toFixed(1), 8)} ${r.note}`);
    }
    console.log(`(load average while timing: ${os.loadavg().map((l) => l.toFixed(1)).join(", ")} on ${os.cpus().length} CPUs)`);

    // The search's filter is served by the one trigram index, as searchMembers runs it.
    for (const query of ["okafor", "helen wright"]) {
      const plan = await db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`);
        return tx.execute<{ "QUERY PLAN": string }>(
          sql`explain analyze select ${profiles.id} from ${profiles} where ${memberSearchCondition(query)} limit 1001`,
        );
      });
      console.log(`\nPlan of the matches for '${query}' (searchMembers' first step):`);
      for (const row of plan.rows) console.log(`  ${row["QUERY PLAN"]}`);
    }
    // And the most common status filter's page, which walks the payments newest first.
    const salesPlan = await db.execute<{ "QUERY PLAN": string }>(sql`explain analyze select p.id from purchases p
      left join subscriptions s on s.provider_subscription_id = p.subscription_id
      where p.duplicate_of_subscription_id is null and p.status = 'paid' and s.plan_completed_at is null
        and s.status not in ('canceled', 'incomplete_expired', 'past_due', 'unpaid') and not s.cancel_at_period_end
      order by p.purchased_at desc, p.id desc limit 51`);
    console.log("\nPlan of the Sales tab's 'Active' page:");
    for (const row of salesPlan.rows) console.log(`  ${row["QUERY PLAN"]}`);

    // The Analytics tab's live part: today's raw rows added up by the rollup's own query.
    const today = utcDay(new Date());
    await printPlan(db, `Plan of today's live figures (dailyFiguresQuery(${today}, ${today}, offerPages()))`, dailyFiguresQuery(today, today, offerPages()));
    // For a period over its goal, which of its queries costs most, each timed alone, and its plan.
    const planned = new Set<string>();
    for (const [name, period, split] of analytics) {
      const result = results.find((r) => r.name === name);
      if (!result || result.p95 <= ANALYTICS_GOAL_MS) continue;
      const queries = await underlyingQueries(db, (q) => loadAnalyticsReport({ period, split }, new Date(), q));
      console.log(`\n'${name}' p95 ${result.p95.toFixed(1)} ms is over ${ANALYTICS_GOAL_MS} ms; its ${queries.length} queries, each alone (best of 2):`);
      for (const query of queries) console.log(`  ${pad(query.ms.toFixed(1), 8)} ms  ${query.text.slice(0, 150)}`);
      const slowest = queries[0];
      if (slowest && !planned.has(slowest.text)) {
        planned.add(slowest.text);
        await printPlan(db, `Plan of the slowest query of '${name}'`, slowest.query);
      }
    }

    // A page number typed into the address counts from the top; the dashboard's own links page by key.
    const worst = (prefixes: string[]) =>
      Math.max(...results.filter((r) => prefixes.some((p) => r.name.startsWith(p)) && !r.name.endsWith("(typed)")).map((r) => r.p95));
    const goals = [
      { name: "search", p95: worst(["search", "list"]), goal: 20 },
      { name: "stats", p95: worst(["stats"]), goal: 30 },
      { name: "chart", p95: worst(["chart"]), goal: 50 },
      { name: "Sales / Subscribers", p95: worst(["sales", "subscribers"]), goal: 50 },
      { name: "Analytics", p95: worst(["analytics"]), goal: ANALYTICS_GOAL_MS },
    ];
    console.log("");
    for (const g of goals) console.log(`Worst ${g.name} p95 ${g.p95.toFixed(1)} ms (goal ≤ ${g.goal} ms${g.p95 <= g.goal ? ", met" : ", not met"})`);
    if (!(serverUrl && members >= 1_000_000 && views >= 1_000_000)) console.log("The goals are set for 1,000,000 members and page views on PostgreSQL.");
  } finally {
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
