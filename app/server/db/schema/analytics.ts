import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns";

// The site's own visitor counting (docs/analytics.md): no cookie, nothing personal. A visitor is a
// keyed hash of the site, her IP address and her browser under the day's salt; neither the address
// nor the browser's user agent is stored anywhere.

/** One random salt per UTC day; a day's salt is deleted once the day after it has ended. Never backed up. */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: text("salt").notNull(),
  createdAt: createdAt(),
});

/** One page view, kept 90 days (then only the daily totals below remain). */
export const pageViews = pgTable(
  "page_views",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** To the minute. */
    viewedAt: timestamptz("viewed_at").notNull(),
    /** The path, with only utm_* and ref kept of its query. */
    path: text("path").notNull(),
    referrerHost: text("referrer_host"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    utmTerm: text("utm_term"),
    utmContent: text("utm_content"),
    ref: text("ref"),
    device: text("device").$type<"mobile" | "tablet" | "desktop">().notNull(),
    browser: text("browser").notNull(),
    country: text("country"),
    visitor: text("visitor").notNull(),
  },
  (t) => [index("page_views_viewed_at_idx").on(t.viewedAt)],
);

export type FunnelEventKind = "checkout" | "paid";

/** The money steps of the funnel, from the server: a checkout session opened, a purchase recorded. */
export const funnelEvents = pgTable(
  "funnel_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamptz("at").notNull(),
    kind: text("kind").$type<FunnelEventKind>().notNull(),
    productKey: text("product_key").notNull(),
    amountPence: integer("amount_pence"),
    visitor: text("visitor").notNull(),
  },
  (t) => [index("funnel_events_at_idx").on(t.at), check("funnel_events_kind_check", sql`${t.kind} in ('checkout', 'paid')`)],
);

/** Which visitor opened a checkout session, until it is paid or two days have passed. */
export const checkoutVisitors = pgTable("checkout_visitors", {
  sessionId: text("session_id").primaryKey(),
  visitor: text("visitor").notNull(),
  productKey: text("product_key").notNull(),
  createdAt: createdAt(),
});

/**
 * The daily totals, kept for good: for each UTC day and each dimension ('total', 'page',
 * 'source', 'campaign', 'funnel', 'funnel:source', …) and value, the views, the visitors (distinct
 * that day) and, for the funnel's 'Paid', the amount.
 */
export const analyticsDays = pgTable(
  "analytics_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    dimension: text("dimension").notNull(),
    value: text("value").notNull(),
    views: integer("views").notNull().default(0),
    visitors: integer("visitors").notNull().default(0),
    amountPence: bigint("amount_pence", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.dimension, t.value] }), index("analytics_days_dimension_day_idx").on(t.dimension, t.day)],
);

/** The days already added up into analytics_days. */
export const analyticsRolledDays = pgTable("analytics_rolled_days", {
  day: date("day", { mode: "string" }).primaryKey(),
  rolledAt: createdAt(),
});
