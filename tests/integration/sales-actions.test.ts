import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as salesAction, loader as salesLoader } from "~/routes/admin/sales";
import { adminActivityLog, emailMessages, paymentCustomers, paymentRefunds, purchases, subscriptions } from "~/server/db/schema";
import { startCheckout } from "~/server/payments/checkout.server";
import { loadSettings } from "~/server/account/settings.server";
import { REFUND_MESSAGES } from "~/server/payments/refunds.server";
import { getSiteConfig } from "~/config/env.server";
import { offerAccess } from "~/server/courses/access.server";
import { CANCEL_MESSAGES, PAUSE_MESSAGES } from "~/server/payments/subscription-actions.server";
import { CANCEL_FORM_MESSAGES, PAUSE_FORM_MESSAGES, REFUND_FORM_MESSAGES } from "~/validation/sales-actions";
import { answer, type CookieJar, getRequest, routeArgs, setupAuthEnvironment, TEST_ORIGIN } from "../support/auth";
import { signedInMember } from "../support/admin-fixtures";
import { setupTestDatabase } from "../support/db";
import { advanceTestSubscription, deliverStripeEvent, useProvider, type ProviderHarness, type ProviderName } from "../support/payment-providers";
import { createUser } from "../../scripts/factories";

// 'Refund' on the Sales tab (docs/product.md §8.7): the coach refunds a payment in full or in part
// without opening Stripe; it goes through the provider, is recorded by its charge.refunded event,
// lands in the activity log and emails the member; a double click or twenty at once refund once,
// and nobody can refund more than was paid. With the test checkout and with Stripe (the real SDK
// against the local stand-in, whose refund event the test delivers as Stripe would).

const t = setupTestDatabase();
setupAuthEnvironment();

const LIFT = "learn-to-lift";
const sessionIdOf = (url: string) => url.split("/").pop()!;

function postSales(jar: CookieJar, fields: Record<string, string>) {
  const request = new Request(`${TEST_ORIGIN}/settings/admin/sales`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: TEST_ORIGIN, cookie: jar.header() },
    body: new URLSearchParams({ intent: "refund", confirm: "yes", ...fields }),
  });
  return answer<{ error: string }>(() => salesAction(routeArgs(request)));
}

async function refundKey(jar: CookieJar): Promise<string> {
  const page = await answer<{ refundKey: string }>(() => salesLoader(routeArgs(getRequest("/settings/admin/sales", { jar }))));
  return page.data!.refundKey;
}

/** A member who bought Learn to Lift through the provider; her purchase. */
async function boughtLearnToLift(provider: ProviderHarness) {
  const buyer = await createUser(t.db, { firstName: "Ruth" });
  const started = (await startCheckout({ user: buyer.user, productKey: LIFT })) as { url: string };
  await provider.pay(sessionIdOf(started.url), buyer.user.id);
  const [purchase] = await t.db.select().from(purchases).where(eq(purchases.stripeSessionId, sessionIdOf(started.url)));
  return { buyer, purchase: purchase! };
}

/** Stripe tells the site about its refunds by charge.refunded; the test checkout already has. */
async function stripeReportsRefunds(provider: ProviderHarness) {
  if (!provider.standin) return;
  for (const intent of provider.standin.paymentIntents.values()) {
    if (Number(intent.amount_refunded) === 0) continue;
    await deliverStripeEvent("charge.refunded", {
      id: intent.latest_charge,
      object: "charge",
      amount: intent.amount,
      amount_refunded: intent.amount_refunded,
      refunded: Number(intent.amount_refunded) >= Number(intent.amount),
      currency: intent.currency,
      payment_intent: intent.id,
    });
  }
}

