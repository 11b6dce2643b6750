import { describe, expect, it } from "vitest";
import { AVATAR_COLOURS, avatarInitials, renderInitialsAvatar } from "~/server/core/avatar.server";

describe("initials avatar (docs/product.md §7.9)", () => {
  it("uses the first-name and last-name initials", () => {
    expect(avatarInitials("sarah", "jones")).toBe("SJ");
    expect(avatarInitials("Éilis", "Ó Briain")).toBe("ÉÓ");
  });
  it("uses the first two letters of the first name when there is no last name", () => {
    expect(avatarInitials("Margaret", null)).toBe("MA");
    expect(avatarInitials("Jo", "")).toBe("JO");
  });
  it("never lets markup into the image", () => {
    expect(avatarInitials("<b>", "&x")).toBe("BX");
  });
  it("draws a 200×200 circle on one of 12 colours", () => {
    expect(new Set(AVATAR_COLOURS).size).toBe(12);
    const first = renderInitialsAvatar("Sarah", "Jones", () => 0);
    const last = renderInitialsAvatar("Sarah", "Jones", () => 0.999);
    expect(first.colour).toBe(AVATAR_COLOURS[0]);
    expect(last.colour).toBe(AVATAR_COLOURS[11]);
    expect(first.svg).toContain('width="200" height="200"');
    expect(first.svg).toContain('<circle cx="100" cy="100" r="100"');
    expect(first.svg).toContain(">SJ</text>");
  });
});
