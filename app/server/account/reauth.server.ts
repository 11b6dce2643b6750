import { APIError } from "better-auth/api";
import type { AppLoadContext } from "react-router";
import { claimSignInAttempt, settleSignInAttempt } from "~/server/models/account-limits.server";
import { getAuth } from "~/server/auth/instance.server";
import { callAuthEndpoint } from "~/server/auth/requests.server";
import type { SessionUser } from "~/server/auth/session.server";
import { getDb } from "~/server/db/client.server";
import { logger } from "~/server/core/logger.server";

// Asking again who is at the keyboard before the changes a stolen session must not be able to
// make (docs/product.md §9.2): changing the email address and deleting the account. She gives her current
// password or, if she uses two-factor authentication, may give a code from her app instead. A
// wrong answer counts towards the same per-account limit as a wrong password at log-in, so a
// session cannot be used to guess either.

export type ReauthResult = { ok: true } | { ok: false; reason: "wrong" | "too-many" };

const TOTP_CODE = /^\d{6}$/;

/**
 * Checks the password (or, for a member with two-factor on, a 6-digit code from her app) of the
 * signed-in member. The request's session cookie is what Better Auth checks it against.
 */
export async function verifyCurrentSecret(
  request: Request,
  context: AppLoadContext | undefined,
  user: Pick<SessionUser, "id" | "email" | "twoFactorEnabled">,
  secret: string,
): Promise<ReauthResult> {
  const db = getDb();
  const claim = await claimSignInAttempt(db, user.email);
  if (!claim.allowed) return { ok: false, reason: "too-many" };

  const code = secret.replace(/\s+/g, "");
  let outcome: "success" | "failure" | "not-checked" = "failure";
  try {
    if (user.twoFactorEnabled && TOTP_CODE.test(code)) {
      const response = await callAuthEndpoint(request, context, "/two-factor/verify-totp", { code, trustDevice: false });
      if (response.status === 429) outcome = "not-checked";
      else outcome = response.ok ? "success" : "failure";
    } else {
      await getAuth().api.verifyPassword({ body: { password: secret }, headers: request.headers });
      outcome = "success";
    }
  } catch (error) {
    if (!(error instanceof APIError)) {
      outcome = "not-checked";
      throw error;
    }
    if (error.statusCode === 429) outcome = "not-checked";
    else if (error.statusCode !== 400) logger.warn("re-authentication refused", { status: error.statusCode, code: error.body?.code });
  } finally {
    await settleSignInAttempt(db, user.email, outcome).catch((error: unknown) => logger.error("could not settle a re-authentication", { error }));
  }
  if (outcome === "success") return { ok: true };
  return { ok: false, reason: outcome === "not-checked" ? "too-many" : "wrong" };
}
