import { describe, expect, it } from "vitest";
import { normaliseIp, parseTrustedProxies, resolveClientIp } from "./client-ip.server";

describe("client IP (DESIGN D16)", () => {
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
