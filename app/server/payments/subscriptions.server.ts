import { and, asc, eq, inArray, isNotNull, ne, notExists, notInArray, sql } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import {
  paymentCustomers,
  purchases,
  subscriptionClaims,
  subscriptions,
  type PaymentProviderName,
  type Subscription,
  type SubscriptionStatus,
} from "~/server/db/schema";
import { existingUserId, productNameFor } from "./catalogue.server";
import type { SubscriptionInfo } from "./provider.server";
import { queueSubscriptionEndEmails, queueSubscriptionPausedEmail } from "./sale-emails.server";
import { isRunningSubscriptionStatus, NOT_RUNNING_STATUSES } from "./stripe-objects.server";

// The subscriptions table mirrors what the provider says about a member's monthly offers
// (docs/product.md §8.4). Each write carries the time the provider produced that state; an older state
// never overwrites a newer one, and a canceled subscription never comes back to life, so
// webhook events may arrive late, twice or out of order.

export interface SubscriptionFallbacks {
  userId?: string | null;
  productKey?: string | null;
}

async function userIdForCustomer(q: Queryable, provider: PaymentProviderName, customerId: string | null) {
  if (!customerId) return null;
  const [row] = await q
    .select({ userId: paymentCustomers.userId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.provider, provider), eq(paymentCustomers.customerId, customerId)));
  return row?.userId ?? null;
}

/**
 * Inserts or updates the subscription from a provider's description of it, as of `stateAt` (the
 * event's created time, or an earlier time for a state read back from the provider). Returns
 * whether the stored state changed.
 */
/** The statuses of a subscription whose payment is failing while the provider retries it. */
const PAYMENT_FAILING: SubscriptionStatus[] = ["past_due", "unpaid"];

export async function applySubscriptionState(
  q: Queryable,
  provider: PaymentProviderName,
  info: SubscriptionInfo,
  stateAt: Date,
  fallbacks: SubscriptionFallbacks = {},
): Promise<boolean> {
  const productKey = info.productKey ?? fallbacks.productKey ?? "unknown";
  const userId =
    (await existingUserId(q, info.userId)) ??
    (await existingUserId(q, fallbacks.userId)) ??
    (await userIdForCustomer(q, provider, info.customerId));
  const [before] = await q
    .select({ status: subscriptions.status, cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd, pausedUntil: subscriptions.pausedUntil })
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, info.id))
    .limit(1);
  const rows = await q
    .insert(subscriptions)
    .values({
      userId,
      provider,
      providerSubscriptionId: info.id,
      providerCustomerId: info.customerId,
      productKey,
      productName: productNameFor(productKey),
      status: info.status,
      currentPeriodEnd: info.currentPeriodEnd,
      cancelAtPeriodEnd: info.cancelAtPeriodEnd,
      canceledAt: info.canceledAt,
      pastDueSince: PAYMENT_FAILING.includes(info.status) ? stateAt : null,
      endedForNonPayment: info.status === "canceled" && (info.endedForNonPayment ?? false),
      pausedUntil: info.pausedUntil ?? null,
      pausedFrom: info.pausedUntil ? info.currentPeriodEnd : null,
      instalments: info.plan?.instalments ?? null,
      planTotalCents: info.plan?.totalPence ?? null,
      stateAt,
    })
    .onConflictDoUpdate({
      target: subscriptions.providerSubscriptionId,
      set: {
        status: sql`excluded.status`,
        currentPeriodEnd: sql`coalesce(excluded.current_period_end, ${subscriptions.currentPeriodEnd})`,
        cancelAtPeriodEnd: sql`excluded.cancel_at_period_end`,
        canceledAt: sql`excluded.canceled_at`,
        // The grace period runs from the first failure, however many retries follow; paid up, it is over.
        pastDueSince: sql`case when excluded.past_due_since is null then null else coalesce(${subscriptions.pastDueSince}, excluded.past_due_since) end`,
        endedForNonPayment: sql`excluded.ended_for_non_payment`,
        // A pause starts at the end of the month she had paid for when it was asked (the period
        // end stored before this state), and is kept through the voided months until it is over.
        pausedFrom: sql`case when excluded.paused_until is null then null else coalesce(${subscriptions.pausedFrom}, ${subscriptions.currentPeriodEnd}, excluded.current_period_end) end`,
        pausedUntil: sql`excluded.paused_until`,
        // A plan's terms come with it from its metadata and never change.
        instalments: sql`coalesce(${subscriptions.instalments}, excluded.instalments)`,
        planTotalCents: sql`coalesce(${subscriptions.planTotalCents}, excluded.plan_total_cents)`,
        stateAt: sql`excluded.state_at`,
        userId: sql`coalesce(${subscriptions.userId}, excluded.user_id)`,
        providerCustomerId: sql`coalesce(${subscriptions.providerCustomerId}, excluded.provider_customer_id)`,
        updatedAt: new Date(),
      },
      // NOTE: the guard of docs/product.md §8.4: never older than what we have, never out of 'canceled'.
      setWhere: sql`${subscriptions.stateAt} <= excluded.state_at and (${subscriptions.status} <> 'canceled' or excluded.status = 'canceled')`,
    })
    .returning({ id: subscriptions.id });
  // A subscription that has ended no longer holds its offer: she may buy it again.
  if (!isRunningSubscriptionStatus(info.status)) await releaseEndedClaim(q, info.id);
  // A pause begun (or moved): she is told when payments stop and start again, once per pause.
  if (rows.length > 0 && before && info.pausedUntil && before.pausedUntil?.getTime() !== info.pausedUntil.getTime() && isRunningSubscriptionStatus(info.status)) {
    await queueSubscriptionPausedEmail(q, { providerSubscriptionId: info.id, userId, productKey, productName: productNameFor(productKey), pausedFrom: info.currentPeriodEnd, pausedUntil: info.pausedUntil });
  }
  if (rows.length > 0 && before) {
    // She asked to cancel (access to the period's end), or it has ended: told once each
    // (docs/product.md §18.3, §18.4). A state seen before, or an older one, tells nobody.
    const ended = info.status === "canceled" && before.status !== "canceled";
    const cancelling = !ended && info.cancelAtPeriodEnd && !before.cancelAtPeriodEnd && isRunningSubscriptionStatus(info.status);
    if (ended || cancelling) {
      await queueSubscriptionEndEmails(q, {
        providerSubscriptionId: info.id,
        userId,
        productKey,
        productName: productNameFor(productKey),
        kind: ended ? (info.endedForNonPayment ? "unpaid" : "ended") : "cancelled",
        accessEndsAt: info.currentPeriodEnd,
        at: stateAt,
      });
    }
  }
  return rows.length > 0;
}

