import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import * as usersServer from "~/server/admin/users.server";
import { loadStats, loadWeeklyChart } from "~/server/admin/stats.server";
import { loadSales } from "~/server/admin/sales.server";
import { loadSubscribers } from "~/server/admin/subscribers.server";
import { memberSearchCondition, searchMembers } from "~/server/admin/users.server";
import { adminActivityLog, loginHistory, profiles, purchases, subscriptions, userRoles, users } from "~/server/db/schema";
import { setupTestDatabase } from "../support/db";
import { createLoginHistory, createPurchase, createUser } from "../../scripts/factories";
import { loader as layoutLoader } from "~/routes/admin/layout";
import { answer, getRequest, routeArgs, setupAuthEnvironment } from "../support/auth";
import { openDashboard, signedInMember } from "../support/admin-fixtures";

// What the dashboard shows (docs/product.md §10.2, §14.3): the four
// figures, the weekly chart, and the Users tab's search and paging, done in the database.

vi.mock("~/server/admin/users.server", async (importOriginal) => {
  const actual = await importOriginal<typeof usersServer>();
  return { ...actual, searchMembers: vi.fn(actual.searchMembers) };
});

const t = setupTestDatabase();
setupAuthEnvironment();

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

async function clearMembers() {
  await t.db.delete(adminActivityLog);
  await t.db.delete(purchases);
  await t.db.delete(users);
}

describe("the stat cards", () => {
  it("count members, new this week, distinct active members in 30 days (docs/product.md §10.2) and admins", async () => {
    await clearMembers();
    const recent = await Promise.all([1, 3, 6].map((d) => createUser(t.db, { createdAt: daysAgo(d) })));
    const old = await Promise.all([8, 40].map((d) => createUser(t.db, { createdAt: daysAgo(d), admin: d === 40 })));
    // Two logins of one member count once; a login 31 days ago does not count.
    await createLoginHistory(t.db, recent[0]!.user.id, { count: 2, since: daysAgo(29), until: daysAgo(1) });
    await createLoginHistory(t.db, old[0]!.user.id, { count: 1, since: daysAgo(10), until: daysAgo(9) });
    await createLoginHistory(t.db, old[1]!.user.id, { count: 3, since: daysAgo(60), until: daysAgo(31) });

    expect(await loadStats(t.db)).toEqual({ totalUsers: 5, totalIsEstimate: false, newThisWeek: 3, activeUsers: 2, administrators: 1 });

    // The page shows the same, and signing in makes the admin active (and a member, a sixth).
    const admin = await signedInMember(t.db, { admin: true, createdAt: daysAgo(100) });
    const page = await openDashboard("/settings/admin", admin.jar);
    expect(page.data.stats).toEqual({ totalUsers: 6, totalIsEstimate: false, newThisWeek: 3, activeUsers: 3, administrators: 2 });
    expect(page.data.tab).toBe("users");
    // The Emails tab sends her test emails to her own address.
    expect((await openDashboard("/settings/admin/emails", admin.jar)).data.adminEmail).toBe(admin.user.email);
  });
});

describe("the weekly chart", () => {
  it("has 12 weeks starting on Mondays, sign-ups per week, and revenue net of refunds", async () => {
    await clearMembers();
    const member = await createUser(t.db, { createdAt: new Date() });
    await createUser(t.db, { createdAt: new Date() });
    await createUser(t.db, { createdAt: daysAgo(200) }); // before the chart
    await createPurchase(t.db, member.user.id, { amountCents: 30000, purchasedAt: new Date() });
    await createPurchase(t.db, member.user.id, { amountCents: 47700, refundedAmountCents: 47700, status: "refunded", purchasedAt: new Date() });
    await createPurchase(t.db, member.user.id, { amountCents: 2000, refundedAmountCents: 500, status: "partially_refunded", purchasedAt: new Date() });
    await createPurchase(t.db, member.user.id, { amountCents: 99900, purchasedAt: daysAgo(120) }); // before the chart

    const points = await loadWeeklyChart(t.db);
    expect(points).toHaveLength(12);
    for (const point of points) expect(new Date(`${point.weekStart}T12:00:00Z`).getUTCDay()).toBe(1);
    const weeks = points.map((p) => p.weekStart);
    expect([...weeks].sort()).toEqual(weeks);
    const thisWeek = points[11]!;
    expect(thisWeek).toMatchObject({ signups: 2, revenuePence: 30000 + 1500 });
    expect(points.slice(0, 11).reduce((sum, p) => sum + p.signups + p.revenuePence, 0)).toBe(0);
  });
});

