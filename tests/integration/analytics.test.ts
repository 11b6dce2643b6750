import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { loadServerEnv } from "~/config/env.server";
import { action as pageViewAction } from "~/routes/api/page-view";
import { action as learnToLiftCheckoutAction } from "~/routes/offers/learn-to-lift-checkout";
import { loadAnalyticsReport, analyticsCsv } from "~/server/analytics/report.server";
import { deleteExpired, rollUpEndedDays, sweepAnalytics } from "~/server/analytics/rollup.server";
import { forgetSalts, utcDay } from "~/server/analytics/visitors.server";
import { analyticsDays, analyticsRolledDays, analyticsSalts, checkoutVisitors, funnelEvents, pageViews, purchases } from "~/server/db/schema";
import { localFileStore, writeBackup } from "~/server/ops/backup.server";
import { setupTestDatabase } from "../support/db";
import { answer, routeArgs, setupAuthEnvironment, TEST_ORIGIN } from "../support/auth";
import { signedInMember } from "../support/admin-fixtures";
import { payTestSession } from "../support/payment-providers";
import { makeTempDir } from "../support/processes";

// Counting visits without cookies (docs/analytics.md): one visitor per address and browser per
// UTC day under a salt that is deleted after two days; no count for Global Privacy Control, Do Not
// Track, bots or prefetches; the funnel's money steps from the server; no name, email, address or
// user agent in any analytics table; the salts never in a backup.

const t = setupTestDatabase();
setupAuthEnvironment();
const temp = makeTempDir("sc-analytics-");
afterAll(() => temp.cleanup());

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

function beacon(page: string, { ip = "203.0.113.10", userAgent = CHROME, referrer = "", headers = {} as Record<string, string> } = {}) {
  const request = new Request(`${TEST_ORIGIN}/api/page-view`, {
    method: "POST",
    headers: { "content-type": "text/plain", origin: TEST_ORIGIN, "user-agent": userAgent, ...headers },
    body: JSON.stringify({ page, referrer }),
  });
  return answer(() => pageViewAction(routeArgs(request, ip)));
}

async function clear() {
  for (const table of [pageViews, funnelEvents, checkoutVisitors, analyticsDays, analyticsRolledDays, analyticsSalts]) await t.db.delete(table);
  forgetSalts();
}

beforeEach(clear);

