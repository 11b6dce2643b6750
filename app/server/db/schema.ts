import { relations, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { CourseKey } from "~/content/courses";

// The whole database in one file: Better Auth's tables first (their TypeScript property names are
// the field names Better Auth 1.7 writes, see @better-auth/core getAuthTables and the two-factor
// plugin schema; the Drizzle adapter runs with usePlural, so the exports are plural), then the
// site's own tables with the snake_case column names (docs/product.md §13). Every time is a timestamptz; money is
// integer pence (docs/product.md §13 names the column amount_cents).

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => timestamptz("created_at").notNull().defaultNow();
const updatedAt = () =>
  timestamptz("updated_at")
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Case-insensitive text (the citext extension, created by the first migration). */
const citext = customType<{ data: string }>({ dataType: () => "citext" });

// ─── Better Auth ────────────────────────────────────────────────────────────────────────────────

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Added by Better Auth's two-factor plugin.
    twoFactorEnabled: boolean("two_factor_enabled").default(false),
  },
  // Better Auth lower-cases addresses itself; this keeps case variants out of rows written by
  // anything else (scripts, admin edits) and serves findUserByEmail.
  (t) => [uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamptz("expires_at").notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamptz("access_token_expires_at"),
    refreshTokenExpiresAt: timestamptz("refresh_token_expires_at"),
    scope: text("scope"),
    /** Better Auth's scrypt hash ("salt:key") for the credential provider. */
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/** Better Auth two-factor plugin (TOTP secret and backup codes, both encrypted by Better Auth). */
export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamptz("locked_until"),
  },
  (t) => [index("two_factors_user_id_idx").on(t.userId), index("two_factors_secret_idx").on(t.secret)],
);

/** Better Auth's rate limiter with storage "database": shared by every server (docs/architecture.md §1). */
export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  /** Milliseconds since the epoch, as Better Auth writes it. */
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// ─── Members ────────────────────────────────────────────────────────────────────────────────────

export const profiles = pgTable(
  "profiles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name"),
    /**
     * A copy of users.email (where her address is kept), for the admin search's trigram index
     * only: triggers keep it equal in the same transaction as any change
     * (drizzle/0006_member_email_and_servers.sql). Show and send users.email.
     */
    email: text("email").notNull(),
    phone: text("phone"),
    avatarUrl: text("avatar_url"),
    /** Her consent to news and offers by email: off until she opts in (docs/decisions/256-marketing-consent-recorded.md). */
    emailNotifications: boolean("email_notifications").notNull().default(false),
    accountStatus: text("account_status").notNull().default("active"),
    termsAccepted: boolean("terms_accepted").notNull().default(false),
    signupSource: text("signup_source").notNull().default("direct"),
    initialSignup: text("initial_signup").notNull().default("direct"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * Her latest sign-in, kept by a trigger on login_history (drizzle/0003), so 'Active Users'
     * (docs/product.md §10.2) is an index range count instead of a DISTINCT over a month of logins.
     */
    lastLoginAt: timestamptz("last_login_at"),
    /**
     * Moves on with every change to what her settings page shows (this row, her users row's email,
     * her logins, purchases and subscriptions), kept by triggers (drizzle/0004), so a page can keep
     * her settings in memory and know from the session lookup when they are out of date.
     */
    settingsVersion: bigint("settings_version", { mode: "bigint" }).notNull().default(sql`0`),
  },
  // Trigram indexes serve the admin dashboard's substring search (ILIKE '%term%').
  (t) => [
    index("profiles_email_trgm_idx").using("gin", sql`lower(${t.email}) gin_trgm_ops`),
    index("profiles_first_name_trgm_idx").using("gin", sql`lower(${t.firstName}) gin_trgm_ops`),
    index("profiles_last_name_trgm_idx").using("gin", sql`lower(${t.lastName}) gin_trgm_ops`),
    index("profiles_created_at_idx").on(t.createdAt),
    index("profiles_last_login_at_idx").on(t.lastLoginAt),
  ],
);

/** The consent sources: the sign-up form's box, the settings switch, the site (decision 257). */
export type MarketingConsentSource = "sign-up" | "settings" | "site";

/**
 * Every consent to news and offers by email, given or withdrawn, with the exact words she saw and
 * when (docs/product.md §9.4, docs/decisions/256-marketing-consent-recorded.md). Her latest row is
 * her current choice; the email-marketing sync sends only a member whose latest row gives consent.
 */
