import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as promotionsAction } from "~/routes/admin/promotions";
import { loader as learnToLiftCheckoutLoader, action as learnToLiftCheckoutAction } from "~/routes/offers/learn-to-lift-checkout";
import { adminActivityLog, checkoutSessions, emailMessages, paymentCustomers, promotions, promotionUses, purchases } from "~/server/db/schema";
import { startCheckout } from "~/server/payments/checkout.server";
import { expireSession } from "~/server/payments/checkout-sessions.server";
import { getPaymentProvider } from "~/server/payments/registry.server";
import { listPromotions } from "~/server/payments/promotions.server";
import { loadSales, salesCsvChunks } from "~/server/admin/sales.server";
import { PROMOTION_REFUSALS, PROMOTIONS_MESSAGES } from "~/validation/promotions";
import { answer, type CookieJar, getRequest, routeArgs, setupAuthEnvironment, TEST_ORIGIN } from "../support/auth";
import { openDashboard, signedInMember } from "../support/admin-fixtures";
import { setupTestDatabase } from "../support/db";
import { advanceTestSubscription, payTestSession, useProvider, type ProviderName } from "../support/payment-providers";
import { createUser } from "../../scripts/factories";

// Promotion codes (docs/product.md §8.9): the coach makes them on the Promotions tab; a visitor
// applies one on a checkout page (or by a link with ?code=) and sees the reduced price; the
// provider charges it (the test checkout the reduced amount, Stripe through a promotion code on a
// coupon the site creates); the purchase, receipt, Payment History and the Sales tab and its CSV
// carry the code and the discount; a code's limit holds under parallel checkouts. Each rule with
// the built-in test checkout and with Stripe (the real SDK against the local stand-in).

const t = setupTestDatabase();
setupAuthEnvironment();

const LIFT = "learn-to-lift";
const FOUNDATIONS = "build-stronger-foundations";
let codeCounter = 0;
const freshCode = (stem = "SPRING") => `${stem}${Date.now().toString(36).toUpperCase()}${(codeCounter += 1)}`;
const sessionIdOf = (url: string) => url.split("/").pop()!;

/** POST the Promotions tab's form as the browser does (appliesTo once per ticked offer). */
function postPromotions(jar: CookieJar, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(key, v);
  const request = new Request(`${TEST_ORIGIN}/settings/admin/promotions`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: TEST_ORIGIN, cookie: jar.header() },
    body,
  });
  return answer<{ ok: false; field: string | null; message: string }>(() => promotionsAction(routeArgs(request)));
}

async function admin() {
  return signedInMember(t.db, { admin: true, emailVerified: true });
}

async function createCode(jar: CookieJar, fields: Record<string, string | string[]>) {
  const result = await postPromotions(jar, { intent: "create-promotion", ...fields });
  expect(result.status, JSON.stringify(result.data)).toBe(303);
  const [row] = await t.db.select().from(promotions).where(eq(promotions.code, String(fields.code).toUpperCase()));
  return row!;
}

