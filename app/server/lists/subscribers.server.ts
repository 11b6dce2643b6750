import { and, eq, gt, isNull, lte, ne, or } from "drizzle-orm";
import { getDb, type Queryable } from "~/server/db/client.server";
import { emailSubscribers, jobs, type EmailSubscriber } from "~/server/db/schema";
import { rateLimitClientKey } from "~/server/core/client-ip.server";
import { logger } from "~/server/core/logger.server";
import {
  EMAIL_LIST_MESSAGES,
  EMAIL_LIST_SUCCESS,
  EmailListSignupSchema,
  emailListErrorCode,
  type EmailListErrorCode,
  type EmailListField,
  type EmailListForm,
} from "~/validation/email-list";
import { sendConfirmationEmail } from "./emails.server";
import { counterKey, hitRateLimit, type RateLimitRule } from "./rate-limit.server";
import {
  CONFIRM_TOKEN_TTL_MS,
  confirmToken,
  isWellFormedUnsubscribeToken,
  newConfirmSecret,
  parseConfirmToken,
  randomToken,
} from "./tokens.server";

// Email-list subscribers with double opt-in (docs/product.md §6). A sign-up stores the address with the
// form it came from (one row per address and form) as pending and emails a single-use
// confirmation link; confirming marks it confirmed and queues it for the email-marketing sync.
// The answer to a sign-up never says whether the address was already there.

/** The queue the email-marketing sync worker reads (its payload: { subscriberId }). */
export const EMAIL_MARKETING_QUEUE = "email-marketing";

/** docs/product.md §1.3 bot protection: sign-ups per IP address. */
export const SIGNUP_RATE_LIMIT: RateLimitRule = { max: 5, windowMs: 10 * 60 * 1000 };

/** A pending address gets at most one confirmation email in this time, however often it is entered. */
export const RESEND_INTERVAL_MS = 60 * 1000;

/** Per visitor: an IPv6 address counts by its /64 (client-ip.server.ts). */
export const rateLimitKey = (ip: string) => counterKey("email-list", rateLimitClientKey(ip));

/**
 * The machine itself (development, tests, a health check) is not limited.
 * NOTE: a reverse proxy on the same host must be listed in TRUSTED_PROXIES (docs/product.md §7.8), or
 * every visitor would look like the proxy: limited, all of them would share one allowance.
 */
function isLoopback(ip: string): boolean {
  return ip === "::1" || ip.startsWith("127.");
}

export interface SubscribeInput {
  /** Which form: popup, lead_capture, calendar, newsletter, waitlist or interest. */
  form: unknown;
  email: unknown;
  firstName?: unknown;
  /** Kept only from the Learn to Lift interest form, the one that asks for it. */
  biggestChallenge?: unknown;
  /** The visitor's IP address (see client-ip.server.ts); null when unknown. */
  ip?: string | null;
  /** The honeypot field's value: people never see it, so anything in it came from a bot. */
  honeypot?: unknown;
}

export type SubscribeResult =
  | { ok: true; message: string }
  | {
      ok: false;
      status: 400 | 429 | 503;
      code: EmailListErrorCode;
      error: string;
      field?: EmailListField;
      retryAfterSeconds?: number;
    };

export interface ListOptions {
  db?: Queryable;
  now?: Date;
}

const FIELDS: readonly string[] = ["first_name", "email_address", "biggest_challenge"];

function failure(status: 400 | 429 | 503, code: EmailListErrorCode, extra: Partial<SubscribeResult> = {}): SubscribeResult {
  return { ok: false, status, code, error: EMAIL_LIST_MESSAGES[code], ...extra } as SubscribeResult;
}

const SUCCESS: SubscribeResult = { ok: true, message: EMAIL_LIST_SUCCESS };

let warnedUnknownIp = false;

/**
 * Signs an address up to one list: validates, turns bots away (honeypot, rate limit per IP),
 * stores or refreshes the subscriber and sends the confirmation email.
 */