export const marketingConsents = pgTable(
  "marketing_consents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    given: boolean("given").notNull(),
    /** The exact wording shown beside the box or the switch when she chose. */
    wording: text("wording").notNull(),
    source: text("source").$type<MarketingConsentSource>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("marketing_consents_user_id_created_at_idx").on(t.userId, t.createdAt.desc()),
    check("marketing_consents_source_check", sql`${t.source} in ('sign-up', 'settings', 'site')`),
  ],
);

export const loginHistory = pgTable(
  "login_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    loginAt: timestamptz("login_at").notNull().defaultNow(),
    location: text("location"),
    ipAddress: text("ip_address"),
  },
  (t) => [
    index("login_history_user_id_login_at_idx").on(t.userId, t.loginAt.desc()),
    index("login_history_login_at_idx").on(t.loginAt),
  ],
);

export const purchases = pgTable(
  "purchases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // NOTE: docs/product.md §9.8 keeps purchases for accounting after the account is deleted.
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    productKey: text("product_key").notNull(),
    productName: text("product_name").notNull(),
    purchasedAt: timestamptz("purchased_at").notNull().defaultNow(),
    /** The payment provider's checkout session id; unique so recording is idempotent (docs/product.md §8.4). */
    stripeSessionId: text("stripe_session_id").notNull().unique(),
    /** Minor units (pence). */
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("gbp"),
    /** paid, partially_refunded or refunded (charge.refunded webhooks). */
    status: text("status").$type<PurchaseStatus>().notNull().default("paid"),
    refundedAmountCents: integer("refunded_amount_cents").notNull().default(0),
    refundedAt: timestamptz("refunded_at"),
    /** The provider's payment intent (refunds are matched on it). */
    paymentIntentId: text("payment_intent_id"),
    /** The provider's invoice, for subscription payments: renewals are one purchase per invoice. */
    invoiceId: text("invoice_id").unique(),
    /** The provider's subscription this payment belongs to, if any. */
    subscriptionId: text("subscription_id"),
    /**
     * Set when this payment started a second subscription to a monthly offer she already had:
     * the provider id of the subscription she keeps. The duplicate is cancelled and refunded
     * (payments/duplicates.server.ts, docs/security.md "Payments").
     */
    duplicateOfSubscriptionId: text("duplicate_of_subscription_id"),
    /** When the duplicate was cancelled and refunded at the provider (null while under way). */
    duplicateResolvedAt: timestamptz("duplicate_resolved_at"),
  },
  (t) => [
    index("purchases_user_id_purchased_at_idx").on(t.userId, t.purchasedAt.desc()),
    // The admin chart's weekly revenue reads the last 12 weeks of purchases by date.
    index("purchases_purchased_at_idx").on(t.purchasedAt),
    index("purchases_payment_intent_id_idx").on(t.paymentIntentId),
    // The Sales tab's refunded and partly refunded payments: few among many (docs/product.md §10.11).
    index("purchases_refunded_purchased_at_idx").on(t.purchasedAt).where(sql`${t.status} <> 'paid'`),
    check("purchases_status_check", sql`${t.status} in ('paid', 'partially_refunded', 'refunded')`),
  ],
);

export type PurchaseStatus = "paid" | "partially_refunded" | "refunded";

export const ADMIN_ROLE = "admin" as const;

export const userRoles = pgTable(
  "user_roles",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: [ADMIN_ROLE] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] }), check("user_roles_role_check", sql`${t.role} = 'admin'`)],
);

export type AdminActionType =
  | "grant_admin"
  | "remove_admin"
  | "update_user"
  | "delete_user"
  | "update_offer"
  | "update_cohort_date"
  /** Written by the site itself (admin_id null): a second subscription was cancelled and refunded. */
  | "refund_duplicate_subscription"
  | "erase_subscriber"
  /** The Content tab: a block saved, restored from its history or reset to the installed text. */
  | "update_content"
  /** The Courses tab: a module, lesson or lesson file added, changed, moved or removed. */
  | "update_course"
  /** The Users tab: a file shared with one member, or removed (docs/product.md §10.15). */
  | "share_member_file"
  | "delete_member_file"
  /** The Emails tab: Learn to Lift's welcome email's words or group call changed (docs/product.md §18.6). */
  | "update_welcome_email";

