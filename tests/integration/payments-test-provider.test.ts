import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getServerEnv } from "~/config/env.server";
import { purchases, subscriptions, testCheckoutSessions, webhookEvents } from "~/server/db/schema";
import { startCheckout } from "~/server/payments/checkout.server";
import { findCustomerId } from "~/server/payments/customers.server";
import { testWebhookSecret } from "~/server/payments/local-secret.server";
import { createTestProvider, getPaymentProvider, setPaymentProvider } from "~/server/payments/registry.server";
import { TestProvider } from "~/server/payments/offline-checkout/provider.server";
import { confirmCheckoutSession } from "~/server/payments/member-payments.server";
import { findRunningSubscription, listPurchases, listSubscriptions } from "~/server/payments/queries.server";
import { billingPortalUrl, cancelActiveSubscriptions } from "~/server/payments/member-payments.server";
import {
  advanceTestSubscription,
  declineTestSession,
  payTestSession,
  setTestCancelAtPeriodEnd,
} from "../support/payment-providers";
import { handleWebhookRequest } from "~/server/payments/webhooks.server";
import { setupTestDatabase } from "../support/db";
import { createUser, findProduct } from "../../scripts/factories";

// The built-in test checkout (no Stripe key): the same session, redirect and signed-webhook flow
// as Stripe's, on a fresh machine.

const t = setupTestDatabase();
beforeAll(() => setPaymentProvider(createTestProvider()));
afterAll(() => setPaymentProvider(null));

const origin = () => getServerEnv().SITE_ORIGIN;

async function checkout(productKey: string) {
  const member = await createUser(t.db);
  const result = await startCheckout({ user: member.user, productKey });
  if (!("url" in result)) throw new Error(result.error);
  return { ...member, url: result.url, sessionId: result.url.split("/").pop()! };
}

async function eventTypes() {
  return (await t.db.select({ type: webhookEvents.type }).from(webhookEvents)).map((e) => e.type);
}

