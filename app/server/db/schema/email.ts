import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { timestamptz, createdAt, citext } from "./columns";

// Email: the email lists' sign-ups and the transactional mail queue.

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
