import { afterEach, describe, expect, it } from "vitest";
import { reloadConfig } from "~/config/env.server";
import { loader, renderRobots } from "./robots";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  reloadConfig();
});

describe("/robots.txt", () => {
  it("allows everything public, keeps settings, admin, API, auth, resets and checkouts out, and names the sitemap", () => {
    const text = renderRobots("https://strongwithjo.co.uk", "jo");
    const lines = text.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of [
      "/settings",
      "/settings/admin",
      "/api/",
      "/auth",
      "/test-checkout/",
      "/reset-password",
      "/email-change/",
      "/stronger-with-jo-checkout",
      "/learn-to-lift-checkout",
      "/build-stronger-foundations-checkout",
      "/payment-success",
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain("Sitemap: https://strongwithjo.co.uk/sitemap.xml");
    // Nothing public is caught by a prefix rule.
    const disallowed = lines.filter((l) => l.startsWith("Disallow: ")).map((l) => l.slice(10));
    for (const page of ["/", "/strength-training", "/learn-to-lift", "/learn-to-lift-interest", "/stronger-with-jo", "/build-stronger-foundations"]) {
      expect(disallowed.some((rule) => page.startsWith(rule) && rule !== "/"), page).toBe(false);
    }
  });

  it("answers with plain text on SITE_URL and the configured slug", async () => {
    process.env.SITE_URL = "https://strongwithzoe.example";
    process.env.COACH_NAME = "Zoë";
    reloadConfig();
    const response = loader();
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await response.text();
    expect(text).toContain("Disallow: /stronger-with-zoe-checkout");
    expect(text).toContain("Sitemap: https://strongwithzoe.example/sitemap.xml");
  });
});
