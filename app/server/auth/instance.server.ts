import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins/two-factor";
import { getServerEnv, getSiteConfig } from "~/config/env.server";
import * as schema from "~/server/db/schema";
import { logger } from "~/server/core/logger.server";
import {
  AUTH_BASE_PATH,
  authDatabase,
  CLIENT_IP_HEADER,
  runInBackground,
  SESSION_EXPIRES_IN,
  SESSION_UPDATE_AGE,
  SIGN_IN_RATE_LIMIT,
  SIGN_UP_RATE_LIMIT,
} from "./context.server";
import { onPasswordReset, sendResetPassword, sendVerificationLink } from "./emails.server";
import { siteDatabaseHooks, sitePlugin } from "./hooks.server";
import { getAuthSecret } from "~/server/core/secret.server";

// Accounts on Better Auth (docs/architecture.md §1; docs/product.md §7): email and password, sessions in the database
// behind an HttpOnly SameSite=Lax cookie (Secure on https), rate limits stored in the database so
// they hold across servers, password reset and email verification by email, TOTP two-factor.
//
// The instance is created on first use, never at import: `react-router build` imports the server
// bundle. It reads the database through getDb() on every call, so tests can swap the database.
//
// Requests reach Better Auth in two ways, both through its HTTP handler so its rate limits, CSRF
// checks and hooks always apply (requests.server.ts): the /api/auth/* route (handleAuthRequest) and our own /auth form
// action (callAuthEndpoint, signUpMember). Either way the client IP travels in CLIENT_IP_HEADER,
// which we set from the trusted-proxy rule and never take from the visitor.

function createAuth() {
  const env = getServerEnv();
  const site = getSiteConfig();
  const origin = env.SITE_ORIGIN;
  return betterAuth({
    appName: site.businessName,
    baseURL: origin,
    basePath: AUTH_BASE_PATH,
    secret: getAuthSecret(),
    database: drizzleAdapter(authDatabase(), { provider: "pg", schema, usePlural: true, transaction: true }),
    emailAndPassword: {
      enabled: true,
      // docs/product.md §11.3: 8 to 128 characters at sign-up (the letters-and-digit rule is our Zod schema's).
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      // docs/product.md §7.5: verification is asked for, never required before the first session.
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword,
      // Every other reset link of hers stops working; she is unlocked and told.
      onPasswordReset,
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      // No ADMIN_EMAILS grant here: it needs the same account's session (email-verification.server.ts).
      sendVerificationEmail: sendVerificationLink,
    },
    session: { expiresIn: SESSION_EXPIRES_IN, updateAge: SESSION_UPDATE_AGE },
    // On in every environment (Better Auth's default is production only), in the database so a
    // limit holds across servers; 429 once a rule's budget is spent.
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": SIGN_IN_RATE_LIMIT,
        "/sign-up/email": SIGN_UP_RATE_LIMIT,
        "/request-password-reset": { window: 60, max: 3 },
        "/reset-password": { window: 60, max: 10 },
      },
    },
    // Tokens (password reset, two-factor challenges) are stored as SHA-256 hashes.
    verification: { storeIdentifier: "hashed" },
    trustedOrigins: [origin],
    // Endpoints the site never uses stay closed: profile data changes only through /settings
    // (which keeps profiles and users in step, docs/product.md §9.2), deletion only through its own flow (§9.8).
    disabledPaths: ["/update-user", "/delete-user", "/change-email", "/sign-in/social", "/link-social", "/unlink-account"],
    advanced: {
      useSecureCookies: origin.startsWith("https:"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      // Its per-IP limits count an IPv6 client by her /64, as ours do (client-ip.server.ts).
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER], ipv6Subnet: 64 },
      // Better Auth turns both checks off under NODE_ENV=test; tests must see what users get.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      backgroundTasks: { handler: runInBackground },
    },
    plugins: [twoFactor({ issuer: site.businessName }), sitePlugin()],
    databaseHooks: siteDatabaseHooks,
    logger: {
      level: "info",
      log: (level, message, ...args) => {
        const fields = args.length > 0 ? { details: args } : undefined;
        // Better Auth warns about every failed sign-in; those are routine, not operator warnings.
        if (level === "error") logger.error(`better-auth: ${message}`, fields);
        else if (level === "warn" || level === "info") logger.info(`better-auth: ${message}`, fields);
        else logger.debug(`better-auth: ${message}`, fields);
      },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const state = globalThis as typeof globalThis & { __auth?: { key: string; auth: Auth } };

/** The Better Auth instance (created on first use; recreated when the environment changes in tests). */
export function getAuth(): Auth {
  const env = getServerEnv();
  const key = [env.SITE_ORIGIN, getAuthSecret(), env.ADMIN_EMAILS ?? "", env.GEO_HEADER ?? "", getSiteConfig().businessName].join("|");
  if (state.__auth?.key !== key) state.__auth = { key, auth: createAuth() };
  return state.__auth.auth;
}

/** Forgets the auth instance, so the next getAuth() follows a changed configuration or database. */
export function resetAuth(): void {
  delete state.__auth;
}
