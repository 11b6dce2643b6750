import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirect, sameSitePath } from "./safe-redirect";

// docs/security.md, "Robustness": a redirect target is judged after normalisation. Whatever a
// visitor sends as redirectTo, the answer is either the fallback or a path that a browser,
// resolving it against any page of the site, keeps on the site.

const SITE = "https://coach.example";
const PAGES = [`${SITE}/`, `${SITE}/auth`, `${SITE}/learn-to-lift-checkout`, `${SITE}/a/b/c?x=1#y`];

/** Where a browser goes with this Location, from each page of the site. */
function landsOnSite(location: string): boolean {
  return PAGES.every((page) => new URL(location, page).origin === SITE);
}

/** Pieces attackers put together: slashes, dots, encodings, schemes, hosts, whitespace. */
const piece = fc.constantFrom(
  "/",
  "//",
  "\\",
  ".",
  "..",
  "./",
  "../",
  "/./",
  "/../",
  "%2e",
  "%2E",
  "%2f",
  "%2F",
  "%5c",
  "%09",
  "%00",
  "\t",
  "\n",
  " ",
  "@",
  ":",
  "?",
  "#",
  ";",
  "https:",
  "http:",
  "javascript:",
  "evil.example",
  "evil.example:443",
  "settings",
  "auth",
  "api",
  "\u3002",
  "\uff0f",
  "\u2044",
);
const hostile = fc.oneof(
  fc.array(piece, { minLength: 1, maxLength: 10 }).map((parts) => parts.join("")),
  fc.array(piece, { minLength: 1, maxLength: 10 }).map((parts) => `/${parts.join("")}`),
  fc.string({ maxLength: 40 }),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
);

describe("safeRedirect", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirect("/build-stronger-foundations-checkout?cancelled=true")).toBe("/build-stronger-foundations-checkout?cancelled=true");
    expect(safeRedirect("/settings#security")).toBe("/settings#security");
  });

  it.each([
    "//evil.example/x",
    "https://evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "settings",
    "/a\nb",
    "",
    null,
    undefined,
    // Normalised into a protocol-relative address ("//evil.example/phish").
    "/.//evil.example/phish",
    "/..//evil.example/phish",
    "/./\\evil.example",
    "/%2e//evil.example",
    "/a/..//evil.example",
  ])("falls back for %j", (to) => {
    expect(safeRedirect(to, "/fallback")).toBe("/fallback");
  });

  it("never sends a visitor back into the auth flow", () => {
    expect(safeRedirect("/auth?mode=log-in")).toBe("/");
    expect(safeRedirect("/api/auth/sign-out")).toBe("/");
    expect(safeRedirect("/./auth")).toBe("/");
    expect(safeRedirect("/x/../api/auth/sign-out")).toBe("/");
  });

  it("property: any input gives the fallback or a same-site path a browser keeps on the site", () => {
    fc.assert(
      fc.property(hostile, (to) => {
        const result = safeRedirect(to, "/fallback");
        if (result === "/fallback") return;
        expect(result.startsWith("/") && !result.startsWith("//"), `${JSON.stringify(to)} → ${result}`).toBe(true);
        expect(landsOnSite(result), `${JSON.stringify(to)} → ${result}`).toBe(true);
        // The answer is a fixed point: judged again, it is kept as it is.
        expect(safeRedirect(result, "/fallback")).toBe(result);
      }),
      { numRuns: 5_000, seed: 20_261_124 },
    );
  });

  it("property: sameSitePath never returns a path that leaves the site", () => {
    fc.assert(
      fc.property(hostile, (value) => {
        const path = sameSitePath(value);
        if (path !== null) expect(landsOnSite(path), `${JSON.stringify(value)} → ${path}`).toBe(true);
      }),
      { numRuns: 5_000, seed: 20_261_125 },
    );
  });
});
