import net from "node:net";

// DESIGN D16: the client's IP address is the connecting peer's, unless that peer is one of our own
// proxies (TRUSTED_PROXIES), in which case X-Forwarded-For is read from the right, skipping the
// trusted hops, and the first address that is not a proxy of ours is the client. A value a
// visitor sends in X-Forwarded-For directly is never believed.
//
// Express computes the address once per request (server/app.ts getLoadContext) and React Router
// hands it to loaders and actions as `context.clientIp`.

declare module "react-router" {
  interface AppLoadContext {
    /** The visitor's IP address by the trusted-proxy rule above; null when unknown. */
    clientIp?: string | null;
  }
}

/** "::ffff:203.0.113.7" → "203.0.113.7"; anything that is not an IP address → null. */
export function normaliseIp(value: string | null | undefined): string | null {
  if (!value) return null;
  let ip = value.trim();
  // "[2001:db8::1]:443" and "203.0.113.7:8080" as some proxies write them.
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(ip);
  if (bracketed) ip = bracketed[1]!;
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(ip)) ip = ip.slice(0, ip.lastIndexOf(":"));
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) ip = mapped[1]!;
  if (net.isIP(ip) === 0) return null;
  return ip.toLowerCase();
}

/** TRUSTED_PROXIES ("10.0.0.2, 10.0.0.3") as a set of normalised addresses. */
export function parseTrustedProxies(value: string | null | undefined): Set<string> {
  const proxies = new Set<string>();
  for (const part of (value ?? "").split(",")) {
    const ip = normaliseIp(part);
    if (ip) proxies.add(ip);
  }
  return proxies;
}

/**
 * The client's IP: the peer's address, or, when the peer is a trusted proxy, the right-most
 * address in X-Forwarded-For that is not itself a trusted proxy.
 */
export function resolveClientIp(
  peerAddress: string | null | undefined,
  forwardedFor: string | string[] | null | undefined,
  trustedProxies: ReadonlySet<string>,
): string | null {
  const peer = normaliseIp(peerAddress);
  if (!peer || !trustedProxies.has(peer) || !forwardedFor) return peer;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normaliseIp(hops[i]);
    // A malformed hop means the chain cannot be trusted beyond this point: keep the last good one.
    if (!hop) return peer;
    if (!trustedProxies.has(hop)) return hop;
  }
  // Every hop was one of our proxies (e.g. a health check from inside): the left-most is nearest.
  return normaliseIp(hops[0]) ?? peer;
}
