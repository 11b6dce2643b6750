import { describe, expect, it } from "vitest";
import { isUntrustedLoopbackProxy, normaliseIp, parseTrustedProxies, rateLimitClientKey, resolveClientIp } from "~/server/core/client-ip.server";

describe("client IP (docs/product.md §7.8)", () => {
  const proxies = parseTrustedProxies("10.0.0.2, 10.0.0.3 ,not-an-ip,");

  it("parses TRUSTED_PROXIES, ignoring blanks and malformed entries", () => {
    expect([...proxies]).toEqual(["10.0.0.2", "10.0.0.3"]);
    expect(parseTrustedProxies(undefined).size).toBe(0);
  });

  it("uses the socket address when the peer is not a trusted proxy, whatever X-Forwarded-For says", () => {
    expect(resolveClientIp("198.51.100.20", "203.0.113.9", proxies)).toBe("198.51.100.20");
    expect(resolveClientIp("::ffff:198.51.100.20", "1.2.3.4", new Set())).toBe("198.51.100.20");
  });

  it("reads X-Forwarded-For from the right, skipping our own proxies, when the peer is trusted", () => {
    expect(resolveClientIp("10.0.0.2", "203.0.113.9", proxies)).toBe("203.0.113.9");
    // The visitor forged the left-most entry; our proxies appended the real address after it.
    expect(resolveClientIp("10.0.0.2", "1.1.1.1, 203.0.113.9, 10.0.0.3", proxies)).toBe("203.0.113.9");
    expect(resolveClientIp("::ffff:10.0.0.2", ["203.0.113.9", "10.0.0.3"], proxies)).toBe("203.0.113.9");
  });

  it("falls back to the peer when the trusted proxy sent nothing usable", () => {
    expect(resolveClientIp("10.0.0.2", undefined, proxies)).toBe("10.0.0.2");
    expect(resolveClientIp("10.0.0.2", "203.0.113.9, garbage", proxies)).toBe("10.0.0.2");
  });

  it("normalises addresses and rejects non-addresses", () => {
    expect(normaliseIp("2001:DB8::1")).toBe("2001:db8::1");
    expect(normaliseIp("[2001:db8::1]:443")).toBe("2001:db8::1");
    expect(normaliseIp("203.0.113.7:8080")).toBe("203.0.113.7");
    expect(normaliseIp("localhost")).toBeNull();
    expect(normaliseIp("")).toBeNull();
  });
});

describe("a proxy on this machine that TRUSTED_PROXIES does not name", () => {
  const none = parseTrustedProxies("");
  it("is recognised from 127.0.0.1, ::1 and ::ffff:127.0.0.1 carrying X-Forwarded-For", () => {
    for (const peer of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) expect(isUntrustedLoopbackProxy(peer, "203.0.113.7", none)).toBe(true);
  });
  it("is not assumed without X-Forwarded-For, from another address, or once TRUSTED_PROXIES is set", () => {
    expect(isUntrustedLoopbackProxy("127.0.0.1", undefined, none)).toBe(false);
    expect(isUntrustedLoopbackProxy("127.0.0.1", " ", none)).toBe(false);
    expect(isUntrustedLoopbackProxy("203.0.113.9", "203.0.113.7", none)).toBe(false);
    expect(isUntrustedLoopbackProxy("127.0.0.1", "203.0.113.7", parseTrustedProxies("10.0.0.2"))).toBe(false);
  });
});

describe("the client key of the per-IP limits", () => {
  it("is an IPv4 address as it is", () => {
    expect(rateLimitClientKey("203.0.113.9")).toBe("203.0.113.9");
    expect(rateLimitClientKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
  });

  it("is an IPv6 address's /64, which one household or server usually holds whole", () => {
    const key = rateLimitClientKey("2001:db8:a:b::1");
    expect(key).toBe("2001:db8:a:b::/64");
    for (const ip of ["2001:db8:a:b:ffff:ffff:ffff:ffff", "2001:0DB8:000A:000B:1:2:3:4", "2001:db8:a:b::"]) expect(rateLimitClientKey(ip)).toBe(key);
    expect(rateLimitClientKey("2001:db8:a:c::1")).not.toBe(key);
    expect(rateLimitClientKey("::1")).toBe("0:0:0:0::/64");
  });
});