export const adminActivityLog = pgTable(
  "admin_activity_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    adminId: text("admin_id").references(() => users.id, { onDelete: "set null" }),
    actionType: text("action_type").$type<AdminActionType>().notNull(),
    // No foreign key: the log outlives the account it describes (delete_user).
    targetUserId: text("target_user_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("admin_activity_log_created_at_idx").on(t.createdAt.desc())],
);

// ─── Accounts and sign-in (docs/security.md "Accounts and sign-in") ────────────────────────────

export type AdminEmailEvent = "granted" | "removed" | "deleted" | "address-changed";

/**
 * Addresses that have had their one chance of becoming an administrator through ADMIN_EMAILS:
 * granted once it was verified, or an administrator with that address was removed, deleted or
 * moved to another address. ADMIN_EMAILS grants an address only while it has no row here; the
 * admin command line (`npm run admin -- grant`) restores access after that.
 */
export const adminEmailGrants = pgTable(
  "admin_email_grants",
  {
    email: citext("email").primaryKey(),
    // No foreign key: the record outlives the account (a deleted account's address stays used).
    userId: text("user_id"),
    event: text("event").$type<AdminEmailEvent>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("admin_email_grants_event_check", sql`${t.event} in ('granted', 'removed', 'deleted', 'address-changed')`)],
);

/**
 * Counters per account, recipient or email-list visitor, kept apart from Better Auth's per-IP rate_limits (whose
 * pruning assumes its own one-minute windows): failed sign-ins per address and the lock they
 * lead to, and emails sent per recipient and kind. The key holds a SHA-256 of the address, never
 * the address itself ("sign-in:<hash>", "email:password-reset:<hash>").
 */
export const accountLimits = pgTable(
  "account_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    windowStartedAt: timestamptz("window_started_at").notNull(),
    lockedUntil: timestamptz("locked_until"),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [index("account_limits_updated_at_idx").on(t.updatedAt)],
);

// ─── Commerce (docs/product.md §5.1, §8.5, §8.4, §9.8) ──────────────────────────────────────────────────────────────

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
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
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

// The built-in test checkout (payments/test/) plays the payment provider when no
// Stripe key is set. These tables are its side of the conversation, as Stripe's servers would
// hold it; the site's own records above never read them directly.

export type TestCheckoutStatus = "open" | "complete" | "expired";

export const testCheckoutSessions = pgTable("test_checkout_sessions", {
  id: text("id").primaryKey(),
  customerId: text("customer_id").notNull(),
  mode: text("mode").$type<"payment" | "subscription">().notNull(),
  productKey: text("product_key").notNull(),
  productName: text("product_name").notNull(),
  amountTotal: integer("amount_total").notNull(),
  currency: text("currency").notNull(),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
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
    status: text("status").$type<SubscriptionStatus>().notNull(),
    currentPeriodStart: timestamptz("current_period_start").notNull(),
    currentPeriodEnd: timestamptz("current_period_end").notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    canceledAt: timestamptz("canceled_at"),
    createdAt: createdAt(),
  },
  (t) => [index("test_subscriptions_customer_id_idx").on(t.customerId)],
);

// ─── Email lists (docs/product.md §6) ───────────────────────────────────────────────────────────────────

export type EmailListForm = "popup" | "lead_capture" | "calendar" | "newsletter" | "waitlist" | "interest";
export type EmailSubscriberStatus = "pending" | "confirmed" | "unsubscribed";

export const emailSubscribers = pgTable(
  "email_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: citext("email").notNull(),
    firstName: text("first_name"),
    biggestChallenge: text("biggest_challenge"),
    form: text("form").$type<EmailListForm>().notNull(),
    status: text("status").$type<EmailSubscriberStatus>().notNull().default("pending"),
    /** SHA-256 of the double opt-in token; the token itself is only in the email. */
    confirmTokenHash: text("confirm_token_hash"),
    confirmTokenExpiresAt: timestamptz("confirm_token_expires_at"),
    unsubscribeToken: text("unsubscribe_token").notNull().unique(),
    ipAddress: text("ip_address"),
    createdAt: createdAt(),
    confirmedAt: timestamptz("confirmed_at"),
    unsubscribedAt: timestamptz("unsubscribed_at"),
  },
  (t) => [
    unique("email_subscribers_email_form_unique").on(t.email, t.form),
    // The dashboard's Subscribers view (docs/product.md §10.12): newest first, and a search
    // within addresses that stays quick at 1,000,000 rows.
    index("email_subscribers_created_at_idx").on(t.createdAt),
    index("email_subscribers_email_trgm_idx").using("gin", sql`lower(${t.email}::text) gin_trgm_ops`),
    check(
      "email_subscribers_form_check",
      sql`${t.form} in ('popup', 'lead_capture', 'calendar', 'newsletter', 'waitlist', 'interest')`,
    ),
    check("email_subscribers_status_check", sql`${t.status} in ('pending', 'confirmed', 'unsubscribed')`),
  ],
);

