// Where to send a visitor after a form: only a path on this site, never another origin
// ("//evil.example", "https://…", "/\\evil") and never back into the auth flow itself.

export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.includes("\\")) return fallback;
  // Control characters (a newline in a Location header, a tab browsers strip) are never a path.
  if (/[\u0000-\u001f\u007f]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, "http://site.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://site.invalid") return fallback;
  if (url.pathname === "/auth" || url.pathname.startsWith("/api/auth")) return fallback;
  return url.pathname + url.search + url.hash;
}
