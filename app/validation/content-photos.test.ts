import { describe, expect, it } from "vitest";
import { checkSitePhotoFile, SITE_PHOTO_MAX_BYTES, SITE_PHOTO_MESSAGES } from "./content-photos";

describe("checkSitePhotoFile (the browser's check before an upload)", () => {
  it("lets JPEG, PNG and WebP photos of up to 10 MB through", () => {
    for (const type of ["image/jpeg", "image/png", "image/webp"]) expect(checkSitePhotoFile({ type, size: SITE_PHOTO_MAX_BYTES })).toBeNull();
  });

  it("stops other types and anything over 10 MB, with the field's message", () => {
    expect(checkSitePhotoFile({ type: "text/plain", size: 10 })).toBe(SITE_PHOTO_MESSAGES.type);
    expect(checkSitePhotoFile({ type: "image/svg+xml", size: 10 })).toBe(SITE_PHOTO_MESSAGES.type);
    expect(checkSitePhotoFile({ type: "image/gif", size: 10 })).toBe(SITE_PHOTO_MESSAGES.type);
    expect(checkSitePhotoFile({ type: "image/jpeg", size: SITE_PHOTO_MAX_BYTES + 1 })).toBe(SITE_PHOTO_MESSAGES.size);
  });
});
