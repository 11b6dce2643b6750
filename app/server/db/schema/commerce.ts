import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { citext, timestamptz, createdAt, updatedAt } from "./columns";
import { users } from "./auth";

// Commerce: payment customers, subscriptions, checkout sessions, webhooks and the offline test checkout.

/** Which payment provider a row came from: Stripe, or the built-in test checkout. */
export type PaymentProviderName = "stripe" | "test";

/** One provider customer per member and provider, created at her first checkout. */
export const paymentCustomers = pgTable(
  "payment_customers",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").$type<PaymentProviderName>().notNull(),
    customerId: text("customer_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.provider] }),
    unique("payment_customers_provider_customer_unique").on(t.provider, t.customerId),
  ],
);

/** Stripe's subscription statuses (the test provider uses the same words). */
export type SubscriptionStatus =
  | "active"
  | "trialing"
  | "past_due"
  | "unpaid"
  | "incomplete"
  | "incomplete_expired"
  | "paused"
  | "canceled";

/** A member's monthly offers, as the provider's webhooks last described them (docs/product.md §8.4). */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // NOTE: docs/product.md §9.8 cancels subscriptions before deleting the account and keeps the row.
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    provider: text("provider").$type<PaymentProviderName>().notNull(),
    providerSubscriptionId: text("provider_subscription_id").notNull().unique(),
    providerCustomerId: text("provider_customer_id"),
    productKey: text("product_key").notNull(),
    productName: text("product_name").notNull(),
    status: text("status").$type<SubscriptionStatus>().notNull(),
    currentPeriodEnd: timestamptz("current_period_end"),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    canceledAt: timestamptz("canceled_at"),
    /** Since when a payment has been failing (past due or unpaid); null while paid up. Starts the grace period. */
    pastDueSince: timestamptz("past_due_since"),
    /** It ended because the last retry of a payment failed (the provider's cancellation reason). */
    endedForNonPayment: boolean("ended_for_non_payment").notNull().default(false),
    /**
     * A pause (docs/product.md §10.11): no payments from `pausedFrom` (the end of the month she had
     * paid for) until `pausedUntil`, when it resumes by itself; null when not paused.
     */
    pausedFrom: timestamptz("paused_from"),
    pausedUntil: timestamptz("paused_until"),
    /**
     * A payment plan for a one-time course (docs/product.md §8.11): how many monthly payments it
     * has and what they add up to; null for an ordinary monthly subscription.
     */
    instalments: integer("instalments"),
    planTotalCents: integer("plan_total_cents"),
    /** When a plan's last payment was recorded: paid in full from then on (the Sales tab says 'Paid'). */
    planCompletedAt: timestamptz("plan_completed_at"),
    /**
     * When the provider produced the state stored here (the event's `created` time). An event
     * older than this changes nothing, so events arriving out of order never regress the state.
     */
    stateAt: timestamptz("state_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("subscriptions_user_id_idx").on(t.userId)],
);

/**
 * The monthly offer each member holds, and through which subscription: one row per member and
 * offer, so the primary key is the database's guarantee of one active subscription per offer per
 * member. A completing payment claims the row inside its recording transaction (the insert, or
 * the row lock of a conflicting one, serialises two payments completing at once); a payment that
 * finds it held by another running subscription is a duplicate, cancelled and refunded. The row
 * goes when its subscription ends. See payments/subscriptions.server.ts `claimOffer`.
 */
export const subscriptionClaims = pgTable(
  "subscription_claims",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productKey: text("product_key").notNull(),
    providerSubscriptionId: text("provider_subscription_id").notNull(),
    claimedAt: timestamptz("claimed_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productKey] }),
    index("subscription_claims_subscription_idx").on(t.providerSubscriptionId),
  ],
);

/** How long a code's discount lasts on a monthly offer: its first payment, N months, or every payment. */
export type PromotionDuration = "once" | "repeating" | "forever";

/**
 * The coach's promotion codes (docs/product.md §8.9): a percentage or an amount off one or more
 * offers, until a date and for a number of uses if she says so. Codes are case-insensitive and
 * unique (citext). With Stripe each is mirrored as a Stripe coupon and promotion code, created on
 * first use and kept in step (payments/promotions.server.ts); the site decides whether a code
 * applies and only ever hands Stripe one that does.
 */