describe("the Promotions tab's form", () => {
  it("saves a code in capitals, logs it, and shows it with no uses yet", async () => {
    const { jar, user } = await admin();
    const code = freshCode();
    const row = await createCode(jar, { code: code.toLowerCase(), percentOff: "10", appliesTo: [LIFT], limit: "5", expires: "2099-03-31" });
    expect(row).toMatchObject({ code, percentOff: 10, amountOffPence: null, productKeys: [LIFT], maxUses: 5, active: true, duration: "once" });
    // The end of 31 March 2099 in the UK (British Summer Time then: 22:59:59.999 UTC).
    expect(row.expiresAt?.toISOString()).toBe("2099-03-31T22:59:59.999Z");
    const [logged] = await t.db.select().from(adminActivityLog).where(and(eq(adminActivityLog.adminId, user.id), eq(adminActivityLog.actionType, "create_promotion")));
    expect(logged?.details).toMatchObject({ code });
    const page = await openDashboard("/settings/admin/promotions", jar);
    expect(page.data?.promotions?.promotions.find((p) => p.code === code)).toMatchObject({ uses: 0, revenuePence: 0, maxUses: 5 });
  });

  it("refuses, with the message next to its field and nothing saved: a taken code (any case), both discounts, neither, a bad code, no offer, an amount above a price", async () => {
    const { jar } = await admin();
    const code = freshCode();
    await createCode(jar, { code, percentOff: "10", appliesTo: [LIFT] });
    const cases: [Record<string, string | string[]>, string, string][] = [
      [{ code: code.toLowerCase(), percentOff: "20", appliesTo: [LIFT] }, "code", PROMOTIONS_MESSAGES.codeTaken],
      [{ code: freshCode(), percentOff: "10", amountOff: "5", appliesTo: [LIFT] }, "amountOff", PROMOTIONS_MESSAGES.discountBoth],
      [{ code: freshCode(), appliesTo: [LIFT] }, "percentOff", PROMOTIONS_MESSAGES.discountMissing],
      [{ code: "NO SPACES!", percentOff: "10", appliesTo: [LIFT] }, "code", PROMOTIONS_MESSAGES.codeFormat],
      [{ code: freshCode(), percentOff: "10" }, "appliesTo", PROMOTIONS_MESSAGES.appliesToRequired],
      [{ code: freshCode(), percentOff: "101", appliesTo: [LIFT] }, "percentOff", PROMOTIONS_MESSAGES.percentRange],
      [{ code: freshCode(), amountOff: "25", appliesTo: [LIFT, FOUNDATIONS] }, "amountOff", PROMOTIONS_MESSAGES.amountTooLarge("Build Stronger Foundations")],
      [{ code: freshCode(), percentOff: "10", appliesTo: ["no-such-offer"] }, "appliesTo", PROMOTIONS_MESSAGES.appliesToUnknown],
      [{ code: freshCode(), percentOff: "10", appliesTo: [LIFT], expires: "2001-01-01" }, "expires", PROMOTIONS_MESSAGES.expiresPast],
      [{ code: freshCode(), percentOff: "10", appliesTo: [FOUNDATIONS], duration: "repeating" }, "durationMonths", PROMOTIONS_MESSAGES.monthsRange],
    ];
    for (const [fields, field, message] of cases) {
      const before = await t.db.select().from(promotions);
      const result = await postPromotions(jar, { intent: "create-promotion", ...fields });
      expect(result.status, JSON.stringify(fields)).toBe(400);
      expect(result.data).toMatchObject({ ok: false, field, message });
      expect(await t.db.select().from(promotions)).toHaveLength(before.length);
    }
  });

  it("is for administrators only: a member's post changes nothing", async () => {
    const member = await signedInMember(t.db);
    const code = freshCode();
    const result = await postPromotions(member.jar, { intent: "create-promotion", code, percentOff: "50", appliesTo: [LIFT] });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/");
    expect(await t.db.select().from(promotions).where(eq(promotions.code, code))).toHaveLength(0);
  });
});