for (const name of ["test", "stripe"] as ProviderName[]) {
  describe(`with the ${name === "test" ? "built-in test checkout" : "Stripe provider"}`, () => {
    const provider = useProvider(name, () => t.db);

    it("refunds part, then the rest: the payment shows partly refunded, then refunded, for both of them; logged; she is emailed", async () => {
      const admin = await signedInMember(t.db, { admin: true, emailVerified: true });
      const { buyer, purchase } = await boughtLearnToLift(provider);

      const part = await postSales(admin.jar, { purchaseId: purchase.id, amount: "100", requestKey: await refundKey(admin.jar) });
      expect(part.status).toBe(303);
      await stripeReportsRefunds(provider);
      let [row] = await t.db.select().from(purchases).where(eq(purchases.id, purchase.id));
      expect(row).toMatchObject({ status: "partially_refunded", refundedAmountCents: 10000 });

      const rest = await postSales(admin.jar, { purchaseId: purchase.id, requestKey: await refundKey(admin.jar) });
      expect(rest.status).toBe(303);
      await stripeReportsRefunds(provider);
      [row] = await t.db.select().from(purchases).where(eq(purchases.id, purchase.id));
      expect(row).toMatchObject({ status: "refunded", refundedAmountCents: 30000 });

      const settings = await loadSettings(buyer.user.id);
      expect(settings?.purchases.find((p) => p.id === purchase.id)).toMatchObject({ refunded: true });
      const logged = await t.db.select().from(adminActivityLog).where(and(eq(adminActivityLog.actionType, "refund_payment"), eq(adminActivityLog.targetUserId, buyer.user.id)));
      expect(logged.map((l) => l.details.summary)).toEqual(expect.arrayContaining(["£100.00 of Learn to Lift refunded", "£200.00 of Learn to Lift refunded"]));
      const emails = await t.db.select().from(emailMessages).where(and(eq(emailMessages.toAddress, buyer.user.email), eq(emailMessages.template, "refund-issued")));
      expect(emails.length).toBeGreaterThanOrEqual(1);

      // Nothing left: a further refund is refused and asks the provider nothing.
      const again = await postSales(admin.jar, { purchaseId: purchase.id, requestKey: await refundKey(admin.jar) });
      expect(again).toMatchObject({ status: 409, data: { error: REFUND_MESSAGES.nothingLeft } });
    });

    it("twenty clicks at once on the same form refund once; twenty admins at once refund the payment once between them", async () => {
      const admin = await signedInMember(t.db, { admin: true, emailVerified: true });
      const { purchase } = await boughtLearnToLift(provider);
      const key = await refundKey(admin.jar);
      const clicks = await Promise.all(Array.from({ length: 20 }, () => postSales(admin.jar, { purchaseId: purchase.id, requestKey: key })));
      expect(clicks.every((c) => c.status === 303)).toBe(true);
      expect(await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.purchaseId, purchase.id))).toHaveLength(1);
      if (provider.standin) expect(provider.standin.refunds.filter((r) => r.metadata && (r.metadata as Record<string, string>).purchaseId === purchase.id)).toHaveLength(1);

      const other = await boughtLearnToLift(provider);
      const keys = await Promise.all(Array.from({ length: 20 }, () => refundKey(admin.jar)));
      const posts = await Promise.all(keys.map((k) => postSales(admin.jar, { purchaseId: other.purchase.id, requestKey: k })));
      expect(posts.filter((p) => p.status === 303)).toHaveLength(1);
      expect(posts.filter((p) => p.status === 409)).toHaveLength(19);
      await stripeReportsRefunds(provider);
      const [row] = await t.db.select().from(purchases).where(eq(purchases.id, other.purchase.id));
      expect(row).toMatchObject({ status: "refunded", refundedAmountCents: 30000 });
    });

    it("refuses more than is left, an unticked confirmation, and anybody but an admin, refunding nothing", async () => {
      const admin = await signedInMember(t.db, { admin: true, emailVerified: true });
      const { purchase } = await boughtLearnToLift(provider);
      const tooMuch = await postSales(admin.jar, { purchaseId: purchase.id, amount: "300.01", requestKey: await refundKey(admin.jar) });
      expect(tooMuch).toMatchObject({ status: 400, data: { error: REFUND_MESSAGES.tooMuch("£300.00") } });
      const unconfirmed = await postSales(admin.jar, { purchaseId: purchase.id, confirm: "", requestKey: await refundKey(admin.jar) });
      expect(unconfirmed).toMatchObject({ status: 400, data: { error: REFUND_FORM_MESSAGES.confirm } });
      const member = await signedInMember(t.db);
      const notAdmin = await postSales(member.jar, { purchaseId: purchase.id, requestKey: "abcdefgh-1234" });
      expect(notAdmin.status).toBe(302);
      expect(await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.purchaseId, purchase.id))).toHaveLength(0);
      const [row] = await t.db.select().from(purchases).where(eq(purchases.id, purchase.id));
      expect(row).toMatchObject({ status: "paid", refundedAmountCents: 0 });
    });
  });
}

