import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "~/routes/api/payment-webhook";
import { purchases, subscriptions, webhookEvents } from "~/server/db/schema";
import { startCheckout } from "~/server/payments/checkout.server";
import { setPaymentProvider } from "~/server/payments/registry.server";
import { StripeProvider } from "~/server/payments/stripe.server";
import { setupTestDatabase } from "../support/db";
import { createUser } from "../../scripts/factories";
import { startStripeStandin, type StripeStandin } from "../support/stripe-standin";

// POST /api/payments/webhook with Stripe's events, signed with Stripe's scheme (the real SDK's
// test header), against a real database: signatures, replays, duplicates and out-of-order
// delivery (docs/product.md §8.4).

const WEBHOOK_SECRET = "whsec_test_webhooks_0123456789";
const t = setupTestDatabase();
let standin: StripeStandin;

beforeAll(async () => {
  standin = await startStripeStandin();
  setPaymentProvider(
    new StripeProvider({
      secretKey: standin.secretKey,
      webhookSecret: WEBHOOK_SECRET,
      host: standin.host,
      port: standin.port,
      protocol: standin.protocol,
      maxNetworkRetries: 0,
    }),
  );
});

afterAll(async () => {
  setPaymentProvider(null);
  await standin?.close();
});

const now = () => Math.floor(Date.now() / 1000);
const eventId = () => `evt_${randomBytes(12).toString("hex")}`;

function event(type: string, object: Record<string, unknown>, { id = eventId(), created = now() } = {}) {
  return { id, object: "event", api_version: Stripe.API_VERSION, created, data: { object }, livemode: false, pending_webhooks: 1, request: null, type };
}

function signedRequest(body: unknown, { secret = WEBHOOK_SECRET, timestamp = now(), method = "POST" } = {}) {
  const payload = JSON.stringify(body);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return new Request("http://localhost/api/payments/webhook", {
    method,
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body: payload,
  });
}

async function deliver(body: unknown, options?: Parameters<typeof signedRequest>[1]) {
  const response = await action({ request: signedRequest(body, options), params: {}, context: {} } as never);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A paid checkout session at the stand-in, made through the site's own checkout. */
async function paidSession(productKey: string) {
  const { user } = await createUser(t.db);
  const started = await startCheckout({ user, productKey });
  const id = (started as { url: string }).url.split("/").pop()!;
  return { user, session: standin.completeSession(id) };
}

function subscriptionObject(id: string, overrides: Record<string, unknown> = {}) {
  return { ...standin.subscriptions.get(id)!, ...overrides };
}

async function subscriptionRow(id: string) {
  const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, id));
  return row;
}

describe("the webhook endpoint's signature check", () => {
  it("refuses a forged signature and records nothing", async () => {
    const { session } = await paidSession("learn-to-lift");
    const body = event("checkout.session.completed", session);

    const result = await deliver(body, { secret: "whsec_not_the_right_one" });

    expect(result.status).toBe(400);
    expect(await t.db.select().from(webhookEvents).where(eq(webhookEvents.id, body.id))).toHaveLength(0);
    expect(await t.db.select().from(purchases).where(eq(purchases.stripeSessionId, session.id as string))).toHaveLength(0);
  });

  it("refuses a signature more than five minutes old (a replay)", async () => {
    const { session } = await paidSession("learn-to-lift");
    const result = await deliver(event("checkout.session.completed", session), { timestamp: now() - 301 });
    expect(result.status).toBe(400);
  });

  it("refuses a missing signature and a body changed after signing", async () => {
    const { session } = await paidSession("learn-to-lift");
    const request = signedRequest(event("checkout.session.completed", session));
    const tampered = new Request(request.url, {
      method: "POST",
      headers: request.headers,
      body: (await request.text()).replace('"amount_total":30000', '"amount_total":1'),
    });
    expect((await action({ request: tampered, params: {}, context: {} } as never)).status).toBe(400);

    const unsigned = new Request(request.url, { method: "POST", body: "{}" });
    expect((await action({ request: unsigned, params: {}, context: {} } as never)).status).toBe(400);
  });

  it("answers anything but POST with 405", async () => {
    const response = loader();
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });
});

