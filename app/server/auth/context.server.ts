import { AsyncLocalStorage } from "node:async_hooks";
import { getServerEnv } from "~/config/env.server";
import { getDb, type Database, type Transaction } from "~/server/db/client.server";
import { logger } from "~/server/core/logger.server";
import type { LoginDetails, NewMemberDetails } from "~/server/models/members.server";

// What the parts of the account code share (docs/architecture.md §3, app/server/auth/): the constants of
// Better Auth's configuration, the database it writes through, the sign-up details that travel
// with a request into its transaction, and the background tasks (emails) it starts.

/** The header Better Auth reads the client IP from; always overwritten by the server. */
export const CLIENT_IP_HEADER = "x-site-client-ip";
export const AUTH_BASE_PATH = "/api/auth";
/** Where the verification link lands after Better Auth has checked it (see routes/api/auth-form). */
export const EMAIL_VERIFIED_CALLBACK = "/auth?event=email-verified";
/** The page an emailed confirmation link opens: GET asks, its button POSTs (decision 245). */
export const VERIFY_EMAIL_PATH = "/verify-email";

/** The address of the confirmation page for a Better Auth verification token. */
export function verificationLink(token: string): string {
  return `${getServerEnv().SITE_ORIGIN}${VERIFY_EMAIL_PATH}?token=${encodeURIComponent(token)}`;
}

export const SESSION_EXPIRES_IN = 60 * 60 * 24 * 30; // 30 days
export const SESSION_UPDATE_AGE = 60 * 60 * 24; // extended at most once a day
export const SIGN_IN_RATE_LIMIT = { window: 60, max: 5 } as const;
/** What a locked address is told (docs/security.md "Accounts and sign-in"); whoever is asking. */
export const SIGN_IN_PAUSED_MESSAGE =
  "Too many unsuccessful attempts to log in to this account. For its safety, logging in is paused for 15 minutes. You can choose a new password with 'Forgot your password?' to get straight back in.";
export const SIGN_IN_PAUSED_CODE = "SIGN_IN_PAUSED";
export const SIGN_UP_RATE_LIMIT = { window: 60, max: 10 } as const;

// ─── Database: the live database, with Better Auth's transactions made visible to our hooks ─────

export const transactionStorage = new AsyncLocalStorage<Transaction>();

/**
 * The database as Better Auth sees it: every property is read from getDb() at the moment of use,
 * and each transaction Better Auth opens is remembered for the code it calls, so our hooks write
 * in that same transaction (sign-up creates the user and the profile atomically).
 */
export function authDatabase(): Database {
  return new Proxy({} as Database, {
    get(_target, property) {
      const db = getDb();
      if (property === "transaction") {
        return ((fn: (tx: Transaction) => Promise<unknown>, config?: unknown) =>
          db.transaction((tx) => transactionStorage.run(tx, () => fn(tx)), config as never)) as Database["transaction"];
      }
      const value = Reflect.get(db, property, db) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(db) : value;
    },
  });
}

// ─── Sign-up: the site's own data travels with the request into Better Auth's transaction ──────

/** What the sign-up form gives of a new member (her id, avatar and first login come later). */
export type SignupDetails = Omit<NewMemberDetails, "userId" | "avatarUrl" | "login">;

export interface SignupStore {
  details: SignupDetails;
  login: LoginDetails;
  /** The avatar written during this sign-up, removed again if the account is not created. */
  avatarKey?: string;
}

export const signupStorage = new AsyncLocalStorage<SignupStore>();

/** The location header the operator's proxy sets (GEO_HEADER), cleaned up; null when absent. */
function locationFrom(headers: Headers | undefined | null): string | null {
  const name = getServerEnv().GEO_HEADER;
  if (!name || !headers) return null;
  const raw = headers.get(name);
  if (!raw) return null;
  let value = raw;
  try {
    value = decodeURIComponent(raw);
  } catch {
    // keep the raw value
  }
  value = value.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 120);
  return value || null;
}

export function loginDetailsFrom(headers: Headers | undefined | null): LoginDetails {
  return { ipAddress: headers?.get(CLIENT_IP_HEADER) || null, location: locationFrom(headers) };
}

// ─── Background work (emails) ───────────────────────────────────────────────────────────────────

const pendingTasks = new Set<Promise<unknown>>();

export function runInBackground(promise: Promise<unknown>) {
  const tracked: Promise<unknown> = promise
    .catch((error: unknown) => logger.error("auth background task failed", { error }))
    .finally(() => pendingTasks.delete(tracked));
  pendingTasks.add(tracked);
}

/**
 * Waits for the emails Better Auth is sending in the background (sent after the response so that
 * a reply's timing never tells whether an address has an account). For tests and shutdown.
 */
export async function settleAuthBackgroundTasks(): Promise<void> {
  while (pendingTasks.size > 0) await Promise.allSettled([...pendingTasks]);
}
