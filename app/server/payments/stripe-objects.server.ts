import { z } from "zod";
import type { SubscriptionStatus } from "~/server/db/schema";
import type { CheckoutSessionInfo, SubscriptionInfo } from "./provider.server";

// Readers for Stripe-shaped objects: what the Stripe API returns, what webhook events carry, and
// what the built-in test provider produces. Webhook payloads are outside input, so they are
// parsed (leniently: Stripe adds fields over time) rather than trusted. Field moves between API
// versions are handled here in one place (e.g. a subscription's period end moved to its items,
// an invoice's subscription moved under `parent.subscription_details`).

const id = z.string().min(1);
/** An id, or the expanded object carrying it. */
const ref = z.union([id, z.object({ id }).loose()]).nullish();
const metadata = z.record(z.string(), z.string()).nullish();
const unixTime = z.number().int().nonnegative();

function refId(value: z.infer<typeof ref>): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

function fromUnix(seconds: number | null | undefined): Date | null {
  return typeof seconds === "number" ? new Date(seconds * 1000) : null;
}

// ─── Events ─────────────────────────────────────────────────────────────────────────────────────

export const StripeEventSchema = z
  .object({
    id,
    object: z.literal("event"),
    type: z.string().min(1),
    created: unixTime,
    livemode: z.boolean().optional(),
    data: z.object({ object: z.record(z.string(), z.unknown()) }).loose(),
  })
  .loose();

export type StripeEventEnvelope = z.infer<typeof StripeEventSchema>;

// ─── Checkout sessions ──────────────────────────────────────────────────────────────────────────

export const CheckoutSessionSchema = z
  .object({
    id,
    object: z.literal("checkout.session"),
    status: z.enum(["open", "complete", "expired"]).nullish(),
    payment_status: z.string().nullish(),
    mode: z.enum(["payment", "subscription", "setup"]).nullish(),
    customer: ref,
    client_reference_id: z.string().nullish(),
    metadata,
    amount_total: z.number().int().nullish(),
    currency: z.string().nullish(),
    total_details: z.object({ amount_discount: z.number().int().nullish() }).loose().nullish(),
    subscription: ref,
    payment_intent: ref,
    invoice: ref,
    created: unixTime,
    url: z.string().nullish(),
    expires_at: unixTime.nullish(),
  })
  .loose();

function isExpandedSubscription(value: z.infer<typeof ref>): value is { id: string; object: "subscription" } {
  return typeof value === "object" && value !== null && value.object === "subscription";
}

export function readCheckoutSession(value: unknown): CheckoutSessionInfo {
  const s = CheckoutSessionSchema.parse(value);
  return {
    id: s.id,
    status: s.status ?? null,
    // A session a promotion made free (100 % off) needs no payment: Stripe says no_payment_required.
    paid: s.payment_status === "paid" || s.payment_status === "no_payment_required",
    mode: s.mode ?? null,
    customerId: refId(s.customer),
    userId: s.metadata?.userId ?? s.client_reference_id ?? null,
    productKey: s.metadata?.productKey ?? null,
    amountTotal: s.amount_total ?? null,
    currency: s.currency?.toLowerCase() ?? null,
    // The site puts the code she applied in the metadata; the provider says what it took off.
    promotionCode: s.metadata?.promotionCode ?? null,
    discountAmount: s.total_details?.amount_discount ?? 0,
    subscriptionId: refId(s.subscription),
    // The test checkout's events carry the subscription itself; Stripe's name it only.
    ...(isExpandedSubscription(s.subscription) ? { expandedSubscription: readSubscription(s.subscription) } : {}),
    paymentIntentId: refId(s.payment_intent),
    invoiceId: refId(s.invoice),
    created: new Date(s.created * 1000),
    url: s.url ?? null,
    expiresAt: fromUnix(s.expires_at),
  };
}

// ─── Subscriptions ──────────────────────────────────────────────────────────────────────────────

