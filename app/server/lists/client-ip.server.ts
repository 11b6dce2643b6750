import { isIP } from "node:net";

// The visitor's IP address for the email-list rate limit and the consent record.
// NOTE: server/app.ts is to put the address it trusts (the socket's, or X-Forwarded-For from the
// proxies in TRUSTED_PROXIES, DESIGN D16) into the load context as `clientIp`; when that key is
// there it is the answer. Until then, the rightmost X-Forwarded-For entry (the one the nearest
// proxy added, which a visitor cannot choose when a proxy is in front) is the fallback.

function normalise(value: string | null | undefined): string | null {
  if (!value) return null;
  let ip = value.trim();
  if (ip.startsWith("[") && ip.includes("]")) ip = ip.slice(1, ip.indexOf("]")); // [::1]:443
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(ip)) ip = ip.slice(0, ip.lastIndexOf(":")); // 1.2.3.4:80
  if (ip.startsWith("::ffff:") && isIP(ip.slice(7)) === 4) ip = ip.slice(7);
  return isIP(ip) ? ip.toLowerCase() : null;
}

export function clientIpFrom(request: Request, context: unknown): string | null {
  // Once the server provides the key, its answer stands, even null (then X-Forwarded-For came
  // from nobody we trust and must not be believed).
  if (context && typeof context === "object" && "clientIp" in context) {
    const fromContext = (context as { clientIp?: unknown }).clientIp;
    return typeof fromContext === "string" ? normalise(fromContext) : null;
  }
  const forwarded = request.headers.get("x-forwarded-for");
  if (forwarded) {
    const entries = forwarded.split(",");
    return normalise(entries[entries.length - 1]);
  }
  return null;
}
