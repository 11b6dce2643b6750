import { and, eq, isNull, or, sql } from "drizzle-orm";
import { recordPaid } from "~/server/analytics/record.server";
import type { Queryable } from "~/server/db/client.server";
import { purchases, subscriptions, type PaymentProviderName, type Purchase } from "~/server/db/schema";
import { logger } from "~/server/core/logger.server";
import { existingUserId, findCatalogueProduct, productNameFor } from "./catalogue.server";
import type { CheckoutSessionInfo, SubscriptionInfo } from "./provider.server";
import type { ChargeInfo, InvoiceInfo } from "./stripe-objects.server";
import { markSessionClosed } from "./checkout-sessions.server";
import { enqueuePaymentsJob } from "./queue.server";
import { queueRefundEmails, queueRenewalFailedEmails, queueRenewalReceipt, queueSaleEmails } from "./sale-emails.server";
import { applySubscriptionState, claimOffer, extendSubscriptionPeriod, findSubscription } from "./subscriptions.server";
import { countPurchase } from "~/server/metrics/metrics.server";
import { graceEndsAt } from "~/server/core/payment-grace.server";
import { planProgress } from "./instalments.server";

// Purchases (docs/product.md §13): one row per payment the provider confirmed. Recording is idempotent on the
// checkout session id (unique), so the success page, a reload and the provider's webhook may all
// record the same session and only one row exists (docs/product.md §8.4). Renewals of a subscription are one
// row per paid invoice after the first, keyed on the invoice id.

/** Records a paid checkout session once; returns the purchase (new or already recorded). */
export async function recordCheckoutPurchase(
  q: Queryable,
  session: CheckoutSessionInfo,
  purchasedAt: Date = new Date(),
): Promise<Purchase & { recordedNow: boolean }> {
  if (!session.paid) throw new Error(`Checkout session ${session.id} is not paid`);
  const product = findCatalogueProduct(session.productKey);
  const productKey = session.productKey ?? "unknown";
  const inserted = await q
    .insert(purchases)
    .values({
      userId: await existingUserId(q, session.userId),
      productKey,
      productName: productNameFor(productKey),
      purchasedAt,
      stripeSessionId: session.id,
      // What was actually charged (docs/product.md §8.5); the catalogue price only if the provider omits it.
      amountCents: session.amountTotal ?? product?.pricePence ?? 0,
      currency: session.currency ?? product?.currency ?? "gbp",
      // The code she applied and what it took off (docs/product.md §8.9).
      promotionCode: session.discountAmount > 0 ? session.promotionCode : null,
      discountCents: session.discountAmount,
      paymentIntentId: session.paymentIntentId,
      invoiceId: session.invoiceId,
      subscriptionId: session.subscriptionId,
    })
    .onConflictDoNothing()
    .returning({ id: purchases.id });
  if (inserted.length > 0) {
    countPurchase("checkout");
    // The funnel's 'Paid' (docs/analytics.md), in a savepoint of its own: if counting fails, the
    // payment's record goes on without it. (Not on another connection: a webhook's transaction
    // already holds one, and many at once would wait for each other's.)
    await q
      .transaction((counting) => recordPaid(counting, session.id, session.amountTotal ?? product?.pricePence ?? 0, purchasedAt))
      .catch((error: unknown) => logger.warn("analytics: could not record a payment in the funnel", { sessionId: session.id, error }));
  }
  const [row] = await q.select().from(purchases).where(eq(purchases.stripeSessionId, session.id));
  if (!row) throw new Error(`Checkout session ${session.id} conflicts with another purchase`);
  return { ...row, recordedNow: inserted.length > 0 };
}

/**
 * A paid invoice (webhook invoice.paid). The first invoice of a subscription was bought through
 * checkout and is already the checkout's purchase; every later one (a renewal) is a purchase of
 * its own. The subscription's period moves on either way.
 */
