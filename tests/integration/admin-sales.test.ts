import { describe, expect, it } from "vitest";
import { loader as salesExportLoader } from "~/routes/admin/sales-export";
import { loadSales, parseSalesFilter, salesCsvChunks, SALES_PAGE_SIZE, type SalesFilter } from "~/server/admin/sales.server";
import { cursorOf } from "~/utils/page-cursor";
import { sql } from "drizzle-orm";
import { searchMembers } from "~/server/admin/users.server";
import { subscriptions } from "~/server/db/schema";
import { setupTestDatabase } from "../support/db";
import { createPurchase, createUser } from "../../scripts/factories";
import { answer, getRequest, routeArgs, setupAuthEnvironment, type CookieJar } from "../support/auth";
import { openDashboard, signedInMember } from "../support/admin-fixtures";

// The Sales tab (docs/product.md §10.11): every payment newest first, with where it stands now,
// filtered by product and status, paged on the server, with the filter's totals and its CSV.
// Each test reads its own products' rows through a fresh database of its own file.

const t = setupTestDatabase();
setupAuthEnvironment();

const DAY = 86_400_000;
const all: SalesFilter = { product: "", status: "", page: 1 };

async function subscription(userId: string, id: string, state: { status: string; cancelAtPeriodEnd?: boolean; periodEnd?: Date }) {
  await t.db.insert(subscriptions).values({
    userId,
    provider: "test",
    providerSubscriptionId: id,
    productKey: "build-stronger-foundations",
    productName: "Build Stronger Foundations",
    status: state.status as "active",
    cancelAtPeriodEnd: state.cancelAtPeriodEnd ?? false,
    currentPeriodEnd: state.periodEnd ?? new Date(Date.now() + 20 * DAY),
    stateAt: new Date(),
  });
}

async function csvOf(filter: Pick<SalesFilter, "product" | "status">): Promise<string> {
  let text = "";
  for await (const chunk of salesCsvChunks(t.db, filter)) text += chunk;
  return text;
}