for (const name of ["test", "stripe"] as ProviderName[]) {
  describe(`with the ${name === "test" ? "built-in test checkout" : "Stripe provider"}`, () => {
    const provider = useProvider(name, () => t.db);

    it("SPRING10 on Learn to Lift: the page shows £270, the provider charges £270, and every record carries the code", async () => {
      const { jar } = await admin();
      const code = freshCode("SPRINGTEN");
      await createCode(jar, { code, percentOff: "10", appliesTo: [LIFT] });

      // The link fills the code in: the page shows the reduced price and the saving.
      const page = await answer<{ promotion: { firstPaymentPence: number; discountPence: number; code: string } | null; promotionError: string | null }>(() =>
        learnToLiftCheckoutLoader(routeArgs(getRequest(`/learn-to-lift-checkout?code=${code.toLowerCase()}`))),
      );
      expect(page.data).toMatchObject({ promotion: { code, listPence: 30000, discountPence: 3000, firstPaymentPence: 27000 }, promotionError: null });

      const buyer = await signedInMember(t.db, { firstName: "Helen" });
      const started = await answer(() =>
        learnToLiftCheckoutAction(
          routeArgs(
            new Request(`${TEST_ORIGIN}/learn-to-lift-checkout`, {
              method: "POST",
              headers: { "content-type": "application/x-www-form-urlencoded", origin: TEST_ORIGIN, cookie: buyer.jar.header() },
              body: new URLSearchParams({ purchase: LIFT, code: code.toLowerCase() }),
            }),
          ),
        ),
      );
      expect(started.status).toBe(302);
      const sessionId = sessionIdOf(started.location!);
      const [open] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
      expect(open).toMatchObject({ amountCents: 27000, discountCents: 3000, promotionCode: code });
      if (provider.standin) {
        // Stripe gets the code as a promotion code on a coupon the site made, and works out the price itself.
        const [coupon] = provider.standin.requestsTo("POST", "/v1/coupons");
        expect(coupon?.params).toMatchObject({ percent_off: "10", duration: "once", name: code });
        const promo = [...provider.standin.promotionCodes.values()].find((p) => p.code === code)!;
        const [sent] = provider.standin.requestsTo("POST", "/v1/checkout/sessions");
        expect(sent?.params).toMatchObject({ discounts: [{ promotion_code: promo.id }], metadata: { promotionCode: code } });
        expect(provider.standin.sessions.get(sessionId)).toMatchObject({ amount_total: 27000, amount_subtotal: 30000 });
      }

      await provider.pay(sessionId, buyer.user.id);

      const [bought] = await t.db.select().from(purchases).where(eq(purchases.stripeSessionId, sessionId));
      expect(bought).toMatchObject({ amountCents: 27000, promotionCode: code, discountCents: 3000, productKey: LIFT });
      const [use] = await t.db.select().from(promotionUses).where(eq(promotionUses.checkoutSessionId, sessionId));
      expect(use?.status).toBe("used");
      const listed = (await listPromotions(t.db)).find((p) => p.code === code);
      expect(listed).toMatchObject({ uses: 1, revenuePence: 27000 });

      const [receipt] = await t.db
        .select()
        .from(emailMessages)
        .where(and(eq(emailMessages.template, "receipt"), eq(emailMessages.toAddress, buyer.user.email)));
      expect(receipt?.textBody).toContain("£270.00");
      expect(receipt?.textBody).toContain(`${code} (you saved £30.00)`);

      const sales = await loadSales(t.db, { product: LIFT, status: "", page: 1 });
      expect(sales.rows.find((r) => r.transactionId === sessionId)).toMatchObject({ amountPence: 27000, promotionCode: code, discountPence: 3000 });
      let csv = "";
      for await (const chunk of salesCsvChunks(t.db, { product: LIFT, status: "" })) csv += chunk;
      expect(csv.split("\r\n").find((l) => l.includes(sessionId))).toMatch(new RegExp(`,270\\.00,0\\.00,GBP,Paid,,${sessionId},${code},30\\.00$`));
    });

    it("says which way a code does not apply, and starts nothing: unknown, expired, turned off, not for this offer, used up", async () => {
      const { jar } = await admin();
      const { user } = await createUser(t.db);
      const expired = await createCode(jar, { code: freshCode("OLD"), percentOff: "10", appliesTo: [LIFT] });
      await t.db.update(promotions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(promotions.id, expired.id));
      const off = await createCode(jar, { code: freshCode("OFF"), percentOff: "10", appliesTo: [LIFT] });
      expect((await postPromotions(jar, { intent: "turn-off-promotion", promotionId: off.id })).status).toBe(303);
      const foundationsOnly = await createCode(jar, { code: freshCode("FOUND"), percentOff: "10", appliesTo: [FOUNDATIONS] });
      const once = await createCode(jar, { code: freshCode("ONCE"), percentOff: "10", appliesTo: [LIFT], limit: "1" });
      const other = await createUser(t.db);
      const first = (await startCheckout({ user: other.user, productKey: LIFT, promotionCode: once.code })) as { url: string };
      await provider.pay(sessionIdOf(first.url), other.user.id);

      const cases: [string, string][] = [
        ["NOSUCHCODE123", PROMOTION_REFUSALS.unknown],
        [expired.code, PROMOTION_REFUSALS.expired],
        [off.code, PROMOTION_REFUSALS.off],
        [foundationsOnly.code, PROMOTION_REFUSALS.notForOffer("Learn to Lift")],
        [once.code, PROMOTION_REFUSALS.usedUp],
      ];
      for (const [code, message] of cases) {
        const page = await answer<{ promotion: unknown; promotionError: string | null }>(() =>
          learnToLiftCheckoutLoader(routeArgs(getRequest(`/learn-to-lift-checkout?code=${code}`))),
        );
        expect(page.data, code).toMatchObject({ promotion: null, promotionError: message });
        expect(await startCheckout({ user, productKey: LIFT, promotionCode: code })).toEqual({ code: "promotion_refused", error: message });
      }
      expect(await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, user.id))).toHaveLength(0);
    });

    it("a limit of 5 and 20 checkouts at once: exactly 5 discounted purchases", async () => {
      const { jar } = await admin();
      const limited = await createCode(jar, { code: freshCode("LAUNCH"), percentOff: "20", appliesTo: [LIFT], limit: "5" });
      const buyers = await Promise.all(Array.from({ length: 20 }, () => createUser(t.db)));
      const results = await Promise.all(buyers.map(({ user }) => startCheckout({ user, productKey: LIFT, promotionCode: limited.code })));
      const started = results.flatMap((r, i) => ("url" in r ? [{ url: r.url, user: buyers[i]!.user }] : []));
      expect(started).toHaveLength(5);
      expect(results.filter((r) => "code" in r && r.code === "promotion_refused" && r.error === PROMOTION_REFUSALS.usedUp)).toHaveLength(15);
      await Promise.all(started.map(({ url, user }) => provider.pay(sessionIdOf(url), user.id)));
      const discounted = await t.db.select().from(purchases).where(eq(purchases.promotionCode, limited.code));
      expect(discounted).toHaveLength(5);
      expect(discounted.every((p) => p.amountCents === 24000 && p.discountCents === 6000)).toBe(true);
    });

    it("a checkout left to expire gives its use back; a second tab with the same code reuses the open session", async () => {
      const { jar } = await admin();
      const single = await createCode(jar, { code: freshCode("SOLO"), amountOff: "50", appliesTo: [LIFT], limit: "1" });
      const a = await createUser(t.db);
      const b = await createUser(t.db);
      const first = (await startCheckout({ user: a.user, productKey: LIFT, promotionCode: single.code })) as { url: string };
      expect(await startCheckout({ user: a.user, productKey: LIFT, promotionCode: single.code })).toEqual({ url: first.url });
      expect(await startCheckout({ user: b.user, productKey: LIFT, promotionCode: single.code })).toMatchObject({ code: "promotion_refused" });

      const [row] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionIdOf(first.url)));
      await expireSession(await getPaymentProvider(), row!);

      const second = await startCheckout({ user: b.user, productKey: LIFT, promotionCode: single.code });
      expect(second).toMatchObject({ url: expect.any(String) });
      const [opened] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionIdOf((second as { url: string }).url)));
      expect(opened).toMatchObject({ amountCents: 25000, discountCents: 5000 });
    });

    it("turning a code off closes the checkouts already open with it", async () => {
      const { jar } = await admin();
      const promo = await createCode(jar, { code: freshCode("SHUT"), percentOff: "15", appliesTo: [LIFT] });
      const { user } = await createUser(t.db);
      const started = (await startCheckout({ user, productKey: LIFT, promotionCode: promo.code })) as { url: string };
      expect((await postPromotions(jar, { intent: "turn-off-promotion", promotionId: promo.id })).status).toBe(303);
      expect(await provider.sessionStatus(sessionIdOf(started.url))).toBe("expired");
      if (provider.standin) expect([...provider.standin.promotionCodes.values()].find((p) => p.code === promo.code)?.active).toBe(false);
    });
  });
}

