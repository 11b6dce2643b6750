import { and, eq, inArray, isNull } from "drizzle-orm";
import { getDb } from "~/server/db/client.server";
import { testCheckoutSessions, testSubscriptions, type TestSubscription } from "~/server/db/schema";
import { testWebhookSecret } from "../local-secret.server";
import {
  PaymentProviderError,
  siteOrigin,
  type CheckoutSessionInfo,
  type CreateCheckoutSessionInput,
  type PaymentProvider,
  type RefundPaymentInput,
  type SubscriptionInfo,
} from "../provider.server";
import { isLiveSubscriptionStatus, PLAN_METADATA, readCheckoutSession, readPlan, readSubscription } from "../stripe-objects.server";
import { instalmentPlan } from "~/config/instalments";
import { deliverTestEvent, type DeliverWebhook } from "./delivery.server";
import { failedInvoiceObject, renewalCharge, testDiscount } from "./renewals.server";
import {
  completedSuccessUrl,
  findOwnTestSession,
  findTestSession,
  LIVE_STATUSES,
  ownTestSubscription,
  TEST_BILLING_PORTAL_PATH,
  type TestPayResult,
} from "./records.server";
import { addMonth, invoiceObject, SESSION_LIFETIME_MS, sessionObject, subscriptionObject, testId } from "./stripe-shapes.server";

