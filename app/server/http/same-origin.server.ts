import { getServerEnv } from "~/config/env.server";

// Every form action's first check after the role guard (docs/security.md, "Authorization"): a form posted from
// another site never changes anything. A browser names the page's origin in the Origin header of
// every POST; a request without one (a script, an old browser) is judged by the session cookie,
// which is SameSite=Lax and so never sent on another site's POST. `Origin: null` (a sandboxed
// frame, a page opened from a file, some redirect chains) is not the site's own: refused.

export const OTHER_SITE_MESSAGE = "This form can only be sent from this website.";

/** Whether the request comes from one of the site's own pages (or names no origin at all). */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("Origin");
  return !origin || origin === getServerEnv().SITE_ORIGIN;
}

/**
 * Throws the 403 answer for a form from another site, before a byte of its body is read (the body
 * is cancelled, never read). The form pipeline's readForm calls it, and so does every route that
 * reads its body itself (a lesson's video, streamed to the disk).
 */
export async function refuseOtherSite(request: Request): Promise<void> {
  if (isSameOrigin(request)) return;
  await request.body?.cancel().catch(() => {});
  throw otherSiteRefusal();
}

/** The answer to a form posted from another site: 403, the same plain words everywhere. */
export function otherSiteRefusal(): Response {
  return new Response(OTHER_SITE_MESSAGE, { status: 403, headers: { "content-type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
