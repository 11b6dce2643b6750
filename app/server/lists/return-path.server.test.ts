import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emailListReturnPath } from "./return-path.server";

// An email-list form posted without JavaScript goes back to the page it names in returnTo, judged
// after normalisation (docs/security.md, "Robustness"): never another host.

const SITE = "https://coach.example";
const landsOnSite = (location: string) => [`${SITE}/`, `${SITE}/api/email-list`, `${SITE}/a/b?c#d`].every((page) => new URL(location, page).origin === SITE);

describe("emailListReturnPath", () => {
  it("goes back to the page and the form's anchor with the outcome in the query", () => {
    expect(emailListReturnPath("/coaching-services#newsletter", "newsletter", "ok")).toBe("/coaching-services?email_list=newsletter&email_list_status=ok#newsletter");
  });

  it.each(["/.//evil.example/phish", "/..//evil.example", "/%2e//evil.example", "//evil.example", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"])(
    "%j goes back to the home page instead",
    (returnTo) => {
      const path = emailListReturnPath(returnTo, "popup", "ok");
      expect(path).toBe("/?email_list=popup&email_list_status=ok");
    },
  );

  it("property: wherever returnTo points, the visitor stays on the site", () => {
    const piece = fc.constantFrom("/", "//", "\\", ".", "..", "%2e", "%2f", "%5c", "@", ":", "?", "#", "evil.example", "https:", "\t", "contact");
    fc.assert(
      fc.property(fc.oneof(fc.array(piece, { maxLength: 10 }).map((p) => p.join("")), fc.array(piece, { maxLength: 10 }).map((p) => `/${p.join("")}`), fc.string({ maxLength: 30 })), fc.string({ maxLength: 12 }), (returnTo, form) => {
        const path = emailListReturnPath(returnTo, form, "ok");
        expect(path.startsWith("/") && !path.startsWith("//"), `${JSON.stringify(returnTo)} → ${path}`).toBe(true);
        expect(landsOnSite(path), `${JSON.stringify(returnTo)} → ${path}`).toBe(true);
      }),
      { numRuns: 5_000, seed: 20_261_124 },
    );
  });
});