describe("the test checkout", () => {
  it("hosts each offer's session on our own server at the catalogue's price", async () => {
    for (const key of ["learn-to-lift", "stronger-with-jo", "build-stronger-foundations"]) {
      const { url, sessionId } = await checkout(key);
      expect(url).toBe(`${origin()}/test-checkout/${sessionId}`);
      const [row] = await t.db.select().from(testCheckoutSessions).where(eq(testCheckoutSessions.id, sessionId));
      const product = findProduct(key);
      expect(row).toMatchObject({
        productKey: key,
        amountTotal: product.pricePence,
        currency: "gbp",
        mode: product.mode === "monthly" ? "subscription" : "payment",
        successUrl: `${origin()}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${origin()}${product.checkoutPath}?cancelled=true`,
      });
    }
  });

  it("lets only the member who owns the session pay or decline it", async () => {
    const { sessionId } = await checkout("learn-to-lift");
    const stranger = await createUser(t.db);
    expect(await payTestSession(sessionId, stranger.user.id)).toEqual({ outcome: "not_found" });
    expect(await declineTestSession(sessionId, stranger.user.id)).toBe(false);
    const [row] = await t.db.select().from(testCheckoutSessions).where(eq(testCheckoutSessions.id, sessionId));
    expect(row).toMatchObject({ status: "open", paymentStatus: "unpaid", declinedAt: null });
  });

  it("a declined payment takes nothing and records nothing; she can then pay", async () => {
    const { user, sessionId } = await checkout("learn-to-lift");
    expect(await declineTestSession(sessionId, user.id)).toBe(true);
    expect(await confirmCheckoutSession(sessionId, user.id)).toEqual({ status: "unpaid", productKey: "learn-to-lift" });
    expect(await listPurchases(user.id)).toEqual([]);

    expect(await payTestSession(sessionId, user.id)).toEqual({
      outcome: "paid",
      redirectTo: `${origin()}/payment-success?session_id=${sessionId}`,
    });
    expect(await listPurchases(user.id)).toHaveLength(1);
  });

  it("paying delivers a signed checkout.session.completed that records the purchase, once", async () => {
    const { user, sessionId } = await checkout("learn-to-lift");
    const before = (await eventTypes()).length;

    await payTestSession(sessionId, user.id);
    const afterPay = await eventTypes();
    expect(afterPay.slice(before)).toEqual(["checkout.session.completed"]);
    await payTestSession(sessionId, user.id); // the back button, a double click
    expect(await eventTypes()).toHaveLength(afterPay.length);

    const confirmed = await confirmCheckoutSession(sessionId, user.id);
    expect(confirmed).toMatchObject({ status: "recorded", purchase: { productName: "Learn to Lift", amountCents: 30000 } });
    expect(await listPurchases(user.id)).toEqual([
      expect.objectContaining({ stripeSessionId: sessionId, amountCents: 30000, currency: "gbp", status: "paid" }),
    ]);
  });

  it("a payment whose event the site could not record is not reported as done; paying again leads to the success page, which records it", async () => {
    const { user, sessionId } = await checkout("learn-to-lift");
    // The site cannot take the event (its database went away between the payment and the event).
    const unreachable = new TestProvider(async () => new Response("Service Unavailable", { status: 503 }));
    await expect(unreachable.pay(sessionId, user.id)).rejects.toThrow(/could not be recorded/);
    expect(await listPurchases(user.id)).toEqual([]);

    // She presses Pay again: the money was taken once, so she goes to the success page, which records it.
    const again = await unreachable.pay(sessionId, user.id);
    expect(again).toMatchObject({ outcome: "paid" });
    expect(await confirmCheckoutSession(sessionId, user.id)).toMatchObject({ status: "recorded" });
    expect(await listPurchases(user.id)).toHaveLength(1);
  });

  it("a monthly offer starts a subscription, with Stripe's events for it", async () => {
    const { user, sessionId } = await checkout("build-stronger-foundations");
    const before = (await eventTypes()).length;

    await payTestSession(sessionId, user.id);

    expect((await eventTypes()).slice(before)).toEqual([
      "customer.subscription.created",
      "invoice.paid",
      "checkout.session.completed",
    ]);
    const [sub] = await listSubscriptions(user.id);
    expect(sub).toMatchObject({ productName: "Build Stronger Foundations", status: "active", cancelAtPeriodEnd: false });
    expect(sub?.currentPeriodEnd?.getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect(await listPurchases(user.id)).toHaveLength(1);
  });

  it("its events carry what the site needs, so recording a purchase or a refund never calls it back", async () => {
    // A test checkout whose deliveries hand the webhook handling a provider that notes every call.
    const calls: string[] = [];
    const provider: TestProvider = new TestProvider((request) =>
      handleWebhookRequest(request, async () =>
        new Proxy(provider, {
          get(target, key, receiver) {
            const value: unknown = Reflect.get(target, key, receiver);
            if (typeof value !== "function") return value;
            return (...args: unknown[]) => {
              if (key !== "webhookSecret") calls.push(String(key));
              return (value as (...a: unknown[]) => unknown).apply(target, args);
            };
          },
        }),
      ),
    );
    for (const key of ["build-stronger-foundations", "learn-to-lift"]) {
      const { user, sessionId } = await checkout(key);
      expect(await provider.pay(sessionId, user.id)).toMatchObject({ outcome: "paid" });
      expect(await listPurchases(user.id)).toEqual([expect.objectContaining({ stripeSessionId: sessionId, status: "paid" })]);
      const monthly = key === "build-stronger-foundations";
      expect(await listSubscriptions(user.id)).toEqual(monthly ? [expect.objectContaining({ status: "active" })] : []);
      await provider.refundCheckoutSession((await provider.retrieveCheckoutSession(sessionId))!);
      expect(await listPurchases(user.id)).toEqual([expect.objectContaining({ stripeSessionId: sessionId, status: "refunded" })]);
    }
    expect(calls).toEqual([]);
  });

  it("knows when she already has a monthly offer running, so it is not sold to her twice", async () => {
    const { user, sessionId } = await checkout("build-stronger-foundations");
    expect(await findRunningSubscription(user.id, "build-stronger-foundations")).toBeNull();
    await payTestSession(sessionId, user.id);
    expect(await findRunningSubscription(user.id, "build-stronger-foundations")).toMatchObject({ status: "active" });
    expect(await findRunningSubscription(user.id, "stronger-with-jo")).toBeNull();
    await cancelActiveSubscriptions(user.id);
    expect(await findRunningSubscription(user.id, "build-stronger-foundations")).toBeNull();
  });

  it("an expired session cannot be paid", async () => {
    const { user, sessionId } = await checkout("learn-to-lift");
    await t.db.update(testCheckoutSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(testCheckoutSessions.id, sessionId));
    expect(await payTestSession(sessionId, user.id)).toEqual({ outcome: "expired" });
    expect(await confirmCheckoutSession(sessionId, user.id)).toEqual({ status: "unpaid", productKey: "learn-to-lift" });
  });

  it("signs its events so that the webhook endpoint accepts them, and refuses others", async () => {
    const payload = JSON.stringify({ id: "evt_local_check", object: "event", type: "ping", created: Math.floor(Date.now() / 1000), data: { object: {} } });
    const sign = (secret: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret });
    const post = (signature: string) =>
      handleWebhookRequest(new Request(`${origin()}/api/payments/webhook`, { method: "POST", headers: { "stripe-signature": signature }, body: payload }), getPaymentProvider);

    expect((await post(sign("whsec_guess"))).status).toBe(400);
    expect((await post(sign(await testWebhookSecret()))).status).toBe(200);
  });
});

