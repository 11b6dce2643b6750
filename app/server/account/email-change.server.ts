import crypto from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { getServerEnv } from "~/config/env.server";
import { allowEmailTo } from "~/server/models/account-limits.server";
import { voidPasswordResetLinks } from "~/server/auth/password-events.server";
import { EMAIL_VERIFIED_CALLBACK } from "~/server/auth/context.server";
import { getAuth } from "~/server/auth/instance.server";
import { callAuthEndpoint } from "~/server/auth/requests.server";
import type { SessionUser } from "~/server/auth/session.server";
import { getDb } from "~/server/db/client.server";
import { ADMIN_ROLE, profiles, sessions, userRoles, users, verifications } from "~/server/db/schema";
import { sendEmailChangeConfirmation, sendEmailChangedNotice } from "~/server/email/auth-emails.server";
import { logger } from "~/server/core/logger.server";
import { findUserByEmail, isAdminEmail, recordAdminEmailEvent } from "~/server/models/roles.server";

// Changing the email address (docs/product.md §9.2 "update user with a new email (triggers a confirmation
// email)"; docs/product.md §9.2). Decision: docs/decisions/081-settings-email-change.md, and 182 for what
// changed with the password check and the undo link.
//
//  1. /settings asks for her current password (or a two-factor code) first, then
//     requestEmailChange() mails a single-use link to the NEW address. Nothing changes yet.
//  2. The link (/email-change/confirm) shows a button (opening it changes nothing, decision 245);
//     the button swaps the address in one transaction, if the account
//     still has the old one and nobody else has taken the new one meanwhile, and marks it
//     verified (she has just proved she reads it).
//  3. The OLD address is told at once, with a link (/email-change/undo) that puts it back within
//     24 hours, ends every session, voids reset links and pending changes, so a hijacked session
//     cannot take the account for good.
//
// Both tokens are random, single use, and kept only as hashes in Better Auth's verifications
// table (verification.storeIdentifier "hashed"), whose value holds what the link does.

export const EMAIL_CHANGE_CONFIRM_PATH = "/email-change/confirm";
export const EMAIL_CHANGE_UNDO_PATH = "/email-change/undo";
/** Where a signed-in member lands once the new address is confirmed (her settings say so). */
export const EMAIL_CHANGED_CALLBACK = "/settings?event=email-changed";

const LINK_TTL_MS = 24 * 60 * 60 * 1000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

type LinkKind = "email-change" | "email-change-undo";

interface LinkPayload {
  kind: LinkKind;
  userId: string;
  from: string;
  to: string;
}

/** The value stored with a link: the kind and the user first, so her links can be found by prefix. */
function payloadValue(payload: LinkPayload): string {
  return JSON.stringify({ kind: payload.kind, userId: payload.userId, from: payload.from, to: payload.to });
}

const payloadPrefix = (kind: LinkKind, userId: string) => `${JSON.stringify({ kind, userId }).slice(0, -1)},`;

function parsePayload(value: string, kind: LinkKind): LinkPayload | null {
  try {
    const parsed = JSON.parse(value) as Partial<LinkPayload>;
    if (parsed.kind !== kind || typeof parsed.userId !== "string" || typeof parsed.from !== "string" || typeof parsed.to !== "string") return null;
    return parsed as LinkPayload;
  } catch {
    return null;
  }
}

async function createLink(payload: LinkPayload, path: string): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  const context = await getAuth().$context;
  await context.internalAdapter.createVerificationValue({
    identifier: `${payload.kind}:${token}`,
    value: payloadValue(payload),
    expiresAt: new Date(Date.now() + LINK_TTL_MS),
  });
  return `${getServerEnv().SITE_ORIGIN}${path}?token=${token}`;
}

/** The link's payload if it is known and in date (without using it up); null otherwise. */
async function readLink(kind: LinkKind, token: string): Promise<LinkPayload | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const context = await getAuth().$context;
  const row = await context.internalAdapter.findVerificationValue(`${kind}:${token}`);
  if (!row || row.expiresAt < new Date()) return null;
  return parsePayload(row.value, kind);
}

/** Uses the link up; false when another request used it first. */
async function consumeLink(kind: LinkKind, token: string): Promise<boolean> {
  const context = await getAuth().$context;
  return (await context.internalAdapter.consumeVerificationValue(`${kind}:${token}`)) !== null;
}

