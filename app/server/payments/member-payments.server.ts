import { and, eq, inArray, ne } from "drizzle-orm";
import { getDb } from "~/server/db/client.server";
import { purchases, subscriptionClaims, subscriptions, type Purchase } from "~/server/db/schema";
import { logger } from "~/server/core/logger.server";
import { findCustomerId } from "./customers.server";
import { resolveDuplicateNow } from "./duplicates.server";
import type { CheckoutSessionInfo, SubscriptionInfo } from "./provider.server";
import { recordCompletedCheckout } from "./purchases.server";
import { scheduleInstalmentsNow } from "./instalments.server";
import { getPaymentProvider } from "./registry.server";
import { isLiveSubscriptionStatus } from "./stripe-objects.server";
import { paymentsTransaction } from "./transaction.server";

// What a member's own pages ask of the payment provider in use (the registry's): confirming a
// checkout on /payment-success (docs/product.md §8.5), opening the billing portal (§8.6) and
// cancelling her subscriptions before her account is deleted (§9.8). The webhook handling and the
// recording below it take the provider as a parameter and never reach for the registry.

// ─── The success page ───────────────────────────────────────────────────────────────────────────

export type ConfirmCheckoutResult =
  | { status: "recorded"; purchase: Purchase; subscription: SubscriptionInfo | null }
  /**
   * Paid, but for a monthly offer she already had: the second subscription is cancelled and the
   * payment refunded (`resolved`), or that is under way (retried by the job queue).
   */
  | { status: "duplicate"; purchase: Purchase; resolved: boolean }
  /** No such session, or it is another member's: the page says the same for both. */
  | { status: "not_found" }
  /** Hers, but not paid (declined, abandoned or still open): the product, to offer a retry. */
  | { status: "unpaid"; productKey: string | null }
  | { status: "error" };

/** Checkout session ids as both providers make them. */
const SESSION_ID = /^cs_[A-Za-z0-9_]{8,250}$/;

/**
 * /payment-success: asks the provider whether the session is paid and whose it is, and records
 * the purchase once if it is this member's and paid (docs/product.md §8.4). Never trusts the address alone.
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
  const completed = await paymentsTransaction((tx) =>
    // Stamped with the session's creation: it fills a gap but never overrides a webhook's state.
    recordCompletedCheckout(tx, provider.name, paid, subscription, { stateAt: paid.created }),
  );
  let purchase = completed.purchase;
  if (completed.planToSchedule) await scheduleInstalmentsNow(provider, completed.planToSchedule);
  if (completed.duplicatePending) {
    await resolveDuplicateNow(provider, paid.id);
    [purchase = completed.purchase] = await getDb().select().from(purchases).where(eq(purchases.id, purchase.id));
  }
  if (purchase.duplicateOfSubscriptionId) return { status: "duplicate", purchase, resolved: purchase.duplicateResolvedAt !== null };
  return { status: "recorded", purchase, subscription };
}

/**
 * Cancels, at once, every subscription of the member that could still bill her: those the
 * provider lists for her customer and those we hold. For account deletion (docs/product.md §9.8), by the
 * member or an admin, before the account is removed.
 *
 * NOTE: call it outside any database transaction: it talks to the provider and (with the test
 * provider) delivers webhook events that write to the database themselves.
 * Throws if the provider cannot be reached, so the deletion can stop rather than leave her billed.
 */
export async function cancelActiveSubscriptions(userId: string): Promise<{ canceled: string[] }> {
  const provider = await getPaymentProvider();
  const db = getDb();
  const customerId = await findCustomerId(userId, provider.name);
  const ours = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, provider.name)));

  const ids = new Set(ours.filter((s) => isLiveSubscriptionStatus(s.status)).map((s) => s.providerSubscriptionId));
  if (customerId) for (const sub of await provider.listLiveSubscriptions(customerId)) ids.add(sub.id);

  const canceled: string[] = [];
  for (const id of ids) {
    await provider.cancelSubscription(id);
    canceled.push(id);
  }
  if (canceled.length > 0) {
    // The provider's customer.subscription.deleted events will say the same; the account may be
    // gone by then, so the rows are brought up to date now.
    const now = new Date();
    await db
      .update(subscriptions)
      .set({ status: "canceled", canceledAt: now, cancelAtPeriodEnd: false, stateAt: now, updatedAt: now })
      .where(and(inArray(subscriptions.providerSubscriptionId, canceled), ne(subscriptions.status, "canceled")));
    await db.delete(subscriptionClaims).where(inArray(subscriptionClaims.providerSubscriptionId, canceled));
    logger.info("payments: subscriptions cancelled for account deletion", { userId, count: canceled.length });
  }
  return { canceled };
}

/**
 * Where the member manages her subscriptions: a Stripe Customer Portal session, or the test
 * provider's page. Null when she has never bought anything (no customer at the provider).
 */
export async function billingPortalUrl(userId: string, returnUrl: string): Promise<string | null> {
  const provider = await getPaymentProvider();
  const customerId = await findCustomerId(userId, provider.name);
  if (!customerId) return null;
  const { url } = await provider.createBillingPortalSession({ customerId, returnUrl });
  return url;
}