// ─── One running subscription per offer per member ──────────────────────────────────────────────

/** Removes the offer's claim of a subscription, if the stored subscription has indeed ended. */
async function releaseEndedClaim(q: Queryable, providerSubscriptionId: string) {
  await q.delete(subscriptionClaims).where(
    and(
      eq(subscriptionClaims.providerSubscriptionId, providerSubscriptionId),
      inArray(
        subscriptionClaims.providerSubscriptionId,
        q
          .select({ id: subscriptions.providerSubscriptionId })
          .from(subscriptions)
          .where(and(eq(subscriptions.providerSubscriptionId, providerSubscriptionId), inArray(subscriptions.status, NOT_RUNNING_STATUSES))),
      ),
    ),
  );
}

/** Whether the subscription is stored as running. */
async function isRunning(q: Queryable, providerSubscriptionId: string): Promise<boolean> {
  const [row] = await q
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
  return row ? isRunningSubscriptionStatus(row.status) : false;
}

/**
 * A paid checkout completed with this subscription: claims the offer for it, or finds that she
 * already holds the offer through another running subscription, which makes this one a duplicate
 * to cancel and refund. Call it inside the transaction that records the completion, after the
 * subscription's state is stored.
 *
 * NOTE: the claim row is the lock. Its primary key (user, offer) makes a second payment completing
 * at the same moment wait on the first one's insert, or on the row lock the no-op update takes,
 * until the first commits; its next statements then see the first's subscription (PostgreSQL,
 * READ COMMITTED).
 */
export async function claimOffer(
  q: Queryable,
  { userId, productKey, subscriptionId }: { userId: string; productKey: string; subscriptionId: string },
): Promise<{ duplicateOf: string | null }> {
  if (!(await isRunning(q, subscriptionId))) return { duplicateOf: null };
  const [claim] = await q
    .insert(subscriptionClaims)
    .values({ userId, productKey, providerSubscriptionId: subscriptionId })
    .onConflictDoUpdate({
      target: [subscriptionClaims.userId, subscriptionClaims.productKey],
      set: { providerSubscriptionId: sql`${subscriptionClaims.providerSubscriptionId}` },
    })
    .returning({ holder: subscriptionClaims.providerSubscriptionId });
  const holder = claim!.holder;
  if (holder !== subscriptionId && (await isRunning(q, holder))) return { duplicateOf: holder };

  // Hers now, unless another running subscription of hers to the offer is already there (one
  // bought before this rule, or whose own completion has not reached us yet): that one stays.
  // Duplicates waiting for their refund do not count.
  const [other] = await q
    .select({ id: subscriptions.providerSubscriptionId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.productKey, productKey),
        ne(subscriptions.providerSubscriptionId, subscriptionId),
        notInArray(subscriptions.status, NOT_RUNNING_STATUSES),
        notExists(
          q
            .select({ one: sql`1` })
            .from(purchases)
            .where(and(eq(purchases.subscriptionId, subscriptions.providerSubscriptionId), isNotNull(purchases.duplicateOfSubscriptionId))),
        ),
      ),
    )
    .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id))
    .limit(1);
  const keep = other?.id ?? subscriptionId;
  if (keep !== holder) {
    await q
      .update(subscriptionClaims)
      .set({ providerSubscriptionId: keep, claimedAt: new Date() })
      .where(and(eq(subscriptionClaims.userId, userId), eq(subscriptionClaims.productKey, productKey)));
  }
  return { duplicateOf: keep === subscriptionId ? null : keep };
}

/** A renewal moved the period on: only ever forwards, never for a canceled subscription. */
export async function extendSubscriptionPeriod(q: Queryable, providerSubscriptionId: string, periodEnd: Date) {
  await q
    .update(subscriptions)
    .set({
      currentPeriodEnd: sql`greatest(coalesce(${subscriptions.currentPeriodEnd}, ${periodEnd}), ${periodEnd})`,
      updatedAt: new Date(),
    })
    .where(and(eq(subscriptions.providerSubscriptionId, providerSubscriptionId), ne(subscriptions.status, "canceled")));
}

export async function findSubscription(q: Queryable, providerSubscriptionId: string): Promise<Subscription | null> {
  const [row] = await q
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
  return row ?? null;
}
