import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirect("/build-stronger-foundations-checkout?cancelled=true")).toBe("/build-stronger-foundations-checkout?cancelled=true");
    expect(safeRedirect("/settings#security")).toBe("/settings#security");
  });

  it.each(["//evil.example/x", "https://evil.example", "/\\evil.example", "javascript:alert(1)", "settings", "/a\nb", "", null, undefined])(
    "falls back for %j",
    (to) => {
      expect(safeRedirect(to, "/fallback")).toBe("/fallback");
    },
  );

  it("never sends a visitor back into the auth flow", () => {
    expect(safeRedirect("/auth?mode=log-in")).toBe("/");
    expect(safeRedirect("/api/auth/sign-out")).toBe("/");
  });
});
