import { createEmailVerificationToken } from "better-auth/api";
import type { AppLoadContext } from "react-router";
import { getServerEnv, getSiteConfig } from "~/config/env.server";
import {
  AUTH_BASE_PATH,
  EMAIL_VERIFIED_CALLBACK,
  callAuthEndpoint,
  getAuth,
  type SessionUser,
} from "~/server/auth.server";
import { getDb } from "~/server/db/client.server";
import { renderEmail, sendMail } from "~/server/email/mailer.server";
import { logger } from "~/server/logger.server";
import { findUserByEmail } from "~/server/models/roles.server";

// Changing the email address (SPEC §7 "update user with a new email (triggers a confirmation
// email)", issue 3: "sends a confirmation to the new address and changes it only when
// confirmed"). Decision: docs/decisions/081-settings-email-change.md.
//
// The link is Better Auth's own change-email verification token (a signed JWT bound to her user
// id and her current address), and it is checked by Better Auth's /verify-email endpoint, which
// swaps the address only if the account still has the address the token was made for. The
// settings page brings the profile's copy of the address up to date afterwards.

/** Where the confirmation link lands once Better Auth has changed the address. */
export const EMAIL_CHANGED_CALLBACK = "/settings?event=email-changed";
const EMAIL_CHANGE_EXPIRES_IN = 60 * 60 * 24; // 24 hours, like the sign-up verification link

export type EmailChangeResult = "sent" | "unchanged";

/**
 * Sends the confirmation link to the new address. An address that already belongs to another
 * account gets nothing, but the member sees the same answer, so the form never tells whether
 * somebody else has an account.
 */
export async function requestEmailChange(user: Pick<SessionUser, "id" | "email" | "firstName">, newEmail: string): Promise<EmailChangeResult> {
  const target = newEmail.trim().toLowerCase();
  if (!target || target === user.email.toLowerCase()) return "unchanged";
  if (await findUserByEmail(getDb(), target)) {
    logger.info("email change to an address that has an account; nothing sent", { userId: user.id });
    return "sent";
  }
  const context = await getAuth().$context;
  const token = await createEmailVerificationToken(context.secret, user.email, target, EMAIL_CHANGE_EXPIRES_IN, {
    requestType: "change-email-verification",
    userId: user.id,
  });
  const origin = getServerEnv().SITE_ORIGIN;
  const url = `${origin}${AUTH_BASE_PATH}/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(EMAIL_CHANGED_CALLBACK)}`;
  const site = getSiteConfig();
  const { text, html } = renderEmail({
    heading: "Please confirm your new email address",
    paragraphs: [
      user.firstName ? `Hello ${user.firstName.split(/\s+/)[0]},` : "Hello,",
      `You asked to use this address for your ${site.businessName} account.`,
      "Please confirm it with the button below. Until you do, we'll keep using your current address.",
    ],
    action: { label: "Confirm my new email address", url },
    footer: "This link works for 24 hours. If you didn't ask for this change, you can safely ignore this email.",
  });
  await sendMail({ to: target, subject: `Please confirm your new email address for ${site.businessName}`, text, html });
  return "sent";
}

/** D17: sends the sign-up verification email again, through Better Auth's own endpoint. */
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
