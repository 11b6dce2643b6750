import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamptz, createdAt, updatedAt } from "./columns";
import { users } from "./auth";

// Background work, settings, the Content tab's versions and the servers running on this database.

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

/**
 * The servers running on this database, one row each, refreshed every minute and removed on a
 * clean stop: a server that keeps profile pictures on its own disk warns when it sees another
 * (their pictures would be missing on each other; app/server/startup/server-registry.server.ts).
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

/**
 * The dashboard's figures, one row per day in the coach's time zone (Europe/London): sign-ups
 * (profiles created), revenue (GBP purchases, less what was refunded of them) and members last
 * seen that day. Kept exact by
 * statement triggers on profiles and purchases (drizzle/0022_daily_figures.sql), so the chart and the
 * cards read a few rows however many members there are (docs/decisions/280-dashboard-figures-kept-by-triggers.md).
 */
export const dailyFigures = pgTable("daily_figures", {
  day: date("day", { mode: "string" }).primaryKey(),
  signups: integer("signups").notNull().default(0),
  revenuePence: bigint("revenue_pence", { mode: "number" }).notNull().default(0),
  /** Members whose latest login (profiles.last_login_at) falls on this day: the Active Users card. */
  lastLogins: integer("last_logins").notNull().default(0),
});

/**
 * The Sales tab's totals per offer (payments, and what they took less refunds), a second sale
 * that was refunded as a duplicate left out: kept by statement triggers on purchases
 * (drizzle/0023_kept_totals.sql), so a view without a status filter never counts a million rows.
 */
export const salesTotals = pgTable("sales_totals", {
  productKey: text("product_key").primaryKey(),
  payments: bigint("payments", { mode: "number" }).notNull().default(0),
  netPence: bigint("net_pence", { mode: "number" }).notNull().default(0),
});

/**
 * The same per offer and per status the Sales tab shows (paid, active, cancelling, past_due,
 * ended, partly_refunded, refunded): kept by statement triggers on purchases and on subscriptions,
 * whose state a status follows (drizzle/0024_sales_status_totals.sql), so a status filter reads a
 * few rows too.
 */
export const salesStatusTotals = pgTable(
  "sales_status_totals",
  {
    productKey: text("product_key").notNull(),
    status: text("status").notNull(),
    payments: bigint("payments", { mode: "number" }).notNull().default(0),
    netPence: bigint("net_pence", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productKey, t.status] })],
);

/** Row counts kept by triggers for lists shown whole (the Subscribers view: 'email_subscribers'). */
export const rowCounts = pgTable("row_counts", {
  name: text("name").primaryKey(),
  rows: bigint("rows", { mode: "number" }).notNull().default(0),
});