export async function subscribe(input: SubscribeInput, { db = getDb(), now = new Date() }: ListOptions = {}): Promise<SubscribeResult> {
  const parsed = EmailListSignupSchema.safeParse({
    form: input.form,
    email_address: input.email ?? "",
    first_name: input.firstName ?? undefined,
    biggest_challenge: input.biggestChallenge ?? undefined,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = String(issue?.path[0] ?? "");
    const code = emailListErrorCode(issue?.message ?? "");
    return failure(400, code, FIELDS.includes(path) ? { field: path as EmailListField } : {});
  }

  // NOTE: a filled honeypot gets the same answer as a person, so the bot learns nothing, and
  // nothing is written or sent (not even a rate-limit count).
  if (typeof input.honeypot === "string" && input.honeypot.trim() !== "") {
    logger.info("email-list sign-up ignored: honeypot filled", { form: parsed.data.form });
    return SUCCESS;
  }

  const ip = input.ip ?? null;
  if (ip && !isLoopback(ip)) {
    const limit = await hitRateLimit(db, rateLimitKey(ip), SIGNUP_RATE_LIMIT, now);
    if (!limit.allowed) {
      logger.warn("email-list sign-up rate limited", { form: parsed.data.form, count: limit.count });
      return failure(429, "rate_limited", { retryAfterSeconds: limit.retryAfterSeconds });
    }
  } else if (!ip && !warnedUnknownIp) {
    warnedUnknownIp = true;
    logger.warn("email-list sign-up: client IP unknown, so the per-IP limit is off (set clientIp in the load context)");
  }

  const form = parsed.data.form;
  const email = parsed.data.email_address;
  const firstName = parsed.data.first_name;
  const biggestChallenge = form === "interest" ? parsed.data.biggest_challenge : null;
  const { secret, hash } = newConfirmSecret();
  const expiresAt = new Date(now.getTime() + CONFIRM_TOKEN_TTL_MS);

  const [created] = await db
    .insert(emailSubscribers)
    .values({
      email,
      firstName,
      biggestChallenge,
      form,
      status: "pending",
      confirmTokenHash: hash,
      confirmTokenExpiresAt: expiresAt,
      unsubscribeToken: randomToken(),
      ipAddress: ip,
      createdAt: now,
    })
    .onConflictDoNothing({ target: [emailSubscribers.email, emailSubscribers.form] })
    .returning();

  let subscriber: EmailSubscriber | undefined = created;
  if (!subscriber) {
    // Already on this list. Confirmed: nothing to do (and nothing said). Pending or unsubscribed:
    // a fresh link, unless one went out moments ago (one address can't be flooded with email).
    // The status stays as it is until the new link is used.
    const issuedBefore = new Date(now.getTime() + CONFIRM_TOKEN_TTL_MS - RESEND_INTERVAL_MS);
    const [refreshed] = await db
      .update(emailSubscribers)
      .set({
        confirmTokenHash: hash,
        confirmTokenExpiresAt: expiresAt,
        ipAddress: ip,
        ...(firstName ? { firstName } : {}),
        ...(biggestChallenge ? { biggestChallenge } : {}),
      })
      .where(
        and(
          eq(emailSubscribers.email, email),
          eq(emailSubscribers.form, form),
          ne(emailSubscribers.status, "confirmed"),
          or(isNull(emailSubscribers.confirmTokenExpiresAt), lte(emailSubscribers.confirmTokenExpiresAt, issuedBefore)),
        ),
      )
      .returning();
    subscriber = refreshed;
    if (!subscriber) {
      logger.info("email-list sign-up: already confirmed or just sent", { form });
      return SUCCESS;
    }
  }

  try {
    await sendConfirmationEmail(db, {
      to: subscriber.email,
      form,
      confirmToken: confirmToken(subscriber.id, secret),
      unsubscribeToken: subscriber.unsubscribeToken,
    });
  } catch (error) {
    logger.error("email-list confirmation email failed", { form, error });
    // Forget the link that never went out, so trying again sends one at once.
    await db
      .update(emailSubscribers)
      .set({ confirmTokenHash: null, confirmTokenExpiresAt: null })
      .where(and(eq(emailSubscribers.id, subscriber.id), eq(emailSubscribers.confirmTokenHash, hash)));
    return failure(503, "unavailable");
  }
  logger.info("email-list sign-up: confirmation sent", { form, new: !!created });
  return SUCCESS;
}

export type ConfirmResult =
  | { ok: true; subscriberId: string; form: EmailListForm }
  | { ok: false; reason: "malformed" | "invalid" };

/**
 * Whether a confirmation link can still be used, without using it: the page the link opens asks
 * first, so a mail scanner that opens every link confirms nobody (docs/security.md).
 */
export async function checkConfirmToken(
  token: string | null | undefined,
  { db = getDb(), now = new Date() }: ListOptions = {},
): Promise<{ ok: true; email: string } | { ok: false; reason: "malformed" | "invalid" }> {
  const parsed = parseConfirmToken(token);
  if (!parsed) return { ok: false, reason: "malformed" };
  const [row] = await db
    .select({ email: emailSubscribers.email })
    .from(emailSubscribers)
    .where(
      and(
        eq(emailSubscribers.id, parsed.subscriberId),
        eq(emailSubscribers.confirmTokenHash, parsed.hash),
        gt(emailSubscribers.confirmTokenExpiresAt, now),
      ),
    )
    .limit(1);
  return row ? { ok: true, email: row.email } : { ok: false, reason: "invalid" };
}

/**
 * Uses a confirmation link: marks the subscriber confirmed and queues the email-marketing sync in
 * one transaction. The link works once, and not after it expires or after a newer one was sent.
 */
export async function confirmSubscription(token: string | null | undefined, { db = getDb(), now = new Date() }: ListOptions = {}): Promise<ConfirmResult> {
  const parsed = parseConfirmToken(token);
  if (!parsed) return { ok: false, reason: "malformed" };
  const confirmed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailSubscribers)
      .set({ status: "confirmed", confirmedAt: now, unsubscribedAt: null, confirmTokenHash: null, confirmTokenExpiresAt: null })
      .where(
        and(
          eq(emailSubscribers.id, parsed.subscriberId),
          eq(emailSubscribers.confirmTokenHash, parsed.hash),
          gt(emailSubscribers.confirmTokenExpiresAt, now),
        ),
      )
      .returning({ id: emailSubscribers.id, form: emailSubscribers.form });
    if (!row) return null;
    await tx.insert(jobs).values({ queue: EMAIL_MARKETING_QUEUE, payload: { subscriberId: row.id } });
    return row;
  });
  if (!confirmed) return { ok: false, reason: "invalid" };
  logger.info("email-list subscriber confirmed", { form: confirmed.form });
  return { ok: true, subscriberId: confirmed.id, form: confirmed.form };
}

