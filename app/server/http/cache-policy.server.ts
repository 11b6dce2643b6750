import type { IncomingHttpHeaders } from "node:http";

// Who may keep a response (docs/security.md, "Robustness"). Applied in one place, the Express
// bridge to React Router (./request-handler.server.ts), to every answer React Router gives:
// documents, data requests (/settings.data), resource routes (/settings/data, the members CSV,
// Better Auth's JSON), redirects and errors. A route never has to remember it.
//
//  - A request that carries a Cookie or an Authorization header may be a member's: whatever is
//    answered is `private, no-store` with `Vary: Cookie`, so neither a shared cache nor the
//    browser's own keeps her settings, her data or every member's email for the next person at
//    the keyboard. The one exception is an answer its route marks `public`: a file that is the
//    same for everybody whoever asks (the free PDFs, uploaded pictures under their unique names).
//  - A request without either cannot be anybody's: the route's own header stands, and a page
//    without one is `private, no-cache` (entry.server.tsx), revalidated and never shared.

export const PERSONAL_CACHE_CONTROL = "private, no-store";

/** Whether the request could belong to a signed-in member (any cookie at all, or credentials). */
export function mayCarrySession(headers: IncomingHttpHeaders): boolean {
  const cookie = headers.cookie;
  return (cookie !== undefined && cookie.trim() !== "") || headers.authorization !== undefined;
}

/** True when a Cache-Control value carries the `public` directive. */
export function isPublic(cacheControl: string | null): boolean {
  return (cacheControl ?? "").split(",").some((directive) => directive.trim().toLowerCase() === "public");
}

/** Adds `Cookie` to a Vary value unless it is already there (or is `*`). */
export function varyOnCookie(vary: string | null): string {
  const names = (vary ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.some((name) => name === "*" || name.toLowerCase() === "cookie")) return names.join(", ");
  return [...names, "Cookie"].join(", ");
}

/** Sets the caching headers of a response to `request` by the rules above (in place). */
export function applyCachePolicy(requestHeaders: IncomingHttpHeaders, responseHeaders: Headers): void {
  if (!mayCarrySession(requestHeaders)) return;
  if (isPublic(responseHeaders.get("cache-control"))) return;
  responseHeaders.set("Cache-Control", PERSONAL_CACHE_CONTROL);
  responseHeaders.set("Vary", varyOnCookie(responseHeaders.get("vary")));
  // Nothing that lets a cache answer for it later either.
  responseHeaders.delete("Expires");
}
