import crypto from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import { getDb, type Queryable } from "~/server/db/client.server";
import { accountLimits } from "~/server/db/schema";

// Limits per account and per recipient (docs/security.md "Accounts and sign-in"), on top of
// Better Auth's per-IP limits: they hold whatever address a request comes from, and live in the
// database so every server shares them. Keys carry a SHA-256 of the email address, so the table
// never holds the addresses people typed.

/** Failed sign-ins for one address: this many in the window lock it for `lockMs`. */
export const SIGN_IN_FAILURES = { max: 10, windowMs: 15 * 60 * 1000, lockMs: 15 * 60 * 1000 } as const;

/** Emails of one kind to one recipient: at most `max` an hour. */
export const EMAILS_PER_RECIPIENT = { max: 3, windowMs: 60 * 60 * 1000 } as const;

export type RecipientEmailKind = "password-reset" | "verification" | "email-change";

function addressHash(email: string): string {
  return crypto.createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}

export const signInKey = (email: string) => `sign-in:${addressHash(email)}`;
export const recipientKey = (kind: RecipientEmailKind, email: string) => `email:${kind}:${addressHash(email)}`;

type CounterRow = {
  count: number;
  window_started_at: string | Date;
  locked_until: string | Date | null;
};

export interface WindowCount {
  /** Hits in the current window, this one included. */
  count: number;
  windowStartedAt: Date;
  lockedUntil: Date | null;
}

const toDate = (value: string | Date | null): Date | null => (value === null ? null : new Date(value));

/**
 * Counts one hit for `key` in a fixed window and returns the count, in one statement (an upsert),
 * so concurrent requests on several servers are all counted. A lock that has run out starts a new
 * window; while a lock holds, the count is left alone.
 */
export async function hitWindow(db: Queryable, key: string, windowMs: number, now: Date = new Date()): Promise<WindowCount> {
  const windowStart = new Date(now.getTime() - windowMs);
  const result = await db.execute<CounterRow>(sql`
    insert into account_limits (key, count, window_started_at, updated_at)
    values (${key}, 1, ${now}, ${now})
    on conflict (key) do update set
      count = case
        when account_limits.locked_until > ${now} then account_limits.count
        when account_limits.locked_until is not null or account_limits.window_started_at <= ${windowStart} then 1
        else account_limits.count + 1 end,
      window_started_at = case
        when account_limits.locked_until > ${now} then account_limits.window_started_at
        when account_limits.locked_until is not null or account_limits.window_started_at <= ${windowStart} then ${now}
        else account_limits.window_started_at end,
      locked_until = case when account_limits.locked_until > ${now} then account_limits.locked_until else null end,
      updated_at = ${now}
    returning count, window_started_at, locked_until
  `);
  const row = result.rows[0]!;
  await pruneSometimes(db, now);
  return { count: Number(row.count), windowStartedAt: new Date(row.window_started_at), lockedUntil: toDate(row.locked_until) };
}

// ─── Sign-in failures per address ───────────────────────────────────────────────────────────────

export type SignInClaim =
  | { allowed: true }
  /** `startedLock`: this attempt is the one that locked the address (tell the owner, once). */
  | { allowed: false; lockedUntil: Date; startedLock: boolean };

/**
 * Called before a password is checked: counts the attempt as a failure in advance (so forty
 * attempts at once cannot all slip in before the first failure is written), and refuses it when
 * the address is locked or this attempt goes over the limit, which locks the address.
 * `settleSignInAttempt` takes the count back when the password was right or never checked.
 */