export interface UnsubscribeTarget {
  email: string;
  /** True when every list this address was on is already unsubscribed. */
  alreadyUnsubscribed: boolean;
}

async function findByUnsubscribeToken(db: Queryable, token: string | null | undefined) {
  if (!isWellFormedUnsubscribeToken(token)) return null;
  const [row] = await db.select().from(emailSubscribers).where(eq(emailSubscribers.unsubscribeToken, token)).limit(1);
  return row ?? null;
}

async function hasActiveLists(db: Queryable, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: emailSubscribers.id })
    .from(emailSubscribers)
    .where(and(eq(emailSubscribers.email, email), ne(emailSubscribers.status, "unsubscribed")))
    .limit(1);
  return !!row;
}

/** Who an unsubscribe link belongs to (for the page that asks to confirm), or null. */
export async function findUnsubscribeTarget(token: string | null | undefined, { db = getDb() }: ListOptions = {}): Promise<UnsubscribeTarget | null> {
  const row = await findByUnsubscribeToken(db, token);
  if (!row) return null;
  return { email: row.email, alreadyUnsubscribed: !(await hasActiveLists(db, row.email)) };
}

/**
 * Unsubscribes the address the link belongs to from every list it is on (someone who asks for
 * no more email means it), and cancels any confirmation link still pending. Idempotent.
 */
export async function unsubscribe(token: string | null | undefined, { db = getDb(), now = new Date() }: ListOptions = {}): Promise<UnsubscribeTarget | null> {
  const row = await findByUnsubscribeToken(db, token);
  if (!row) return null;
  // The sync worker unsubscribes the address at the email-marketing service too (docs/product.md §6); the
  // job is queued in the same transaction, so the change and its sync exist together or not at all.
  const changed = await db.transaction(async (tx) => {
    const rows = await tx
      .update(emailSubscribers)
      .set({ status: "unsubscribed", unsubscribedAt: now, confirmTokenHash: null, confirmTokenExpiresAt: null })
      .where(and(eq(emailSubscribers.email, row.email), ne(emailSubscribers.status, "unsubscribed")))
      .returning({ id: emailSubscribers.id });
    if (rows.length) {
      await tx.insert(jobs).values(rows.map((r) => ({ queue: EMAIL_MARKETING_QUEUE, payload: { subscriberId: r.id } })));
    }
    return rows;
  });
  if (changed.length) logger.info("email-list unsubscribed", { lists: changed.length });
  return { email: row.email, alreadyUnsubscribed: changed.length === 0 };
}

/** "j•••@example.com": enough for the owner to recognise, little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return email;
  return `${email[0]}•••${email.slice(at)}`;
}
