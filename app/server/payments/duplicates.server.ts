import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { getDb } from "~/server/db/client.server";
import { adminActivityLog, profiles, purchases, subscriptions, users } from "~/server/db/schema";
import { logger } from "~/server/core/logger.server";
import { formatLongDate, formatMoney } from "~/utils/format";
import { sendDuplicateRefundEmail } from "./duplicate-email.server";
import type { PaymentProvider } from "./provider.server";
import { settlePaymentsJobs } from "./queue.server";
import { paymentsTransaction } from "./transaction.server";
import { fullName } from "~/utils/names";

// A duplicate subscription: a paid checkout that started a second subscription to a monthly offer
// the member already had (found when the payment completed, subscriptions.server.ts `claimOffer`).
// It is put right at the provider (the second subscription cancelled at once, its payment refunded
// in full), then recorded once: the purchase marked refunded and resolved, an activity-log entry
// the coach sees, and an email to the member. /payment-success shows the same from the purchase.
// Every step is safe to repeat, so the payments job queue can retry it until it succeeds.

export type DuplicateOutcome = "resolved" | "already-resolved" | "not-a-duplicate";

/**
 * Cancels and refunds the duplicate paid through this checkout session. Throws if the provider
 * cannot be reached (the job queue retries); never refunds twice.
 */
export async function resolveDuplicatePayment(provider: PaymentProvider, sessionId: string): Promise<DuplicateOutcome> {
  const db = getDb();
  const [purchase] = await db.select().from(purchases).where(eq(purchases.stripeSessionId, sessionId));
  if (!purchase?.duplicateOfSubscriptionId) return "not-a-duplicate";
  if (purchase.duplicateResolvedAt) return "already-resolved";

  const session = await provider.retrieveCheckoutSession(sessionId);
  if (!session) throw new Error(`Checkout session ${sessionId} is unknown to the payment provider`);
  // First stop it billing again, then give the money back (both idempotent at the provider).
  if (session.subscriptionId) await provider.cancelSubscription(session.subscriptionId);
  const refund = await provider.refundCheckoutSession(session, "duplicate");

  const now = new Date();
  const recorded = await paymentsTransaction(async (tx) => {
    // NOTE: the subscription before the purchase (see transaction.server.ts: one lock order).
    if (session.subscriptionId) {
      // The provider's own cancellation event says the same; the site need not wait for it.
      await tx
        .update(subscriptions)
        .set({ status: "canceled", canceledAt: now, cancelAtPeriodEnd: false, stateAt: now, updatedAt: now })
        .where(and(eq(subscriptions.providerSubscriptionId, session.subscriptionId), ne(subscriptions.status, "canceled")));
    }
    const [row] = await tx
      .update(purchases)
      .set({
        duplicateResolvedAt: now,
        status: sql`case when ${purchases.amountCents} <= greatest(${purchases.refundedAmountCents}, ${refund.amount}) then 'refunded' else 'partially_refunded' end`,
        refundedAmountCents: sql`greatest(${purchases.refundedAmountCents}, ${refund.amount})`,
        refundedAt: sql`coalesce(${purchases.refundedAt}, ${now})`,
      })
      .where(and(eq(purchases.id, purchase.id), isNull(purchases.duplicateResolvedAt)))
      .returning();
    if (!row) return null; // resolved a moment ago by another worker or request (the cancel above is theirs too)
    const [member] = row.userId
      ? await tx
          .select({ email: users.email, firstName: profiles.firstName, lastName: profiles.lastName })
          .from(users)
          .leftJoin(profiles, eq(profiles.userId, users.id))
          .where(eq(users.id, row.userId))
      : [];
    const amount = formatMoney(refund.amount, row.currency);
    const summary = `Second ${row.productName} subscription cancelled and refunded ${amount} automatically: the member already had one running.`;
    await tx.insert(adminActivityLog).values({
      adminId: null,
      actionType: "refund_duplicate_subscription",
      targetUserId: row.userId,
      details: {
        summary,
        user_email: member?.email ?? null,
        user_name: fullName(member ?? {}) || null,
        product_key: row.productKey,
        product_name: row.productName,
        session_id: row.stripeSessionId,
        refunded_subscription_id: session.subscriptionId,
        kept_subscription_id: row.duplicateOfSubscriptionId,
        refund_id: refund.id,
        amount_cents: refund.amount,
        currency: row.currency,
      },
    });
    await settlePaymentsJobs(tx, { kind: "resolve-duplicate", sessionId });
    // Queued with the refund it reports (docs/product.md §18).
    if (member) {
      await sendDuplicateRefundEmail(tx, {
        to: member.email,
        firstName: member.firstName,
        productName: row.productName,
        amount,
        paidOn: formatLongDate(row.purchasedAt),
      });
    }
    return { row, member: member ?? null, amount };
  });
  if (!recorded) return "already-resolved";

  logger.info("payments: duplicate subscription cancelled and refunded", {
    sessionId,
    userId: recorded.row.userId,
    productKey: recorded.row.productKey,
    subscriptionId: session.subscriptionId,
  });
  return "resolved";
}

/**
 * Tries to resolve a duplicate at once, right after it was found; if the provider cannot be
 * reached, the job queued with the finding retries it. Never throws.
 */
export async function resolveDuplicateNow(provider: PaymentProvider, sessionId: string): Promise<void> {
  try {
    await resolveDuplicatePayment(provider, sessionId);
  } catch (error) {
    logger.warn("payments: a duplicate payment could not be refunded yet; the job queue will retry", { sessionId, error });
  }
}