// The built-in test checkout: the payment provider when no Stripe key is set, so the whole
// purchase works on a fresh machine. It plays Stripe's part: it holds checkout sessions and
// subscriptions (in its own test_* tables), hosts a clearly marked TEST MODE payment page at
// /test-checkout/:sessionId, and tells the site what happened through signed webhook events in
// Stripe's shape (`t=…,v1=…` HMAC-SHA256 with a local secret) that go through the very same
// webhook handling as Stripe's. See docs/decisions/060-built-in-test-checkout.md.
//
// The folder: provider (this class, the PaymentProvider), records (its tables and page addresses),
// stripe-shapes (its objects in Stripe's shape), delivery (signed events to the webhook handling,
// which the registry hands in so this folder never imports it), renewals (what a renewal charges
// and what a failed try reports). Its pages: routes/offers/test-checkout.tsx
// and routes/offers/test-billing-portal.tsx.

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

  async createCheckoutSession({ product, customerId, userId, successUrl, cancelUrl, discount, expiresAt, instalments }: CreateCheckoutSessionInput) {
    const now = new Date();
    const metadata: Record<string, string> = { userId, productKey: product.productKey };
    if (discount) metadata.promotionCode = discount.terms.code;
    if (instalments) {
      metadata[PLAN_METADATA.instalments] = String(instalments.count);
      metadata[PLAN_METADATA.total] = String(instalments.totalPence);
    }
    // A payment plan takes its first payment now and starts the monthly subscription for the rest.
    const price = instalments ? instalments.firstPence : product.pricePence;
    const [row] = await getDb()
      .insert(testCheckoutSessions)
      .values({
        id: testId("cs_test", 58),
        customerId,
        mode: product.mode === "monthly" || instalments ? "subscription" : "payment",
        productKey: product.productKey,
        productName: product.name,
        // The test checkout charges the reduced amount, as Stripe would with the coupon.
        amountTotal: price - (discount?.amountPence ?? 0),
        amountSubtotal: price,
        currency: product.currency,
        metadata,
        discount: discount ? testDiscount(discount) : null,
        successUrl,
        cancelUrl,
        createdAt: now,
        expiresAt: expiresAt ?? new Date(now.getTime() + SESSION_LIFETIME_MS),
      })
      .returning();
    return { id: row!.id, url: sessionObject(row!).url, expiresAt: row!.expiresAt };
  }

  /** The test checkout keeps a promotion's terms on each session; there is nothing to create. */
  async ensurePromotion(): Promise<null> {
    return null;
  }

  async deactivatePromotion(): Promise<void> {}

  /** The test checkout counts a plan's payments itself (payments_left, see advance()): nothing to set. */
  async scheduleInstalments(): Promise<void> {}

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

  /**
   * A refund of part or all of a payment, as Stripe reports it: a charge.refunded event with the
   * amount refunded so far. The site's own request key keeps it to once (payments/refunds.server.ts).
   */
  async refundPayment(input: RefundPaymentInput) {
    if (!input.paymentIntentId && !input.invoiceId) throw new PaymentProviderError("Test checkout: no payment to refund");
    const refundedNow = Math.min(input.paymentAmount, input.refundedBefore + input.amount);
    const full = refundedNow >= input.paymentAmount;
    if (full && input.paymentIntentId) {
      await getDb()
        .update(testCheckoutSessions)
        .set({ refundedAt: new Date() })
        .where(and(eq(testCheckoutSessions.paymentIntentId, input.paymentIntentId), isNull(testCheckoutSessions.refundedAt)));
    }
    const intent = input.paymentIntentId ?? `pi_${(input.invoiceId ?? "").slice(3)}`;
    await this.event("charge.refunded", {
      id: `ch_${intent.slice(3)}`,
      object: "charge",
      amount: input.paymentAmount,
      amount_refunded: refundedNow,
      refunded: full,
      currency: input.currency,
      payment_intent: input.paymentIntentId,
      invoice: input.invoiceId,
      livemode: false,
    });
    return { id: testId("re"), amount: input.amount };
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

  async cancelAtPeriodEnd(id: string): Promise<void> {
    const [row] = await getDb().select().from(testSubscriptions).where(eq(testSubscriptions.id, id));
    if (row) await this.setCancelAtPeriodEnd(row.customerId, row.id, true);
  }

  /** Stripe's pause_collection: renewals before `resumesAt` take nothing (see advance()). */
  async pauseSubscription(id: string, resumesAt: Date): Promise<void> {
    const [row] = await getDb()
      .update(testSubscriptions)
      .set({ pausedUntil: resumesAt })
      .where(and(eq(testSubscriptions.id, id), inArray(testSubscriptions.status, LIVE_STATUSES)))
      .returning();
    if (row) await this.event("customer.subscription.updated", subscriptionObject(row));
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
      // A payment plan: the later payments at their own amount, and how many are left to take.
      const plan = readPlan(row.metadata);
      const instalments = plan ? instalmentPlan(plan.totalPence, plan.instalments) : null;
      if (subscriptionId) {
        [subscription = null] = await tx
          .insert(testSubscriptions)
          .values({
            id: subscriptionId,
            customerId: row.customerId,
            productKey: row.productKey,
            productName: row.productName,
            // The price before the discount; the discount goes with it for the renewals it covers.
            amount: instalments ? instalments.laterPence : (row.amountSubtotal ?? row.amountTotal),
            paymentsLeft: instalments ? instalments.count - 1 : null,
            currency: row.currency,
            metadata: row.metadata,
            discount: row.discount && row.discount.paymentsLeft !== 0 ? row.discount : null,
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
          amountPaid: row.amountTotal,
          paymentIntentId,
          periodStart: result.subscription.currentPeriodStart,
          periodEnd: result.subscription.currentPeriodEnd,
          paidAt: now,
        }),
      );
    }
    // With its subscription expanded, so the webhook handling has all it needs without asking
    // this provider back (Stripe's event names the subscription only, and the site fetches it).
    const completed = { ...sessionObject(result.completed), ...(result.subscription ? { subscription: subscriptionObject(result.subscription) } : {}) };
    const recorded = await this.event("checkout.session.completed", completed);
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
    if (row.cancelAtPeriodEnd || row.paymentsLeft === 0) {
      // The simulated clock reaches the period's end: it ends now, as Stripe's would on that day
      // (a payment plan whose last payment was taken ends by its schedule), so what depends on the
      // paid period (the members' area) stops now too.
      const now = new Date();
      const [ended] = await getDb()
        .update(testSubscriptions)
        .set({ status: "canceled", canceledAt: now, currentPeriodEnd: now })
        .where(eq(testSubscriptions.id, row.id))
        .returning();
      await this.event("customer.subscription.deleted", subscriptionObject(ended!));
      return true;
    }
    const start = row.currentPeriodEnd;
    const end = addMonth(start);
    if (row.pausedUntil && start.getTime() < row.pausedUntil.getTime()) {
      // Paused: Stripe voids the renewal and the period moves on with nothing taken.
      const [skipped] = await getDb().update(testSubscriptions).set({ currentPeriodStart: start, currentPeriodEnd: end }).where(eq(testSubscriptions.id, row.id)).returning();
      await this.event("customer.subscription.updated", subscriptionObject(skipped!));
      return true;
    }
    const { amount, discount } = renewalCharge(row);
    const [renewed] = await getDb()
      .update(testSubscriptions)
      // A past-due subscription (a failed renewal) is paid up and active again.
      .set({
        currentPeriodStart: start,
        currentPeriodEnd: end,
        status: "active",
        discount,
        failingInvoiceId: null,
        failedAttempts: 0,
        pausedUntil: null,
        paymentsLeft: row.paymentsLeft === null ? null : row.paymentsLeft - 1,
      })
      .where(eq(testSubscriptions.id, row.id))
      .returning();
    await this.event(
      "invoice.paid",
      invoiceObject({
        // A renewal that was failing is that invoice paid at last.
        id: row.failingInvoiceId ?? testId("in"),
        subscription: renewed!,
        billingReason: "subscription_cycle",
        amountPaid: amount,
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
   * (customer.subscription.updated). Pressed again, it is the provider's next retry of the same
   * invoice failing (its attempt count goes up). The period does not move on; advance() pays it.
   */
  async failRenewal(customerId: string, subscriptionId: string) {
    const row = await ownTestSubscription(customerId, subscriptionId);
    if (!row || !isLiveSubscriptionStatus(row.status) || row.cancelAtPeriodEnd) return false;
    const invoiceId = row.failingInvoiceId ?? testId("in");
    const attempts = row.failedAttempts + 1;
    const [pastDue] = await getDb()
      .update(testSubscriptions)
      .set({ status: "past_due", failingInvoiceId: invoiceId, failedAttempts: attempts })
      .where(eq(testSubscriptions.id, row.id))
      .returning();
    await this.event("invoice.payment_failed", failedInvoiceObject(pastDue!, invoiceId, attempts, true));
    if (attempts === 1) await this.event("customer.subscription.updated", subscriptionObject(pastDue!));
    return true;
  }

  /**
   * TEST MODE only: the last retry fails too, and the subscription ends for non-payment, as
   * Stripe does when its retry settings say to cancel: the last invoice.payment_failed (no next
   * attempt), then customer.subscription.deleted with the reason 'payment_failed'.
   */
  async failFinally(customerId: string, subscriptionId: string) {
    const row = await ownTestSubscription(customerId, subscriptionId);
    if (!row || !isLiveSubscriptionStatus(row.status)) return false;
    const invoiceId = row.failingInvoiceId ?? testId("in");
    const attempts = Math.max(row.failedAttempts + 1, 4);
    const now = new Date();
    const [ended] = await getDb()
      .update(testSubscriptions)
      .set({ status: "canceled", canceledAt: now, cancellationReason: "payment_failed", failingInvoiceId: invoiceId, failedAttempts: attempts })
      .where(eq(testSubscriptions.id, row.id))
      .returning();
    await this.event("invoice.payment_failed", failedInvoiceObject(ended!, invoiceId, attempts, false));
    await this.event("customer.subscription.deleted", subscriptionObject(ended!));
    return true;
  }
}
