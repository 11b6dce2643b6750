import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";
import { betterAuth, type BetterAuthPlugin } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { twoFactor } from "better-auth/plugins/two-factor";
import { redirect, type AppLoadContext } from "react-router";
import { clientIpOf } from "~/server/client-ip.server";
import type { RootUser } from "~/utils/root-data";
import { getServerEnv, getSiteConfig } from "~/config/env.server";
import { getAuthSecret } from "~/server/auth-secret.server";
import { getDb, queryPrepared, type Database, type Transaction } from "~/server/db/client.server";
import { preparedStatement } from "~/server/db/prepared.server";
import * as schema from "~/server/db/schema";
import { ADMIN_ROLE } from "~/server/db/schema";
import {
  allowEmailTo,
  claimSignInAttempt,
  clearSignInFailures,
  SIGN_IN_FAILURES,
  settleSignInAttempt,
} from "~/server/account/account-limits.server";
import { afterPasswordChange } from "~/server/account/password-events.server";
import { sendPasswordResetEmail, sendSignInPausedNotice, sendVerificationEmail } from "~/server/email/auth-emails.server";
import { queueMemberSync } from "~/server/lists/sync-queue.server";
import { logger } from "~/server/logger.server";
import { countSignup } from "~/server/ops/metrics.server";
import { createMemberRecords, recordLogin, storeInitialsAvatar, type LoginDetails } from "~/server/models/members.server";
import { adminEmailUnused, findUserByEmail, grantAdminFromConfig, isAdminEmail } from "~/server/models/roles.server";
import { getStorage } from "~/server/storage/index.server";
import { redirectWithToast } from "~/server/toast.server";
import { ADMIN_CONFIRM_TEXT } from "~/utils/auth-result";

// Accounts on Better Auth (docs/architecture.md §1; docs/product.md §7): email and password, sessions in the database
// behind an HttpOnly SameSite=Lax cookie (Secure on https), rate limits stored in the database so
// they hold across servers, password reset and email verification by email, TOTP two-factor.
//
// The instance is created on first use, never at import: `react-router build` imports the server
// bundle. It reads the database through getDb() on every call, so tests can swap the database.
//
// Requests reach Better Auth in two ways, both through its HTTP handler so its rate limits, CSRF
// checks and hooks always apply: the /api/auth/* route (handleAuthRequest) and our own /auth form
// action (callAuthEndpoint, signUpMember). Either way the client IP travels in CLIENT_IP_HEADER,
// which we set from the trusted-proxy rule and never take from the visitor.

/** The header Better Auth reads the client IP from; always overwritten by the server. */
export const CLIENT_IP_HEADER = "x-site-client-ip";
export const AUTH_BASE_PATH = "/api/auth";
/** Where the verification link lands after Better Auth has checked it (see routes/api/auth-form). */
export const EMAIL_VERIFIED_CALLBACK = "/auth?event=email-verified";

const SESSION_EXPIRES_IN = 60 * 60 * 24 * 30; // 30 days
const SESSION_UPDATE_AGE = 60 * 60 * 24; // extended at most once a day
export const SIGN_IN_RATE_LIMIT = { window: 60, max: 5 } as const;
/** What a locked address is told (docs/security.md "Accounts and sign-in"); whoever is asking. */
export const SIGN_IN_PAUSED_MESSAGE =
  "Too many unsuccessful attempts to log in to this account. For its safety, logging in is paused for 15 minutes. You can choose a new password with 'Forgot your password?' to get straight back in.";
export const SIGN_IN_PAUSED_CODE = "SIGN_IN_PAUSED";
export const SIGN_UP_RATE_LIMIT = { window: 60, max: 10 } as const;

// ─── Database: the live database, with Better Auth's transactions made visible to our hooks ─────

const transactionStorage = new AsyncLocalStorage<Transaction>();

/**
 * The database as Better Auth sees it: every property is read from getDb() at the moment of use,
 * and each transaction Better Auth opens is remembered for the code it calls, so our hooks write
 * in that same transaction (sign-up creates the user and the profile atomically).
 */