export const SubscriptionSchema = z
  .object({
    id,
    object: z.literal("subscription"),
    customer: ref,
    status: z.string().min(1),
    metadata,
    cancel_at_period_end: z.boolean().nullish(),
    canceled_at: unixTime.nullish(),
    cancellation_details: z.object({ reason: z.string().nullish() }).loose().nullish(),
    pause_collection: z.object({ resumes_at: unixTime.nullish() }).loose().nullish(),
    ended_at: unixTime.nullish(),
    /** Before API version 2025-03-31 the period lived on the subscription itself. */
    current_period_end: unixTime.nullish(),
    items: z
      .object({
        data: z.array(z.object({ current_period_end: unixTime.nullish() }).loose()),
      })
      .loose()
      .nullish(),
  })
  .loose();

export function readSubscription(value: unknown): SubscriptionInfo {
  const s = SubscriptionSchema.parse(value);
  const itemEnds = (s.items?.data ?? []).map((item) => item.current_period_end).filter((t) => typeof t === "number");
  const periodEnd = itemEnds.length > 0 ? Math.max(...itemEnds) : (s.current_period_end ?? null);
  return {
    id: s.id,
    customerId: refId(s.customer),
    userId: s.metadata?.userId ?? null,
    productKey: s.metadata?.productKey ?? null,
    status: s.status as SubscriptionStatus,
    currentPeriodEnd: fromUnix(periodEnd),
    cancelAtPeriodEnd: s.cancel_at_period_end ?? false,
    canceledAt: fromUnix(s.canceled_at ?? s.ended_at),
    endedForNonPayment: s.cancellation_details?.reason === "payment_failed",
    pausedUntil: fromUnix(s.pause_collection?.resumes_at),
    plan: readPlan(s.metadata),
  };
}

/** The metadata keys a payment plan's checkout and subscription carry (docs/product.md §8.11). */
export const PLAN_METADATA = { instalments: "instalments", total: "planTotalPence" } as const;

/** A payment plan from an object's metadata, or null for an ordinary subscription. */
export function readPlan(metadata: Record<string, string> | null | undefined): { instalments: number; totalPence: number } | null {
  const instalments = Number(metadata?.[PLAN_METADATA.instalments]);
  const totalPence = Number(metadata?.[PLAN_METADATA.total]);
  if (!Number.isInteger(instalments) || instalments < 2 || !Number.isInteger(totalPence) || totalPence <= 0) return null;
  return { instalments, totalPence };
}

/**
 * Statuses of a subscription that gives her nothing (yet or any more): one in any other status
 * is running, so a second one to the same offer would bill her twice.
 */
export const NOT_RUNNING_STATUSES: SubscriptionStatus[] = ["canceled", "incomplete", "incomplete_expired"];

export function isRunningSubscriptionStatus(status: string): boolean {
  return !(NOT_RUNNING_STATUSES as string[]).includes(status);
}

/** Subscriptions that may still take money: everything but canceled and incomplete_expired. */
export function isLiveSubscriptionStatus(status: string): boolean {
  return status !== "canceled" && status !== "incomplete_expired";
}

// ─── Invoices ───────────────────────────────────────────────────────────────────────────────────

export const InvoiceSchema = z
  .object({
    id,
    object: z.literal("invoice"),
    customer: ref,
    billing_reason: z.string().nullish(),
    amount_paid: z.number().int(),
    amount_due: z.number().int().nullish(),
    currency: z.string(),
    status: z.string().nullish(),
    /** What promotions took off this invoice. */
    total_discount_amounts: z.array(z.object({ amount: z.number().int() }).loose()).nullish(),
    created: unixTime,
    /** Before API version 2025-03-31. */
    subscription: ref,
    payment_intent: ref,
    parent: z
      .object({
        subscription_details: z
          .object({ subscription: ref, metadata })
          .loose()
          .nullish(),
      })
      .loose()
      .nullish(),
    lines: z
      .object({
        data: z.array(
          z
            .object({
              period: z.object({ start: unixTime, end: unixTime }).loose().nullish(),
              metadata,
            })
            .loose(),
        ),
      })
      .loose()
      .nullish(),
    status_transitions: z.object({ paid_at: unixTime.nullish() }).loose().nullish(),
    /** How many times the provider has tried to take it, and when it tries next (none: the last try). */
    attempt_count: z.number().int().nullish(),
    next_payment_attempt: unixTime.nullish(),
  })
  .loose();

