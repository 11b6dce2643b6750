import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { timestamptz, createdAt, updatedAt } from "./columns";
import { users } from "./auth";

// Members: profiles, marketing consent, sign-ins, purchases, roles and the administrators' log.

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
  // One trigram index serves the admin dashboard's substring search: every word of a search must
  // appear in her email, first or last name, joined by spaces (a word has none), so one index
  // answers all the words at once (app/server/admin/users.server.ts, memberSearchText).
  (t) => [
    index("profiles_search_trgm_idx").using(
      "gin",
      sql`lower(${t.email} || ' ' || coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '')) gin_trgm_ops`,
    ),
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
    /** A free place the coach gave ('Give access' on the Users tab): her id; null for a payment. */
    givenBy: text("given_by"),
    /** The promotion code used for this payment, if any, and what it took off (pence). */
    promotionCode: text("promotion_code"),
    discountCents: integer("discount_cents").notNull().default(0),
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
    // A promotion's uses and revenue on the Promotions tab: few purchases carry a code.
    index("purchases_promotion_code_idx").on(t.promotionCode).where(sql`${t.promotionCode} is not null`),
    // A subscription's payments, for the Sales tab's kept totals when its state changes (drizzle/0024).
    index("purchases_subscription_id_idx").on(t.subscriptionId).where(sql`${t.subscriptionId} is not null`),
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
  | "update_welcome_email"
  /** The Promotions tab: a code created or turned off (docs/product.md §8.9). */
  | "create_promotion"
  | "turn_off_promotion"
  /** The Sales tab: a payment refunded, in full or in part (docs/product.md §8.7). */
  | "refund_payment"
  /** The Sales tab: a subscription cancelled at period end or at once (docs/product.md §10.11). */
  | "cancel_subscription"
  /** The Sales tab: a subscription paused for 1 to 3 months (docs/product.md §10.11). */
  | "pause_subscription"
  /** The Users tab: a free place on a course (docs/product.md §10.3). */
  | "give_access";

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