describe("the test billing portal", () => {
  async function subscribed() {
    const bought = await checkout("build-stronger-foundations");
    await payTestSession(bought.sessionId, bought.user.id);
    const customerId = (await findCustomerId(bought.user.id, "test"))!;
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, bought.user.id));
    return { ...bought, customerId, subscriptionId: row!.providerSubscriptionId };
  }

  it("is where /settings/billing sends a member with a customer", async () => {
    const { user } = await subscribed();
    expect(await billingPortalUrl(user.id, `${origin()}/settings`)).toBe(`${origin()}/test-checkout/billing-portal`);
    const stranger = await createUser(t.db);
    expect(await billingPortalUrl(stranger.user.id, `${origin()}/settings`)).toBeNull();
  });

  it("cancels at period end and resumes, through customer.subscription.updated", async () => {
    const { user, customerId, subscriptionId } = await subscribed();

    expect(await setTestCancelAtPeriodEnd(customerId, subscriptionId, true)).toBe(true);
    expect((await listSubscriptions(user.id))[0]).toMatchObject({ status: "active", cancelAtPeriodEnd: true });

    expect(await setTestCancelAtPeriodEnd(customerId, subscriptionId, false)).toBe(true);
    expect((await listSubscriptions(user.id))[0]).toMatchObject({ status: "active", cancelAtPeriodEnd: false });

    expect(await setTestCancelAtPeriodEnd("cus_someone_else", subscriptionId, true)).toBe(false);
  });

  it("a renewal adds a purchase and moves the period on; a cancelled one ends at period end", async () => {
    const { user, customerId, subscriptionId } = await subscribed();
    const periodEnd = (await listSubscriptions(user.id))[0]!.currentPeriodEnd!;

    await advanceTestSubscription(customerId, subscriptionId);
    const renewed = await listPurchases(user.id);
    expect(renewed).toHaveLength(2);
    // (Both payments may fall in the same second here, so the renewal is found by its reference.)
    expect(renewed.find((p) => p.stripeSessionId.startsWith("in_"))).toMatchObject({
      productName: "Build Stronger Foundations",
      amountCents: 2000,
    });
    expect((await listSubscriptions(user.id))[0]!.currentPeriodEnd!.getTime()).toBeGreaterThan(periodEnd.getTime());

    await setTestCancelAtPeriodEnd(customerId, subscriptionId, true);
    await advanceTestSubscription(customerId, subscriptionId);
    expect((await listSubscriptions(user.id))[0]).toMatchObject({ status: "canceled" });
    expect(await listPurchases(user.id)).toHaveLength(2);
  });

  it("account deletion cancels her live subscriptions at the provider (docs/product.md §9.8)", async () => {
    const { user, subscriptionId } = await subscribed();
    expect(await cancelActiveSubscriptions(user.id)).toEqual({ canceled: [subscriptionId] });
    const [row] = await t.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.providerSubscriptionId, subscriptionId)));
    expect(row?.status).toBe("canceled");
    expect(await t.db.select().from(purchases).where(eq(purchases.userId, user.id))).toHaveLength(1);
  });
});
