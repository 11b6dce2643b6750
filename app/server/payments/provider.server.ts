import type { Product } from "~/config/catalogue";
import type { InstalmentPlan } from "~/config/instalments";
import { getServerEnv } from "~/config/env.server";
import type { PaymentProviderName, SubscriptionStatus } from "~/server/db/schema";

// The one interface every payment provider implements (docs/architecture.md §6 "Server-only code"): Stripe
// when STRIPE_SECRET_KEY is set, otherwise the built-in test checkout. Routes and the rest of
// payments/ call this interface, never an SDK. Both providers speak Stripe's object and event
// shapes, so one set of readers (stripe-objects.server.ts) and one webhook handler serve both.

/** A member as the payment code needs her: whatever the auth layer's user has, at least these. */
export interface PaymentUser {
  id: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  name?: string | null;
}

export interface CreateCheckoutSessionInput {
  product: Product;
  /** The member's provider customer (one per member, see customers.server.ts). */
  customerId: string;
  userId: string;
  /** Absolute, with the literal {CHECKOUT_SESSION_ID} placeholder. */
  successUrl: string;
  cancelUrl: string;
  /** A promotion code that applies (checked by the site first; payments/promotions.server.ts). */
  discount?: CheckoutDiscount;
  /** When the session stops accepting payment, if sooner than the provider's default (24 hours). */
  expiresAt?: Date;
  /**
   * Pay in monthly instalments (docs/product.md §8.11): the session takes the first payment and
   * starts a monthly subscription for the rest, which the provider stops after the last one.
   */
  instalments?: InstalmentPlan;
}

/** A promotion as the provider needs it: Stripe's coupon terms, and the code she typed. */
export interface PromotionTerms {
  /** The site's promotion id (Stripe's idempotency keys and metadata use it). */
  id: string;
  code: string;
  percentOff: number | null;
  amountOffPence: number | null;
  currency: string;
  duration: "once" | "repeating" | "forever";
  durationMonths: number | null;
  maxUses: number | null;
  expiresAt: Date | null;
}

export interface CheckoutDiscount {
  terms: PromotionTerms;
  /** What it takes off this checkout's first payment (pence), as the site showed it. */
  amountPence: number;
  /** The promotion at the provider (Stripe's coupon and promotion code), when it has one. */
  atProvider: ProviderPromotion | null;
}

/** A promotion as Stripe holds it: a coupon, and the promotion code on it (null if Stripe refused the code). */
export interface ProviderPromotion {
  couponId: string;
  promotionCodeId: string | null;
}

/** What the site needs to know about a checkout session, read from the provider. */
export interface CheckoutSessionInfo {
  id: string;
  status: "open" | "complete" | "expired" | null;
  /** True once the provider has taken the money (payment_status 'paid'). */
  paid: boolean;
  mode: "payment" | "subscription" | "setup" | null;
  customerId: string | null;
  /** From the session's metadata (set by us when it was created). */
  userId: string | null;
  productKey: string | null;
  /** What was actually charged, in minor units, and its currency. */
  amountTotal: number | null;
  currency: string | null;
  /** The promotion code she applied (from the session's metadata) and what it took off. */
  promotionCode: string | null;
  discountAmount: number;
  subscriptionId: string | null;
  /**
   * The subscription itself, when the session carries it rather than its id (the test checkout's
   * events do, so the webhook handling never has to ask it back; Stripe's name it only).
   */
  expandedSubscription?: SubscriptionInfo;
  paymentIntentId: string | null;
  invoiceId: string | null;
  created: Date;
  /** The hosted payment page, while the session is open. */
  url: string | null;
  /** When the provider stops accepting payment for it (Stripe: 24 hours by default). */
  expiresAt: Date | null;
}

export interface SubscriptionInfo {
  id: string;
  customerId: string | null;
  userId: string | null;
  productKey: string | null;
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  /** Ended because its payment failed after the last retry (Stripe's cancellation_details.reason). */
  endedForNonPayment?: boolean;
  /** Paused: no payments until then (Stripe's pause_collection.resumes_at); null when not paused. */
  pausedUntil?: Date | null;
  /** A payment plan for a one-time course (from its metadata): how many payments, adding up to what. */
  plan?: { instalments: number; totalPence: number } | null;
}

