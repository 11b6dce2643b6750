import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getServerEnv } from "~/config/env.server";
import { checkoutSessions, emailMessages, marketingConsents, profiles, promotions } from "~/server/db/schema";
import { CHECKOUT_REMINDER_TEMPLATE } from "~/server/email/checkout-reminder.server";
import { OFFER_QUIET_MS, queueDueCheckoutReminders, REMIND_AFTER_MS, REMIND_UNTIL_MS } from "~/server/payments/checkout-reminders.server";
import { startCheckout } from "~/server/payments/checkout.server";
import { createTestProvider, setPaymentProvider } from "~/server/payments/registry.server";
import { createPurchase, createUser, findProduct } from "../../scripts/factories";
import { setupTestDatabase } from "../support/db";
import { payTestSession } from "../support/payment-providers";

// A checkout left unpaid (docs/product.md §8.6): one reminder a day later, only to a member who
// agreed to news and offers, with the way back to the same offer; nothing once she has paid, for an
// older attempt than her latest, or a second time for the same offer within 30 days. The sweeps run
// on a clock the test gives them.

const t = setupTestDatabase();
beforeAll(() => setPaymentProvider(createTestProvider()));
afterAll(() => setPaymentProvider(null));

const HOUR = 3_600_000;

async function member(options: { consent: boolean } = { consent: true }) {
  const created = await createUser(t.db, { firstName: "Margaret", lastName: "Hale", emailNotifications: options.consent });
  return created.user;
}

/** She starts paying for the offer (a real checkout session), and the session's start is `at`. */
async function startsCheckout(userId: string, email: string, productKey: string, at: Date) {
  const result = await startCheckout({ user: { id: userId, email }, productKey });
  if (!("url" in result)) throw new Error(result.error);
  const sessionId = result.url.split("/").pop()!;
  await t.db.update(checkoutSessions).set({ createdAt: at }).where(eq(checkoutSessions.id, sessionId));
  return sessionId;
}

async function remindersTo(email: string) {
  return t.db.select().from(emailMessages).where(and(eq(emailMessages.toAddress, email), eq(emailMessages.template, CHECKOUT_REMINDER_TEMPLATE)));
}

