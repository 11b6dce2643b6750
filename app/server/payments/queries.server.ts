import { and, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { formatLongDate } from "~/utils/format";
import { getDb } from "~/server/db/client.server";
import { purchases, subscriptions, type PurchaseStatus, type SubscriptionStatus } from "~/server/db/schema";
import { NOT_RUNNING_STATUSES } from "./stripe-objects.server";

// Reads for the account settings page (docs/product.md §9.7 Payment History, §8.6).

export interface PurchaseListItem {
  id: string;
  productKey: string;
  productName: string;
  purchasedAt: Date;
  /** The provider's checkout session id (or a renewal's invoice id): shown truncated (docs/product.md §14.5). */
  stripeSessionId: string;
  amountCents: number;
  currency: string;
  status: PurchaseStatus;
  refundedAmountCents: number;
  refundedAt: Date | null;
  /** The promotion code it used, and what that took off (pence). */
  promotionCode: string | null;
  discountCents: number;
  /** A free place the coach gave (not a payment). */
  givenBy: string | null;
}

/** The member's purchases, newest first (docs/product.md §9.7: purchases filtered by user, newest first). */
export async function listPurchases(userId: string): Promise<PurchaseListItem[]> {
  return getDb()
    .select({
      id: purchases.id,
      productKey: purchases.productKey,
      productName: purchases.productName,
      purchasedAt: purchases.purchasedAt,
      stripeSessionId: purchases.stripeSessionId,
      amountCents: purchases.amountCents,
      currency: purchases.currency,
      status: purchases.status,
      refundedAmountCents: purchases.refundedAmountCents,
      refundedAt: purchases.refundedAt,
      promotionCode: purchases.promotionCode,
      discountCents: purchases.discountCents,
      givenBy: purchases.givenBy,
    })
    .from(purchases)
    .where(eq(purchases.userId, userId))
    .orderBy(desc(purchases.purchasedAt), desc(purchases.id));
}

export interface SubscriptionListItem {
  id: string;
  productKey: string;
  productName: string;
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  createdAt: Date;
  /** Since when its payment has been failing (null while paid up). */
  pastDueSince: Date | null;
  /** Paused by the coach: no payments until then. */
  pausedUntil: Date | null;
  /** A payment plan's terms and what has been paid on it (docs/product.md §8.11); null/0 otherwise. */
  instalments: number | null;
  planTotalCents: number | null;
  planPaidCount: number;
  planPaidCents: number;
}

/** A plan's payments recorded and not refunded in full, counted and summed (columns named in full: a subquery). */
const planPaid = (what: "count" | "sum") =>
  sql<number>`case when "subscriptions"."instalments" is null then 0 else (select ${sql.raw(what === "count" ? "count(*)" : "coalesce(sum(pp.amount_cents), 0)")} from purchases pp where pp.subscription_id = "subscriptions"."provider_subscription_id" and pp.status in ('paid', 'partially_refunded')) end`.mapWith(Number);

/** The columns of a SubscriptionListItem. */
const SUBSCRIPTION_LIST_ITEM = {
  id: subscriptions.id,
  productKey: subscriptions.productKey,
  productName: subscriptions.productName,
  status: subscriptions.status,
  currentPeriodEnd: subscriptions.currentPeriodEnd,
  cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
  canceledAt: subscriptions.canceledAt,
  createdAt: subscriptions.createdAt,
  pastDueSince: subscriptions.pastDueSince,
  pausedUntil: subscriptions.pausedUntil,
  instalments: subscriptions.instalments,
  planTotalCents: subscriptions.planTotalCents,
  planPaidCount: planPaid("count"),
  planPaidCents: planPaid("sum"),
};

/** The member's subscriptions, newest first, with what the settings page shows about each. */
export async function listSubscriptions(userId: string): Promise<SubscriptionListItem[]> {
  return getDb()
    .select(SUBSCRIPTION_LIST_ITEM)
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt));
}

/** Wording for a subscription's status badge ("Active", "Cancels at period end", "Past due"…). */
export function subscriptionStatusLabel(item: Pick<SubscriptionListItem, "status" | "cancelAtPeriodEnd"> & { pausedUntil?: Date | null }, now = new Date()): string {
  if (item.status === "active" && item.cancelAtPeriodEnd) return "Cancels at period end";
  if (item.status === "active" && item.pausedUntil && item.pausedUntil.getTime() > now.getTime()) return `Paused until ${formatLongDate(item.pausedUntil)}`;
  const labels: Record<string, string> = {
    active: "Active",
    trialing: "Trial",
    past_due: "Payment overdue",
    unpaid: "Unpaid",
    incomplete: "Awaiting payment",
    incomplete_expired: "Expired",
    paused: "Paused",
    canceled: "Cancelled",
  };
  return labels[item.status] ?? item.status;
}

/**
 * A subscription of hers to this product that is still running (or still owes a payment), if
 * any: buying the same monthly offer twice would bill her twice.
 */
export async function findRunningSubscription(userId: string, productKey: string): Promise<SubscriptionListItem | null> {
  const [row] = await getDb()
    .select(SUBSCRIPTION_LIST_ITEM)
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.productKey, productKey),
        notInArray(subscriptions.status, NOT_RUNNING_STATUSES),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Whether she has bought this one-time product and kept it: a paid (or partly refunded) purchase,
 * as her access to the course reads it (app/server/courses/access.server.ts). A purchase refunded
 * in full gives nothing.
 */
export async function ownsProduct(userId: string, productKey: string): Promise<boolean> {
  const rows = await getDb()
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.productKey, productKey), inArray(purchases.status, ["paid", "partially_refunded"])))
    .limit(1);
  return rows.length > 0;
}