// ─── Transactional mail (docs/product.md §18) ───────────────────────────────────────────────────

export type EmailMessageStatus = "queued" | "sending" | "sent" | "failed";

/** A file sent with a message (a calendar invitation); content is UTF-8 text. */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/**
 * Every transactional email, written in the same transaction as the change that causes it and
 * sent by the job worker (queue "email"). The row is the message's single source: its Message-ID
 * is fixed when it is queued, and `status` moves queued → sending → sent once, so a retry never
 * sends it twice. `dedupe_key` makes "one receipt per purchase" a unique constraint. The bodies
 * are cleared once the message is sent (links with tokens do not wait in the database).
 */
export const emailMessages = pgTable(
  "email_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: text("message_id").notNull().unique(),
    template: text("template").notNull(),
    dedupeKey: text("dedupe_key").unique(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body"),
    htmlBody: text("html_body"),
    headers: jsonb("headers").$type<Record<string, string>>(),
    attachments: jsonb("attachments").$type<EmailAttachment[]>(),
    status: text("status").$type<EmailMessageStatus>().notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    lastErrorAt: timestamptz("last_error_at"),
    sendingAt: timestamptz("sending_at"),
    sentAt: timestamptz("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_messages_status_idx").on(t.status, t.createdAt),
    index("email_messages_sent_at_idx").on(t.sentAt),
    check("email_messages_status_check", sql`${t.status} in ('queued', 'sending', 'sent', 'failed')`),
  ],
);

// ─── Background work and settings ───────────────────────────────────────────────────────────────

export type JobStatus = "queued" | "running" | "done" | "failed";

export const jobs = pgTable(
  "jobs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    queue: text("queue").notNull(),
    payload: jsonb("payload").$type<unknown>().notNull().default({}),
    status: text("status").$type<JobStatus>().notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(8),
    runAt: timestamptz("run_at").notNull().defaultNow(),
    lockedAt: timestamptz("locked_at"),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamptz("completed_at"),
  },
  (t) => [
    index("jobs_queue_status_run_at_idx").on(t.queue, t.status, t.runAt),
    // A subscriber's latest sync to the email-marketing service (the Subscribers view).
    index("jobs_subscriber_id_idx")
      .on(sql`(${t.payload} ->> 'subscriberId')`)
      .where(sql`${t.queue} = 'email-marketing'`),
    check("jobs_status_check", sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);

/** Values the admin can change at run time (prices, next cohort date), keyed by name. */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<unknown>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * The words the coach edits on the Content tab (docs/product.md §10.13): every save of a block is a
 * new row, so the history is the rows themselves and the current text is the highest version.
 * `value` null means "the installed text" (app/content), written by 'Reset to default'. A block
 * with no row shows the installed text too. The unique (block, version) pair is what stops two
 * admins saving over each other: both would write the same next version, and one fails.
 */
export const contentVersions = pgTable(
  "content_versions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    block: text("block").notNull(),
    version: integer("version").notNull(),
    value: jsonb("value").$type<unknown>(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("content_versions_block_version_idx").on(t.block, t.version)],
);

// ─── Members' area (docs/product.md §19) ───────────────────────────────────────────────────────

/** The courses the site delivers: the one-off course and the habit course of the subscription. */
export type { CourseKey };

/** A course's module: Learn to Lift's 'Before you start' and weeks, or a habit module. */
export const courseModules = pgTable(
  "course_modules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    courseKey: text("course_key").$type<CourseKey>().notNull(),
    /** Its part of the lessons' addresses: /learn/<course>/<module slug>/<lesson slug>. */
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    /**
     * When it opens: the week of the cohort (1 = the cohort's start date, 2 = a week later…);
     * 0 = before the course starts, open from the day she buys; null = open whenever she has access.
     */
    opensWeek: integer("opens_week"),
    position: integer("position").notNull(),
    /** Installed example content for the coach to replace. */
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("course_modules_course_slug_idx").on(t.courseKey, t.slug),
    index("course_modules_course_position_idx").on(t.courseKey, t.position),
    check("course_modules_course_check", sql`${t.courseKey} in ('learn-to-lift', 'build-stronger-foundations')`),
    check("course_modules_opens_week_check", sql`${t.opensWeek} is null or ${t.opensWeek} between 0 and 52`),
  ],
);

