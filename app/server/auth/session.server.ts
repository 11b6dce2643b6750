import crypto from "node:crypto";
import { queryPrepared } from "~/server/db/client.server";
import { preparedStatement } from "~/server/db/prepared.server";
import { ADMIN_ROLE } from "~/server/db/schema";
import type { RootUser } from "~/utils/root-data";
import { SESSION_EXPIRES_IN, SESSION_UPDATE_AGE } from "./context.server";
import { getAuth } from "./instance.server";

// The signed-in user: one query per request, shared by every loader of that request.

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
