import crypto from "node:crypto";
import { and, eq, gt, lt, or, sql } from "drizzle-orm";
import { z } from "zod";
import { getServerEnv } from "~/config/env.server";
import type { Queryable } from "~/server/db/client.server";
import { emailMessages, jobs, type EmailAttachment } from "~/server/db/schema";
import { enqueueJob, type RetryPolicy } from "~/server/jobs/queue.server";
import { JobError, type JobHandler } from "~/server/jobs/worker.server";
import { logger } from "~/server/core/logger.server";
import { deliverMail, oneLine } from "./mailer.server";

// Every transactional email goes through the durable job queue (docs/product.md §18, decision
// 220). queueEmail writes the message (an email_messages row, with its Message-ID fixed now) and
// its job in the caller's transaction, so the email exists exactly when the change that causes it
// does and a request never waits on the mail server. The worker sends it; a failure is retried
// with backoff for more than a day. Sending is guarded by the row, not by the job: a worker first
// moves the row from queued to sending, and only then talks to the mail server; a second worker
// (a job reclaimed after a lease expired) finds it sending or sent and leaves it alone.

export const EMAIL_QUEUE = "email";

/**
 * Every 30 to 90 seconds (±25%) during the first hour of an outage, so mail goes out within about
 * two minutes of the server's return; then every 15 minutes. 200 attempts last about 40 hours.
 */
export const EMAIL_RETRY_POLICY: RetryPolicy = {
  baseDelayMs: 30_000,
  maxDelayMs: 90_000,
  jitter: 0.25,
  slowAfterMs: 60 * 60_000,
  slowDelayMs: 15 * 60_000,
};
export const EMAIL_MAX_ATTEMPTS = 200;

/**
 * A message left "sending" this long belongs to a worker that died mid-send: it is sent again
 * (with the same Message-ID, so a mail client shows one). Longer than the SMTP timeouts put
 * together, so a slow send in progress is never duplicated.
 */
export const SENDING_LEASE_MS = 10 * 60_000;

export interface QueuedEmail {
  /** Which template made it (the admin's figures and the Emails section name it). */
  template: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  unsubscribeUrl?: string;
  attachments?: EmailAttachment[];
  /**
   * At most one message is ever queued per key (e.g. "receipt:<purchase id>"): a second call
   * with the same key queues nothing.
   */
  dedupeKey?: string;
}

const state = globalThis as typeof globalThis & { __mailWakeup?: () => void };

/** The job worker of this process registers itself, so new mail is looked at at once. */
export function setMailWakeup(wakeup: (() => void) | undefined): void {
  state.__mailWakeup = wakeup;
}

function newMessageId(): string {
  let host = "localhost";
  try {
    host = new URL(getServerEnv().SITE_ORIGIN).hostname || host;
  } catch {
    // keep localhost
  }
  return `<${crypto.randomUUID()}@${host}>`;
}

/**
 * Queues one email in `db` (pass the transaction that makes the change the email reports).
 * Returns the message's id, or null when a message with the same dedupe key was queued before.
 */
