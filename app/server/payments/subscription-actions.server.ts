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
