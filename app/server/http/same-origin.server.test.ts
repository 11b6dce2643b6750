import { describe, expect, it } from "vitest";
import { getServerEnv } from "~/config/env.server";
import { isSameOrigin } from "./same-origin.server";

const post = (origin?: string) => new Request("http://localhost/settings", { method: "POST", headers: origin ? { Origin: origin } : {} });

describe("isSameOrigin", () => {
  it("accepts the site's own pages, and a request that names no origin", () => {
    expect(isSameOrigin(post(getServerEnv().SITE_ORIGIN))).toBe(true);
    expect(isSameOrigin(post())).toBe(true);
  });

  it("refuses any other site, another port or scheme of the same host, and the opaque 'null' origin", () => {
    const own = new URL(getServerEnv().SITE_ORIGIN);
    for (const origin of ["https://evil.example", `${own.protocol}//${own.hostname}:1`, `${own.protocol === "https:" ? "http:" : "https:"}//${own.host}`, "null"]) {
      expect(isSameOrigin(post(origin)), origin).toBe(false);
    }
  });
});
