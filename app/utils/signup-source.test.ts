import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "~/config/env.server";
import { DEFAULT_SIGNUP_SOURCE, signupSourceFromPath } from "./signup-source";

const catalogue = loadSiteConfig({}).catalogue;

describe("signupSourceFromPath (docs/product.md §7.2)", () => {
  it.each([
    ["/build-stronger-foundations", "Build Stronger Foundations"],
    ["/build-stronger-foundations-checkout", "Build Stronger Foundations"],
    ["/build-stronger-foundations-interest", "Build Stronger Foundations"],
    ["/learn-to-lift", "Learn to Lift"],
    ["/learn-to-lift-checkout?cancelled=true", "Learn to Lift"],
    ["/stronger-with-jo", "Stronger with Jo"],
    ["/stronger-with-jo-checkout", "Stronger with Jo"],
  ])("maps the offer page %s to '%s'", (path, source) => {
    expect(signupSourceFromPath(path, catalogue)).toBe(source);
  });

  it("uses the 1-to-1 plan's name for another coach", () => {
    const zoe = loadSiteConfig({ COACH_NAME: "Zoë" }).catalogue;
    expect(signupSourceFromPath("/stronger-with-zoe-checkout", zoe)).toBe("Stronger with Zoë");
    expect(signupSourceFromPath("/stronger-with-jo-checkout", zoe)).toBe("Stronger With Jo Checkout");
  });

  it("gives the path's words for any other page", () => {
    expect(signupSourceFromPath("/coaching-services", catalogue)).toBe("Coaching Services");
    expect(signupSourceFromPath("/strength-training#faq", catalogue)).toBe("Strength Training");
    expect(signupSourceFromPath("/meet-jo", catalogue)).toBe("Meet Jo");
  });

  it("defaults to 'direct'", () => {
    expect(DEFAULT_SIGNUP_SOURCE).toBe("direct");
    expect(signupSourceFromPath("/", catalogue)).toBe("direct");
    expect(signupSourceFromPath("", catalogue)).toBe("direct");
    expect(signupSourceFromPath(undefined, catalogue)).toBe("direct");
    expect(signupSourceFromPath("/---", catalogue)).toBe("direct");
  });
});
