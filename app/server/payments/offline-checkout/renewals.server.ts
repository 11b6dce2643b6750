import type { TestDiscount, TestSubscription } from "~/server/db/schema";
import { discountOn } from "../promotions.server";
import type { CheckoutDiscount } from "../provider.server";
import { addMonth, invoiceObject, testId } from "./stripe-shapes.server";

// The test checkout's renewals as Stripe would bill them: a promotion's discount carried on the
// subscription for the payments it covers, the amount each renewal charges under it, and the
// invoice a failed try reports (its attempt count, and whether another try follows).

/** A promotion as the test checkout keeps it: its terms, and how many payments after this one it still covers. */
export function testDiscount(discount: CheckoutDiscount): TestDiscount {
  const { terms } = discount;
  return {
    code: terms.code,
    percentOff: terms.percentOff,
    amountOff: terms.amountOffPence,
    paymentsLeft: terms.duration === "forever" ? null : terms.duration === "repeating" ? Math.max(0, (terms.durationMonths ?? 1) - 1) : 0,
  };
}

/** A renewal's amount under the subscription's discount (as Stripe applies a coupon), and the discount left after it. */
export function renewalCharge(row: TestSubscription): { amount: number; discount: TestDiscount | null } {
  const d = row.discount;
  if (!d || d.paymentsLeft === 0) return { amount: row.amount, discount: null };
  const off = discountOn({ percentOff: d.percentOff, amountOffPence: d.amountOff }, row.amount);
  const left = d.paymentsLeft === null ? null : d.paymentsLeft - 1;
  return { amount: row.amount - off, discount: left === 0 ? null : { ...d, paymentsLeft: left } };
}

/** The renewal invoice a failed try reports, with its attempt count and whether another try follows. */
export function failedInvoiceObject(row: TestSubscription, invoiceId: string, attempts: number, retryFollows: boolean) {
  const invoice = invoiceObject({
    id: invoiceId,
    subscription: row,
    billingReason: "subscription_cycle",
    amountPaid: renewalCharge(row).amount,
    paymentIntentId: testId("pi"),
    periodStart: row.currentPeriodEnd,
    periodEnd: addMonth(row.currentPeriodEnd),
    paidAt: new Date(),
  });
  return {
    ...invoice,
    amount_paid: 0,
    status: "open",
    attempt_count: attempts,
    // Stripe's Smart Retries try again within days; none after the last.
    next_payment_attempt: retryFollows ? Math.floor(Date.now() / 1000) + 3 * 86_400 : null,
    status_transitions: { paid_at: null },
  };
}