describe("a visitor", () => {
  it("is one visitor for two visits from one address and browser on one day, and two on two days; two days on, that day's salt is gone", async () => {
    const day1 = new Date("2026-11-20T10:00:00Z");
    const day2 = new Date("2026-11-21T09:00:00Z");
    const { recordPageView } = await import("~/server/analytics/record.server");
    const facts = (ip: string, userAgent = CHROME) => ({ headers: new Headers({ "user-agent": userAgent }), ip, site: TEST_ORIGIN, coachSlug: "jo" });
    expect(await recordPageView(t.db, { page: "/", referrer: "" }, facts("203.0.113.20"), day1)).toBe(true);
    expect(await recordPageView(t.db, { page: "/contact", referrer: "" }, facts("203.0.113.20"), new Date(day1.getTime() + 3_600_000))).toBe(true);
    expect(await recordPageView(t.db, { page: "/", referrer: "" }, facts("203.0.113.20"), day2)).toBe(true);
    // Another browser at the same address is someone else.
    expect(await recordPageView(t.db, { page: "/", referrer: "" }, facts("203.0.113.20", IPHONE), day2)).toBe(true);

    const visitors = await t.db.execute<{ day: string; visitors: number; views: number }>(
      sql`select (viewed_at at time zone 'UTC')::date::text as day, count(distinct visitor)::int as visitors, count(*)::int as views from page_views group by 1 order by 1`,
    );
    expect(visitors.rows).toEqual([
      { day: "2026-11-20", visitors: 1, views: 2 },
      { day: "2026-11-21", visitors: 2, views: 2 },
    ]);
    const [first] = await t.db.select().from(pageViews).where(eq(pageViews.path, "/contact"));
    expect(first).toMatchObject({ device: "desktop", browser: "Chrome", country: null });
    expect(first!.viewedAt.getUTCSeconds()).toBe(0);

    // Two days after the first, its salt no longer exists; the day before stays for visits across midnight.
    expect((await t.db.select().from(analyticsSalts)).map((s) => s.day).sort()).toEqual(["2026-11-20", "2026-11-21"]);
    await deleteExpired(t.db, new Date("2026-11-22T00:30:00Z"));
    expect((await t.db.select().from(analyticsSalts)).map((s) => s.day)).toEqual(["2026-11-21"]);
  });

  it("is not counted with Global Privacy Control or Do Not Track, as a bot, as a prefetch, or on a page that is not counted", async () => {
    for (const refused of [
      beacon("/", { headers: { "sec-gpc": "1" } }),
      beacon("/", { headers: { dnt: "1" } }),
      beacon("/", { userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }),
      beacon("/", { headers: { "sec-purpose": "prefetch;prerender" } }),
      beacon("/settings"),
      beacon("/learn/learn-to-lift"),
      beacon("https://elsewhere.example/"),
    ]) {
      expect((await refused).status).toBe(204);
    }
    expect(await t.db.select().from(pageViews)).toEqual([]);
    // A counted one, to show the refusals were not for want of a working beacon; its query keeps only utm_* and ref.
    const counted = await beacon("/learn-to-lift?utm_source=newsletter&utm_campaign=spring&email=jo%40example.com&ref=ig", { referrer: "https://www.instagram.com/p/abc" });
    expect(counted.status).toBe(204);
    expect(counted.headers.get("set-cookie")).toBeNull();
    const [view] = await t.db.select().from(pageViews);
    expect(view).toMatchObject({ path: "/learn-to-lift?utm_source=newsletter&utm_campaign=spring&ref=ig", referrerHost: "instagram.com", utmSource: "newsletter", utmCampaign: "spring", ref: "ig" });
  });

  it("counts at most 120 views a minute from one address, so a script posting in a loop cannot fill the database", async () => {
    const { recordPageView, VIEWS_PER_ADDRESS_PER_MINUTE } = await import("~/server/analytics/record.server");
    const minute = new Date("2026-11-25T10:15:00Z");
    const facts = (ip: string) => ({ headers: new Headers({ "user-agent": CHROME }), ip, site: TEST_ORIGIN, coachSlug: "jo" });
    const counted = [];
    for (let i = 0; i < VIEWS_PER_ADDRESS_PER_MINUTE + 5; i++) counted.push(await recordPageView(t.db, { page: "/", referrer: "" }, facts("203.0.113.77"), minute));
    expect(counted.filter(Boolean)).toHaveLength(VIEWS_PER_ADDRESS_PER_MINUTE);
    // Another address the same minute, and the same address the next minute, are counted.
    expect(await recordPageView(t.db, { page: "/", referrer: "" }, facts("203.0.113.78"), minute)).toBe(true);
    expect(await recordPageView(t.db, { page: "/", referrer: "" }, facts("203.0.113.77"), new Date(minute.getTime() + 60_000))).toBe(true);
    expect(await t.db.select().from(pageViews)).toHaveLength(VIEWS_PER_ADDRESS_PER_MINUTE + 2);
  });

  it("answers bad input with a 4xx and records nothing", async () => {
    const post = (body: string) =>
      answer(() =>
        pageViewAction(
          routeArgs(new Request(`${TEST_ORIGIN}/api/page-view`, { method: "POST", headers: { "content-type": "text/plain", origin: TEST_ORIGIN, "user-agent": CHROME }, body })),
        ),
      );
    expect((await post("not json")).status).toBe(400);
    expect((await post(JSON.stringify({ page: 42 }))).status).toBe(400);
    expect((await post("x".repeat(2000))).status).toBe(413);
    expect(await t.db.select().from(pageViews)).toEqual([]);
  });
});