/** A lesson: Markdown body, an optional video (an address or an uploaded file), files, an estimated time. */
export const courseLessons = pgTable(
  "course_lessons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    moduleId: uuid("module_id")
      .notNull()
      .references(() => courseModules.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    /** Markdown, the "lesson" profile of app/utils/markdown.ts. */
    body: text("body").notNull().default(""),
    /** A YouTube or Vimeo address, shown behind a click (app/validation/video.ts). */
    videoUrl: text("video_url"),
    /** A video the coach uploaded: its private storage key and type. */
    videoKey: text("video_key"),
    videoType: text("video_type"),
    /** The uploaded video's own name and size, shown to the coach on the Courses tab. */
    videoFileName: text("video_file_name"),
    videoSizeBytes: bigint("video_size_bytes", { mode: "number" }),
    minutes: integer("minutes").notNull().default(10),
    position: integer("position").notNull(),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("course_lessons_module_slug_idx").on(t.moduleId, t.slug),
    index("course_lessons_module_position_idx").on(t.moduleId, t.position),
  ],
);

/** A file of a lesson (a worksheet as PDF): private storage, served only to members with access. */
export const lessonFiles = pgTable(
  "lesson_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    lessonId: uuid("lesson_id")
      .notNull()
      .references(() => courseLessons.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("lesson_files_lesson_idx").on(t.lessonId)],
);

/** 'Mark complete': one row per member and lesson she finished. */
export const lessonProgress = pgTable(
  "lesson_progress",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: uuid("lesson_id")
      .notNull()
      .references(() => courseLessons.id, { onDelete: "cascade" }),
    completedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] })],
);

/** Her place in a course: the cohort she starts with, and the lesson she opened last. */
export const courseEnrolments = pgTable(
  "course_enrolments",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseKey: text("course_key").$type<CourseKey>().notNull(),
    /** Learn to Lift: the cohort start date that was set when she first came in (YYYY-MM-DD). */
    cohortStartsOn: text("cohort_starts_on"),
    lastLessonId: uuid("last_lesson_id").references(() => courseLessons.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseKey] })],
);

/** A file the coach shares with one 1-to-1 client (the 'Your coaching' page). */
export const memberFiles = pgTable(
  "member_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("member_files_user_idx").on(t.userId, t.createdAt.desc())],
);

/**
 * The servers running on this database, one row each, refreshed every minute and removed on a
 * clean stop: a server that keeps profile pictures on its own disk warns when it sees another
 * (their pictures would be missing on each other; app/server/server-registry.server.ts).
 */
export const serverInstances = pgTable(
  "server_instances",
  {
    id: text("id").primaryKey(),
    hostname: text("hostname").notNull(),
    port: integer("port").notNull(),
    /** Profile pictures on this server's own disk (no S3_BUCKET). */
    localUploads: boolean("local_uploads").notNull(),
    startedAt: timestamptz("started_at").notNull().defaultNow(),
    lastSeenAt: timestamptz("last_seen_at").notNull().defaultNow(),
  },
  (t) => [index("server_instances_last_seen_at_idx").on(t.lastSeenAt)],
);

// ─── Welcome emails and the coach's to-dos (docs/product.md §18.6, §10.16) ───────────────────

/**
 * Learn to Lift's welcome email, one row per buyer and cohort: written in the transaction that
 * queues the email, so the primary key is what makes it "once", whichever server sweeps first and
 * however often (docs/decisions/258-cohort-welcome-email.md). `cohort_starts_on` is the cohort's
 * start as the site stores it (an ISO date-time, like course_enrolments.cohort_starts_on).
 */
export const cohortWelcomes = pgTable(
  "cohort_welcomes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    cohortStartsOn: text("cohort_starts_on").notNull(),
    purchaseId: uuid("purchase_id").references(() => purchases.id, { onDelete: "set null" }),
    queuedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.cohortStartsOn] })],
);

/**
 * The coach's to-do after a 1-to-1 sale: write to the client within one working day
 * (docs/decisions/259-one-to-one-follow-up.md). One per purchase; the client's name and address are
 * read from her account, so an account's deletion leaves no copy here.
 */
