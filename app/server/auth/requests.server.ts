import type { AppLoadContext } from "react-router";
import { getServerEnv } from "~/config/env.server";
import { clientIpOf } from "~/server/core/client-ip.server";
import { logger } from "~/server/core/logger.server";
import { countSignup } from "~/server/metrics/metrics.server";
import { getStorage } from "~/server/storage/index.server";
import {
  AUTH_BASE_PATH,
  CLIENT_IP_HEADER,
  EMAIL_VERIFIED_CALLBACK,
  loginDetailsFrom,
  signupStorage,
  type SignupDetails,
  type SignupStore,
} from "./context.server";
import { getAuth } from "./instance.server";
import { fullName } from "~/utils/names";

// Calling Better Auth on behalf of a browser request, always through its HTTP handler so its rate
// limits, CSRF checks and hooks apply. The client IP is set by us, never taken from the visitor.

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
 * first login written in the same transaction as the user (see siteDatabaseHooks in hooks.server.ts).
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
    marketingConsent: input.marketingConsent,
    signupSource: input.signupSource,
  };
  const store: SignupStore = { details, login: loginDetailsFrom(headers) };
  const name = fullName(details);
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