describe("the funnel", () => {
  it("counts a visitor who opens the offer, starts a checkout and pays, with the amount and nothing personal in any analytics table", async () => {
    const ip = "203.0.113.55";
    await beacon("/", { ip, referrer: "https://www.google.com/" });
    await beacon("/learn-to-lift", { ip });
    await beacon("/learn-to-lift-checkout", { ip });
    const buyer = await signedInMember(t.db, { firstName: "Margaret", lastName: "Funnel" });
    const started = await answer(() =>
      learnToLiftCheckoutAction(
        routeArgs(
          new Request(`${TEST_ORIGIN}/learn-to-lift-checkout`, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded", origin: TEST_ORIGIN, cookie: buyer.jar.header(), "user-agent": CHROME },
            body: new URLSearchParams({ purchase: "learn-to-lift" }),
          }),
          ip,
        ),
      ),
    );
    expect(started.status).toBe(302);
    const sessionId = started.location!.split("/").pop()!;
    expect(await t.db.select().from(checkoutVisitors)).toHaveLength(1);
    await payTestSession(sessionId, buyer.user.id);
    const [purchase] = await t.db.select().from(purchases).where(eq(purchases.stripeSessionId, sessionId));
    expect(purchase?.amountCents).toBe(30000);
    // Paid: the link from the session to her visitor hash is gone.
    expect(await t.db.select().from(checkoutVisitors)).toEqual([]);

    const report = await loadAnalyticsReport({ period: "today", split: "none" });
    expect(report.visitors).toBe(1);
    expect(report.views).toBe(3);
    const lift = report.funnel.find((row) => row.productKey === "learn-to-lift")!;
    expect(lift.steps).toEqual({ visited: 1, offer: 1, checkout: 1, paid: 1 });
    expect(lift.paidPence).toBe(30000);
    expect(report.sources).toEqual([{ label: "google.com", visitors: 1, views: 3 }]);
    expect(report.business.revenueByOffer).toEqual([{ productKey: "learn-to-lift", productName: "Learn to Lift", pence: 30000, payments: 1 }]);
    const bySource = await loadAnalyticsReport({ period: "today", split: "source" });
    expect(bySource.funnel.find((row) => row.productKey === "learn-to-lift")).toMatchObject({ group: "google.com", steps: { visited: 1, offer: 1, checkout: 1, paid: 1 } });
    expect(analyticsCsv(report)).toContain("Funnel,Learn to Lift / Paid,1,,300.00");

    // Nothing personal anywhere in the analytics tables: no name, email, address or user agent.
    const dump = JSON.stringify(
      await Promise.all([pageViews, funnelEvents, checkoutVisitors, analyticsDays, analyticsRolledDays].map((table) => t.db.select().from(table))),
    );
    for (const secret of [buyer.user.email, "Margaret", "Funnel", ip, CHROME, buyer.user.id]) expect(dump).not.toContain(secret);
  });

  it("keeps the day's totals once it has ended, the same as counted live, and deletes raw rows after 90 days", async () => {
    const { recordPageView } = await import("~/server/analytics/record.server");
    const day = new Date("2026-08-01T12:00:00Z");
    const facts = (ip: string) => ({ headers: new Headers({ "user-agent": CHROME }), ip, site: TEST_ORIGIN, coachSlug: "jo" });
    await recordPageView(t.db, { page: "/", referrer: "https://duckduckgo.com/" }, facts("203.0.113.1"), day);
    await recordPageView(t.db, { page: "/meet-jo", referrer: "" }, facts("203.0.113.1"), day);
    await recordPageView(t.db, { page: "/", referrer: "" }, facts("203.0.113.2"), day);
    const now = new Date("2026-08-02T06:00:00Z");
    const live = await loadAnalyticsReport({ period: "7d", split: "none" }, now, t.db);
    expect(await rollUpEndedDays(t.db, now)).toBe(1);
    expect(await rollUpEndedDays(t.db, now)).toBe(0);
    const stored = await loadAnalyticsReport({ period: "7d", split: "none" }, now, t.db);
    expect(stored).toEqual(live);
    expect(stored).toMatchObject({ visitors: 2, views: 3 });
    // Most visitors first, then most views.
    expect(stored.sources).toEqual([
      { label: "duckduckgo.com", visitors: 1, views: 2 },
      { label: "Direct", visitors: 1, views: 1 },
    ]);

    // 91 days later the raw rows are gone and the day's totals remain.
    const later = new Date("2026-11-01T06:00:00Z");
    await sweepAnalytics(t.db, later);
    expect(await t.db.select().from(pageViews)).toEqual([]);
    const [total] = await t.db.select().from(analyticsDays).where(sql`${analyticsDays.day} = '2026-08-01' and ${analyticsDays.dimension} = 'total'`);
    expect(total).toMatchObject({ views: 3, visitors: 2 });
    expect(utcDay(later)).toBe("2026-11-01");
  });
});

describe("a backup", () => {
  it("holds no salt", async () => {
    await beacon("/");
    const [salt] = await t.db.select().from(analyticsSalts);
    expect(salt).toBeDefined();
    const dir = path.join(temp.dir, "backups");
    const env = loadServerEnv({ DATABASE_URL: t.handle.url ?? "", DATA_DIR: path.join(temp.dir, "data") });
    const result = await writeBackup(t.handle, localFileStore(path.join(temp.dir, "uploads")), env, dir);
    expect(result.tables).not.toHaveProperty("analytics_salts");
    expect(result.tables.page_views).toBe(1);
    const archive = fs.readFileSync(result.file);
    const text = result.file.endsWith(".gz") ? (await import("node:zlib")).gunzipSync(archive).toString("utf8") : archive.toString("utf8");
    expect(text).not.toContain(salt!.salt);
    expect(text).not.toContain("analytics_salts");
  });
});
