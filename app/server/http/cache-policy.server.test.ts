import { describe, expect, it } from "vitest";
import { applyCachePolicy, varyOnCookie } from "./cache-policy.server";

describe("applyCachePolicy", () => {
  it("makes any answer to a request with a cookie private, no-store, varying on Cookie", () => {
    const headers = new Headers({ "Cache-Control": "no-cache", Vary: "Accept-Encoding", Expires: "Thu, 01 Jan 2099 00:00:00 GMT" });
    applyCachePolicy({ cookie: "better-auth.session_token=x" }, headers);
    expect(headers.get("cache-control")).toBe("private, no-store");
    expect(headers.get("vary")).toBe("Accept-Encoding, Cookie");
    expect(headers.get("expires")).toBeNull();
  });

  it("does the same for a request with credentials and for an answer with no caching header at all", () => {
    const headers = new Headers();
    applyCachePolicy({ authorization: "Bearer x" }, headers);
    expect(headers.get("cache-control")).toBe("private, no-store");
    expect(headers.get("vary")).toBe("Cookie");
  });

  it("leaves an answer its route marks public (the same for everybody) as it is", () => {
    const headers = new Headers({ "Cache-Control": "public, max-age=31536000, immutable" });
    applyCachePolicy({ cookie: "a=b" }, headers);
    expect(headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(headers.get("vary")).toBeNull();
  });

  it("leaves answers to requests without a cookie alone", () => {
    const headers = new Headers({ "Cache-Control": "private, no-cache" });
    applyCachePolicy({ cookie: "  " }, headers);
    expect(headers.get("cache-control")).toBe("private, no-cache");
  });

  it("never repeats Cookie in Vary", () => {
    expect(varyOnCookie("cookie, Accept-Encoding")).toBe("cookie, Accept-Encoding");
    expect(varyOnCookie("*")).toBe("*");
  });
});