// 'Cancel subscription' on the Sales tab (docs/product.md §10.11): at period end or now, through
// the provider, recorded by its events (her email), logged; once ended, refused.
for (const name of ["test", "stripe"] as ProviderName[]) {
  describe(`cancelling a subscription from the Sales tab, with the ${name === "test" ? "built-in test checkout" : "Stripe provider"}`, () => {
    const provider = useProvider(name, () => t.db);

    async function subscribed() {
      const member = await createUser(t.db, { firstName: "Jean" });
      const started = (await startCheckout({ user: member.user, productKey: "build-stronger-foundations" })) as { url: string };
      await provider.pay(sessionIdOf(started.url), member.user.id);
      const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id));
      return { ...member, subscriptionId: row!.providerSubscriptionId };
    }

    function postCancel(jar: CookieJar, fields: Record<string, string>) {
      const request = new Request(`${TEST_ORIGIN}/settings/admin/sales`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: TEST_ORIGIN, cookie: jar.header() },
        body: new URLSearchParams({ intent: "cancel-subscription", confirm: "yes", ...fields }),
      });
      return answer<{ error: string }>(() => salesAction(routeArgs(request)));
    }

    /** Stripe reports the change by its subscription event; the test checkout already has. */
    async function stripeReports(subscriptionId: string, type: "customer.subscription.updated" | "customer.subscription.deleted") {
      if (provider.standin) await deliverStripeEvent(type, provider.standin.subscriptions.get(subscriptionId)!);
    }

    it("at period end: she keeps it to the end of the month and is emailed; then 'now' ends it; then it is refused", async () => {
      const admin = await signedInMember(t.db, { admin: true, emailVerified: true });
      const jean = await subscribed();
      expect((await postCancel(admin.jar, { subscriptionId: jean.subscriptionId, when: "period_end" })).status).toBe(303);
      await stripeReports(jean.subscriptionId, "customer.subscription.updated");
      let [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, jean.subscriptionId));
      expect(row).toMatchObject({ cancelAtPeriodEnd: true });
      expect(await t.db.select().from(emailMessages).where(and(eq(emailMessages.toAddress, jean.user.email), eq(emailMessages.template, "cancellation-confirmed")))).toHaveLength(1);

      expect((await postCancel(admin.jar, { subscriptionId: jean.subscriptionId, when: "now" })).status).toBe(303);
      await stripeReports(jean.subscriptionId, "customer.subscription.deleted");
      [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, jean.subscriptionId));
      expect(row?.status).toBe("canceled");
      const logged = await t.db.select().from(adminActivityLog).where(and(eq(adminActivityLog.actionType, "cancel_subscription"), eq(adminActivityLog.targetUserId, jean.user.id)));
      expect(logged).toHaveLength(2);

      const again = await postCancel(admin.jar, { subscriptionId: jean.subscriptionId, when: "now" });
      expect(again).toMatchObject({ status: 409, data: { error: CANCEL_MESSAGES.ended } });
      const unconfirmed = await postCancel(admin.jar, { subscriptionId: jean.subscriptionId, when: "now", confirm: "" });
      expect(unconfirmed).toMatchObject({ status: 400, data: { error: CANCEL_FORM_MESSAGES.confirm } });
    });
  });
}

