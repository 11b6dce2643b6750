import { and, eq, isNull, or, sql } from "drizzle-orm";
import { getDb, type Queryable } from "~/server/db/client.server";
import { purchases, type PaymentProviderName, type Purchase } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { existingUserId, findCatalogueProduct, productNameFor } from "./catalogue.server";
import { getPaymentProvider, type CheckoutSessionInfo, type SubscriptionInfo } from "./provider.server";
import type { ChargeInfo, InvoiceInfo } from "./stripe-objects.server";
import { applySubscriptionState, extendSubscriptionPeriod, findSubscription } from "./subscriptions.server";

// Purchases (SPEC §3): one row per payment the provider confirmed. Recording is idempotent on the
// checkout session id (unique), so the success page, a reload and the provider's webhook may all
// record the same session and only one row exists (DESIGN D3). Renewals of a subscription are one
// row per paid invoice after the first, keyed on the invoice id.

/** Records a paid checkout session once; returns the purchase (new or already recorded). */
export async function recordCheckoutPurchase(
  q: Queryable,
  session: CheckoutSessionInfo,
  purchasedAt: Date = new Date(),
): Promise<Purchase> {
  if (!session.paid) throw new Error(`Checkout session ${session.id} is not paid`);
  const product = findCatalogueProduct(session.productKey);
  const productKey = session.productKey ?? "unknown";
  await q
    .insert(purchases)
    .values({
      userId: await existingUserId(q, session.userId),
      productKey,
      productName: productNameFor(productKey),
      purchasedAt,
      stripeSessionId: session.id,
      // What was actually charged (DESIGN D2); the catalogue price only if the provider omits it.
      amountCents: session.amountTotal ?? product?.pricePence ?? 0,
      currency: session.currency ?? product?.currency ?? "gbp",
      paymentIntentId: session.paymentIntentId,
      invoiceId: session.invoiceId,
      subscriptionId: session.subscriptionId,
    })
    .onConflictDoNothing();
  const [row] = await q.select().from(purchases).where(eq(purchases.stripeSessionId, session.id));
  if (!row) throw new Error(`Checkout session ${session.id} conflicts with another purchase`);
  return row;
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
  await q
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
      paymentIntentId: invoice.paymentIntentId,
      invoiceId: invoice.id,
      subscriptionId: invoice.subscriptionId,
    })
    .onConflictDoNothing();
  logger.info("payments: renewal recorded", { provider, invoiceId: invoice.id, subscriptionId: invoice.subscriptionId });
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
    .returning({ id: purchases.id });
  return rows.length > 0;
}

// ─── The success page ───────────────────────────────────────────────────────────────────────────

export type ConfirmCheckoutResult =
  | { status: "recorded"; purchase: Purchase; subscription: SubscriptionInfo | null }
  /** No such session, or it is another member's: the page says the same for both. */
  | { status: "not_found" }
  /** Hers, but not paid (declined, abandoned or still open): the product, to offer a retry. */
  | { status: "unpaid"; productKey: string | null }
  | { status: "error" };

/** Checkout session ids as both providers make them. */
const SESSION_ID = /^cs_[A-Za-z0-9_]{8,250}$/;

/**
 * /payment-success: asks the provider whether the session is paid and whose it is, and records
 * the purchase once if it is this member's and paid (DESIGN D3). Never trusts the address alone.
 */
export async function confirmCheckoutSession(sessionId: string, userId: string): Promise<ConfirmCheckoutResult> {
  if (!SESSION_ID.test(sessionId)) return { status: "not_found" };
  const provider = await getPaymentProvider();
  let session: CheckoutSessionInfo | null;
  let subscription: SubscriptionInfo | null = null;
  try {
    session = await provider.retrieveCheckoutSession(sessionId);
    if (!session || session.userId !== userId) {
      if (session) logger.warn("payments: a member opened another member's checkout session", { sessionId, userId });
      return { status: "not_found" };
    }
    if (!session.paid) return { status: "unpaid", productKey: session.productKey };
    if (session.subscriptionId) subscription = await provider.retrieveSubscription(session.subscriptionId);
  } catch (error) {
    logger.error("payments: could not confirm a checkout session", { sessionId, error });
    return { status: "error" };
  }
  const paid = session;
  const purchase = await getDb().transaction(async (tx) => {
    const row = await recordCheckoutPurchase(tx, paid);
    if (subscription) {
      // Stamped with the session's creation: it fills a gap but never overrides a webhook's state.
      await applySubscriptionState(tx, provider.name, subscription, paid.created, {
        userId: paid.userId,
        productKey: paid.productKey,
      });
    }
    return row;
  });
  return { status: "recorded", purchase, subscription };
}