describe("the chart's figures kept as rows change", () => {
  /** Every day's figures counted from the rows themselves, as the chart once did on every view. */
  async function countedByDay() {
    const result = await t.db.execute<{ day: string; signups: number; revenue: number; logins: number }>(sql`
      select day::text, sum(signups)::int as signups, sum(revenue)::bigint as revenue, sum(logins)::int as logins from (
        select (created_at at time zone 'Europe/London')::date as day, count(*) as signups, 0 as revenue, 0 as logins from profiles group by 1
        union all
        select (last_login_at at time zone 'Europe/London')::date, 0, 0, count(*) from profiles where last_login_at is not null group by 1
        union all
        select (purchased_at at time zone 'Europe/London')::date, 0, sum(amount_cents - refunded_amount_cents), 0
        from purchases where lower(currency) = 'gbp' group by 1
      ) x group by day having sum(signups) <> 0 or sum(revenue) <> 0 or sum(logins) <> 0 order by day`);
    return result.rows.map((r) => ({ day: r.day, signups: Number(r.signups), revenue: Number(r.revenue), logins: Number(r.logins) }));
  }

  async function kept() {
    const result = await t.db.execute<{ day: string; signups: number; revenue: number; logins: number }>(
      sql`select day::text, signups, revenue_pence as revenue, last_logins as logins from daily_figures
          where signups <> 0 or revenue_pence <> 0 or last_logins <> 0 order by day`,
    );
    return result.rows.map((r) => ({ day: r.day, signups: Number(r.signups), revenue: Number(r.revenue), logins: Number(r.logins) }));
  }

  it("stay exactly the counted figures after random sign-ups, payments, refunds, changes and deletions", async () => {
    await clearMembers();
    // A fixed seed: the same 'random' history every run, so a failure can be replayed.
    let seed = 20261129;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const pick = <T,>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    // Moments either side of midnight in London, across a clock change and 12 weeks and more.
    const moment = () => new Date(Date.UTC(2026, 2, 1) + Math.floor(random() * 300) * DAY + pick([0, 1, 23, 23.5, 12]) * 3_600_000);
    const members = [];
    for (let i = 0; i < 30; i += 1) members.push(await createUser(t.db, { createdAt: moment() }));
    const bought: string[] = [];
    for (let i = 0; i < 60; i += 1) {
      const row = await createPurchase(t.db, pick(members).user.id, { amountCents: pick([30000, 47700, 2000, 9967]), purchasedAt: moment(), currency: pick(["gbp", "gbp", "GBP", "eur"]) });
      bought.push(row.id);
    }
    // Refunds in full and in part, a payment moved to another day, one in another currency.
    for (const id of bought.slice(0, 15)) {
      const refund = pick([500, 2000, 100000]);
      await t.db.execute(sql`update purchases set refunded_amount_cents = least(amount_cents, ${refund}),
        status = case when amount_cents <= ${refund} then 'refunded' else 'partially_refunded' end where id = ${id}`);
    }
    await t.db.execute(sql`update purchases set purchased_at = purchased_at - interval '3 days' where id = ${bought[20]!}`);
    await t.db.execute(sql`update purchases set currency = 'eur' where id = ${bought[21]!}`);
    // Several rows in one statement, and updates that change no figure (a login, a name).
    await t.db.execute(sql`update purchases set refunded_amount_cents = 0, status = 'paid' where id in (${bought[1]!}, ${bought[2]!})`);
    await t.db.execute(sql`update profiles set first_name = 'Renamed' where user_id = ${members[0]!.user.id}`);
    await t.db.execute(sql`update profiles set created_at = created_at + interval '40 days' where user_id = ${members[1]!.user.id}`);
    // Logins: a first one, later ones (the trigger on login_history moves last_login_at on), one
    // set directly, one cleared, and several members' in one statement.
    for (const member of members.slice(0, 12)) {
      const at = new Date(Date.now() - Math.floor(random() * 40) * DAY - Math.floor(random() * DAY));
      await createLoginHistory(t.db, member.user.id, { count: pick([1, 2]), since: at, until: new Date(at.getTime() + 3_600_000) });
    }
    await t.db.execute(sql`update profiles set last_login_at = now() - interval '29 days 23 hours' where user_id = ${members[12]!.user.id}`);
    await t.db.execute(sql`update profiles set last_login_at = null where user_id = ${members[0]!.user.id}`);
    await t.db.execute(sql`update profiles set last_login_at = now() - interval '2 hours' where user_id in (${members[13]!.user.id}, ${members[14]!.user.id})`);
    // Deletions: payments, and members (their profiles go with them; purchases are kept).
    await t.db.execute(sql`delete from purchases where id in (${bought[30]!}, ${bought[31]!}, ${bought[32]!})`);
    for (const member of members.slice(25)) await t.db.delete(users).where(sql`${users.id} = ${member.user.id}`);

    expect(await kept()).toEqual(await countedByDay());
    expect((await kept()).length).toBeGreaterThan(20);
    // The cards read them: the same as counting the rows of their windows.
    const counted = await t.db.execute<{ new_users: number; active: number }>(sql`select
      (select count(*) from profiles where created_at >= now() - interval '7 days')::int as new_users,
      (select count(*) from profiles where last_login_at >= now() - interval '30 days')::int as active`);
    const stats = await loadStats(t.db);
    expect({ newThisWeek: stats.newThisWeek, activeUsers: stats.activeUsers }).toEqual({ newThisWeek: counted.rows[0]!.new_users, activeUsers: counted.rows[0]!.active });
    expect(stats.activeUsers).toBeGreaterThan(3);
  });

  it("the chart's weeks are the kept days summed, this week's last", async () => {
    await clearMembers();
    await createUser(t.db, { createdAt: daysAgo(7) });
    const member = await createUser(t.db, { createdAt: new Date() });
    await createPurchase(t.db, member.user.id, { amountCents: 12345, purchasedAt: daysAgo(14) });
    const points = await loadWeeklyChart(t.db);
    const total = points.reduce((sum, p) => ({ signups: sum.signups + p.signups, revenue: sum.revenue + p.revenuePence }), { signups: 0, revenue: 0 });
    expect(total).toEqual({ signups: 2, revenue: 12345 });
    expect(points[11]!.signups).toBeGreaterThanOrEqual(1);
  });
});