export async function recordPaidInvoice(q: Queryable, provider: PaymentProviderName, invoice: InvoiceInfo) {
  if (!invoice.subscriptionId) return; // not a subscription's invoice: nothing the site sold
  if (invoice.periodEnd) await extendSubscriptionPeriod(q, invoice.subscriptionId, invoice.periodEnd);
  if (invoice.billingReason === "subscription_create") {
    if (invoice.paymentIntentId) {
      await q
        .update(purchases)
        .set({ paymentIntentId: invoice.paymentIntentId })
        .where(and(eq(purchases.invoiceId, invoice.id), isNull(purchases.paymentIntentId)));
    }
    return;
  }
  if (invoice.amountPaid <= 0) return;
  const subscription = await findSubscription(q, invoice.subscriptionId);
  const productKey = invoice.productKey ?? subscription?.productKey ?? "unknown";
  const [renewal] = await q
    .insert(purchases)
    .values({
      userId: (await existingUserId(q, subscription?.userId)) ?? (await existingUserId(q, invoice.userId)),
      productKey,
      productName: productNameFor(productKey),
      purchasedAt: invoice.paidAt,
      // NOTE: a renewal has no checkout session; its invoice id is its payment reference.
      stripeSessionId: invoice.id,
      amountCents: invoice.amountPaid,
      currency: invoice.currency,
      // A renewal still under a promotion's discount (for N months, or for ever).
      promotionCode: invoice.discountAmount > 0 ? invoice.promotionCode : null,
      discountCents: invoice.discountAmount,
      paymentIntentId: invoice.paymentIntentId,
      invoiceId: invoice.id,
      subscriptionId: invoice.subscriptionId,
    })
    .onConflictDoNothing()
    .returning();
  // A payment plan's last payment: paid in full from now on (docs/product.md §8.11).
  if (renewal && subscription?.instalments && (await planProgress(q, invoice.subscriptionId))?.complete) {
    await q
      .update(subscriptions)
      .set({ planCompletedAt: invoice.paidAt, updatedAt: new Date() })
      .where(and(eq(subscriptions.providerSubscriptionId, invoice.subscriptionId), isNull(subscriptions.planCompletedAt)));
  }
  // Her renewal receipt (docs/product.md §18.4), with the renewal it reports.
  if (renewal) {
    countPurchase("renewal");
    await queueRenewalReceipt(q, renewal, invoice.periodEnd);
  }
  logger.info("payments: renewal recorded", { provider, invoiceId: invoice.id, subscriptionId: invoice.subscriptionId });
}

/**
 * A subscription's payment failed (webhook invoice.payment_failed): she is asked to update her
 * card and the coach is told, once per invoice however often the provider retries it
 * (docs/product.md §18.3). The first payment failing is the checkout's concern, not a renewal's.
 */
export async function recordFailedInvoice(q: Queryable, invoice: InvoiceInfo, at: Date) {
  if (!invoice.subscriptionId || invoice.billingReason === "subscription_create") return;
  const subscription = await findSubscription(q, invoice.subscriptionId);
  const productKey = invoice.productKey ?? subscription?.productKey ?? "unknown";
  await queueRenewalFailedEmails(q, {
    attempt: invoice.attemptCount,
    graceEndsAt: graceEndsAt(subscription?.pastDueSince ?? at),
    invoiceId: invoice.id,
    userId: (await existingUserId(q, subscription?.userId)) ?? (await existingUserId(q, invoice.userId)),
    productKey,
    productName: productNameFor(productKey),
    amountDuePence: invoice.amountDue,
    currency: invoice.currency,
    at,
  });
  logger.info("payments: renewal payment failed", { invoiceId: invoice.id, subscriptionId: invoice.subscriptionId });
}

/**
 * A refund (webhook charge.refunded): the purchase the charge paid for is marked refunded, or
 * partially refunded. `invoiceId` is the invoice the payment intent paid, when the provider knew.
 */
export async function recordRefund(q: Queryable, charge: ChargeInfo, invoiceId: string | null, refundedAt: Date) {
  if (!charge.paymentIntentId && !invoiceId) return false;
  const match = or(
    charge.paymentIntentId ? eq(purchases.paymentIntentId, charge.paymentIntentId) : undefined,
    invoiceId ? eq(purchases.invoiceId, invoiceId) : undefined,
  );
  const status = charge.fullyRefunded ? "refunded" : charge.amountRefunded > 0 ? "partially_refunded" : null;
  if (!status) return false;
  const rows = await q
    .update(purchases)
    .set({
      status: sql`case when ${purchases.status} = 'refunded' then 'refunded' else ${status} end`,
      refundedAmountCents: sql`greatest(${purchases.refundedAmountCents}, ${charge.amountRefunded})`,
      refundedAt: sql`coalesce(${purchases.refundedAt}, ${refundedAt})`,
      paymentIntentId: sql`coalesce(${purchases.paymentIntentId}, ${charge.paymentIntentId})`,
    })
    .where(match)
    .returning();
  // Her refund confirmation and the coach's notice, once per refunded amount (docs/product.md §18.4).
  for (const row of rows) await queueRefundEmails(q, row, refundedAt);
  return rows.length > 0;
}