/** Every pending link of hers of this kind stops working. */
async function voidLinks(kind: LinkKind, userId: string): Promise<void> {
  await getDb()
    .delete(verifications)
    .where(sql`${verifications.value} like ${`${payloadPrefix(kind, userId).replace(/[\\%_]/g, "\\$&")}%`}`);
}

// ─── 1. Asking for the change ───────────────────────────────────────────────────────────────────

export type EmailChangeResult = "sent" | "unchanged";

/**
 * Sends the confirmation link to the new address (the caller has checked her password). An
 * address that already belongs to another account gets nothing, and neither does an inbox that
 * had three such links this hour, but the member sees the same answer either way, so the form
 * never tells whether somebody else has an account.
 */
export async function requestEmailChange(user: Pick<SessionUser, "id" | "email" | "firstName">, newEmail: string): Promise<EmailChangeResult> {
  const target = newEmail.trim().toLowerCase();
  const current = user.email.toLowerCase();
  if (!target || target === current) return "unchanged";
  const db = getDb();
  if (await findUserByEmail(db, target)) {
    logger.info("email change to an address that has an account; nothing sent", { userId: user.id });
    return "sent";
  }
  if (!(await allowEmailTo(db, "email-change", target))) {
    logger.info("email change: three links already went to that address this hour; nothing sent", { userId: user.id });
    return "sent";
  }
  const url = await createLink({ kind: "email-change", userId: user.id, from: current, to: target }, EMAIL_CHANGE_CONFIRM_PATH);
  await sendEmailChangeConfirmation({ to: target, name: user.firstName, url });
  return "sent";
}

// ─── 2. Confirming it ───────────────────────────────────────────────────────────────────────────

export type ConfirmEmailChangeResult =
  | { ok: true; from: string; to: string; userId: string }
  /** invalid: unknown, used or expired link; stale: the account no longer has the old address;
   * taken: another account has the new address now; other-account: signed in as somebody else. */
  | { ok: false; reason: "invalid" | "stale" | "taken" | "other-account" };

class ConfirmRefused extends Error {
  constructor(readonly reason: "stale" | "taken") {
    super(reason);
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * Swaps the address when the link is followed. `signedInUserId` is the visitor's session user, if
 * any: a link opened in somebody else's session changes nothing (and stays usable).
 */
export async function confirmEmailChange(token: string, signedInUserId: string | null): Promise<ConfirmEmailChangeResult> {
  const payload = await readLink("email-change", token);
  if (!payload) return { ok: false, reason: "invalid" };
  if (signedInUserId && signedInUserId !== payload.userId) return { ok: false, reason: "other-account" };
  if (!(await consumeLink("email-change", token))) return { ok: false, reason: "invalid" };

  const db = getDb();
  // The undo link exists before the change does, so the notice carrying it is queued in the same
  // transaction as the change (docs/product.md §18); it is removed again if nothing changes.
  const undoPayload: LinkPayload = { kind: "email-change-undo", userId: payload.userId, from: payload.from, to: payload.to };
  const undoUrl = await createLink(undoPayload, EMAIL_CHANGE_UNDO_PATH);
  try {
    await db.transaction(async (tx) => {
      const [user] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, payload.userId)).for("update");
      if (!user || user.email.toLowerCase() !== payload.from) throw new ConfirmRefused("stale");
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, payload.to), ne(users.id, payload.userId)))
        .limit(1);
      if (taken) throw new ConfirmRefused("taken");
      await tx.update(users).set({ email: payload.to, emailVerified: true }).where(eq(users.id, payload.userId));
      await tx.update(profiles).set({ email: payload.to }).where(eq(profiles.userId, payload.userId));
      // An administrator's old address never makes anybody an administrator through ADMIN_EMAILS.
      const [admin] = await tx
        .select({ userId: userRoles.userId })
        .from(userRoles)
        .where(and(eq(userRoles.userId, payload.userId), eq(userRoles.role, ADMIN_ROLE)))
        .limit(1);
      if (admin) await recordAdminEmailEvent(tx, payload.from, payload.userId, "address-changed");
      // An email change never makes anybody an administrator (docs/product.md §7.10, decision 246):
      // an ADMIN_EMAILS address reached this way has had its chance; `npm run admin -- grant` remains.
      if (isAdminEmail(payload.to, getServerEnv().ADMIN_EMAILS)) await recordAdminEmailEvent(tx, payload.to, payload.userId, "address-changed");
      // The old address is told, with the way back.
      await sendEmailChangedNotice({ to: payload.from, name: user.name, newEmail: payload.to, undoUrl, at: new Date() }, tx);
    });
  } catch (error) {
    await db.delete(verifications).where(eq(verifications.value, payloadValue(undoPayload))).catch(() => {});
    if (error instanceof ConfirmRefused) {
      logger.info("email change not made", { userId: payload.userId, reason: error.reason });
      return { ok: false, reason: error.reason };
    }
    // Somebody registered the address between the check and the update.
    if (isUniqueViolation(error)) return { ok: false, reason: "taken" };
    throw error;
  }
  logger.info("email address changed", { userId: payload.userId });
  return { ok: true, from: payload.from, to: payload.to, userId: payload.userId };
}

