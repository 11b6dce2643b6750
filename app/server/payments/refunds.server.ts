import { and, eq, gt, or, sql } from "drizzle-orm";
import { getDb } from "~/server/db/client.server";
import { adminActivityLog, paymentRefunds, purchases } from "~/server/db/schema";
import { logger } from "~/server/core/logger.server";
import { formatMoney } from "~/utils/format";
import { PaymentProviderError } from "./provider.server";
import { getPaymentProvider } from "./registry.server";

// 'Refund' on the Sales tab (docs/product.md §8.7): the coach refunds a payment in full or in part
// without opening Stripe. Each request carries a key made when the tab was shown, stored once
// (payment_refunds.request_key), so a double click or a retried post refunds once; under a lock on
// the purchase the amount is checked against what is left, counting refunds asked for and not yet
// reported back, so two admins at once can never refund more than was paid. The provider then
// refunds (Stripe with the same key as its idempotency key) and its charge.refunded event marks
// the purchase and sends her the refund email, as for any refund.

/** A request not answered within this long (a server stopped mid-way) no longer holds its amount. */
export const REFUND_HOLD_MS = 60 * 60_000;

export const REFUND_MESSAGES = {
  notFound: "That payment could not be found. Please reload the page.",
  nothingLeft: "This payment has already been refunded in full.",
  tooMuch: (left: string) => `You can refund at most ${left} of this payment.`,
  provider: "The payment provider could not make the refund just now. Nothing was refunded; please try again in a moment.",
} as const;

export type RefundOutcome =
  | { ok: true; amount: number; repeated: boolean; productName: string }
  | { ok: false; status: 404 | 409 | 400 | 502; message: string };

export interface RefundRequest {
  purchaseId: string;
  /** Pence; null for everything that is left. */
  amountPence: number | null;
  adminId: string;
  /** The key of this request (the form's): the same key refunds once. */
  requestKey: string;
}

export async function refundPurchase({ purchaseId, amountPence, adminId, requestKey }: RefundRequest, now = new Date()): Promise<RefundOutcome> {
  const db = getDb();
  const held = await db.transaction(async (tx) => {
    const [purchase] = await tx.select().from(purchases).where(eq(purchases.id, purchaseId)).for("update");
    if (!purchase) return { kind: "not_found" as const };
    const [seen] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.requestKey, requestKey));
    if (seen) return { kind: "repeated" as const, amount: seen.amountCents, purchase };
    const [asked] = await tx
      .select({ total: sql<number>`coalesce(sum(${paymentRefunds.amountCents}), 0)::int` })
      .from(paymentRefunds)
      .where(
        and(
          eq(paymentRefunds.purchaseId, purchaseId),
          or(eq(paymentRefunds.status, "done"), and(eq(paymentRefunds.status, "requested"), gt(paymentRefunds.createdAt, new Date(now.getTime() - REFUND_HOLD_MS)))),
        ),
      );
    const left = purchase.amountCents - Math.max(purchase.refundedAmountCents, asked?.total ?? 0);
    if (left <= 0) return { kind: "nothing_left" as const };
    const amount = amountPence ?? left;
    if (amount > left) return { kind: "too_much" as const, left, currency: purchase.currency };
    await tx.insert(paymentRefunds).values({ requestKey, purchaseId, amountCents: amount, adminId, createdAt: now });
    return { kind: "held" as const, amount, purchase };
  });

  switch (held.kind) {
    case "not_found":
      return { ok: false, status: 404, message: REFUND_MESSAGES.notFound };
    case "nothing_left":
      return { ok: false, status: 409, message: REFUND_MESSAGES.nothingLeft };
    case "too_much":
      return { ok: false, status: 400, message: REFUND_MESSAGES.tooMuch(formatMoney(held.left, held.currency)) };
    case "repeated":
      return { ok: true, amount: held.amount, repeated: true, productName: held.purchase.productName };
    case "held":
      break;
  }

  const { purchase, amount } = held;
  try {
    const provider = await getPaymentProvider();
    const refund = await provider.refundPayment({
      paymentIntentId: purchase.paymentIntentId,
      invoiceId: purchase.invoiceId,
      amount,
      paymentAmount: purchase.amountCents,
      refundedBefore: purchase.refundedAmountCents,
      currency: purchase.currency,
      idempotencyKey: `refund-${requestKey}`,
      metadata: { purchaseId: purchase.id, ...(purchase.userId ? { userId: purchase.userId } : {}) },
    });
    await db.transaction(async (tx) => {
      await tx.update(paymentRefunds).set({ status: "done", providerRefundId: refund.id }).where(eq(paymentRefunds.requestKey, requestKey));
      await tx.insert(adminActivityLog).values({
        adminId,
        actionType: "refund_payment",
        targetUserId: purchase.userId,
        details: { summary: `${formatMoney(amount, purchase.currency)} of ${purchase.productName} refunded`, purchaseId: purchase.id, refundId: refund.id },
      });
    });
    logger.info("payments: refunded from the dashboard", { purchaseId: purchase.id, amount, adminId });
    return { ok: true, amount, repeated: false, productName: purchase.productName };
  } catch (error) {
    await db.update(paymentRefunds).set({ status: "failed" }).where(eq(paymentRefunds.requestKey, requestKey));
    logger[error instanceof PaymentProviderError ? "warn" : "error"]("payments: a refund from the dashboard failed", { purchaseId, error });
    return { ok: false, status: 502, message: REFUND_MESSAGES.provider };
  }
}
