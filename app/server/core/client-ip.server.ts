import net from "node:net";
import type { AppLoadContext } from "react-router";

// docs/product.md §7.8: the client's IP address is the connecting peer's, unless that peer is one of our own
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

/**
 * The visitor's IP address as the server worked it out for this request (the one rule above),
 * for rate limits, login history and consent records. Null when unknown: then nothing that the
 * visitor sent is believed instead.
 */
export function clientIpOf(context: AppLoadContext | undefined): string | null {
  return normaliseIp(context?.clientIp ?? null);
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

const LOOPBACK = new Set(["127.0.0.1", "::1"]);

/**
 * True when a request looks like it came through a proxy on this machine (from 127.0.0.1 or ::1,
 * carrying X-Forwarded-For) while TRUSTED_PROXIES is unset: every visitor then has the proxy's
 * address, so they all share one rate limit and one login-history address.
 */
export function isUntrustedLoopbackProxy(
  peerAddress: string | null | undefined,
  forwardedFor: string | string[] | null | undefined,
  trustedProxies: ReadonlySet<string>,
): boolean {
  if (trustedProxies.size > 0 || forwardedFor === undefined || forwardedFor === null) return false;
  if ((Array.isArray(forwardedFor) ? forwardedFor.join("") : forwardedFor).trim() === "") return false;
  const peer = normaliseIp(peerAddress);
  return peer !== null && LOOPBACK.has(peer);
}

export const UNTRUSTED_PROXY_WARNING =
  "Requests arrive from a proxy on this machine (127.0.0.1 or ::1) with X-Forwarded-For, but TRUSTED_PROXIES is not set: " +
  "every visitor is seen as the proxy, so they all share one rate limit and sign-ins are recorded with its address. " +
  "Set TRUSTED_PROXIES to the proxy's address (e.g. TRUSTED_PROXIES=127.0.0.1,::1) and restart.";

/** "2001:db8::1" → its eight groups, as numbers; null if it is not an IPv6 address. */
function ipv6Groups(ip: string): number[] | null {
  if (net.isIP(ip) !== 6) return null;
  let text = ip.toLowerCase();
  // An embedded IPv4 tail ("::ffff:1.2.3.4", "64:ff9b::1.2.3.4") as two groups.
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, null];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const fill = tail === null ? [] : Array(8 - left.length - right.length).fill("0");
  const groups = [...left, ...fill, ...right].map((g) => Number.parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/**
 * The key a visitor is counted under by the per-IP limits: an IPv4 address as it is, an IPv6
 * address by its /64. One home or one server is usually given a whole /64, so counting single
 * IPv6 addresses would give each visitor billions of fresh allowances.
 */
export function rateLimitClientKey(ip: string): string {
  const normalised = normaliseIp(ip) ?? ip.trim().toLowerCase();
  const groups = ipv6Groups(normalised);
  if (!groups) return normalised;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}