describe("a monthly offer's discount for N months (the test checkout)", () => {
  useProvider("test", () => t.db);

  it("3 months at 25% off: the first payment and the next two renewals are discounted, then the full price", async () => {
    const { jar } = await admin();
    const promo = await createCode(jar, { code: freshCode("THREE"), percentOff: "25", appliesTo: [FOUNDATIONS], duration: "repeating", durationMonths: "3" });
    const { user } = await createUser(t.db);
    const started = (await startCheckout({ user, productKey: FOUNDATIONS, promotionCode: promo.code })) as { url: string };
    expect(await payTestSession(sessionIdOf(started.url), user.id)).toMatchObject({ outcome: "paid" });
    const [customer] = await t.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, user.id));
    const [first] = await t.db.select().from(purchases).where(eq(purchases.userId, user.id));
    for (let i = 0; i < 3; i += 1) {
      const [sub] = await t.db.select().from(purchases).where(eq(purchases.stripeSessionId, first!.stripeSessionId));
      expect(await advanceTestSubscription(customer!.customerId, sub!.subscriptionId!)).toBe(true);
    }
    const paid = (await t.db.select().from(purchases).where(eq(purchases.userId, user.id))).sort((a, b) => a.purchasedAt.getTime() - b.purchasedAt.getTime());
    expect(paid.map((p) => [p.amountCents, p.promotionCode])).toEqual([
      [1500, promo.code],
      [1500, promo.code],
      [1500, promo.code],
      [2000, null],
    ]);
  });
});
