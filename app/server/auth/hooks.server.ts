import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import type { BetterAuthPlugin } from "better-auth";
import { claimSignInAttempt, SIGN_IN_FAILURES, settleSignInAttempt } from "~/server/models/account-limits.server";
import { afterPasswordChange } from "~/server/auth/password-events.server";
import { getDb } from "~/server/db/client.server";
import { sendSignInPausedNotice } from "~/server/email/auth-emails.server";
import { queueMemberSync } from "~/server/lists/sync-queue.server";
import { logger } from "~/server/core/logger.server";
import { createMemberRecords, recordLogin, storeInitialsAvatar } from "~/server/models/members.server";
import { findUserByEmail } from "~/server/models/roles.server";
import {
  AUTH_BASE_PATH,
  loginDetailsFrom,
  runInBackground,
  SIGN_IN_PAUSED_CODE,
  SIGN_IN_PAUSED_MESSAGE,
  signupStorage,
  transactionStorage,
} from "./context.server";

// The site's own rules inside Better Auth (docs/architecture.md §3, app/server/auth/): its plugin's hooks
// around sign-in and password change, and the database hooks that make every account through the
// sign-up form, with the profile written in the same transaction as the user.

// The site's Better Auth plugin:
// - A limit per account on wrong passwords, whatever address they come from: ten failures in 15
//   minutes pause password sign-in to that address for 15 minutes, and the owner is told by
//   email (docs/security.md "Accounts and sign-in"). Both ways in, the /auth form and
//   /api/auth/sign-in/email, go through this endpoint.
// - A login_history row per successful sign-in.
// - After a password change: outstanding reset links voided, the owner told.

const SIGN_IN_PATHS = new Set(["/sign-in/email", "/two-factor/verify-totp", "/two-factor/verify-backup-code"]);

/**
 * The Better Auth endpoints the site uses over HTTP (the /auth form, /settings, /reset-password,
 * sign-out and the /api/auth/* route); every other one it mounts answers 404 (decision 247). A new
 * endpoint in a Better Auth release stays closed until it is added here.
 */
export const OPEN_AUTH_PATHS: ReadonlySet<string> = new Set([
  "/sign-in/email",
  "/sign-up/email",
  "/sign-out",
  "/get-session",
  "/request-password-reset",
  "/reset-password",
  "/send-verification-email",
  "/change-password",
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
  "/two-factor/generate-backup-codes",
]);

/**
 * Endpoints a signed-in member reaches that check her password: each check counts in the same
 * per-account limit as a sign-in (docs/security.md "Accounts and sign-in"), so a session cannot
 * be used to guess it. Re-authentication on /settings counts its own (account/reauth.server.ts).
 */
const SESSION_PASSWORD_PATHS = new Set(["/change-password", "/two-factor/enable", "/two-factor/disable", "/two-factor/generate-backup-codes"]);

function notFound(): Response {
  return new Response(JSON.stringify({ message: "Not Found", code: "NOT_FOUND" }), { status: 404, headers: { "content-type": "application/json" } });
}

function pausedError(): APIError {
  return new APIError("TOO_MANY_REQUESTS", { message: SIGN_IN_PAUSED_MESSAGE, code: SIGN_IN_PAUSED_CODE });
}

/** The address a sign-in request names, as Better Auth will read it; null if it names none. */
function signInEmailOf(body: unknown): string | null {
  const email = body && typeof body === "object" ? (body as { email?: unknown }).email : null;
  if (typeof email !== "string") return null;
  const value = email.trim().toLowerCase();
  return value.length > 0 && value.length <= 255 && value.includes("@") && !value.includes("\u0000") ? value : null;
}

async function notifySignInPaused(email: string): Promise<void> {
  const user = await findUserByEmail(getDb(), email);
  // An address without an account is paused too (the answer must not tell), but nobody is told.
  if (!user) return;
  logger.warn("sign-in paused after too many wrong passwords", { userId: user.id });
  await sendSignInPausedNotice({ to: user.email, name: user.name, minutes: Math.round(SIGN_IN_FAILURES.lockMs / 60_000) });
}

