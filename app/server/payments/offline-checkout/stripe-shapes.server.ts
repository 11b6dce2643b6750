import { randomBytes } from "node:crypto";
import type { TestCheckoutSession, TestSubscription } from "~/server/db/schema";
import { siteOrigin } from "../provider.server";
import { testCheckoutPath } from "./records.server";

// The test provider's objects in Stripe's shape (ids, checkout sessions, subscriptions, invoices),
// so the site reads them with the same code as Stripe's (app/server/payments/stripe-objects.server.ts).

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A Stripe-like id: prefix plus random letters and digits. */
export function testId(prefix: string, length = 24): string {
  return `${prefix}_${Array.from(randomBytes(length), (b) => ALPHABET[b % ALPHABET.length]).join("")}`;
}

export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000; // as Stripe's default
export const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** One calendar month later (Stripe bills monthly on the same day of the month). */
export function addMonth(date: Date): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}


export function sessionObject(row: TestCheckoutSession) {
  const expired = row.status === "open" && row.expiresAt.getTime() <= Date.now();
  const status = expired ? "expired" : row.status;
  return {
    id: row.id,
    object: "checkout.session" as const,
    status,
    payment_status: row.paymentStatus,
    mode: row.mode,
    customer: row.customerId,
    client_reference_id: row.metadata.userId ?? null,
    metadata: row.metadata,
    amount_subtotal: row.amountSubtotal ?? row.amountTotal,
    amount_total: row.amountTotal,
    total_details: { amount_discount: (row.amountSubtotal ?? row.amountTotal) - row.amountTotal, amount_shipping: 0, amount_tax: 0 },
    currency: row.currency,
    subscription: row.subscriptionId,
    payment_intent: row.paymentIntentId,
    invoice: row.invoiceId,
    success_url: row.successUrl,
    cancel_url: row.cancelUrl,
    url: status === "open" ? `${siteOrigin()}${testCheckoutPath(row.id)}` : null,
    created: unix(row.createdAt),
    expires_at: unix(row.expiresAt),
    livemode: false,
  };
}

export function subscriptionObject(row: TestSubscription) {
  return {
    id: row.id,
    object: "subscription" as const,
    customer: row.customerId,
    status: row.status,
    metadata: row.metadata,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    canceled_at: row.canceledAt ? unix(row.canceledAt) : null,
    cancellation_details: { reason: row.cancellationReason ?? (row.canceledAt ? "cancellation_requested" : null) },
    pause_collection: row.pausedUntil ? { behavior: "void", resumes_at: unix(row.pausedUntil) } : null,
    ended_at: row.status === "canceled" && row.canceledAt ? unix(row.canceledAt) : null,
    created: unix(row.createdAt),
    start_date: unix(row.createdAt),
    currency: row.currency,
    items: {
      object: "list" as const,
      data: [
        {
          id: `si_${row.id.slice(4)}`,
          object: "subscription_item" as const,
          quantity: 1,
          current_period_start: unix(row.currentPeriodStart),
          current_period_end: unix(row.currentPeriodEnd),
          price: {
            object: "price" as const,
            currency: row.currency,
            unit_amount: row.amount,
            recurring: { interval: "month" as const, interval_count: 1 },
            product_data: { name: row.productName },
          },
        },
      ],
    },
    livemode: false,
  };
}

export function invoiceObject(input: {
  id: string;
  subscription: TestSubscription;
  billingReason: "subscription_create" | "subscription_cycle";
  /** What this invoice charges (the subscription's price less any promotion's discount). */
  amountPaid: number;
  paymentIntentId: string;
  periodStart: Date;
  periodEnd: Date;
  paidAt: Date;
}) {
  const sub = input.subscription;
  return {
    id: input.id,
    object: "invoice" as const,
    customer: sub.customerId,
    billing_reason: input.billingReason,
    amount_due: input.amountPaid,
    amount_paid: input.amountPaid,
    total_discount_amounts: sub.amount > input.amountPaid ? [{ amount: sub.amount - input.amountPaid, discount: `di_${sub.id.slice(4)}` }] : [],
    currency: sub.currency,
    status: "paid",
    created: unix(input.paidAt),
    payment_intent: input.paymentIntentId,
    parent: {
      type: "subscription_details",
      subscription_details: { subscription: sub.id, metadata: sub.metadata },
    },
    lines: {
      object: "list" as const,
      data: [
        {
          id: testId("il"),
          object: "line_item" as const,
          amount: input.amountPaid,
          currency: sub.currency,
          description: sub.productName,
          metadata: sub.metadata,
          period: { start: unix(input.periodStart), end: unix(input.periodEnd) },
        },
      ],
    },
    status_transitions: { paid_at: unix(input.paidAt) },
    livemode: false,
  };
}