export interface RefundPaymentInput {
  /** The payment, by its payment intent or (a subscription's payment) its invoice. */
  paymentIntentId: string | null;
  invoiceId: string | null;
  /** What to refund now, what the payment was, and what had been refunded before (pence). */
  amount: number;
  paymentAmount: number;
  refundedBefore: number;
  currency: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/** A provider's API said no (bad request, authentication, network): the checkout alert's case. */
export class PaymentProviderError extends Error {
  override name = "PaymentProviderError";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCustomer(user: PaymentUser): Promise<{ id: string }>;
  createCheckoutSession(input: CreateCheckoutSessionInput): Promise<{ id: string; url: string | null; expiresAt: Date | null }>;
  /** The session, or null if the provider has no session with that id. */
  retrieveCheckoutSession(id: string): Promise<CheckoutSessionInfo | null>;
  /**
   * Stops an open session from being paid (Stripe: POST /v1/checkout/sessions/{id}/expire).
   * Returns the session as it now stands: expired, or complete if she paid it first; null if the
   * provider has no such session.
   */
  expireCheckoutSession(id: string): Promise<CheckoutSessionInfo | null>;
  /**
   * Refunds in full what a paid session charged (for a subscription, its first invoice). Safe to
   * repeat: a second call refunds nothing more and answers the same refund.
   */
  refundCheckoutSession(session: CheckoutSessionInfo, reason: "duplicate"): Promise<{ id: string; amount: number }>;
  /**
   * Refunds part or all of one payment (the coach's 'Refund' on the Sales tab). The same
   * `idempotencyKey` never refunds twice. The provider's charge.refunded event records it.
   */
  refundPayment(input: RefundPaymentInput): Promise<{ id: string; amount: number }>;
  retrieveSubscription(id: string): Promise<SubscriptionInfo | null>;
  /** The customer's subscriptions that still bill or could bill again (not canceled / expired). */
  listLiveSubscriptions(customerId: string): Promise<SubscriptionInfo[]>;
  /** Cancels at once (account deletion, docs/product.md §9.8; the coach's 'Cancel now'). */
  cancelSubscription(id: string): Promise<void>;
  /** Cancels at the end of the paid period (the coach's 'Cancel at period end'); safe to repeat. */
  cancelAtPeriodEnd(id: string): Promise<void>;
  /**
   * Makes a payment plan's subscription stop by itself after its last payment (Stripe: a
   * subscription schedule whose phases take the plan's payments, then cancel). Safe to repeat.
   */
  scheduleInstalments(subscriptionId: string, plan: InstalmentPlan): Promise<void>;
  /** Takes no payments until `resumesAt`, then carries on by itself (the coach's 'Pause'). */
  pauseSubscription(id: string, resumesAt: Date): Promise<void>;
  /** Where a member manages her subscriptions: Stripe's Customer Portal or the test equivalent. */
  createBillingPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** The invoice a payment intent paid, for matching refunds of subscription payments. */
  findInvoiceForPaymentIntent(paymentIntentId: string): Promise<string | null>;
  /**
   * Makes sure the provider holds the promotion (Stripe: a coupon and a promotion code, created
   * once whatever the retries) and returns its ids there; null for a provider that needs none.
   */
  ensurePromotion(terms: PromotionTerms): Promise<ProviderPromotion | null>;
  /** Turns the promotion off at the provider too (safe to repeat). */
  deactivatePromotion(atProvider: ProviderPromotion): Promise<void>;
  /** The secret webhook signatures are checked with (Stripe's `t=…,v1=…` scheme for both). */
  webhookSecret(): Promise<string>;
}

/** The site's public origin (SITE_URL), for the provider's redirect addresses. */
export function siteOrigin(): string {
  return getServerEnv().SITE_ORIGIN;
}

/** `/payment-success?session_id={CHECKOUT_SESSION_ID}` on this site (docs/product.md §8). */
export function successUrl(): string {
  return `${siteOrigin()}/payment-success?session_id={CHECKOUT_SESSION_ID}`;
}

/** The product's checkout page with cancelled=true (docs/product.md §8). */
export function cancelUrl(product: Product): string {
  return `${siteOrigin()}${product.checkoutPath}?cancelled=true`;
}