/** The confirmation link's addresses, for its page (GET changes nothing); null when it is not valid. */
export async function readEmailChangeLink(token: string): Promise<{ userId: string; to: string } | null> {
  const payload = await readLink("email-change", token);
  return payload ? { userId: payload.userId, to: payload.to } : null;
}

// ─── 3. Undoing it ──────────────────────────────────────────────────────────────────────────────

/** The undo link's addresses, for its page (GET changes nothing); null when it is not valid. */
export async function readUndoLink(token: string): Promise<{ from: string; to: string } | null> {
  const payload = await readLink("email-change-undo", token);
  return payload ? { from: payload.from, to: payload.to } : null;
}

export type UndoEmailChangeResult = { ok: true; email: string } | { ok: false; reason: "invalid" | "taken" };

/**
 * Puts the old address back (verified: the link reached it), signs her out everywhere, and voids
 * every reset link and pending email change, so whoever changed it keeps nothing.
 */
export async function undoEmailChange(token: string): Promise<UndoEmailChangeResult> {
  const payload = await readLink("email-change-undo", token);
  if (!payload || !(await consumeLink("email-change-undo", token))) return { ok: false, reason: "invalid" };
  const db = getDb();
  try {
    const done = await db.transaction(async (tx) => {
      const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, payload.userId)).for("update");
      if (!user) return false;
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, payload.from), ne(users.id, payload.userId)))
        .limit(1);
      if (taken) throw new ConfirmRefused("taken");
      await tx.update(users).set({ email: payload.from, emailVerified: true }).where(eq(users.id, payload.userId));
      await tx.update(profiles).set({ email: payload.from }).where(eq(profiles.userId, payload.userId));
      await tx.delete(sessions).where(eq(sessions.userId, payload.userId));
      await voidPasswordResetLinks(tx, payload.userId);
      return true;
    });
    if (!done) return { ok: false, reason: "invalid" };
  } catch (error) {
    if (error instanceof ConfirmRefused || isUniqueViolation(error)) {
      logger.warn("email change could not be undone: the old address has another account now", { userId: payload.userId });
      return { ok: false, reason: "taken" };
    }
    throw error;
  }
  await voidLinks("email-change", payload.userId);
  await voidLinks("email-change-undo", payload.userId);
  logger.warn("email change undone from the old address; every session ended", { userId: payload.userId });
  return { ok: true, email: payload.from };
}

// ─── Verification email ─────────────────────────────────────────────────────────────────────────

/** docs/product.md §7.5: sends the sign-up verification email again, through Better Auth's own endpoint. */
export async function resendVerificationEmail(request: Request, context: AppLoadContext | undefined, email: string): Promise<{ ok: boolean; message?: string }> {
  const response = await callAuthEndpoint(request, context, "/send-verification-email", {
    email,
    callbackURL: EMAIL_VERIFIED_CALLBACK,
  });
  if (response.ok) return { ok: true };
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  if (response.status === 429) return { ok: false, message: "Too many attempts. Please wait a minute and try again." };
  logger.warn("could not resend the verification email", { status: response.status, message: body?.message });
  return { ok: false, message: body?.message || "We couldn't send the email just now. Please try again later." };
}
