// Where to send a visitor after a form: only a path on this site, never another origin
// ("//evil.example", "https://…", "/\\evil", "/.//evil.example") and never back into the auth
// flow itself. docs/security.md, "Robustness".
//
// NOTE: the address is judged after it has been normalised, never as it was sent: the URL parser
// removes dot segments, so "/.//evil.example/phish" becomes "//evil.example/phish", which a
// browser reads as another host. The normalised path must itself resolve to this site, from any
// page of it, and read the same when parsed again.

const BASE = "https://site.invalid";

/** Checks of a path we would send: a browser resolving it against any page of ours stays here. */
function staysOnSite(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//") || path.includes("\\")) return false;
  let again: URL;
  try {
    again = new URL(path, `${BASE}/any/page`);
  } catch {
    return false;
  }
  return again.origin === BASE && again.pathname + again.search + again.hash === path;
}

/**
 * The normalised same-site path (path, query and fragment) a value names, or null when it names
 * anything else: another origin, a scheme, a relative path, control characters, over 2,048 characters.
 */
export function sameSitePath(value: FormDataEntryValue | string | null | undefined): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return null;
  // Only an absolute path is asked for; control characters (a newline in a Location header, a tab
  // browsers strip) are never part of one.
  if (!value.startsWith("/") || /[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = url.pathname + url.search + url.hash;
  return staysOnSite(path) ? path : null;
}

export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  const path = sameSitePath(to);
  if (path === null) return fallback;
  const pathname = new URL(path, BASE).pathname;
  if (pathname === "/auth" || pathname.startsWith("/api/auth")) return fallback;
  return path;
}
