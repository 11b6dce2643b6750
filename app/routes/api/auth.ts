import { data, redirect } from "react-router";
import type { Route } from "./+types/auth";
import { VERIFY_EMAIL_PATH } from "~/server/auth/context.server";
import { handleAuthRequest } from "~/server/auth/requests.server";

// /api/auth/*: Better Auth's own HTTP endpoints, only those the site uses (OPEN_AUTH_PATHS in
// server/auth/hooks.server.ts; every other one answers 404, decision 247). The request goes
// through as it came, except that the client IP is the one the server worked out
// (docs/product.md §7.8), never a header the visitor sent.

/**
 * Whether the request carries a NUL character in its path, query or body. PostgreSQL cannot store or
 * compare NUL in text, so Better Auth's query fails with a server error (found by fuzzing a
 * `revoke-session` token of NULs): such a request is bad input, refused before it reaches Better
 * Auth. No real form or link ever sends one.
 */
async function carriesNul(request: Request): Promise<boolean> {
  // In the query, or in the path (the reset link /api/auth/reset-password/<token>).
  const url = new URL(request.url);
  if (/%00/.test(url.search) || /%00|\u0000/.test(url.pathname)) return true;
  if (request.method === "GET" || request.method === "HEAD") return false;
  const text = await request.clone().text().catch(() => "");
  if (text.includes("\u0000") || /%00/.test(text)) return true;
  if (!text.includes("\\u0000")) return false;
  const hasNul = (value: unknown): boolean =>
    typeof value === "string"
      ? value.includes("\u0000")
      : value !== null && typeof value === "object" && Object.entries(value).some(([key, v]) => key.includes("\u0000") || hasNul(v));
  try {
    return hasNul(JSON.parse(text));
  } catch {
    return false;
  }
}

const refused = () => data({ message: "Invalid request", code: "INVALID_REQUEST" }, { status: 400 });

/**
 * A change-email link of Better Auth's own (its token names `updateTo`). The site makes its own
 * links for an email change now (/email-change/confirm, which checks the password was given,
 * tells the old address and refuses an address taken meanwhile), so such a link, from before,
 * changes nothing: she is sent to her settings, which say it has expired.
 */
function isBetterAuthEmailChangeLink(url: URL): boolean {
  if (!url.pathname.endsWith("/verify-email")) return false;
  const payload = (url.searchParams.get("token") ?? "").split(".")[1];
  if (!payload) return false;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return !!claims && typeof claims === "object" && "updateTo" in claims;
  } catch {
    return false;
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await carriesNul(request)) return refused();
  const url = new URL(request.url);
  if (isBetterAuthEmailChangeLink(url)) return redirect("/settings?event=email-changed&error=INVALID_TOKEN");
  // A confirmation link mailed before links opened our own page (decision 245): it leads to that
  // page, which asks before it confirms; Better Auth's endpoint itself is closed (OPEN_AUTH_PATHS).
  if (url.pathname.endsWith("/verify-email")) return redirect(`${VERIFY_EMAIL_PATH}?token=${encodeURIComponent(url.searchParams.get("token") ?? "")}`);
  return handleAuthRequest(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  if (await carriesNul(request)) return refused();
  return handleAuthRequest(request, context);
}