export const coachFollowUps = pgTable(
  "coach_follow_ups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    purchaseId: uuid("purchase_id")
      .notNull()
      .unique()
      .references(() => purchases.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    boughtAt: timestamptz("bought_at").notNull(),
    /** The working day (UK) by which she writes to the client, YYYY-MM-DD. */
    dueOn: text("due_on").notNull(),
    doneAt: timestamptz("done_at"),
    doneBy: text("done_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("coach_follow_ups_open_idx").on(t.dueOn).where(sql`${t.doneAt} is null`)],
);

// ─── Relations (for db.query.* reads) ───────────────────────────────────────────────────────────

export const usersRelations = relations(users, ({ one, many }) => ({
  profile: one(profiles, { fields: [users.id], references: [profiles.userId] }),
  sessions: many(sessions),
  accounts: many(accounts),
  twoFactors: many(twoFactors),
  loginHistory: many(loginHistory),
  purchases: many(purchases),
  roles: many(userRoles),
  paymentCustomers: many(paymentCustomers),
  subscriptions: many(subscriptions),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const accountsRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));

export const twoFactorsRelations = relations(twoFactors, ({ one }) => ({
  user: one(users, { fields: [twoFactors.userId], references: [users.id] }),
}));

export const profilesRelations = relations(profiles, ({ one }) => ({
  user: one(users, { fields: [profiles.userId], references: [users.id] }),
}));

export const loginHistoryRelations = relations(loginHistory, ({ one }) => ({
  user: one(users, { fields: [loginHistory.userId], references: [users.id] }),
}));

export const purchasesRelations = relations(purchases, ({ one }) => ({
  user: one(users, { fields: [purchases.userId], references: [users.id] }),
}));

export const paymentCustomersRelations = relations(paymentCustomers, ({ one }) => ({
  user: one(users, { fields: [paymentCustomers.userId], references: [users.id] }),
}));

export const subscriptionsRelations = relations(subscriptions, ({ one }) => ({
  user: one(users, { fields: [subscriptions.userId], references: [users.id] }),
}));

export const userRolesRelations = relations(userRoles, ({ one }) => ({
  user: one(users, { fields: [userRoles.userId], references: [users.id] }),
}));

export const adminActivityLogRelations = relations(adminActivityLog, ({ one }) => ({
  admin: one(users, { fields: [adminActivityLog.adminId], references: [users.id] }),
}));

// ─── Row types ──────────────────────────────────────────────────────────────────────────────────

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type Account = typeof accounts.$inferSelect;
export type NewAccount = typeof accounts.$inferInsert;
export type Verification = typeof verifications.$inferSelect;
export type NewVerification = typeof verifications.$inferInsert;
export type TwoFactor = typeof twoFactors.$inferSelect;
export type NewTwoFactor = typeof twoFactors.$inferInsert;
export type RateLimit = typeof rateLimits.$inferSelect;
export type NewRateLimit = typeof rateLimits.$inferInsert;
export type Profile = typeof profiles.$inferSelect;
export type NewProfile = typeof profiles.$inferInsert;
export type LoginHistoryEntry = typeof loginHistory.$inferSelect;
export type NewLoginHistoryEntry = typeof loginHistory.$inferInsert;
export type Purchase = typeof purchases.$inferSelect;
export type NewPurchase = typeof purchases.$inferInsert;
export type PaymentCustomer = typeof paymentCustomers.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
export type WebhookEvent = typeof webhookEvents.$inferSelect;
export type TestCheckoutSession = typeof testCheckoutSessions.$inferSelect;
export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;
export type SubscriptionClaim = typeof subscriptionClaims.$inferSelect;
export type TestSubscription = typeof testSubscriptions.$inferSelect;
export type UserRole = typeof userRoles.$inferSelect;
export type NewUserRole = typeof userRoles.$inferInsert;
export type AdminActivity = typeof adminActivityLog.$inferSelect;
export type NewAdminActivity = typeof adminActivityLog.$inferInsert;
export type EmailSubscriber = typeof emailSubscribers.$inferSelect;
export type ServerInstance = typeof serverInstances.$inferSelect;
export type NewEmailSubscriber = typeof emailSubscribers.$inferInsert;
export type Job = typeof jobs.$inferSelect;
export type EmailMessage = typeof emailMessages.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;
export type AppSetting = typeof appSettings.$inferSelect;
export type NewAppSetting = typeof appSettings.$inferInsert;
export type AdminEmailGrant = typeof adminEmailGrants.$inferSelect;
export type AccountLimit = typeof accountLimits.$inferSelect;
export type CourseModule = typeof courseModules.$inferSelect;
export type CourseLesson = typeof courseLessons.$inferSelect;
export type LessonFile = typeof lessonFiles.$inferSelect;
export type MemberFile = typeof memberFiles.$inferSelect;