export const promotions = pgTable(
  "promotions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: citext("code").notNull().unique(),
    percentOff: integer("percent_off"),
    amountOffPence: integer("amount_off_pence"),
    /** The offers it applies to (product keys). */
    productKeys: text("product_keys").array().notNull(),
    /** After this moment it no longer applies (the end of the chosen day, UK time). */
    expiresAt: timestamptz("expires_at"),
    /** How many purchases may use it; null for no limit. */
    maxUses: integer("max_uses"),
    duration: text("duration").$type<PromotionDuration>().notNull().default("once"),
    /** For duration 'repeating': how many monthly payments are discounted. */
    durationMonths: integer("duration_months"),
    active: boolean("active").notNull().default(true),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    turnedOffAt: timestamptz("turned_off_at"),
    /** Its Stripe coupon and promotion code, once created there. */
    stripeCouponId: text("stripe_coupon_id"),
    stripePromotionCodeId: text("stripe_promotion_code_id"),
  },
  (t) => [
    check("promotions_one_discount_check", sql`(${t.percentOff} is null) <> (${t.amountOffPence} is null)`),
    check("promotions_percent_check", sql`${t.percentOff} is null or ${t.percentOff} between 1 and 100`),
    check("promotions_amount_check", sql`${t.amountOffPence} is null or ${t.amountOffPence} > 0`),
    check("promotions_duration_check", sql`${t.duration} in ('once', 'repeating', 'forever')`),
  ],
);

export type PromotionUseStatus = "reserved" | "used" | "released";

/**
 * Each use of a code: reserved when a checkout session is started with it, used when that session
 * is paid, released when it expires unpaid. A code's limit counts the used ones and the reserved
 * ones still open, under a lock on the promotion's row, so parallel checkouts never exceed it
 * (payments/promotions.server.ts `reservePromotionUse`).
 */
export const promotionUses = pgTable(
  "promotion_uses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    promotionId: uuid("promotion_id")
      .notNull()
      .references(() => promotions.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The checkout session it was reserved for, once the provider has created it. */
    checkoutSessionId: text("checkout_session_id").unique(),
    status: text("status").$type<PromotionUseStatus>().notNull().default("reserved"),
    /** A reservation not yet paid stops holding a use at this moment (its session's expiry). */
    expiresAt: timestamptz("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("promotion_uses_promotion_idx").on(t.promotionId, t.status),
    check("promotion_uses_status_check", sql`${t.status} in ('reserved', 'used', 'released')`),
  ],
);

export type CheckoutSessionStatus = "open" | "complete" | "expired";

/**
 * The checkout sessions the site started at the provider (either provider): whose, for which offer,
 * at what price, and whether still open. At most one open session per member and offer (the
 * partial unique index): a second tab is sent to the open one, and a session whose price no longer
 * matches the catalogue is expired at the provider (payments/checkout-sessions.server.ts).
 */
export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    /** The provider's session id (cs_…). */
    id: text("id").primaryKey(),
    provider: text("provider").$type<PaymentProviderName>().notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productKey: text("product_key").notNull(),
    /** What the session charges (after any promotion's discount). */
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    /** The promotion code she applied, as she will see it, and what it takes off the first payment. */
    promotionCode: text("promotion_code"),
    discountCents: integer("discount_cents").notNull().default(0),
    /** A payment plan's number of monthly payments (amount_cents is then the first); null for one payment. */
    instalments: integer("instalments"),
    /** The provider's hosted page, while the session is open. */
    url: text("url"),
    status: text("status").$type<CheckoutSessionStatus>().notNull().default("open"),
    createdAt: createdAt(),
    expiresAt: timestamptz("expires_at").notNull(),
    closedAt: timestamptz("closed_at"),
  },
  (t) => [
    uniqueIndex("checkout_sessions_one_open_idx").on(t.userId, t.productKey).where(sql`${t.status} = 'open'`),
    index("checkout_sessions_open_product_idx").on(t.productKey).where(sql`${t.status} = 'open'`),
    check("checkout_sessions_status_check", sql`${t.status} in ('open', 'complete', 'expired')`),
  ],
);

/**
 * The one reminder a checkout left unpaid gets (docs/product.md §8.6): a row per session reminded,
 * written in the transaction that queues the email, so two servers sweeping at once send one.
 */