export interface InvoiceInfo {
  id: string;
  customerId: string | null;
  subscriptionId: string | null;
  /** The subscription's metadata as copied onto the invoice (userId, productKey). */
  userId: string | null;
  productKey: string | null;
  billingReason: string | null;
  amountPaid: number;
  /** What the invoice asks for (a failed payment's amount). */
  amountDue: number;
  currency: string;
  paymentIntentId: string | null;
  /** The end of the period this invoice paid for. */
  periodEnd: Date | null;
  paidAt: Date;
  /** What a promotion took off it (pence), and its code from the subscription's metadata. */
  discountAmount: number;
  promotionCode: string | null;
  attemptCount: number;
  /** When the provider will try the payment again; null when it will not (the last retry). */
  nextPaymentAttempt: Date | null;
}

export function readInvoice(value: unknown): InvoiceInfo {
  const inv = InvoiceSchema.parse(value);
  const details = inv.parent?.subscription_details;
  const lines = inv.lines?.data ?? [];
  const lineEnds = lines.map((l) => l.period?.end).filter((t) => typeof t === "number");
  const lineMeta = lines.find((l) => l.metadata?.productKey)?.metadata;
  return {
    id: inv.id,
    customerId: refId(inv.customer),
    subscriptionId: refId(details?.subscription) ?? refId(inv.subscription),
    userId: details?.metadata?.userId ?? lineMeta?.userId ?? null,
    productKey: details?.metadata?.productKey ?? lineMeta?.productKey ?? null,
    billingReason: inv.billing_reason ?? null,
    amountPaid: inv.amount_paid,
    amountDue: inv.amount_due ?? inv.amount_paid,
    currency: inv.currency.toLowerCase(),
    paymentIntentId: refId(inv.payment_intent),
    periodEnd: lineEnds.length > 0 ? new Date(Math.max(...lineEnds) * 1000) : null,
    paidAt: fromUnix(inv.status_transitions?.paid_at) ?? new Date(inv.created * 1000),
    discountAmount: (inv.total_discount_amounts ?? []).reduce((sum, d) => sum + d.amount, 0),
    promotionCode: details?.metadata?.promotionCode ?? lineMeta?.promotionCode ?? null,
    attemptCount: inv.attempt_count ?? 1,
    nextPaymentAttempt: fromUnix(inv.next_payment_attempt),
  };
}

// ─── Charges (refunds) ──────────────────────────────────────────────────────────────────────────

export const ChargeSchema = z
  .object({
    id,
    object: z.literal("charge"),
    amount: z.number().int(),
    amount_refunded: z.number().int(),
    refunded: z.boolean(),
    payment_intent: ref,
    /** Removed from Stripe's charges in API version 2025-03-31; the test checkout still sends it. */
    invoice: ref,
    currency: z.string(),
  })
  .loose();

export interface ChargeInfo {
  id: string;
  amount: number;
  amountRefunded: number;
  fullyRefunded: boolean;
  paymentIntentId: string | null;
  /** The invoice it paid, when the charge says (see ChargeSchema). */
  invoiceId: string | null;
}

export function readCharge(value: unknown): ChargeInfo {
  const c = ChargeSchema.parse(value);
  return {
    id: c.id,
    amount: c.amount,
    amountRefunded: c.amount_refunded,
    fullyRefunded: c.refunded,
    paymentIntentId: refId(c.payment_intent),
    invoiceId: refId(c.invoice),
  };
}
