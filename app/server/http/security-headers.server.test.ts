import { describe, expect, it } from "vitest";
import { BOOKING_FRAME_ORIGINS, documentPolicy, PERMISSIONS_POLICY } from "./security-headers.server";

// The page policy's frames and the Permissions-Policy's one allowance (docs/security.md). The
// headers on real responses of the built server are tested in tests/integration/security-headers.test.ts.

/** The directives of a policy, by name. */
function directives(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

const options = { production: true, siteOrigin: "https://example.com" };

describe("documentPolicy", () => {
  it("allows frames from the booking embed and the two video players, and nothing else", () => {
    for (const scripts of [{ nonce: "abc" }, { hashes: ["sha256-xyz"] }]) {
      const frames = directives(documentPolicy(options, scripts)).get("frame-src");
      expect(frames).toEqual([...BOOKING_FRAME_ORIGINS, "https://www.youtube-nocookie.com", "https://player.vimeo.com"]);
      expect(frames).toContain("https://cal.com");
    }
  });

  it("lets no video provider's script, image or connection in: only its player, in a frame", () => {
    const policy = documentPolicy(options, { nonce: "abc" });
    for (const [name, values] of directives(policy)) {
      if (name === "frame-src") continue;
      expect(values.join(" "), name).not.toMatch(/youtube|vimeo|ytimg/);
    }
  });
});

describe("PERMISSIONS_POLICY", () => {
  it("allows autoplay only for the page itself and the two video players", () => {
    const features = PERMISSIONS_POLICY.split(", ");
    expect(features).toContain('autoplay=(self "https://www.youtube-nocookie.com" "https://player.vimeo.com")');
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) expect(features).toContain(`${feature}=()`);
    // Every other feature stays off for everyone.
    expect(features.filter((f) => !f.startsWith("autoplay=")).every((f) => f.endsWith("=()"))).toBe(true);
  });
});