describe("the reminder of a checkout left unpaid", () => {
  it("goes once, a day after she started, with the way back to the same offer, however many sweeps run together", async () => {
    const margaret = await member();
    const started = new Date(Date.now() - 2 * HOUR);
    await startsCheckout(margaret.id, margaret.email, "learn-to-lift", started);

    await queueDueCheckoutReminders(t.db, new Date(started.getTime() + REMIND_AFTER_MS - 60_000));
    expect(await remindersTo(margaret.email)).toHaveLength(0);

    const due = new Date(started.getTime() + REMIND_AFTER_MS + 60_000);
    await Promise.all([queueDueCheckoutReminders(t.db, due), queueDueCheckoutReminders(t.db, due), queueDueCheckoutReminders(t.db, due)]);
    await queueDueCheckoutReminders(t.db, new Date(due.getTime() + 2 * HOUR));
    const [reminder, ...more] = await remindersTo(margaret.email);
    expect(more).toHaveLength(0);
    expect(reminder!.subject).toBe("Still thinking about Learn to Lift?");
    const price = `£${(findProduct("learn-to-lift").pricePence / 100).toFixed(2)}`;
    expect(reminder!.textBody).toContain("Hello Margaret,");
    expect(reminder!.textBody).toContain(`started joining Learn to Lift (${price}) but didn't finish`);
    expect(reminder!.textBody).toContain(`${getServerEnv().SITE_ORIGIN}/learn-to-lift-checkout`);
    expect(reminder!.textBody).toContain(`${getServerEnv().SITE_ORIGIN}/settings`);
    expect(reminder!.htmlBody).toContain(`href="${getServerEnv().SITE_ORIGIN}/learn-to-lift-checkout"`);
  });

  it("brings back the promotion code she applied: the link fills it in again", async () => {
    const margaret = await member();
    await t.db.insert(promotions).values({ code: "REMINDME10", percentOff: 10, productKeys: ["learn-to-lift"] }).onConflictDoNothing();
    const started = new Date(Date.now() - 25 * HOUR);
    const result = await startCheckout({ user: { id: margaret.id, email: margaret.email }, productKey: "learn-to-lift", promotionCode: "remindme10" });
    if (!("url" in result)) throw new Error(result.error);
    await t.db.update(checkoutSessions).set({ createdAt: started }).where(eq(checkoutSessions.id, result.url.split("/").pop()!));
    await queueDueCheckoutReminders(t.db, new Date());
    const [reminder] = await remindersTo(margaret.email);
    expect(reminder!.textBody).toContain("with your code REMINDME10 filled in");
    expect(reminder!.htmlBody).toContain(`href="${getServerEnv().SITE_ORIGIN}/learn-to-lift-checkout?code=REMINDME10"`);
  });

  it("says a monthly offer's price by the month", async () => {
    const margaret = await member();
    const started = new Date(Date.now() - 26 * HOUR);
    await startsCheckout(margaret.id, margaret.email, "build-stronger-foundations", started);
    await queueDueCheckoutReminders(t.db, new Date());
    const [reminder] = await remindersTo(margaret.email);
    const price = `£${(findProduct("build-stronger-foundations").pricePence / 100).toFixed(2)}`;
    expect(reminder!.textBody).toContain(`(${price} a month)`);
    expect(reminder!.textBody).toContain("/build-stronger-foundations-checkout");
  });

  it("is not sent to a member who did not agree to news and offers, or who turned them off since", async () => {
    const without = await member({ consent: false });
    const changed = await member();
    await t.db.update(profiles).set({ emailNotifications: false }).where(eq(profiles.userId, changed.id));
    const withdrew = await member();
    await t.db.insert(marketingConsents).values({ userId: withdrew.id, given: false, wording: "Email notifications turned off", source: "settings" });
    const started = new Date(Date.now() - 25 * HOUR);
    for (const m of [without, changed, withdrew]) await startsCheckout(m.id, m.email, "learn-to-lift", started);
    await queueDueCheckoutReminders(t.db, new Date());
    for (const m of [without, changed, withdrew]) expect(await remindersTo(m.email)).toHaveLength(0);
  });

  it("reaches a member who said yes however many who said no left a checkout after her", async () => {
    const now = Date.now();
    const margaret = await member();
    await startsCheckout(margaret.id, margaret.email, "learn-to-lift", new Date(now - 30 * HOUR));
    // More than one sweep's worth of later checkouts by members whose switch is on but whose
    // latest choice was no (they declined on the email-list form since).
    const declined = await Promise.all(Array.from({ length: 205 }, () => member()));
    await t.db.insert(marketingConsents).values(declined.map((m) => ({ userId: m.id, given: false, wording: "No thank you", source: "site" as const })));
    await t.db.insert(checkoutSessions).values(
      declined.map((m, i) => ({
        id: `cs_test_declined_${i}`,
        provider: "test" as const,
        userId: m.id,
        productKey: "learn-to-lift",
        amountCents: 30000,
        currency: "gbp",
        createdAt: new Date(now - 25 * HOUR),
        expiresAt: new Date(now - HOUR),
        status: "expired" as const,
      })),
    );
    await queueDueCheckoutReminders(t.db, new Date(now));
    expect(await remindersTo(margaret.email)).toHaveLength(1);
    expect(await t.db.select().from(emailMessages).where(eq(emailMessages.template, CHECKOUT_REMINDER_TEMPLATE))).not.toContainEqual(
      expect.objectContaining({ toAddress: declined[0]!.email }),
    );
  });

  it("is not sent once she has paid for the offer, by that checkout or another", async () => {
    const paid = await member();
    const paidSession = await startsCheckout(paid.id, paid.email, "learn-to-lift", new Date(Date.now() - 25 * HOUR));
    // Paid at the test checkout a minute after she opened it (the webhook records the purchase).
    expect(await payTestSession(paidSession, paid.id)).toMatchObject({ outcome: "paid" });

    const elsewhere = await member();
    await startsCheckout(elsewhere.id, elsewhere.email, "learn-to-lift", new Date(Date.now() - 25 * HOUR));
    await createPurchase(t.db, elsewhere.id, { productKey: "learn-to-lift", purchasedAt: new Date(Date.now() - 20 * HOUR) });

    await queueDueCheckoutReminders(t.db, new Date());
    expect(await remindersTo(paid.email)).toHaveLength(0);
    expect(await remindersTo(elsewhere.email)).toHaveLength(0);
  });

  it("is about her latest attempt only, never one older than a week, and comes once per offer in 30 days", async () => {
    const margaret = await member();
    const now = Date.now();
    // A week-old attempt is left alone.
    const old = await member();
    await startsCheckout(old.id, old.email, "learn-to-lift", new Date(now - REMIND_UNTIL_MS - HOUR));
    await queueDueCheckoutReminders(t.db, new Date(now));
    expect(await remindersTo(old.email)).toHaveLength(0);

    // Two attempts at the offer: one reminder, about the later.
    const first = await startsCheckout(margaret.id, margaret.email, "learn-to-lift", new Date(now - 30 * HOUR));
    await t.db.update(checkoutSessions).set({ status: "expired" }).where(eq(checkoutSessions.id, first));
    await startsCheckout(margaret.id, margaret.email, "learn-to-lift", new Date(now - 26 * HOUR));
    await queueDueCheckoutReminders(t.db, new Date(now));
    expect(await remindersTo(margaret.email)).toHaveLength(1);

    // She tries again ten days later and leaves again: no second reminder within 30 days of the first.
    const tenDaysOn = now + 10 * 86_400_000;
    await t.db.update(checkoutSessions).set({ status: "expired" }).where(and(eq(checkoutSessions.userId, margaret.id), eq(checkoutSessions.status, "open")));
    await startsCheckout(margaret.id, margaret.email, "learn-to-lift", new Date(tenDaysOn - 25 * HOUR));
    await queueDueCheckoutReminders(t.db, new Date(tenDaysOn));
    expect(await remindersTo(margaret.email)).toHaveLength(1);

    // After 30 days, a new attempt left unpaid gets its own reminder.
    const later = now + OFFER_QUIET_MS + 86_400_000;
    await t.db.update(checkoutSessions).set({ status: "expired" }).where(and(eq(checkoutSessions.userId, margaret.id), eq(checkoutSessions.status, "open")));
    await startsCheckout(margaret.id, margaret.email, "learn-to-lift", new Date(later - 25 * HOUR));
    await queueDueCheckoutReminders(t.db, new Date(later));
    expect(await remindersTo(margaret.email)).toHaveLength(2);
  });
});