function authDatabase(): Database {
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

export interface SignupDetails {
  email: string;
  firstName: string;
  lastName: string | null;
  phone: string | null;
  termsAccepted: boolean;
  signupSource: string;
}

interface SignupStore {
  details: SignupDetails;
  login: LoginDetails;
  /** The avatar written during this sign-up, removed again if the account is not created. */
  avatarKey?: string;
}

const signupStorage = new AsyncLocalStorage<SignupStore>();

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

function loginDetailsFrom(headers: Headers | undefined | null): LoginDetails {
  return { ipAddress: headers?.get(CLIENT_IP_HEADER) || null, location: locationFrom(headers) };
}

// ─── Background work (emails) ───────────────────────────────────────────────────────────────────

const pendingTasks = new Set<Promise<unknown>>();

function runInBackground(promise: Promise<unknown>) {
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

// ─── The site's Better Auth plugin ──────────────────────────────────────────────────────────────
//
// - A limit per account on wrong passwords, whatever address they come from: ten failures in 15
//   minutes pause password sign-in to that address for 15 minutes, and the owner is told by
//   email (docs/security.md "Accounts and sign-in"). Both ways in, the /auth form and
//   /api/auth/sign-in/email, go through this endpoint.
// - A login_history row per successful sign-in, and the ADMIN_EMAILS grant of a verified address.
// - After a password change: outstanding reset links voided, the owner told.

const SIGN_IN_PATHS = new Set(["/sign-in/email", "/two-factor/verify-totp", "/two-factor/verify-backup-code"]);

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

/** The ADMIN_EMAILS grant for a member whose address is verified (docs/product.md §7.10); never throws. */
async function grantConfiguredAdmin(user: { id: string; email: string; emailVerified: boolean; name?: string | null }) {
  try {
    const result = await grantAdminFromConfig(getDb(), user, getServerEnv().ADMIN_EMAILS);
    if (result === "granted") logger.info("administrator granted from ADMIN_EMAILS", { userId: user.id });
  } catch (error) {
    logger.error("could not grant the ADMIN_EMAILS administrator role", { error, userId: user.id });
  }
}

function sitePlugin() {
  return {
    id: "site",
    hooks: {
      before: [
        {
          matcher: (context) => context.path === "/sign-in/email",
          handler: createAuthMiddleware(async (ctx) => {
            const email = signInEmailOf(ctx.body);
            if (!email) return;
            const claim = await claimSignInAttempt(getDb(), email);
            if (claim.allowed) return;
            if (claim.startedLock) runInBackground(notifySignInPaused(email));
            throw new APIError("TOO_MANY_REQUESTS", { message: SIGN_IN_PAUSED_MESSAGE, code: SIGN_IN_PAUSED_CODE });
          }),
        },
      ],
      after: [
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
            // An address verified before it was listed in ADMIN_EMAILS is granted at her next sign-in.
            if (created.user.emailVerified && isAdminEmail(created.user.email, getServerEnv().ADMIN_EMAILS)) await grantConfiguredAdmin(created.user);
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

// ─── The instance ───────────────────────────────────────────────────────────────────────────────

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
      sendResetPassword: async ({ user, token }) => {
        // At most three an hour to one inbox (runs after the answer, which never changes).
        if (!(await allowEmailTo(getDb(), "password-reset", user.email))) {
          logger.info("password reset email not sent: three already went to this address this hour", { userId: user.id });
          return;
        }
        const url = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
        await sendPasswordResetEmail({ to: user.email, name: user.name, url });
      },
      // Every other reset link of hers stops working; she is unlocked (she holds the mailbox) and told.
      onPasswordReset: async ({ user }) => {
        const notify = await afterPasswordChange(user.id, "reset");
        await clearSignInFailures(getDb(), user.email);
        runInBackground(notify());
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        if (!(await allowEmailTo(getDb(), "verification", user.email))) {
          logger.info("verification email not sent: three already went to this address this hour", { userId: user.id });
          return;
        }
        await sendVerificationEmail({ to: user.email, name: user.name, url });
      },
      // docs/product.md §7.10: ADMIN_EMAILS makes an address an administrator once it is verified.
      afterEmailVerification: async (user) => {
        await grantConfiguredAdmin({ ...user, emailVerified: true });
      },
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
    databaseHooks: {
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
          before: async (account) => {
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
              signupSource: details.signupSource,
              avatarUrl: avatar.url,
              login: signup.login,
            });
            // docs/product.md §6: a new member (email notifications are on at sign-up) is queued for the
            // email-marketing sync in the same transaction; the worker checks her wishes when it runs.
            await queueMemberSync(tx, account.userId);
          },
        },
      },
    },
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

// ─── Calling Better Auth on behalf of a browser request ─────────────────────────────────────────

const FORWARDED_HEADERS = [
  "cookie",
  "user-agent",
  "origin",
  "referer",
  "accept-language",
  "sec-fetch-site",
  "sec-fetch-mode",
  "sec-fetch-dest",
];

/** The browser's headers Better Auth needs, with the client IP set by us. */
export function authRequestHeaders(request: Request, context: AppLoadContext | undefined): Headers {
  const headers = new Headers();
  const geo = getServerEnv().GEO_HEADER;
  for (const name of geo ? [...FORWARDED_HEADERS, geo] : FORWARDED_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const ip = clientIpOf(context);
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  return headers;
}

/** The /api/auth/* route: the browser's request as it came, with only the client IP replaced. */
export async function handleAuthRequest(request: Request, context: AppLoadContext | undefined): Promise<Response> {
  const incoming = new URL(request.url);
  const url = new URL(incoming.pathname + incoming.search, getServerEnv().SITE_ORIGIN);
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_IP_HEADER);
  const ip = clientIpOf(context);
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
  return getAuth().handler(new Request(url, { method: request.method, headers, body, signal: request.signal }));
}

/** POSTs JSON to one of Better Auth's endpoints (e.g. "/sign-in/email") as the browser. */
export async function callAuthEndpoint(
  request: Request,
  context: AppLoadContext | undefined,
  path: string,
  body: Record<string, unknown>,
  init: { headers?: Headers } = {},
): Promise<Response> {
  const headers = init.headers ?? authRequestHeaders(request, context);
  headers.set("content-type", "application/json");
  return getAuth().handler(
    new Request(`${getServerEnv().SITE_ORIGIN}${AUTH_BASE_PATH}${path}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    }),
  );
}

/**
 * Creates an account through Better Auth's sign-up, with the profile, avatar, admin grant and
 * first login written in the same transaction as the user (see the account hook above).
 */
export async function signUpMember(
  request: Request,
  context: AppLoadContext | undefined,
  input: SignupDetails & { password: string },
): Promise<Response> {
  const headers = authRequestHeaders(request, context);
  const details: SignupDetails = {
    email: input.email.trim().toLowerCase(),
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    termsAccepted: input.termsAccepted,
    signupSource: input.signupSource,
  };
  const store: SignupStore = { details, login: loginDetailsFrom(headers) };
  const name = [details.firstName, details.lastName].filter(Boolean).join(" ");
  const response = await signupStorage.run(store, () =>
    callAuthEndpoint(
      request,
      context,
      "/sign-up/email",
      { name, email: details.email, password: input.password, callbackURL: EMAIL_VERIFIED_CALLBACK },
      { headers },
    ),
  );
  if (response.ok) countSignup();
  if (!response.ok && store.avatarKey) {
    await getStorage()
      .delete(store.avatarKey)
      .catch((error: unknown) => logger.warn("could not remove the avatar of a failed sign-up", { error }));
  }
  return response;
}

/** Better Auth's Set-Cookie headers, to pass on to the browser. */
export function setCookieHeaders(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

// ─── The signed-in user: one query per request ──────────────────────────────────────────────────

/** The signed-in user as the server knows her: what the browser sees (RootUser), and more. */
export interface SessionUser extends RootUser {
  /** False for an account that has no profile row (made outside the sign-up form). */
  hasProfile: boolean;
  /** profiles.settings_version: changes whenever her settings page would (decision 173). */
  settingsVersion: string | null;
}

interface SessionLookup {
  user: SessionUser;
  /** The session is due to be extended (see sessionRefreshHeaders). */
  needsRefresh: boolean;
}

function parseCookieHeader(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq < 1) continue;
    const name = part.slice(0, eq).trim();
    if (cookies.has(name)) continue;
    try {
      cookies.set(name, decodeURIComponent(part.slice(eq + 1).trim()));
    } catch {
      // a malformed cookie is ignored
    }
  }
  return cookies;
}

/** The session token from Better Auth's signed cookie, or null if absent or not signed by us. */
async function sessionTokenFrom(request: Request): Promise<string | null> {
  const context = await getAuth().$context;
  const signed = parseCookieHeader(request.headers.get("Cookie")).get(context.authCookies.sessionToken.name);
  if (!signed) return null;
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return null;
  const token = signed.slice(0, dot);
  const signature = Buffer.from(signed.slice(dot + 1), "base64");
  const expected = crypto.createHmac("sha256", context.secret).update(token).digest();
  return signature.length === expected.length && crypto.timingSafeEqual(signature, expected) ? token : null;
}

const lookups = new WeakMap<Request, Promise<SessionLookup | null>>();

interface SessionRow {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  twoFactorEnabled: boolean | null;
  sessionExpiresAt: Date;
  profileId: string | null;
  firstName: string | null;
  lastName: string | null;
  avatarUrl: string | null;
  settingsVersion: string | null;
  role: string | null;
}

// Every signed-in page runs it: parsed once (app/server/db/prepared.server.ts).
const SESSION_STATEMENT = preparedStatement(
  "session_lookup",
  `
  select u.id, u.email, u.email_verified as "emailVerified", u.name, u.two_factor_enabled as "twoFactorEnabled",
         s.expires_at as "sessionExpiresAt", p.id as "profileId", p.first_name as "firstName",
         p.last_name as "lastName", p.avatar_url as "avatarUrl",
         p.settings_version::text as "settingsVersion", r.role
    from sessions s
    join users u on u.id = s.user_id
    left join profiles p on p.user_id = u.id
    left join user_roles r on r.user_id = u.id and r.role = $3
   where s.token = $1 and s.expires_at > $2
   limit 1
  `,
);

async function lookUpSession(request: Request): Promise<SessionLookup | null> {
  const token = await sessionTokenFrom(request);
  if (!token) return null;
  const [row] = await queryPrepared<SessionRow>(SESSION_STATEMENT, [token, new Date(), ADMIN_ROLE]);
  if (!row) return null;
  return {
    user: {
      id: row.id,
      email: row.email,
      emailVerified: row.emailVerified,
      firstName: row.firstName ?? row.name.split(" ")[0] ?? "",
      lastName: row.profileId ? row.lastName : null,
      avatarUrl: row.avatarUrl ?? null,
      isAdmin: row.role === ADMIN_ROLE,
      twoFactorEnabled: row.twoFactorEnabled ?? false,
      hasProfile: row.profileId !== null,
      settingsVersion: row.settingsVersion,
    },
    // Better Auth's own rule: extend once a day's worth of the session has been used.
    needsRefresh: row.sessionExpiresAt.getTime() - (SESSION_EXPIRES_IN - SESSION_UPDATE_AGE) * 1000 <= Date.now(),
  };
}

function sessionLookup(request: Request): Promise<SessionLookup | null> {
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = lookUpSession(request);
    lookups.set(request, lookup);
  }
  return lookup;
}

/** The signed-in user of the request, or null when signed out (one query, shared per request). */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  return (await sessionLookup(request))?.user ?? null;
}

/**
 * When the session is due to be extended (once a day), lets Better Auth extend it and returns
 * the refreshed cookie for the response; otherwise null. The root loader calls this.
 */
export async function sessionRefreshHeaders(request: Request): Promise<Headers | null> {
  const lookup = await sessionLookup(request);
  if (!lookup?.needsRefresh) return null;
  const result = await getAuth().api.getSession({ headers: request.headers, returnHeaders: true });
  const headers = new Headers();
  for (const cookie of result.headers?.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  return headers;
}

// ─── Guards (docs/product.md §12) ─────────────────────────────────────────────────────────────────────────

export const ADMIN_SIGN_IN_MESSAGE = "Please sign in to access the admin dashboard";
export const ADMIN_DENIED_MESSAGE = "Access denied. Admin privileges required.";

/** The signed-in user; a signed-out visitor is sent home. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw redirect("/");
  return user;
}

/**
 * docs/product.md §7.10: her address is in ADMIN_EMAILS and still unused there, so it makes her an
 * administrator as soon as she confirms it.
 */
export async function adminConfirmationNeeded(user: SessionUser): Promise<boolean> {
  if (user.isAdmin || user.emailVerified || !isAdminEmail(user.email, getServerEnv().ADMIN_EMAILS)) return false;
  return adminEmailUnused(getDb(), user.email);
}

/** A signed-in admin; anybody else is sent home with the documented message (docs/product.md §12). */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) {
    throw await redirectWithToast("/", { title: "Error", description: ADMIN_SIGN_IN_MESSAGE, variant: "destructive" });
  }
  // Listed in ADMIN_EMAILS but not yet confirmed: her settings say what to do.
  if (!user.isAdmin && (await adminConfirmationNeeded(user))) {
    throw await redirectWithToast("/settings", { title: ADMIN_CONFIRM_TEXT.title, description: ADMIN_CONFIRM_TEXT.toast, variant: "info" });
  }
  if (!user.isAdmin) {
    throw await redirectWithToast("/", { title: "Error", description: ADMIN_DENIED_MESSAGE, variant: "destructive" });
  }
  return user;
}

/** For pages only a signed-out visitor needs (the log-in page): a member is sent home. */
export async function requireAnonymous(request: Request): Promise<void> {
  if (await getSessionUser(request)) throw redirect("/");
}