// ─── A checkout completed ───────────────────────────────────────────────────────────────────────

export interface CompletedCheckout {
  purchase: Purchase;
  /** This payment started a second subscription to an offer she already had, not yet refunded. */
  duplicatePending: boolean;
  /** A payment plan's first payment, recorded now: its subscription is to be told when to stop. */
  planToSchedule?: string | null;
}

/**
 * Records a paid checkout session, from its webhook or the success page (whichever comes first;
 * the other finds it recorded): the purchase, its subscription's state, the session closed, and
 * for a monthly offer the check that she did not already have it (`claimOffer`, under a lock). A
 * duplicate is marked on the purchase and a job queued to cancel and refund it; the caller tries
 * that at once after the commit (`resolveDuplicateNow`). Call inside a transaction.
 */
export async function recordCompletedCheckout(
  tx: Queryable,
  provider: PaymentProviderName,
  session: CheckoutSessionInfo,
  subscription: SubscriptionInfo | null,
  options: { stateAt: Date; purchasedAt?: Date },
): Promise<CompletedCheckout> {
  const completed = await recordCheckoutOnce(tx, provider, session, subscription, options);
  // Her receipt and the coach's notification, queued with the purchase: once, whoever records it
  // (docs/product.md §18.2), and never for a duplicate, which is refunded instead.
  await queueSaleEmails(tx, completed.purchase, subscription?.currentPeriodEnd ?? null);
  return completed;
}

async function recordCheckoutOnce(
  tx: Queryable,
  provider: PaymentProviderName,
  session: CheckoutSessionInfo,
  subscription: SubscriptionInfo | null,
  { stateAt, purchasedAt = new Date() }: { stateAt: Date; purchasedAt?: Date },
): Promise<CompletedCheckout> {
  // NOTE: the subscription before the purchase, in every payments transaction: both rows' triggers
  // lock her profile, and taking the locks in one order keeps two transactions from deadlocking.
  if (subscription) {
    await applySubscriptionState(tx, provider, subscription, stateAt, { userId: session.userId, productKey: session.productKey });
  }
  const { recordedNow, ...recorded } = await recordCheckoutPurchase(tx, session, purchasedAt);
  let purchase: Purchase = recorded;
  await markSessionClosed(tx, session.id, "complete");
  // A payment plan's first payment: the provider is to stop its subscription after the last
  // (tried at once after the commit; this job is the retry).
  const planToSchedule = recordedNow && subscription?.plan && session.subscriptionId ? session.subscriptionId : null;
  if (planToSchedule) await enqueuePaymentsJob(tx, { kind: "schedule-instalments", subscriptionId: planToSchedule });
  const done = (outcome: CompletedCheckout): CompletedCheckout => ({ ...outcome, planToSchedule });
  if (purchase.duplicateOfSubscriptionId) return done({ purchase, duplicatePending: purchase.duplicateResolvedAt === null });
  if (!session.subscriptionId || !purchase.userId) return done({ purchase, duplicatePending: false });
  // A payment plan buys a course, not a monthly offer: no claim (she may buy the course again).
  if (subscription?.plan) return done({ purchase, duplicatePending: false });

  const { duplicateOf } = await claimOffer(tx, { userId: purchase.userId, productKey: purchase.productKey, subscriptionId: session.subscriptionId });
  if (!duplicateOf) return done({ purchase, duplicatePending: false });
  [purchase] = (await tx
    .update(purchases)
    .set({ duplicateOfSubscriptionId: duplicateOf })
    .where(eq(purchases.id, purchase.id))
    .returning()) as [Purchase];
  await enqueuePaymentsJob(tx, { kind: "resolve-duplicate", sessionId: session.id });
  logger.warn("payments: a second subscription to an offer she already has; cancelling and refunding it", {
    sessionId: session.id,
    userId: purchase.userId,
    productKey: purchase.productKey,
    keptSubscriptionId: duplicateOf,
  });
  return done({ purchase, duplicatePending: true });
}