export async function queueEmail(db: Queryable, email: QueuedEmail): Promise<string | null> {
  const headers = email.unsubscribeUrl
    ? { "List-Unsubscribe": `<${email.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
    : null;
  const [row] = await db
    .insert(emailMessages)
    .values({
      messageId: newMessageId(),
      template: email.template,
      dedupeKey: email.dedupeKey ?? null,
      toAddress: oneLine(email.to),
      subject: oneLine(email.subject),
      textBody: email.text,
      htmlBody: email.html ?? null,
      headers,
      attachments: email.attachments ?? null,
    })
    .onConflictDoNothing({ target: emailMessages.dedupeKey })
    .returning({ id: emailMessages.id });
  if (!row) return null;
  await enqueueJob(db, EMAIL_QUEUE, { emailId: row.id }, { maxAttempts: EMAIL_MAX_ATTEMPTS });
  state.__mailWakeup?.();
  return row.id;
}

/**
 * Erases every message to `address`, sent or not (an account's deletion: docs/product.md §9.8).
 * A job whose message is gone finds nothing to do, so nothing more reaches that address.
 */
export async function eraseEmailsTo(db: Queryable, address: string): Promise<number> {
  const erased = await db
    .delete(emailMessages)
    .where(sql`lower(${emailMessages.toAddress}) = ${address.trim().toLowerCase()}`)
    .returning({ id: emailMessages.id });
  return erased.length;
}

const EmailJobSchema = z.object({ emailId: z.uuid() });

/** Errors the mail server gave for this recipient for good (550 mailbox unknown and the like). */
function permanentFailure(error: unknown): boolean {
  const e = error as { code?: unknown; responseCode?: unknown } | null;
  return e?.code === "EENVELOPE" && typeof e.responseCode === "number" && e.responseCode >= 550 && e.responseCode <= 553;
}

function describe(error: unknown): string {
  const e = error as { message?: unknown; code?: unknown } | null;
  const text = typeof e?.message === "string" ? e.message : String(error);
  return (typeof e?.code === "string" && !text.includes(e.code) ? `${e.code}: ${text}` : text).slice(0, 500);
}

/** The worker's handler for the email queue: sends the message once, or throws to be retried. */
export function emailJobHandler(): JobHandler {
  return async (job, { db, now }) => {
    const parsed = EmailJobSchema.safeParse(job.payload);
    if (!parsed.success) throw new JobError("Not an email job this site knows", { retryable: false });
    const { emailId } = parsed.data;
    const staleSend = new Date(now.getTime() - SENDING_LEASE_MS);
    const [message] = await db
      .update(emailMessages)
      .set({ status: "sending", sendingAt: now, attempts: sql`${emailMessages.attempts} + 1` })
      .where(
        and(
          eq(emailMessages.id, emailId),
          or(
            eq(emailMessages.status, "queued"),
            eq(emailMessages.status, "failed"),
            and(eq(emailMessages.status, "sending"), lt(emailMessages.sendingAt, staleSend)),
          ),
        ),
      )
      .returning();
    if (!message) {
      const [current] = await db.select({ status: emailMessages.status }).from(emailMessages).where(eq(emailMessages.id, emailId)).limit(1);
      // Sent already, or erased (an account deletion removes its mail): nothing to do.
      if (!current || current.status === "sent") return;
      throw new JobError("Another worker is sending this message", { retryable: true });
    }
    try {
      await deliverMail({
        to: message.toAddress,
        subject: message.subject,
        text: message.textBody ?? "",
        html: message.htmlBody ?? undefined,
        messageId: message.messageId,
        unsubscribeUrl: message.headers?.["List-Unsubscribe"]?.replace(/^<|>$/g, ""),
        attachments: message.attachments ?? undefined,
      });
    } catch (error) {
      const permanent = permanentFailure(error);
      const lastAttempt = job.attempts >= job.maxAttempts;
      const reason = describe(error);
      await db
        .update(emailMessages)
        .set({ status: permanent || lastAttempt ? "failed" : "queued", lastError: reason, lastErrorAt: now, sendingAt: null })
        .where(and(eq(emailMessages.id, emailId), eq(emailMessages.status, "sending"), eq(emailMessages.sendingAt, now)));
      logger.warn("email not sent yet", { template: message.template, emailId, attempts: job.attempts, error: reason });
      throw new JobError(reason, { retryable: !permanent });
    }
    // Marked sent before the job is acknowledged: a job run again after this finds nothing to do.
    // The bodies go: links with tokens in them need not wait in the database.
    await db
      .update(emailMessages)
      .set({ status: "sent", sentAt: new Date(), sendingAt: null, lastError: null, textBody: null, htmlBody: null, attachments: null })
      .where(eq(emailMessages.id, emailId));
  };
}

export interface MailFigures {
  /** Waiting to be sent or being sent. */
  queued: number;
  /** Sent since midnight (UK time). */
  sentToday: number;
  /** Queued messages that have failed at least once, and messages that gave up. */
  failing: number;
  lastError: { message: string; at: string } | null;
}

/** The Integrations tab's mail figures, counted at each load. */
export async function loadMailFigures(db: Queryable, now = new Date()): Promise<MailFigures> {
  const [row] = (
    await db.execute<{ queued: number; sent_today: number; failing: number }>(sql`
      select
        count(*) filter (where ${emailMessages.status} in ('queued', 'sending'))::int as queued,
        count(*) filter (where ${emailMessages.sentAt} >= (date_trunc('day', ${now.toISOString()}::timestamptz at time zone 'Europe/London') at time zone 'Europe/London'))::int as sent_today,
        count(*) filter (where ${emailMessages.status} = 'failed' or (${emailMessages.status} in ('queued', 'sending') and ${emailMessages.lastError} is not null))::int as failing
      from ${emailMessages}
      where ${emailMessages.status} <> 'sent' or ${emailMessages.sentAt} >= ${new Date(now.getTime() - 26 * 3600_000).toISOString()}::timestamptz`)
  ).rows;
  const [last] = await db
    .select({ message: emailMessages.lastError, at: emailMessages.lastErrorAt })
    .from(emailMessages)
    .where(sql`${emailMessages.lastErrorAt} is not null and ${emailMessages.lastError} is not null`)
    .orderBy(sql`${emailMessages.lastErrorAt} desc`)
    .limit(1);
  return {
    queued: Number(row?.queued ?? 0),
    sentToday: Number(row?.sent_today ?? 0),
    failing: Number(row?.failing ?? 0),
    lastError: last?.message && last.at ? { message: last.message, at: last.at.toISOString() } : null,
  };
}

/**
 * 'Retry failed emails': messages that gave up go back in the queue, and those waiting for their
 * next retry are tried now. Returns how many.
 */
export async function retryFailedEmails(db: Queryable, now = new Date()): Promise<number> {
  const failed = await db
    .update(jobs)
    .set({ status: "queued", attempts: 0, runAt: now, lockedAt: null, lockedBy: null })
    .where(and(eq(jobs.queue, EMAIL_QUEUE), eq(jobs.status, "failed")))
    .returning({ id: jobs.id });
  const waiting = await db
    .update(jobs)
    .set({ runAt: now })
    .where(and(eq(jobs.queue, EMAIL_QUEUE), eq(jobs.status, "queued"), gt(jobs.runAt, now), gt(jobs.attempts, 0)))
    .returning({ id: jobs.id });
  const count = failed.length + waiting.length;
  if (count > 0) state.__mailWakeup?.();
  return count;
}
