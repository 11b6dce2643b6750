import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz, createdAt, citext } from "./columns";

// Accounts and sign-in: administrator grants by ADMIN_EMAILS and per-account limits.

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