export function sitePlugin() {
  return {
    id: "site",
    onRequest: async (request: Request) => {
      const path = new URL(request.url).pathname.slice(AUTH_BASE_PATH.length);
      if (!OPEN_AUTH_PATHS.has(path)) return { response: notFound() };
    },
    hooks: {
      before: [
        {
          matcher: (context) => SESSION_PASSWORD_PATHS.has(context.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx);
            if (!session) return;
            const claim = await claimSignInAttempt(getDb(), session.user.email);
            if (claim.allowed) return;
            if (claim.startedLock) runInBackground(notifySignInPaused(session.user.email));
            throw pausedError();
          }),
        },
        {
          matcher: (context) => context.path === "/sign-in/email",
          handler: createAuthMiddleware(async (ctx) => {
            const email = signInEmailOf(ctx.body);
            if (!email) return;
            const claim = await claimSignInAttempt(getDb(), email);
            if (claim.allowed) return;
            if (claim.startedLock) runInBackground(notifySignInPaused(email));
            throw pausedError();
          }),
        },
      ],
      after: [
        {
          matcher: (context) => SESSION_PASSWORD_PATHS.has(context.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const email = ctx.context.session?.user.email ?? (await getSessionFromCtx(ctx))?.user.email;
            if (!email) return;
            const returned: unknown = ctx.context.returned;
            // A wrong password is INVALID_PASSWORD; anything else that failed never checked one.
            const outcome =
              returned instanceof APIError ? (returned.body?.code === "INVALID_PASSWORD" ? "failure" : "not-checked") : "success";
            try {
              await settleSignInAttempt(getDb(), email, outcome);
            } catch (error) {
              logger.error("could not settle a password check", { error });
            }
          }),
        },
        {
          matcher: (context) => context.path === "/sign-in/email",
          handler: createAuthMiddleware(async (ctx) => {
            const email = signInEmailOf(ctx.body);
            if (!email) return;
            const returned: unknown = ctx.context.returned;
            // Better Auth answers a wrong password (or an unknown address) 401; anything else that
            // failed never checked a password.
            const outcome = returned instanceof APIError ? (returned.statusCode === 401 ? "failure" : "not-checked") : "success";
            try {
              await settleSignInAttempt(getDb(), email, outcome);
            } catch (error) {
              logger.error("could not settle a sign-in attempt", { error });
            }
          }),
        },
        {
          matcher: (context) => SIGN_IN_PATHS.has(context.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            // NOTE: runs after the two-factor plugin's hook, which clears newSession while a
            // second factor is still owed; a verify call only counts as a sign-in when it
            // completes a challenge (the same endpoints also confirm 2FA from the settings page).
            const created = ctx.context.newSession;
            if (!created) return;
            if (ctx.path !== "/sign-in/email") {
              const challenge = ctx.context.createAuthCookie("two_factor");
              if (!(await ctx.getSignedCookie(challenge.name, ctx.context.secret))) return;
            }
            try {
              await recordLogin(transactionStorage.getStore() ?? getDb(), created.user.id, loginDetailsFrom(ctx.request?.headers ?? ctx.headers));
            } catch (error) {
              logger.error("could not record a login", { error, userId: created.user.id });
            }
            // NOTE: a sign-in never grants ADMIN_EMAILS: a verified address proves somebody once
            // opened the mailbox, not that the password holder did (decision 246).
          }),
        },
        {
          matcher: (context) => context.path === "/change-password",
          handler: createAuthMiddleware(async (ctx) => {
            const userId = ctx.context.session?.user.id;
            if (!userId || ctx.context.returned instanceof APIError || ctx.context.returned instanceof Error) return;
            const notify = await afterPasswordChange(userId, "changed");
            runInBackground(notify());
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

// ─── Database hooks: accounts are made only by the sign-up form, profile and user together ─────

export const siteDatabaseHooks = {
  user: {
    create: {
      // Every account is made through our sign-up form (routes/api/auth-form), which checks
      // the sign-up rules of docs/product.md §11.3 and brings the profile's data.
      before: async () => {
        if (!signupStorage.getStore()) {
          throw new APIError("FORBIDDEN", { message: "Please create your account with the sign-up form." });
        }
      },
    },
  },
  account: {
    create: {
      // NOTE: Better Auth runs `create.after` hooks only after its transaction commits, so the
      // profile is written here instead: the user row exists, the transaction is still open.
      before: async (account: { userId: string; providerId: string }) => {
        const signup = signupStorage.getStore();
        if (!signup || account.providerId !== "credential") return;
        const tx = transactionStorage.getStore();
        if (!tx) throw new Error("Sign-up must run inside Better Auth's database transaction.");
        const { details } = signup;
        const avatar = await storeInitialsAvatar(account.userId, details.firstName, details.lastName);
        signup.avatarKey = avatar.key;
        await createMemberRecords(tx, {
          userId: account.userId,
          email: details.email,
          firstName: details.firstName,
          lastName: details.lastName,
          phone: details.phone,
          termsAccepted: details.termsAccepted,
          marketingConsent: details.marketingConsent,
          signupSource: details.signupSource,
          avatarUrl: avatar.url,
          login: signup.login,
        });
        // docs/product.md §6.6: a new member who ticked the box for news and offers is queued for the
        // email-marketing sync in the same transaction; without it she is never sent (decision 256).
        if (details.marketingConsent) await queueMemberSync(tx, account.userId);
      },
    },
  },
};
