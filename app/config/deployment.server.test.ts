import { describe, expect, it } from "vitest";
import { deploymentProblems, isPublicAddress } from "./deployment.server";

// docs/product.md §17.1: what a public production site refuses, and what it leaves alone.

const publicSite = { NODE_ENV: "production" as const, SITE_URL: "https://strongwithjo.co.uk", SITE_ORIGIN: "https://strongwithjo.co.uk" };
const ready = { ...publicSite, STRIPE_SECRET_KEY: "sk_live_abc", SMTP_URL: "smtps://u:p@smtp.example.com:465" };
const fields = (env: Parameters<typeof deploymentProblems>[0]) => deploymentProblems(env).map((p) => p.field);

describe("deploymentProblems", () => {
  it("the quick start (production on localhost, no keys) and development are untouched", () => {
    expect(deploymentProblems({ NODE_ENV: "production", SITE_ORIGIN: "http://localhost:3000" })).toEqual([]);
    expect(deploymentProblems({ NODE_ENV: "production", SITE_URL: "http://127.0.0.1:4000", SITE_ORIGIN: "http://127.0.0.1:4000" })).toEqual([]);
    expect(deploymentProblems({ NODE_ENV: "development", SITE_URL: "https://strongwithjo.co.uk", SITE_ORIGIN: "https://strongwithjo.co.uk" })).toEqual([]);
  });

  it("a public production site with a live key and SMTP starts", () => {
    expect(deploymentProblems(ready)).toEqual([]);
  });

  it("no Stripe key and no SMTP on a public site: both named, each with its opt-in", () => {
    const problems = deploymentProblems(publicSite);
    expect(problems.map((p) => p.field)).toEqual(["STRIPE_SECRET_KEY", "SMTP_URL"]);
    expect(problems[0]!.reason).toContain("PAYMENTS=test");
    expect(problems[1]!.reason).toContain("MAIL=outbox");
  });

  it("the opt-ins allow the stand-ins", () => {
    expect(deploymentProblems({ ...publicSite, PAYMENTS: "test", MAIL: "outbox" })).toEqual([]);
  });

  it("a test key on a public site needs PAYMENTS=test", () => {
    expect(fields({ ...ready, STRIPE_SECRET_KEY: "sk_test_abc" })).toEqual(["STRIPE_SECRET_KEY"]);
    expect(fields({ ...ready, STRIPE_SECRET_KEY: "sk_test_abc", PAYMENTS: "test" })).toEqual([]);
  });

  it("a live key needs an https address, everywhere, and contradicts PAYMENTS=test", () => {
    expect(fields({ ...ready, SITE_URL: "http://strongwithjo.co.uk", SITE_ORIGIN: "http://strongwithjo.co.uk" })).toEqual(["SITE_URL"]);
    expect(fields({ NODE_ENV: "development", SITE_ORIGIN: "http://localhost:3000", STRIPE_SECRET_KEY: "sk_live_abc" })).toEqual(["SITE_URL"]);
    expect(fields({ ...ready, PAYMENTS: "test" })).toEqual(["PAYMENTS"]);
  });

  it("PAYMENTS=stripe and MAIL=smtp require their keys", () => {
    expect(fields({ NODE_ENV: "development", SITE_ORIGIN: "http://localhost:3000", PAYMENTS: "stripe", MAIL: "smtp" })).toEqual(["STRIPE_SECRET_KEY", "SMTP_URL"]);
  });
});

describe("isPublicAddress", () => {
  it("treats loopback names as local and anything else as public", () => {
    for (const origin of ["http://localhost:3000", "http://127.0.0.1", "http://[::1]:8080", "http://app.localhost"]) expect(isPublicAddress(origin)).toBe(false);
    for (const origin of ["https://strongwithjo.co.uk", "http://192.168.1.20:3000", "https://staging.example.com"]) expect(isPublicAddress(origin)).toBe(true);
  });
});