describe("the Sales tab's and Subscribers view's kept totals", () => {
  it("stay exactly what counting gives after payments, refunds, duplicates, offers changed, deletions and sign-ups", async () => {
    await clearMembers();
    await t.db.execute(sql`delete from email_subscribers`);
    const member = await createUser(t.db);
    const keys = ["learn-to-lift", "build-stronger-foundations", "stronger-with-jo"];
    const ids: string[] = [];
    for (let i = 0; i < 24; i += 1) {
      ids.push((await createPurchase(t.db, member.user.id, { productKey: keys[i % 3]!, amountCents: 1000 + i * 7 })).id);
    }
    await t.db.execute(sql`update purchases set refunded_amount_cents = 300, status = 'partially_refunded' where id in (${ids[0]!}, ${ids[4]!})`);
    await t.db.execute(sql`update purchases set duplicate_of_subscription_id = 'sub_kept' where id = ${ids[5]!}`);
    await t.db.execute(sql`update purchases set product_key = 'learn-to-lift' where id = ${ids[7]!}`);
    await t.db.execute(sql`update purchases set payment_intent_id = 'pi_changes_nothing' where id = ${ids[8]!}`);
    await t.db.execute(sql`delete from purchases where id in (${ids[9]!}, ${ids[10]!})`);
    await t.db.execute(sql`insert into email_subscribers (email, first_name, form, status, unsubscribe_token)
      select 'kept-' || g || '@example.org', 'Kept', 'newsletter', 'confirmed', 'kept-token-' || g from generate_series(1, 40) g`);
    await t.db.execute(sql`delete from email_subscribers where email in ('kept-1@example.org', 'kept-2@example.org')`);

    for (const product of ["", ...keys]) {
      const counted = await t.db.execute<{ count: number; net: number }>(sql`select count(*)::int as count, coalesce(sum(amount_cents - refunded_amount_cents), 0)::int as net
        from purchases where duplicate_of_subscription_id is null ${product ? sql`and product_key = ${product}` : sql``}`);
      const page = await loadSales(t.db, { product, status: "", page: 1 });
      expect(page.totals, product || "all").toEqual({ count: counted.rows[0]!.count, netPence: counted.rows[0]!.net });
    }
    expect((await loadSales(t.db, { product: "", status: "", page: 1 })).totals.count).toBe(21);
    expect((await loadSubscribers(t.db, { query: "", page: 1 })).count).toBe(38);
  });
});

