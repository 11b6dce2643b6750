import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { getDb, type Queryable } from "~/server/db/client.server";
import { paymentCustomers, subscriptions, type PaymentProviderName, type Subscription } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { existingUserId, productNameFor } from "./catalogue.server";
import { getPaymentProvider, type SubscriptionInfo } from "./provider.server";
import { isLiveSubscriptionStatus } from "./stripe-objects.server";

// The subscriptions table mirrors what the provider says about a member's monthly offers
// (DESIGN D3a). Each write carries the time the provider produced that state; an older state
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
      stateAt,
    })
    .onConflictDoUpdate({
      target: subscriptions.providerSubscriptionId,
      set: {
        status: sql`excluded.status`,
        currentPeriodEnd: sql`coalesce(excluded.current_period_end, ${subscriptions.currentPeriodEnd})`,
        cancelAtPeriodEnd: sql`excluded.cancel_at_period_end`,
        canceledAt: sql`excluded.canceled_at`,
        stateAt: sql`excluded.state_at`,
        userId: sql`coalesce(${subscriptions.userId}, excluded.user_id)`,
        providerCustomerId: sql`coalesce(${subscriptions.providerCustomerId}, excluded.provider_customer_id)`,
        updatedAt: new Date(),
      },
      // NOTE: the guard of DESIGN D3a: never older than what we have, never out of 'canceled'.
      setWhere: sql`${subscriptions.stateAt} <= excluded.state_at and (${subscriptions.status} <> 'canceled' or excluded.status = 'canceled')`,
    })
    .returning({ id: subscriptions.id });
  return rows.length > 0;
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

/**
 * Cancels, at once, every subscription of the member that could still bill her: those the
 * provider lists for her customer and those we hold. For account deletion (DESIGN D10), by the
 * member or an admin, before the account is removed.
 *
 * NOTE: call it outside any database transaction: it talks to the provider and (with the test
 * provider) delivers webhook events that write to the database themselves.
 * Throws if the provider cannot be reached, so the deletion can stop rather than leave her billed.
 */
export async function cancelActiveSubscriptions(userId: string): Promise<{ canceled: string[] }> {
  const provider = await getPaymentProvider();
  const db = getDb();
  const [customer] = await db
    .select({ customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider.name)));
  const ours = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, provider.name)));

  const ids = new Set(ours.filter((s) => isLiveSubscriptionStatus(s.status)).map((s) => s.providerSubscriptionId));
  if (customer) for (const sub of await provider.listLiveSubscriptions(customer.customerId)) ids.add(sub.id);

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
  const [customer] = await getDb()
    .select({ customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider.name)));
  if (!customer) return null;
  const { url } = await provider.createBillingPortalSession({ customerId: customer.customerId, returnUrl });
  return url;
}
