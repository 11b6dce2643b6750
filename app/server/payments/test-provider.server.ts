import { randomBytes } from "node:crypto";
import { and, eq, inArray, isNull } from "drizzle-orm";
import Stripe from "stripe";
import { getDb } from "~/server/db/client.server";
import {
  testCheckoutSessions,
  testSubscriptions,
  type SubscriptionStatus,
  type TestCheckoutSession,
  type TestSubscription,
} from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { testWebhookSecret } from "./local-secret.server";
import {
  PaymentProviderError,
  siteOrigin,
  type CheckoutSessionInfo,
  type CreateCheckoutSessionInput,
  type PaymentProvider,
  type SubscriptionInfo,
} from "./provider.server";
import { isLiveSubscriptionStatus, readCheckoutSession, readSubscription } from "./stripe-objects.server";

// The built-in test checkout: the payment provider when no Stripe key is set, so the whole
// purchase works on a fresh machine. It plays Stripe's part: it holds checkout sessions and
// subscriptions (in its own test_* tables), hosts a clearly marked TEST MODE payment page at
// /test-checkout/:sessionId, and tells the site what happened through signed webhook events in
// Stripe's shape (`t=…,v1=…` HMAC-SHA256 with a local secret) that go through the very same
// webhook handling as Stripe's. See docs/decisions/060-built-in-test-checkout.md.

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A Stripe-like id: prefix plus random letters and digits. */
export function testId(prefix: string, length = 24): string {
  return `${prefix}_${Array.from(randomBytes(length), (b) => ALPHABET[b % ALPHABET.length]).join("")}`;
}

const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000; // as Stripe's default
const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** One calendar month later (Stripe bills monthly on the same day of the month). */
export function addMonth(date: Date): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/** Where the test provider's checkout page for a session lives. */
export function testCheckoutPath(sessionId: string): string {
  return `/test-checkout/${sessionId}`;
}

/** The test provider's stand-in for Stripe's Customer Portal. */
export const TEST_BILLING_PORTAL_PATH = "/test-checkout/billing-portal";

// ─── Stripe-shaped objects ──────────────────────────────────────────────────────────────────────

export function sessionObject(row: TestCheckoutSession) {
  const expired = row.status === "open" && row.expiresAt.getTime() <= Date.now();
  const status = expired ? "expired" : row.status;
  return {
    id: row.id,
    object: "checkout.session" as const,
    status,
    payment_status: row.paymentStatus,
    mode: row.mode,
    customer: row.customerId,
    client_reference_id: row.metadata.userId ?? null,
    metadata: row.metadata,
    amount_subtotal: row.amountTotal,
    amount_total: row.amountTotal,
    currency: row.currency,
    subscription: row.subscriptionId,
    payment_intent: row.paymentIntentId,
    invoice: row.invoiceId,
    success_url: row.successUrl,
    cancel_url: row.cancelUrl,
    url: status === "open" ? `${siteOrigin()}${testCheckoutPath(row.id)}` : null,
    created: unix(row.createdAt),
    expires_at: unix(row.expiresAt),
    livemode: false,
  };
}

export function subscriptionObject(row: TestSubscription) {
  return {
    id: row.id,
    object: "subscription" as const,
    customer: row.customerId,
    status: row.status,
    metadata: row.metadata,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    canceled_at: row.canceledAt ? unix(row.canceledAt) : null,
    ended_at: row.status === "canceled" && row.canceledAt ? unix(row.canceledAt) : null,
    created: unix(row.createdAt),
    start_date: unix(row.createdAt),
    currency: row.currency,
    items: {
      object: "list" as const,
      data: [
        {
          id: `si_${row.id.slice(4)}`,
          object: "subscription_item" as const,
          quantity: 1,
          current_period_start: unix(row.currentPeriodStart),
          current_period_end: unix(row.currentPeriodEnd),
          price: {
            object: "price" as const,
            currency: row.currency,
            unit_amount: row.amount,
            recurring: { interval: "month" as const, interval_count: 1 },
            product_data: { name: row.productName },
          },
        },
      ],
    },
    livemode: false,
  };
}

