import { getServerEnv } from "~/config/env.server";
import { allowEmailTo, clearSignInFailures } from "~/server/models/account-limits.server";
import { afterPasswordChange } from "~/server/auth/password-events.server";
import { getDb } from "~/server/db/client.server";
import { sendPasswordResetEmail, sendVerificationEmail } from "~/server/email/auth-emails.server";
import { logger } from "~/server/core/logger.server";
import { runInBackground, verificationLink } from "./context.server";

// The emails Better Auth asks the site to send, and what follows them (docs/product.md §7.5, §7.7):
// at most three of each kind an hour to one inbox; the messages themselves are written in
// app/server/email/auth-emails.server.ts and go out through the mail queue.

interface AuthEmailUser {
  id: string;
  email: string;
  name: string;
}

/** The reset link, unless three already went to this inbox this hour (runs after the answer, which never changes). */
export async function sendResetPassword({ user, token }: { user: AuthEmailUser; token: string }): Promise<void> {
  if (!(await allowEmailTo(getDb(), "password-reset", user.email))) {
    logger.info("password reset email not sent: three already went to this address this hour", { userId: user.id });
    return;
  }
  const url = `${getServerEnv().SITE_ORIGIN}/reset-password?token=${encodeURIComponent(token)}`;
  await sendPasswordResetEmail({ to: user.email, name: user.name, url });
}

/** After a reset: every other reset link of hers stops working; she is unlocked (she holds the mailbox) and told. */
export async function onPasswordReset({ user }: { user: AuthEmailUser }): Promise<void> {
  const notify = await afterPasswordChange(user.id, "reset");
  await clearSignInFailures(getDb(), user.email);
  runInBackground(notify());
}

/**
 * The confirmation link, unless three already went to this inbox this hour. It opens our page
 * /verify-email, never Better Auth's endpoint: opening it changes nothing, its button confirms
 * (decision 245).
 */
export async function sendVerificationLink({ user, token }: { user: AuthEmailUser; token: string }): Promise<void> {
  if (!(await allowEmailTo(getDb(), "verification", user.email))) {
    logger.info("verification email not sent: three already went to this address this hour", { userId: user.id });
    return;
  }
  await sendVerificationEmail({ to: user.email, name: user.name, url: verificationLink(token) });
}