describe("the Sales tab's totals per status", () => {
  // The rule the Sales tab shows (docs/product.md §10.11), counted here row by row to hold the
  // kept totals to it.
  const countedByStatus = async (product: string, status: string) => {
    const counted = await t.db.execute<{ count: number; net: number }>(sql`
      select count(*)::int as count, coalesce(sum(p.amount_cents - p.refunded_amount_cents), 0)::int as net
      from purchases p left join subscriptions s on s.provider_subscription_id = p.subscription_id
      where p.duplicate_of_subscription_id is null ${product ? sql`and p.product_key = ${product}` : sql``}
        and (case
          when p.status = 'refunded' then 'refunded'
          when p.status = 'partially_refunded' then 'partly_refunded'
          when s.id is null or s.plan_completed_at is not null then 'paid'
          when s.status in ('canceled', 'incomplete_expired') then 'ended'
          when s.status in ('past_due', 'unpaid') then 'past_due'
          when s.cancel_at_period_end then 'cancelling'
          else 'active' end) = ${status}`);
    return { count: counted.rows[0]!.count, netPence: counted.rows[0]!.net };
  };
  const STATUSES = ["paid", "active", "cancelling", "past_due", "ended", "partly_refunded", "refunded"] as const;
  const keys = ["learn-to-lift", "build-stronger-foundations", "stronger-with-jo"];

  async function expectExact(label: string) {
    for (const product of ["", ...keys]) {
      for (const status of STATUSES) {
        const page = await loadSales(t.db, { product, status, page: 1 });
        expect(page.totals, `${label}: ${product || "all"} ${status}`).toEqual(await countedByStatus(product, status));
        // And the page lists what the totals count (a page holds 50; these views are smaller).
        expect(page.rows.length, `${label}: ${product || "all"} ${status} rows`).toBe(Math.min(page.totals.count, 50));
      }
    }
  }

  const subscription = (id: string, userId: string, productKey: string, fields: Partial<typeof subscriptions.$inferInsert> = {}) =>
    t.db.insert(subscriptions).values({
      userId,
      provider: "test",
      providerSubscriptionId: id,
      productKey,
      productName: productKey,
      status: "active",
      stateAt: new Date(),
      ...fields,
    });

  it("stay exactly what counting gives as payments, refunds and their subscriptions' states change", async () => {
    await clearMembers();
    await t.db.delete(subscriptions);
    const member = await createUser(t.db);
    const uid = member.user.id;
    // Monthly payments of five subscriptions, one-off payments, and a renewal recorded before its
    // subscription's row arrives.
    await subscription("sub_a", uid, "build-stronger-foundations");
    await subscription("sub_b", uid, "stronger-with-jo", { cancelAtPeriodEnd: true });
    await subscription("sub_c", uid, "build-stronger-foundations", { status: "past_due" });
    await subscription("sub_plan", uid, "learn-to-lift", { instalments: 3, planTotalCents: 30000 });
    const ids: string[] = [];
    const pay = async (productKey: string, subscriptionId: string | null, amountCents: number) =>
      ids.push((await createPurchase(t.db, uid, { productKey, subscriptionId, amountCents })).id);
    for (let i = 0; i < 3; i += 1) await pay("build-stronger-foundations", "sub_a", 2000 + i);
    for (let i = 0; i < 2; i += 1) await pay("stronger-with-jo", "sub_b", 47700 + i);
    await pay("build-stronger-foundations", "sub_c", 2000);
    for (let i = 0; i < 2; i += 1) await pay("learn-to-lift", "sub_plan", 10000);
    await pay("learn-to-lift", null, 30000);
    await pay("learn-to-lift", null, 31500);
    await pay("build-stronger-foundations", "sub_late", 2000);
    await expectExact("recorded");

    // Its subscription arrives; states change; the plan is paid off; refunds; a duplicate; a
    // payment moved to another subscription; a subscription and a payment deleted.
    await subscription("sub_late", uid, "build-stronger-foundations", { status: "past_due" });
    await expectExact("late subscription");
    await t.db.execute(sql`update subscriptions set status = 'canceled' where provider_subscription_id = 'sub_c'`);
    await t.db.execute(sql`update subscriptions set cancel_at_period_end = false where provider_subscription_id = 'sub_b'`);
    await t.db.execute(sql`update subscriptions set current_period_end = now() where provider_subscription_id = 'sub_a'`);
    await pay("learn-to-lift", "sub_plan", 10000);
    await t.db.execute(sql`update subscriptions set plan_completed_at = now(), status = 'canceled' where provider_subscription_id = 'sub_plan'`);
    await expectExact("states");
    await t.db.execute(sql`update purchases set refunded_amount_cents = 500, status = 'partially_refunded' where id = ${ids[0]!}`);
    await t.db.execute(sql`update purchases set refunded_amount_cents = amount_cents, status = 'refunded' where id = ${ids[3]!}`);
    await t.db.execute(sql`update purchases set duplicate_of_subscription_id = 'sub_a' where id = ${ids[1]!}`);
    await t.db.execute(sql`update purchases set subscription_id = 'sub_b' where id = ${ids[2]!}`);
    await t.db.execute(sql`update subscriptions set provider_subscription_id = 'sub_b2' where provider_subscription_id = 'sub_b'`);
    await t.db.execute(sql`delete from subscriptions where provider_subscription_id = 'sub_late'`);
    await t.db.execute(sql`delete from purchases where id = ${ids[8]!}`);
    await expectExact("refunds and deletions");
    // Many rows in one statement each way.
    await t.db.execute(sql`update subscriptions set status = 'unpaid'`);
    await t.db.execute(sql`update purchases set amount_cents = amount_cents + 1`);
    await expectExact("whole tables");
  });

  it("take a bounded number of locks for a statement over thousands of subscriptions", async () => {
    await clearMembers();
    await t.db.delete(subscriptions);
    const member = await createUser(t.db);
    // More distinct subscriptions in one statement than PostgreSQL's lock table holds by default
    // (64 per connection): one lock each would fail with 'out of shared memory'.
    await t.db.execute(sql`insert into purchases (user_id, product_key, product_name, stripe_session_id, amount_cents, currency, subscription_id)
      select ${member.user.id}, 'build-stronger-foundations', 'Build Stronger Foundations', 'cs_many_' || g, 2000, 'gbp', 'sub_many_' || g
      from generate_series(1, 10000) g`);
    await t.db.execute(sql`insert into subscriptions (user_id, provider, provider_subscription_id, product_key, product_name, status, state_at)
      select ${member.user.id}, 'test', 'sub_many_' || g, 'build-stronger-foundations', 'Build Stronger Foundations',
        (array['active', 'past_due', 'canceled'])[1 + g % 3], now()
      from generate_series(1, 10000) g`);
    await t.db.execute(sql`update subscriptions set cancel_at_period_end = true where status = 'active'`);
    await expectExact("ten thousand");
  });

  it("stay exact when a payment and its subscription's change are committed at the same moment", async () => {
    await clearMembers();
    await t.db.delete(subscriptions);
    const member = await createUser(t.db);
    await subscription("sub_race", member.user.id, "build-stronger-foundations");
    await createPurchase(t.db, member.user.id, { productKey: "build-stronger-foundations", subscriptionId: "sub_race", amountCents: 2000 });
    // A renewal recorded while, in another transaction, the subscription ends: whichever order
    // they commit in, neither misses the other.
    let paid!: () => void;
    const paymentWritten = new Promise<void>((resolve) => (paid = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // (Recorded without a member, so that no other row they both write orders them by chance.)
    const renewal = t.db.transaction(async (tx) => {
      await createPurchase(tx, null, { productKey: "build-stronger-foundations", subscriptionId: "sub_race", amountCents: 2000 });
      paid();
      await held;
    });
    await paymentWritten;
    let ended = false;
    const ending = t.db.execute(sql`update subscriptions set status = 'canceled' where provider_subscription_id = 'sub_race'`).then(() => (ended = true));
    // The renewal commits only once the ending has either finished or is waiting for it.
    const waiting = async () => {
      const found = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity
        where wait_event_type = 'Lock' and query like '%sub_race%' and datname = current_database()`);
      return found.rows[0]!.n > 0;
    };
    while (!ended && !(await waiting())) await new Promise((resolve) => setImmediate(resolve));
    release();
    await Promise.all([renewal, ending]);
    await expectExact("at the same moment");
    expect((await loadSales(t.db, { product: "", status: "ended", page: 1 })).totals.count).toBe(2);
  });
});

describe("the Users tab's search", () => {
  it("matches email, first and last name, ignoring case, newest first", async () => {
    await clearMembers();
    const sarah = await createUser(t.db, { firstName: "Sarah", lastName: "Whitlock", email: "s.w@example.org", createdAt: daysAgo(5) });
    const claire = await createUser(t.db, { firstName: "Claire", lastName: "SARAHSON", email: "claire@example.net", createdAt: daysAgo(3) });
    const byEmail = await createUser(t.db, { firstName: "Kate", lastName: null, email: "kate.sarahfan@example.com", createdAt: daysAgo(1) });
    await createUser(t.db, { firstName: "Lucy", lastName: "Brown", email: "lucy@example.com" });

    const found = await searchMembers(t.db, { query: "sArAh", page: 1 });
    expect(found.members.map((m) => m.userId)).toEqual([byEmail.user.id, claire.user.id, sarah.user.id]);
    expect(found.matches).toEqual({ count: 3, capped: false });
    expect((await searchMembers(t.db, { query: "WHITLOCK", page: 1 })).members.map((m) => m.email)).toEqual(["s.w@example.org"]);
    expect((await searchMembers(t.db, { query: "example.net", page: 1 })).members.map((m) => m.firstName)).toEqual(["Claire"]);
    // Each word must match somewhere: a full name finds her.
    expect((await searchMembers(t.db, { query: "sarah whit", page: 1 })).members.map((m) => m.firstName)).toEqual(["Sarah"]);
    // LIKE's wildcards are matched literally.
    expect((await searchMembers(t.db, { query: "%", page: 1 })).members).toEqual([]);
    expect((await searchMembers(t.db, { query: "s_w", page: 1 })).members).toEqual([]);
    expect((await searchMembers(t.db, { query: "nobody-at-all", page: 1 })).members).toEqual([]);
  });

  it("pages by 25 through the URL, with previous and next", async () => {
    await clearMembers();
    const admin = await signedInMember(t.db, { admin: true, lastName: "Admin", createdAt: daysAgo(400) });
    const made = [];
    for (let i = 0; i < 30; i++) made.push(await createUser(t.db, { lastName: "Pagewell", createdAt: new Date(Date.now() - i * 60_000) }));
    const first = await openDashboard("/settings/admin?q=PAGEWELL", admin.jar);
    const page1 = first.data.users!;
    expect(page1).toMatchObject({ page: 1, hasPrevious: false, hasNext: true, query: "PAGEWELL", matches: { count: 30, capped: false } });
    expect(page1.members.map((m) => m.userId)).toEqual(made.slice(0, 25).map((m) => m.user.id));
    const page2 = (await openDashboard("/settings/admin?q=PAGEWELL&page=2", admin.jar)).data.users!;
    expect(page2).toMatchObject({ page: 2, hasPrevious: true, hasNext: false });
    expect(page2.members.map((m) => m.userId)).toEqual(made.slice(25).map((m) => m.user.id));

    // No query: everyone, newest first; the admin (oldest) is last and marked.
    const all = (await openDashboard("/settings/admin?page=2", admin.jar)).data.users!;
    expect(all.members.at(-1)).toMatchObject({ userId: admin.user.id, isAdmin: true });
    expect(all.matches).toBeNull();
    // Nonsense in the URL is brought within bounds.
    expect((await openDashboard("/settings/admin?page=-4&tab=nope", admin.jar)).data).toMatchObject({ tab: "users", search: { page: 1 } });
  });

  it("answers every word from the one trigram index (the query shape the planner can serve from it)", async () => {
    const where = memberSearchCondition("sarah whitlock");
    // Tiny tables are read whole; with sequential scans priced out, the index must serve it.
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute<{ "QUERY PLAN": string }>(sql`explain select 1 from ${profiles} where ${where}`);
      return result.rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("Bitmap Index Scan on profiles_search_trgm_idx");
    expect(plan.match(/Index Scan/g)).toHaveLength(1);
  });

  it("never matches a word across her email, first and last name", async () => {
    await clearMembers();
    await createUser(t.db, { firstName: "Sarah", lastName: "Whitlock", email: "s.w@example.org" });
    for (const query of ["orgsarah", "org sarahwhit", "sarahwhitlock", "ahwh"]) {
      expect((await searchMembers(t.db, { query, page: 1 })).members, query).toEqual([]);
    }
    expect((await searchMembers(t.db, { query: "org sarah whitlock", page: 1 })).members).toHaveLength(1);
  });

  it("shows 'Failed to load users' when the list cannot be read, and still the rest of the page", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    vi.mocked(usersServer.searchMembers).mockRejectedValueOnce(new Error("database away"));
    const page = await openDashboard("/settings/admin", admin.jar);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ tab: "users", users: null });
    expect(page.data.stats).not.toBeNull();
  });
});

describe("roles and logins of deleted members", () => {
  it("are not counted once the member is gone", async () => {
    await clearMembers();
    const member = await createUser(t.db, { admin: true });
    await createLoginHistory(t.db, member.user.id, { count: 1, since: daysAgo(2), until: daysAgo(1) });
    expect(await loadStats(t.db)).toMatchObject({ totalUsers: 1, activeUsers: 1, administrators: 1 });
    await t.db.delete(users);
    expect(await t.db.select().from(loginHistory)).toEqual([]);
    expect(await t.db.select().from(userRoles)).toEqual([]);
    expect(await loadStats(t.db)).toEqual({ totalUsers: 0, totalIsEstimate: false, newThisWeek: 0, activeUsers: 0, administrators: 0 });
  });
});

describe("the dashboard's addresses (docs/product.md §10.1)", () => {
  it("opens the Users tab at /settings/admin, and leads the one-page dashboard's ?tab= addresses to their tabs", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const at = (path: string) => answer(() => layoutLoader(routeArgs(getRequest(path, { jar: admin.jar }))));
    expect(await at("/settings/admin")).toMatchObject({ status: 302, location: "/settings/admin/users" });
    expect(await at("/settings/admin?q=sarah&page=2")).toMatchObject({ status: 302, location: "/settings/admin/users?q=sarah&page=2" });
    expect(await at("/settings/admin?tab=sales&product=learn-to-lift&status=paid")).toMatchObject({
      status: 301,
      location: "/settings/admin/sales?product=learn-to-lift&status=paid",
    });
    expect(await at("/settings/admin?tab=courses")).toMatchObject({ status: 301, location: "/settings/admin/courses" });
    // An unknown tab is the Users tab.
    expect(await at("/settings/admin?tab=nope")).toMatchObject({ status: 301, location: "/settings/admin/users" });
    // A tab's own address is the page itself.
    expect(await at("/settings/admin/sales")).toMatchObject({ status: 200 });
  });
});