function invoiceObject(input: {
  id: string;
  subscription: TestSubscription;
  billingReason: "subscription_create" | "subscription_cycle";
  paymentIntentId: string;
  periodStart: Date;
  periodEnd: Date;
  paidAt: Date;
}) {
  const sub = input.subscription;
  return {
    id: input.id,
    object: "invoice" as const,
    customer: sub.customerId,
    billing_reason: input.billingReason,
    amount_due: sub.amount,
    amount_paid: sub.amount,
    currency: sub.currency,
    status: "paid",
    created: unix(input.paidAt),
    payment_intent: input.paymentIntentId,
    parent: {
      type: "subscription_details",
      subscription_details: { subscription: sub.id, metadata: sub.metadata },
    },
    lines: {
      object: "list" as const,
      data: [
        {
          id: testId("il"),
          object: "line_item" as const,
          amount: sub.amount,
          currency: sub.currency,
          description: sub.productName,
          metadata: sub.metadata,
          period: { start: unix(input.periodStart), end: unix(input.periodEnd) },
        },
      ],
    },
    status_transitions: { paid_at: unix(input.paidAt) },
    livemode: false,
  };
}

// ─── Webhook delivery ───────────────────────────────────────────────────────────────────────────

/** How the test provider's events reach the site: the webhook handling, given by the registry. */
export type DeliverWebhook = (request: Request) => Promise<Response>;

/**
 * Sends one event to the site's webhook handling exactly as Stripe would: an event envelope in
 * Stripe's shape, signed with Stripe's scheme, verified by the same handler that serves
 * /api/payments/webhook. Says whether the site took it; a failure is logged.
 */