export async function claimSignInAttempt(db: Queryable, email: string, now: Date = new Date()): Promise<SignInClaim> {
  const key = signInKey(email);
  const counted = await hitWindow(db, key, SIGN_IN_FAILURES.windowMs, now);
  if (counted.lockedUntil && counted.lockedUntil > now) return { allowed: false, lockedUntil: counted.lockedUntil, startedLock: false };
  if (counted.count <= SIGN_IN_FAILURES.max) return { allowed: true };
  const lockedUntil = new Date(now.getTime() + SIGN_IN_FAILURES.lockMs);
  // Only the attempt that sets the lock sees a row come back, so the owner is told once.
  const locked = await db
    .update(accountLimits)
    .set({ lockedUntil, updatedAt: now })
    .where(sql`${accountLimits.key} = ${key} and (${accountLimits.lockedUntil} is null or ${accountLimits.lockedUntil} <= ${now})`)
    .returning({ lockedUntil: accountLimits.lockedUntil });
  return { allowed: false, lockedUntil: locked[0]?.lockedUntil ?? lockedUntil, startedLock: locked.length > 0 };
}

/**
 * After the password check: a right password clears the address's failures; an answer that never
 * checked a password (bad input, a server error) takes back the count made in advance; a wrong
 * password leaves it counted.
 */
export async function settleSignInAttempt(db: Queryable, email: string, outcome: "success" | "failure" | "not-checked"): Promise<void> {
  if (outcome === "failure") return;
  const key = signInKey(email);
  if (outcome === "success") {
    await db.delete(accountLimits).where(sql`${accountLimits.key} = ${key} and (${accountLimits.lockedUntil} is null or ${accountLimits.lockedUntil} <= now())`);
    return;
  }
  await db
    .update(accountLimits)
    .set({ count: sql`greatest(${accountLimits.count} - 1, 0)` })
    .where(sql`${accountLimits.key} = ${key} and ${accountLimits.lockedUntil} is null`);
}

/** The owner proved she holds the mailbox (a password reset): her address is unlocked. */
export async function clearSignInFailures(db: Queryable, email: string): Promise<void> {
  await db.delete(accountLimits).where(eq(accountLimits.key, signInKey(email)));
}

/** When the address's lock ends, or null when it is not locked. */
export async function signInLockedUntil(db: Queryable, email: string, now: Date = new Date()): Promise<Date | null> {
  const [row] = await db.select({ lockedUntil: accountLimits.lockedUntil }).from(accountLimits).where(eq(accountLimits.key, signInKey(email))).limit(1);
  return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
}

// ─── Emails per recipient ───────────────────────────────────────────────────────────────────────

/**
 * Counts one email of `kind` to `email` and says whether it may be sent (at most three an hour).
 * A refused email is simply not sent; the visitor's answer stays the same.
 */
export async function allowEmailTo(db: Queryable, kind: RecipientEmailKind, email: string, now: Date = new Date()): Promise<boolean> {
  const { count } = await hitWindow(db, recipientKey(kind, email), EMAILS_PER_RECIPIENT.windowMs, now);
  return count <= EMAILS_PER_RECIPIENT.max;
}

/** Whether another email of `kind` to `email` would still be sent, without counting one. */
export async function emailAllowanceLeft(db: Queryable, kind: RecipientEmailKind, email: string, now: Date = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ count: accountLimits.count, windowStartedAt: accountLimits.windowStartedAt })
    .from(accountLimits)
    .where(eq(accountLimits.key, recipientKey(kind, email)))
    .limit(1);
  if (!row || row.windowStartedAt.getTime() <= now.getTime() - EMAILS_PER_RECIPIENT.windowMs) return true;
  return row.count < EMAILS_PER_RECIPIENT.max;
}

/** Rows untouched for a day are over: removed now and then, so the table stays small. */
async function pruneSometimes(db: Queryable, now: Date): Promise<void> {
  if (Math.random() > 0.02) return;
  await db.delete(accountLimits).where(lt(accountLimits.updatedAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
}

/** Whether this hour's verification emails to her own address are not yet spent (/settings). */
export function verificationEmailAllowed(email: string): Promise<boolean> {
  return emailAllowanceLeft(getDb(), "verification", email);
}