// 'Pause' on the Sales tab (docs/product.md §10.11): 1 to 3 months without payments from the end
// of the paid month, then it carries on by itself; she is emailed; access closed during the pause.
for (const name of ["test", "stripe"] as ProviderName[]) {
  describe(`pausing a subscription from the Sales tab, with the ${name === "test" ? "built-in test checkout" : "Stripe provider"}`, () => {
    const provider = useProvider(name, () => t.db);

    it("pauses for 2 months from the end of the paid month: her email, the access rule, logged; a second pause is refused", async () => {
      const admin = await signedInMember(t.db, { admin: true, emailVerified: true });
      const member = await createUser(t.db, { firstName: "Joan" });
      const started = (await startCheckout({ user: member.user, productKey: "build-stronger-foundations" })) as { url: string };
      await provider.pay(sessionIdOf(started.url), member.user.id);
      const [before] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id));
      const post = (fields: Record<string, string>) =>
        answer<{ error: string }>(() =>
          salesAction(
            routeArgs(
              new Request(`${TEST_ORIGIN}/settings/admin/sales`, {
                method: "POST",
                headers: { "content-type": "application/x-www-form-urlencoded", origin: TEST_ORIGIN, cookie: admin.jar.header() },
                body: new URLSearchParams({ intent: "pause-subscription", subscriptionId: before!.providerSubscriptionId, confirm: "yes", ...fields }),
              }),
            ),
          ),
        );
      expect((await post({ months: "2" })).status).toBe(303);
      if (provider.standin) await deliverStripeEvent("customer.subscription.updated", provider.standin.subscriptions.get(before!.providerSubscriptionId)!);

      const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id));
      const resumes = new Date(before!.currentPeriodEnd!);
      resumes.setUTCMonth(resumes.getUTCMonth() + 2);
      expect(row).toMatchObject({ status: "active", pausedFrom: before!.currentPeriodEnd, pausedUntil: new Date(Math.floor(resumes.getTime() / 1000) * 1000) });
      const emails = await t.db.select().from(emailMessages).where(and(eq(emailMessages.toAddress, member.user.email), eq(emailMessages.template, "subscription-paused")));
      expect(emails).toHaveLength(1);
      const slug = getSiteConfig().coachSlug;
      const subject = { userId: member.user.id, isAdmin: false };
      expect(await offerAccess(t.db, subject, "build-stronger-foundations", slug)).toMatchObject({ state: "open", until: before!.currentPeriodEnd });
      expect((await offerAccess(t.db, subject, "build-stronger-foundations", slug, new Date(before!.currentPeriodEnd!.getTime() + 86_400_000))).state).toBe("kept");
      expect(await t.db.select().from(adminActivityLog).where(and(eq(adminActivityLog.actionType, "pause_subscription"), eq(adminActivityLog.targetUserId, member.user.id)))).toHaveLength(1);
      expect(await post({ months: "1" })).toMatchObject({ status: 409, data: { error: PAUSE_MESSAGES.alreadyPaused } });
      if (name === "test") {
        // The next billing date falls in the pause: nothing is taken, and it stays paused.
        const [customer] = await t.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, member.user.id));
        expect(await advanceTestSubscription(customer!.customerId, before!.providerSubscriptionId)).toBe(true);
        expect(await t.db.select().from(purchases).where(eq(purchases.userId, member.user.id))).toHaveLength(1);
        const [still] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id));
        expect(still?.pausedUntil).toEqual(row!.pausedUntil);
      }
      expect(await post({ months: "4" })).toMatchObject({ status: 400, data: { error: PAUSE_FORM_MESSAGES.months } });
    });
  });
}