async function deliverTestEvent(deliver: DeliverWebhook, type: string, object: Record<string, unknown>): Promise<boolean> {
  const event = {
    id: testId("evt"),
    object: "event",
    api_version: Stripe.API_VERSION,
    created: unix(new Date()),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
  const payload = JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: await testWebhookSecret() });
  const response = await deliver(
    new Request(`${siteOrigin()}/api/payments/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
      body: payload,
    }),
  );
  if (!response.ok) {
    logger.error("test checkout: webhook delivery failed", { type, eventId: event.id, status: response.status });
  }
  return response.ok;
}

// ─── The provider ───────────────────────────────────────────────────────────────────────────────

export class TestProvider implements PaymentProvider {
  readonly name = "test" as const;

  /** @param deliver sends a signed event to the site's webhook handling (see registry.server.ts). */
  constructor(private readonly deliver: DeliverWebhook) {}

  private event(type: string, object: Record<string, unknown>): Promise<boolean> {
    return deliverTestEvent(this.deliver, type, object);
  }

  async createCustomer() {
    return { id: testId("cus", 14) };
  }

  async createCheckoutSession({ product, customerId, userId, successUrl, cancelUrl }: CreateCheckoutSessionInput) {
    const now = new Date();
    const [row] = await getDb()
      .insert(testCheckoutSessions)
      .values({
        id: testId("cs_test", 58),
        customerId,
        mode: product.mode === "monthly" ? "subscription" : "payment",
        productKey: product.productKey,
        productName: product.name,
        amountTotal: product.pricePence,
        currency: product.currency,
        metadata: { userId, productKey: product.productKey },
        successUrl,
        cancelUrl,
        createdAt: now,
        expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
      })
      .returning();
    return { id: row!.id, url: sessionObject(row!).url, expiresAt: row!.expiresAt };
  }

  async expireCheckoutSession(id: string): Promise<CheckoutSessionInfo | null> {
    const [expired] = await getDb()
      .update(testCheckoutSessions)
      .set({ status: "expired" })
      .where(and(eq(testCheckoutSessions.id, id), eq(testCheckoutSessions.status, "open")))
      .returning();
    // As Stripe does when a session is expired through its API.
    if (expired) await this.event("checkout.session.expired", sessionObject(expired));
    return this.retrieveCheckoutSession(id);
  }

  async refundCheckoutSession(session: CheckoutSessionInfo) {
    const row = await findTestSession(session.id);
    if (!row || row.paymentStatus !== "paid" || !row.paymentIntentId) {
      throw new PaymentProviderError(`Test checkout: no payment to refund for checkout session ${session.id}`);
    }
    const refundId = `re_${row.id.slice(8, 32)}`;
    // Once: a repeated refund answers the same refund and sends no second event.
    const [refunded] = await getDb()
      .update(testCheckoutSessions)
      .set({ refundedAt: new Date() })
      .where(and(eq(testCheckoutSessions.id, row.id), isNull(testCheckoutSessions.refundedAt)))
      .returning();
    if (refunded) {
      await this.event("charge.refunded", {
        id: `ch_${row.paymentIntentId.slice(3)}`,
        object: "charge",
        amount: row.amountTotal,
        amount_refunded: row.amountTotal,
        refunded: true,
        currency: row.currency,
        payment_intent: row.paymentIntentId,
        invoice: row.invoiceId,
        livemode: false,
      });
    }
    return { id: refundId, amount: row.amountTotal };
  }

  async retrieveCheckoutSession(id: string): Promise<CheckoutSessionInfo | null> {
    const row = await findTestSession(id);
    return row ? readCheckoutSession(sessionObject(row)) : null;
  }

  async retrieveSubscription(id: string): Promise<SubscriptionInfo | null> {
    const [row] = await getDb().select().from(testSubscriptions).where(eq(testSubscriptions.id, id));
    return row ? readSubscription(subscriptionObject(row)) : null;
  }

  async listLiveSubscriptions(customerId: string): Promise<SubscriptionInfo[]> {
    const rows = await getDb().select().from(testSubscriptions).where(eq(testSubscriptions.customerId, customerId));
    return rows.map((row) => readSubscription(subscriptionObject(row))).filter((s) => isLiveSubscriptionStatus(s.status));
  }

  async cancelSubscription(id: string): Promise<void> {
    const [row] = await getDb()
      .update(testSubscriptions)
      .set({ status: "canceled", canceledAt: new Date(), cancelAtPeriodEnd: false })
      .where(and(eq(testSubscriptions.id, id), inArray(testSubscriptions.status, LIVE_STATUSES)))
      .returning();
    if (row) await this.event("customer.subscription.deleted", subscriptionObject(row));
  }

  async createBillingPortalSession() {
    return { url: `${siteOrigin()}${TEST_BILLING_PORTAL_PATH}` };
  }

  async findInvoiceForPaymentIntent(paymentIntentId: string): Promise<string | null> {
    const [row] = await getDb()
      .select({ invoiceId: testCheckoutSessions.invoiceId })
      .from(testCheckoutSessions)
      .where(eq(testCheckoutSessions.paymentIntentId, paymentIntentId));
    return row?.invoiceId ?? null;
  }

  webhookSecret(): Promise<string> {
    return testWebhookSecret();
  }

  // ─── The test checkout page (routes/offers/test-checkout.tsx) ───────────────────────────────

  /**
   * 'Pay' on the test checkout: takes the (pretend) money, starts the subscription for a monthly
   * offer, sends Stripe's events for it, and returns the success address. Paying twice (a double
   * click, the back button) changes nothing and returns the same address.
   */
  async pay(sessionId: string, userId: string): Promise<TestPayResult> {
    const row = await findOwnTestSession(sessionId, userId);
    if (!row) return { outcome: "not_found" };
    if (row.status === "complete") return { outcome: "paid", redirectTo: completedSuccessUrl(row) };
    if (row.status === "expired" || row.expiresAt.getTime() <= Date.now()) return { outcome: "expired" };

    const now = new Date();
    const subscribe = row.mode === "subscription";
    const paymentIntentId = testId("pi");
    const subscriptionId = subscribe ? testId("sub", 14) : null;
    const invoiceId = subscribe ? testId("in") : null;

    const result = await getDb().transaction(async (tx) => {
      const [completed] = await tx
        .update(testCheckoutSessions)
        .set({ status: "complete", paymentStatus: "paid", completedAt: now, paymentIntentId, subscriptionId, invoiceId })
        .where(and(eq(testCheckoutSessions.id, row.id), eq(testCheckoutSessions.status, "open")))
        .returning();
      if (!completed) return null; // paid a moment ago by another request
      let subscription: TestSubscription | null = null;
      if (subscriptionId) {
        [subscription = null] = await tx
          .insert(testSubscriptions)
          .values({
            id: subscriptionId,
            customerId: row.customerId,
            productKey: row.productKey,
            productName: row.productName,
            amount: row.amountTotal,
            currency: row.currency,
            metadata: row.metadata,
            status: "active",
            currentPeriodStart: now,
            currentPeriodEnd: addMonth(now),
            createdAt: now,
          })
          .returning();
      }
      return { completed, subscription };
    });

    if (!result) {
      const again = await findTestSession(row.id);
      return again?.status === "complete" ? { outcome: "paid", redirectTo: completedSuccessUrl(again) } : { outcome: "not_found" };
    }

    // Stripe's order for a new subscription: the subscription, its first invoice, then the session.
    if (result.subscription && invoiceId) {
      await this.event("customer.subscription.created", subscriptionObject(result.subscription));
      await this.event(
        "invoice.paid",
        invoiceObject({
          id: invoiceId,
          subscription: result.subscription,
          billingReason: "subscription_create",
          paymentIntentId,
          periodStart: result.subscription.currentPeriodStart,
          periodEnd: result.subscription.currentPeriodEnd,
          paidAt: now,
        }),
      );
    }
    const recorded = await this.event("checkout.session.completed", sessionObject(result.completed));
    // Stripe would deliver the event again later; this checkout has nobody to do that. So a
    // payment the site could not record (its database away) is not reported as done: the page
    // fails, and paying again leads to the success page, which records it (docs/product.md §8.4).
    if (!recorded) throw new Error(`test checkout: session ${row.id} was paid, but its payment could not be recorded yet`);
    return { outcome: "paid", redirectTo: completedSuccessUrl(result.completed) };
  }

  /** 'Decline' on the test checkout: the card is refused and nothing is charged; she may try again. */
  async decline(sessionId: string, userId: string): Promise<boolean> {
    const row = await findOwnTestSession(sessionId, userId);
    if (!row || row.status !== "open") return false;
    await getDb().update(testCheckoutSessions).set({ declinedAt: new Date() }).where(eq(testCheckoutSessions.id, row.id));
    return true;
  }

  // ─── The test billing portal ──────────────────────────────────────────────────────────────────

  /** A member's subscriptions at the test provider, newest first. */
  async listSubscriptions(customerId: string): Promise<TestSubscription[]> {
    const rows = await getDb().select().from(testSubscriptions).where(eq(testSubscriptions.customerId, customerId));
    return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }

  /** Cancel at period end (true) or resume (false), as in Stripe's Customer Portal. */
  async setCancelAtPeriodEnd(customerId: string, subscriptionId: string, cancel: boolean) {
    const row = await ownTestSubscription(customerId, subscriptionId);
    if (!row || !isLiveSubscriptionStatus(row.status) || row.cancelAtPeriodEnd === cancel) return false;
    const [updated] = await getDb()
      .update(testSubscriptions)
      .set({ cancelAtPeriodEnd: cancel, canceledAt: cancel ? new Date() : null })
      .where(eq(testSubscriptions.id, row.id))
      .returning();
    await this.event("customer.subscription.updated", subscriptionObject(updated!));
    return true;
  }

  /**
   * TEST MODE only: jumps to the subscription's next billing date. It renews (a paid invoice and a
   * new period, as Stripe's invoice.paid and customer.subscription.updated) or, if she cancelled at
   * period end, ends (customer.subscription.deleted). There is no clock in the test provider, so
   * this is how renewals and period-end cancellations can be tried on a fresh machine.
   */
  async advance(customerId: string, subscriptionId: string) {
    const row = await ownTestSubscription(customerId, subscriptionId);
    if (!row || !isLiveSubscriptionStatus(row.status)) return false;
    if (row.cancelAtPeriodEnd) {
      const [ended] = await getDb()
        .update(testSubscriptions)
        .set({ status: "canceled", canceledAt: row.currentPeriodEnd })
        .where(eq(testSubscriptions.id, row.id))
        .returning();
      await this.event("customer.subscription.deleted", subscriptionObject(ended!));
      return true;
    }
    const start = row.currentPeriodEnd;
    const end = addMonth(start);
    const [renewed] = await getDb()
      .update(testSubscriptions)
      // A past-due subscription (a failed renewal) is paid up and active again.
      .set({ currentPeriodStart: start, currentPeriodEnd: end, status: "active" })
      .where(eq(testSubscriptions.id, row.id))
      .returning();
    await this.event(
      "invoice.paid",
      invoiceObject({
        id: testId("in"),
        subscription: renewed!,
        billingReason: "subscription_cycle",
        paymentIntentId: testId("pi"),
        periodStart: start,
        periodEnd: end,
        paidAt: new Date(),
      }),
    );
    await this.event("customer.subscription.updated", subscriptionObject(renewed!));
    return true;
  }

  /**
   * TEST MODE only: the subscription's next payment is declined, as Stripe reports it: the
   * renewal invoice's invoice.payment_failed, then the subscription past due
   * (customer.subscription.updated). The period does not move on; advance() afterwards pays it.
   */
  async failRenewal(customerId: string, subscriptionId: string) {
    const row = await ownTestSubscription(customerId, subscriptionId);
    if (!row || !isLiveSubscriptionStatus(row.status) || row.cancelAtPeriodEnd) return false;
    const [pastDue] = await getDb().update(testSubscriptions).set({ status: "past_due" }).where(eq(testSubscriptions.id, row.id)).returning();
    const invoice = invoiceObject({
      id: testId("in"),
      subscription: pastDue!,
      billingReason: "subscription_cycle",
      paymentIntentId: testId("pi"),
      periodStart: row.currentPeriodEnd,
      periodEnd: addMonth(row.currentPeriodEnd),
      paidAt: new Date(),
    });
    await this.event("invoice.payment_failed", { ...invoice, amount_paid: 0, status: "open", attempt_count: 1, status_transitions: { paid_at: null } });
    await this.event("customer.subscription.updated", subscriptionObject(pastDue!));
    return true;
  }
}

const LIVE_STATUSES: SubscriptionStatus[] = ["active", "trialing", "past_due", "unpaid", "incomplete", "paused"];

// ─── Test sessions and subscriptions ────────────────────────────────────────────────────────────

export async function findTestSession(id: string): Promise<TestCheckoutSession | null> {
  const [row] = await getDb().select().from(testCheckoutSessions).where(eq(testCheckoutSessions.id, id));
  return row ?? null;
}

/** The session as its owner sees it on the test checkout page, or null (absent, or not hers). */
export async function findOwnTestSession(id: string, userId: string): Promise<TestCheckoutSession | null> {
  const row = await findTestSession(id);
  return row && row.metadata.userId === userId ? row : null;
}

/** The success address for a session, with {CHECKOUT_SESSION_ID} filled in as Stripe does. */
export function completedSuccessUrl(row: TestCheckoutSession): string {
  return row.successUrl.replaceAll("{CHECKOUT_SESSION_ID}", row.id);
}

export type TestPayResult =
  | { outcome: "paid"; redirectTo: string }
  | { outcome: "expired" }
  | { outcome: "not_found" };

async function ownTestSubscription(customerId: string, subscriptionId: string) {
  const [row] = await getDb()
    .select()
    .from(testSubscriptions)
    .where(and(eq(testSubscriptions.id, subscriptionId), eq(testSubscriptions.customerId, customerId)));
  return row ?? null;
}