describe("processing events once", () => {
  it("records checkout.session.completed as one purchase, however often it arrives", async () => {
    const { user, session } = await paidSession("learn-to-lift");
    const body = event("checkout.session.completed", session);

    const first = await deliver(body);
    const again = await deliver(body);

    expect(first).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(again).toEqual({ status: 200, body: { received: true, duplicate: true } });
    const rows = await t.db.select().from(purchases).where(eq(purchases.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ productName: "Learn to Lift", amountCents: 30000, currency: "gbp", status: "paid" });
    expect(await t.db.select().from(webhookEvents).where(eq(webhookEvents.id, body.id))).toHaveLength(1);

    // A different event about the same session (Stripe retried with a new id) adds nothing either.
    await deliver(event("checkout.session.completed", session));
    expect(await t.db.select().from(purchases).where(eq(purchases.userId, user.id))).toHaveLength(1);
  });

  it("two deliveries of one event at the same moment process it once", async () => {
    const { user, session } = await paidSession("build-stronger-foundations");
    const body = event("checkout.session.completed", session);

    const results = await Promise.all([deliver(body), deliver(body), deliver(body)]);

    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.filter((r) => r.body.duplicate === false)).toHaveLength(1);
    expect(await t.db.select().from(purchases).where(eq(purchases.userId, user.id))).toHaveLength(1);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(1);
  });

  it("does not record an unpaid session (a payment still pending)", async () => {
    const { user } = await createUser(t.db);
    const started = await startCheckout({ user, productKey: "learn-to-lift" });
    const session = standin.sessions.get((started as { url: string }).url.split("/").pop()!)!;
    const result = await deliver(event("checkout.session.completed", { ...session, status: "complete", payment_status: "unpaid" }));
    expect(result.status).toBe(200);
    expect(await t.db.select().from(purchases).where(eq(purchases.userId, user.id))).toHaveLength(0);
  });

  it("acknowledges and stores events it does not act on", async () => {
    const body = event("customer.tax_id.created", { id: "txi_123", object: "tax_id" });
    expect((await deliver(body)).status).toBe(200);
    const [stored] = await t.db.select().from(webhookEvents).where(eq(webhookEvents.id, body.id));
    expect(stored).toMatchObject({ type: "customer.tax_id.created", provider: "stripe" });
    expect(stored?.processedAt).toBeInstanceOf(Date);
  });
});