describe("the Sales tab", () => {
  it("lists every payment newest first with where it stands, and the filter's totals after refunds", async () => {
    const { user } = await createUser(t.db, { firstName: "Margaret", lastName: "Hale" });
    const now = Date.now();
    const lift = await createPurchase(t.db, user.id, { productKey: "learn-to-lift", purchasedAt: new Date(now - 5 * DAY) });
    const refunded = await createPurchase(t.db, user.id, { productKey: "learn-to-lift", purchasedAt: new Date(now - 4 * DAY), status: "refunded", refundedAmountCents: 30000 });
    const active = await createPurchase(t.db, user.id, { productKey: "build-stronger-foundations", purchasedAt: new Date(now - 3 * DAY), subscriptionId: "sub_active" });
    await subscription(user.id, "sub_active", { status: "active" });
    const ends = new Date(now + 10 * DAY);
    const cancelling = await createPurchase(t.db, user.id, { productKey: "build-stronger-foundations", purchasedAt: new Date(now - 2 * DAY), subscriptionId: "sub_cancelling" });
    await subscription(user.id, "sub_cancelling", { status: "active", cancelAtPeriodEnd: true, periodEnd: ends });
    const pastDue = await createPurchase(t.db, user.id, { productKey: "build-stronger-foundations", purchasedAt: new Date(now - DAY), subscriptionId: "sub_past_due" });
    await subscription(user.id, "sub_past_due", { status: "past_due" });
    const ended = await createPurchase(t.db, null, { productKey: "build-stronger-foundations", purchasedAt: new Date(now - 1000), subscriptionId: "sub_ended" });
    await subscription(user.id, "sub_ended", { status: "canceled" });
    // A second subscription refunded at once by the site is not a sale.
    await createPurchase(t.db, user.id, { productKey: "build-stronger-foundations", subscriptionId: "sub_dup", duplicateOfSubscriptionId: "sub_active" });

    const page = await loadSales(t.db, all);
    expect(page.rows.map((r) => [r.id, r.status])).toEqual([
      [ended.id, "ended"],
      [pastDue.id, "past_due"],
      [cancelling.id, "cancelling"],
      [active.id, "active"],
      [refunded.id, "refunded"],
      [lift.id, "paid"],
    ]);
    expect(page.rows[2]!.endsAt).toBe(ends.toISOString());
    expect(page.rows[5]).toMatchObject({ memberName: "Margaret Hale", memberEmail: user.email, productName: "Learn to Lift", amountPence: 30000 });
    expect(page.rows[0]).toMatchObject({ memberName: null, memberEmail: null }); // her account was deleted
    // £300 + £300 − £300 refunded + 4 × £20.
    expect(page.totals).toEqual({ count: 6, netPence: 30000 + 4 * 2000 });

    const lifts = await loadSales(t.db, { ...all, product: "learn-to-lift" });
    expect(lifts.rows.map((r) => r.id)).toEqual([refunded.id, lift.id]);
    expect(lifts.totals).toEqual({ count: 2, netPence: 30000 });
    const cancels = await loadSales(t.db, { ...all, status: "cancelling" });
    expect(cancels.rows.map((r) => r.id)).toEqual([cancelling.id]);
    expect(cancels.totals).toEqual({ count: 1, netPence: 2000 });
  });

  it("the Users tab shows what each member bought, newest first, with where it stands", async () => {
    const { user } = await createUser(t.db, { firstName: "Pauline", lastName: "Okonjo" });
    await createPurchase(t.db, user.id, { productKey: "learn-to-lift", purchasedAt: new Date(Date.now() - 3 * DAY) });
    await createPurchase(t.db, user.id, { productKey: "build-stronger-foundations", purchasedAt: new Date(Date.now() - DAY), subscriptionId: "sub_users_tab" });
    await subscription(user.id, "sub_users_tab", { status: "past_due" });
    const { members } = await searchMembers(t.db, { query: "okonjo", page: 1 });
    expect(members).toHaveLength(1);
    expect(members[0]!.purchases.map((p) => [p.productName, p.amountPence, p.status])).toEqual([
      ["Build Stronger Foundations", 2000, "past_due"],
      ["Learn to Lift", 30000, "paid"],
    ]);
  });

  it("pages fifty at a time on the server", async () => {
    // Partly refunded payments: no other test here makes one, so the filter holds exactly these.
    const { user } = await createUser(t.db);
    const start = Date.now() - 400 * DAY;
    const made = [];
    for (let i = 0; i < SALES_PAGE_SIZE + 3; i++) {
      made.push(await createPurchase(t.db, user.id, { productKey: "learn-to-lift", status: "partially_refunded", refundedAmountCents: 100, purchasedAt: new Date(start + i * 1000) }));
    }
    const filter = { product: "", status: "partly_refunded" as const };
    const first = await loadSales(t.db, { ...filter, page: 1 });
    expect(first.rows).toHaveLength(SALES_PAGE_SIZE);
    expect(first).toMatchObject({ hasNext: true, hasPrevious: false, totals: { count: SALES_PAGE_SIZE + 3, netPence: (SALES_PAGE_SIZE + 3) * 29900 } });
    const second = await loadSales(t.db, { ...filter, page: 2 });
    expect(second).toMatchObject({ hasNext: false, hasPrevious: true });
    // Newest first, every payment once.
    expect([...first.rows, ...second.rows].map((r) => r.id)).toEqual(made.map((p) => p.id).reverse());
  });

  it("pages by key through the 'Older' and 'Newer' links: every payment once, ties on the second included", async () => {
    // Refunded payments, three to a second: the links' cursors must order ties by id.
    const { user } = await createUser(t.db);
    const start = Date.now() - 500 * DAY;
    const made = [];
    for (let i = 0; i < SALES_PAGE_SIZE * 2 + 5; i++) {
      made.push(await createPurchase(t.db, user.id, { productKey: "learn-to-lift", status: "refunded", refundedAmountCents: 30000, purchasedAt: new Date(start + Math.floor(i / 3) * 1000) }));
    }
    const at = (query: string) => loadSales(t.db, parseSalesFilter(new URL(`https://site.test/settings/admin/sales?status=refunded${query}`), ["learn-to-lift"]));
    const first = await at("");
    const older = cursorOf(first.rows.at(-1)!);
    const second = await at(`&page=2&older=${encodeURIComponent(older)}`);
    expect(second).toMatchObject({ hasPrevious: true, hasNext: true, filter: { page: 2 } });
    const third = await at(`&page=3&older=${encodeURIComponent(cursorOf(second.rows.at(-1)!))}`);
    expect(third).toMatchObject({ hasPrevious: true, hasNext: false });
    const listed = [...first.rows, ...second.rows, ...third.rows].map((r) => r.id);
    expect(new Set(listed).size).toBe(listed.length);
    for (const payment of made) expect(listed).toContain(payment.id);
    const expected = await t.db.execute<{ id: string }>(sql`select id from purchases where status = 'refunded' order by purchased_at desc, id desc`);
    expect(listed).toEqual(expected.rows.map((r) => r.id));

    // 'Newer' from the third page is the second; from the second, the top of the list (page 1).
    const backToSecond = await at(`&page=2&newer=${encodeURIComponent(cursorOf(third.rows[0]!))}`);
    expect(backToSecond.rows.map((r) => r.id)).toEqual(second.rows.map((r) => r.id));
    expect(backToSecond).toMatchObject({ hasPrevious: true, hasNext: true, filter: { page: 2 } });
    const backToFirst = await at(`&page=5&newer=${encodeURIComponent(cursorOf(second.rows[0]!))}`);
    expect(backToFirst.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
    expect(backToFirst).toMatchObject({ hasPrevious: false, hasNext: true, filter: { page: 1 } });

    // A cursor the links never make is ignored: the page is counted from the top.
    for (const bad of ["2026-02-30 10:00:00.000000~" + made[0]!.id, "'; drop table purchases; --", `${older}x`, older.replace("~", "~~")]) {
      const typed = await at(`&page=2&older=${encodeURIComponent(bad)}`);
      expect(typed.filter.from ?? null, bad).toBeNull();
      expect(typed.rows.map((r) => r.id), bad).toEqual(second.rows.map((r) => r.id));
    }
  });

  it("exports the filtered list as CSV, with formulas typed into a name kept as text", async () => {
    const { user } = await createUser(t.db, { firstName: "=HYPERLINK(\"http://evil\")", lastName: "Smith" });
    await createPurchase(t.db, user.id, { productKey: "learn-to-lift", purchasedAt: new Date(Date.now() - 1000), stripeSessionId: "cs_test_csv_check" });
    const csv = await csvOf({ product: "learn-to-lift", status: "paid" });
    const lines = csv.replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines[0]).toBe("Date,Member,Email,Product,Amount,Refunded,Currency,Status,Ends,Transaction ID,Promotion code,Discount");
    const line = lines.find((l) => l.includes("cs_test_csv_check"))!;
    expect(line).toContain(`"'=HYPERLINK(""http://evil"") Smith"`);
    expect(line).toContain(`${user.email},Learn to Lift,300.00,0.00,GBP,Paid,,cs_test_csv_check`);
    expect(lines.every((l, i) => i === 0 || l.includes("Learn to Lift"))).toBe(true);
  });

  it("is for administrators only: the tab and the CSV send anybody else home with nothing", async () => {
    const member = await signedInMember(t.db);
    const page = await openDashboard("/settings/admin/sales", member.jar);
    expect(page.status).toBe(302);
    expect(page.location).toBe("/");
    const csv = await answer<string>(() => salesExportLoader(routeArgs(getRequest("/settings/admin/sales.csv", { jar: member.jar as CookieJar }))));
    expect(csv.status).toBe(302);
    expect(csv.location).toBe("/");

    const admin = await signedInMember(t.db, { admin: true, emailVerified: true });
    const opened = await openDashboard("/settings/admin/sales?product=nonsense&status=%3Cscript%3E&page=-4", admin.jar);
    expect(opened.status).toBe(200);
    // Unknown values in the URL are ignored, never an error.
    expect(opened.data!.sales!.filter).toEqual({ product: "", status: "", page: 1 });
    const download = await answer<string>(() => salesExportLoader(routeArgs(getRequest("/settings/admin/sales.csv?status=refunded", { jar: admin.jar }))));
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(download.headers.get("Content-Disposition")).toMatch(/^attachment; filename="sales-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(download.headers.get("Cache-Control")).toBe("no-store");
  });
});