export const checkoutReminders = pgTable(
  "checkout_reminders",
  {
    sessionId: text("session_id")
      .primaryKey()
      .references(() => checkoutSessions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productKey: text("product_key").notNull(),
    sentAt: timestamptz("sent_at").notNull().defaultNow(),
  },
  (t) => [index("checkout_reminders_user_product_idx").on(t.userId, t.productKey, t.sentAt)],
);

export type PaymentRefundStatus = "requested" | "done" | "failed";

/**
 * Refunds the coach asks for from the Sales tab (docs/product.md §8.7): one row per request, keyed
 * by the form's request key, so a double click or a retry refunds once; the amount is held against
 * the payment while the provider is asked (payments/refunds.server.ts). The refund itself is
 * recorded on the purchase by the provider's charge.refunded event, as any refund is.
 */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestKey: text("request_key").notNull().unique(),
    purchaseId: uuid("purchase_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    status: text("status").$type<PaymentRefundStatus>().notNull().default("requested"),
    providerRefundId: text("provider_refund_id"),
    adminId: text("admin_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("payment_refunds_purchase_idx").on(t.purchaseId),
    check("payment_refunds_status_check", sql`${t.status} in ('requested', 'done', 'failed')`),
    check("payment_refunds_amount_check", sql`${t.amountCents} > 0`),
  ],
);

/** Every provider webhook event, stored by its id and processed once (docs/product.md §8.4). */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: text("id").primaryKey(),
    provider: text("provider").$type<PaymentProviderName>().notNull(),
    type: text("type").notNull(),
    /** The event's own `created` time at the provider. */
    eventCreatedAt: timestamptz("event_created_at").notNull(),
    payload: jsonb("payload").$type<unknown>().notNull(),
    receivedAt: timestamptz("received_at").notNull().defaultNow(),
    processedAt: timestamptz("processed_at"),
  },
  (t) => [index("webhook_events_type_idx").on(t.type)],
);

// The built-in test checkout (payments/offline-checkout/) plays the payment provider when no
// Stripe key is set. These tables are its side of the conversation, as Stripe's servers would
// hold it; the site's own records above never read them directly.

export type TestCheckoutStatus = "open" | "complete" | "expired";

/**
 * A discount in the test checkout, as a Stripe coupon: a percentage or an amount off each payment,
 * for `paymentsLeft` more payments (null: every one).
 */
export interface TestDiscount {
  code: string;
  percentOff: number | null;
  amountOff: number | null;
  paymentsLeft: number | null;
}

export const testCheckoutSessions = pgTable("test_checkout_sessions", {
  id: text("id").primaryKey(),
  customerId: text("customer_id").notNull(),
  mode: text("mode").$type<"payment" | "subscription">().notNull(),
  productKey: text("product_key").notNull(),
  productName: text("product_name").notNull(),
  amountTotal: integer("amount_total").notNull(),
  /** Before a promotion's discount (equal to amount_total without one). */
  amountSubtotal: integer("amount_subtotal"),
  currency: text("currency").notNull(),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
  /** A promotion's discount, as Stripe's coupon would carry it: per payment, and for how many. */
  discount: jsonb("discount").$type<TestDiscount | null>(),
  status: text("status").$type<TestCheckoutStatus>().notNull().default("open"),
  paymentStatus: text("payment_status").$type<"unpaid" | "paid">().notNull().default("unpaid"),
  successUrl: text("success_url").notNull(),
  cancelUrl: text("cancel_url").notNull(),
  paymentIntentId: text("payment_intent_id"),
  subscriptionId: text("subscription_id"),
  invoiceId: text("invoice_id"),
  declinedAt: timestamptz("declined_at"),
  createdAt: createdAt(),
  expiresAt: timestamptz("expires_at").notNull(),
  completedAt: timestamptz("completed_at"),
  /** The payment was refunded in full (the test provider's refunds API). */
  refundedAt: timestamptz("refunded_at"),
});

export const testSubscriptions = pgTable(
  "test_subscriptions",
  {
    id: text("id").primaryKey(),
    customerId: text("customer_id").notNull(),
    productKey: text("product_key").notNull(),
    productName: text("product_name").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    /** The promotion's discount still to apply to its renewals (null: none). */
    discount: jsonb("discount").$type<TestDiscount | null>(),
    /** A renewal being retried ('Simulate failed renewal'): its invoice and how many tries failed. */
    failingInvoiceId: text("failing_invoice_id"),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    /** Why it was cancelled, as Stripe's cancellation_details.reason ('payment_failed'). */
    cancellationReason: text("cancellation_reason"),
    /** A pause's end, as Stripe's pause_collection.resumes_at: no payments are taken before it. */
    pausedUntil: timestamptz("paused_until"),
    /** A payment plan's payments still to take after the current one (null: it renews until cancelled). */
    paymentsLeft: integer("payments_left"),
    status: text("status").$type<SubscriptionStatus>().notNull(),
    currentPeriodStart: timestamptz("current_period_start").notNull(),
    currentPeriodEnd: timestamptz("current_period_end").notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    canceledAt: timestamptz("canceled_at"),
    createdAt: createdAt(),
  },
  (t) => [index("test_subscriptions_customer_id_idx").on(t.customerId)],
);