describe("subscriptions", () => {
  it("creates the subscription from checkout.session.completed with its status and period end", async () => {
    const { user, session } = await paidSession("build-stronger-foundations");
    await deliver(event("checkout.session.completed", session));
    const row = await subscriptionRow(session.subscription as string);
    expect(row).toMatchObject({ userId: user.id, status: "active", cancelAtPeriodEnd: false, productName: "Build Stronger Foundations" });
    expect(row?.currentPeriodEnd).toBeInstanceOf(Date);
  });

  it("an update that arrives before the subscription's creation is kept, and the older creation changes nothing", async () => {
    const { user, session } = await paidSession("build-stronger-foundations");
    const id = session.subscription as string;
    const later = subscriptionObject(id, { cancel_at_period_end: true });

    await deliver(event("customer.subscription.updated", later, { created: now() }));
    await deliver(event("customer.subscription.created", subscriptionObject(id), { created: now() - 60 }));
    await deliver(event("checkout.session.completed", session, { created: now() - 60 }));

    expect(await subscriptionRow(id)).toMatchObject({ userId: user.id, status: "active", cancelAtPeriodEnd: true });
    expect(await t.db.select().from(purchases).where(eq(purchases.userId, user.id))).toHaveLength(1);
  });

  it("a deletion is final: an older update delivered afterwards does not bring it back", async () => {
    const { session } = await paidSession(`stronger-with-jo`);
    const id = session.subscription as string;
    await deliver(event("checkout.session.completed", session, { created: now() - 120 }));

    await deliver(event("customer.subscription.deleted", subscriptionObject(id, { status: "canceled", canceled_at: now() }), { created: now() }));
    await deliver(event("customer.subscription.updated", subscriptionObject(id, { status: "past_due" }), { created: now() - 30 }));

    expect(await subscriptionRow(id)).toMatchObject({ status: "canceled" });
  });

  it("newer updates apply in order: past due, then active with cancellation at period end", async () => {
    const { session } = await paidSession("build-stronger-foundations");
    const id = session.subscription as string;
    await deliver(event("checkout.session.completed", session, { created: now() - 100 }));

    await deliver(event("customer.subscription.updated", subscriptionObject(id, { status: "past_due" }), { created: now() - 50 }));
    expect(await subscriptionRow(id)).toMatchObject({ status: "past_due" });
    await deliver(event("customer.subscription.updated", subscriptionObject(id, { cancel_at_period_end: true }), { created: now() - 10 }));
    expect(await subscriptionRow(id)).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
  });

  it("records each renewal invoice as a purchase, not the first invoice, and moves the period on", async () => {
    const { user, session } = await paidSession("build-stronger-foundations");
    const id = session.subscription as string;
    await deliver(event("checkout.session.completed", session));
    const before = (await subscriptionRow(id))!.currentPeriodEnd!;
    const nextEnd = Math.floor(before.getTime() / 1000) + 30 * 86_400;
    const invoice = (invoiceId: string, reason: string, periodEnd: number) => ({
      id: invoiceId,
      object: "invoice",
      customer: session.customer,
      billing_reason: reason,
      amount_paid: 2000,
      currency: "gbp",
      status: "paid",
      created: now(),
      parent: { type: "subscription_details", subscription_details: { subscription: id, metadata: { userId: user.id, productKey: "build-stronger-foundations" } } },
      lines: { object: "list", data: [{ period: { start: periodEnd - 30 * 86_400, end: periodEnd }, metadata: {} }] },
      status_transitions: { paid_at: now() },
    });

    await deliver(event("invoice.paid", invoice(session.invoice as string, "subscription_create", Math.floor(before.getTime() / 1000))));
    const renewal = invoice("in_renewal_" + randomBytes(6).toString("hex"), "subscription_cycle", nextEnd);
    await deliver(event("invoice.paid", renewal));
    await deliver(event("invoice.paid", renewal)); // the same event again
    await deliver(event("invoice.paid", renewal)); // and a new event for the same invoice

    const rows = await t.db.select().from(purchases).where(eq(purchases.userId, user.id));
    expect(rows.map((r) => r.stripeSessionId).sort()).toEqual([session.id, renewal.id].sort());
    expect(rows.find((r) => r.invoiceId === renewal.id)).toMatchObject({ amountCents: 2000, subscriptionId: id });
    expect((await subscriptionRow(id))!.currentPeriodEnd!.getTime()).toBe(nextEnd * 1000);
  });
});

describe("refunds", () => {
  it("marks a one-time purchase refunded, matching its payment intent", async () => {
    const { user, session } = await paidSession("learn-to-lift");
    await deliver(event("checkout.session.completed", session));
    const charge = { id: "ch_1", object: "charge", amount: 30000, currency: "gbp", payment_intent: session.payment_intent };

    await deliver(event("charge.refunded", { ...charge, amount_refunded: 10000, refunded: false }, { created: now() - 10 }));
    expect((await t.db.select().from(purchases).where(eq(purchases.userId, user.id)))[0]).toMatchObject({
      status: "partially_refunded",
      refundedAmountCents: 10000,
    });

    await deliver(event("charge.refunded", { ...charge, amount_refunded: 30000, refunded: true }));
    const [row] = await t.db.select().from(purchases).where(eq(purchases.userId, user.id));
    expect(row).toMatchObject({ status: "refunded", refundedAmountCents: 30000 });
    expect(row?.refundedAt).toBeInstanceOf(Date);
  });

  it("finds a subscription's first payment through Stripe's invoice payments", async () => {
    const { user, session } = await paidSession("build-stronger-foundations");
    await deliver(event("checkout.session.completed", session));
    // The payment intent Stripe used for the first invoice (the charge names only that).
    const stripe = new Stripe(standin.secretKey, { host: standin.host, port: standin.port, protocol: "http" });
    const [invoicePayment] = (await stripe.invoicePayments.list({ invoice: session.invoice as string })).data;
    const pi = invoicePayment!.payment.payment_intent as string;

    await deliver(event("charge.refunded", { id: "ch_2", object: "charge", amount: 2000, amount_refunded: 2000, refunded: true, currency: "gbp", payment_intent: pi }));

    const [row] = await t.db.select().from(purchases).where(eq(purchases.userId, user.id));
    expect(row).toMatchObject({ status: "refunded", paymentIntentId: pi });
  });
});
