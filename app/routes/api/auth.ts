import { data } from "react-router";
import type { Route } from "./+types/auth";
import { handleAuthRequest } from "~/server/auth.server";

// /api/auth/*: Better Auth's own HTTP endpoints (email verification links, two-factor set-up from
// the settings page, session reads). The request goes through as it came, except that the client
// IP is the one the server worked out (DESIGN D16), never a header the visitor sent.

/**
 * Whether the request carries a NUL character in its query or body. PostgreSQL cannot store or
 * compare NUL in text, so Better Auth's query fails with a server error (found by fuzzing a
 * `revoke-session` token of NULs): such a request is bad input, refused before it reaches Better
 * Auth. No real form or link ever sends one.
 */
async function carriesNul(request: Request): Promise<boolean> {
  if (/%00/.test(new URL(request.url).search)) return true;
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

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await carriesNul(request)) return refused();
  return handleAuthRequest(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  if (await carriesNul(request)) return refused();
  return handleAuthRequest(request, context);
}
