import { getServerEnv } from "~/config/env.server";

// Every form action's first check after the role guard (docs/security.md, "Authorization"): a form posted from
// another site never changes anything. A browser names the page's origin in the Origin header of
// every POST; a request without one (a script, an old browser) is judged by the session cookie,
// which is SameSite=Lax and so never sent on another site's POST.

/** Whether the request comes from one of the site's own pages (or names no origin at all). */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("Origin");
  return !origin || origin === getServerEnv().SITE_ORIGIN;
}
