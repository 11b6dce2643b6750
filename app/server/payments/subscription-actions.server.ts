import { eq } from "drizzle-orm";
import { getDb } from "~/server/db/client.server";
import { adminActivityLog, subscriptions } from "~/server/db/schema";
import { logger } from "~/server/core/logger.server";
import { formatLongDate } from "~/utils/format";
import { PaymentProviderError } from "./provider.server";
import { getPaymentProvider } from "./registry.server";
import { isLiveSubscriptionStatus } from "./stripe-objects.server";

// 'Cancel subscription' on the Sales tab (docs/product.md §10.11): the coach ends a member's monthly
// offer at the end of the paid period or at once, through the payment provider. The provider's
// subscription events then record it and email her and the coach, as a cancellation she made
// herself would. Repeating it changes nothing (the provider's state decides).

export const PAUSE_MESSAGES = {
  notRunning: "Only a running subscription that is not cancelling can be paused.",
  alreadyPaused: "This subscription is already paused.",
  plan: "A payment plan can't be paused: its last payments would never be taken. Cancel it, or give her the course with 'Give access'.",
} as const;

export const CANCEL_MESSAGES = {
  notFound: "That subscription could not be found. Please reload the page.",
  ended: "This subscription has already ended.",
  otherProvider: "This subscription belongs to a payment provider the site no longer uses; cancel it there.",
  provider: "The payment provider could not cancel it just now. Nothing changed; please try again in a moment.",
} as const;

export type CancelOutcome = { ok: true; summary: string } | { ok: false; status: 404 | 409 | 502; message: string };

export async function cancelFromDashboard(adminId: string, providerSubscriptionId: string, when: "period_end" | "now"): Promise<CancelOutcome> {
  const db = getDb();
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
  if (!row) return { ok: false, status: 404, message: CANCEL_MESSAGES.notFound };
  if (!isLiveSubscriptionStatus(row.status)) return { ok: false, status: 409, message: CANCEL_MESSAGES.ended };
  const provider = await getPaymentProvider();
  if (provider.name !== row.provider) return { ok: false, status: 409, message: CANCEL_MESSAGES.otherProvider };
  try {
    if (when === "now") await provider.cancelSubscription(row.providerSubscriptionId);
    else await provider.cancelAtPeriodEnd(row.providerSubscriptionId);
  } catch (error) {
    logger[error instanceof PaymentProviderError ? "warn" : "error"]("payments: a cancellation from the dashboard failed", { providerSubscriptionId, error });
    return { ok: false, status: 502, message: CANCEL_MESSAGES.provider };
  }
  const summary =
    when === "now"
      ? `${row.productName} cancelled now`
      : `${row.productName} cancelled at the end of the paid period${row.currentPeriodEnd ? ` (${formatLongDate(row.currentPeriodEnd)})` : ""}`;
  await db.insert(adminActivityLog).values({ adminId, actionType: "cancel_subscription", targetUserId: row.userId, details: { summary, subscriptionId: row.providerSubscriptionId } });
  logger.info("payments: subscription cancelled from the dashboard", { providerSubscriptionId, when, adminId });
  return { ok: true, summary };
}

/** One calendar month later, `months` times (as Stripe counts billing months). */
function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

/**
 * 'Pause' on the Sales tab (docs/product.md §10.11): no payments for 1 to 3 months from the end of
 * the month she has paid for, then it carries on by itself. Through the provider; its event records
 * the pause and emails her.
 */
export async function pauseFromDashboard(adminId: string, providerSubscriptionId: string, months: 1 | 2 | 3): Promise<CancelOutcome> {
  const db = getDb();
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
  if (!row) return { ok: false, status: 404, message: CANCEL_MESSAGES.notFound };
  if (row.pausedUntil && row.pausedUntil.getTime() > Date.now()) return { ok: false, status: 409, message: PAUSE_MESSAGES.alreadyPaused };
  if (row.instalments !== null) return { ok: false, status: 409, message: PAUSE_MESSAGES.plan };
  if (!["active", "trialing"].includes(row.status) || row.cancelAtPeriodEnd || !row.currentPeriodEnd) {
    return { ok: false, status: 409, message: PAUSE_MESSAGES.notRunning };
  }
  const provider = await getPaymentProvider();
  if (provider.name !== row.provider) return { ok: false, status: 409, message: CANCEL_MESSAGES.otherProvider };
  const resumesAt = addMonths(row.currentPeriodEnd, months);
  try {
    await provider.pauseSubscription(row.providerSubscriptionId, resumesAt);
  } catch (error) {
    logger[error instanceof PaymentProviderError ? "warn" : "error"]("payments: a pause from the dashboard failed", { providerSubscriptionId, error });
    return { ok: false, status: 502, message: CANCEL_MESSAGES.provider };
  }
  const summary = `${row.productName} paused from ${formatLongDate(row.currentPeriodEnd)} until ${formatLongDate(resumesAt)}`;
  await db.insert(adminActivityLog).values({ adminId, actionType: "pause_subscription", targetUserId: row.userId, details: { summary, subscriptionId: row.providerSubscriptionId } });
  return { ok: true, summary };
}
