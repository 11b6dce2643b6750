import crypto from "node:crypto";
import { APIError, createEmailVerificationToken } from "better-auth/api";
import { getServerEnv } from "~/config/env.server";
import { getDb } from "~/server/db/client.server";
import { logger } from "~/server/core/logger.server";
import { adminEmailUnused, findUserByEmail, grantAdminFromConfig, isAdmin, isAdminEmail } from "~/server/models/roles.server";
import { sendVerificationLink } from "./emails.server";
import { getAuth } from "./instance.server";
import { getSessionUser } from "./session.server";

// The sign-up confirmation link (docs/product.md §7.5, §7.10; docs/security.md "Links in emails";
// decision 245). The emailed link opens /verify-email?token=…, whose GET only shows a button: mail
// scanners open every link, so opening one must change nothing. The button's POST has Better Auth
// check the token and mark the address verified. An address listed in ADMIN_EMAILS becomes
// administrator only when that POST carries a session of the same account (decision 246): the
// token proves the mailbox, the session proves the password.

interface TokenClaims {
  email: string;
  userId: string | null;
}

/**
 * The claims of a verification token signed by us and still in date, or null. Better Auth checks
 * it again when the button is pressed; this only lets the page say at once that a link is dead.
 * A token of Better Auth's own email-change flow (it names `updateTo`) is refused: the site makes
 * its own email-change links (/email-change/confirm).
 */
export async function readVerificationToken(token: string): Promise<TokenClaims | null> {
  if (token.length > 2048) return null;
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  const context = await getAuth().$context;
  const expected = crypto.createHmac("sha256", context.secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
    if (typeof claims.email !== "string" || "updateTo" in claims) return null;
    if (typeof claims.exp !== "number" || claims.exp * 1000 <= Date.now()) return null;
    return { email: claims.email.toLowerCase(), userId: typeof claims.userId === "string" ? claims.userId : null };
  } catch {
    return null;
  }
}

export type ConfirmEmailResult =
  /** admin: "granted" (ADMIN_EMAILS, same account signed in), "needs-sign-in" (listed and unused, but not signed in to it), or null. */
  | { ok: true; email: string; admin: "granted" | "needs-sign-in" | null }
  | { ok: false };

/** The button on /verify-email: the address is verified, and the ADMIN_EMAILS rule applied. */
export async function confirmEmailAddress(request: Request, token: string): Promise<ConfirmEmailResult> {
  const claims = await readVerificationToken(token);
  if (!claims) return { ok: false };
  try {
    // No cookie is passed: what Better Auth does with the token never depends on who is signed in.
    await getAuth().api.verifyEmail({ query: { token }, headers: new Headers() });
  } catch (error) {
    if (error instanceof APIError) return { ok: false };
    throw error;
  }
  const db = getDb();
  const account = await findUserByEmail(db, claims.email);
  if (!account || (claims.userId && claims.userId !== account.id)) return { ok: false };
  const listed = isAdminEmail(account.email, getServerEnv().ADMIN_EMAILS);
  if (!listed || (await isAdmin(db, account.id))) return { ok: true, email: account.email, admin: null };

  const signedIn = await getSessionUser(request);
  if (signedIn?.id === account.id) {
    const result = await grantAdminFromConfig(db, { ...account, emailVerified: true }, getServerEnv().ADMIN_EMAILS).catch((error: unknown) => {
      logger.error("could not grant the ADMIN_EMAILS administrator role", { error, userId: account.id });
      return "failed" as const;
    });
    if (result === "granted") {
      logger.info("administrator granted from ADMIN_EMAILS", { userId: account.id });
      return { ok: true, email: account.email, admin: "granted" };
    }
    return { ok: true, email: account.email, admin: null };
  }
  logger.info("ADMIN_EMAILS address confirmed without its account's session; nothing granted", { userId: account.id });
  return { ok: true, email: account.email, admin: (await adminEmailUnused(db, account.email)) ? "needs-sign-in" : null };
}

/**
 * A new confirmation link for a member whose address is already verified but who has not yet
 * confirmed it while logged in, as ADMIN_EMAILS asks (Better Auth sends links only to unverified
 * addresses). The same email and the same three-an-hour limit as the sign-up link.
 */
export async function sendAdminConfirmationLink(user: { id: string; email: string; name: string }): Promise<{ ok: boolean; message?: string }> {
  const context = await getAuth().$context;
  const token = await createEmailVerificationToken(context.secret, user.email, undefined, context.options.emailVerification?.expiresIn ?? 60 * 60 * 24, {
    userId: user.id,
  });
  await sendVerificationLink({ user, token });
  return { ok: true };
}
