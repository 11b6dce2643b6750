import { describe, expect, it } from "vitest";
import { checkMemberFile, MEMBER_FILES_MESSAGES } from "./member-files";

// The browser's check before a file is shared (docs/product.md §10.15); the server checks the bytes.

describe("checkMemberFile", () => {
  it("takes a PDF, JPEG or PNG of up to 20 MB, by its type or its name", () => {
    expect(checkMemberFile({ name: "plan.pdf", type: "application/pdf", size: 1000 })).toBeNull();
    expect(checkMemberFile({ name: "squat.JPEG", type: "", size: 1000 })).toBeNull();
    expect(checkMemberFile({ name: "photo", type: "image/png", size: 20 * 1024 * 1024 })).toBeNull();
  });

  it("refuses anything else, and anything over 20 MB", () => {
    expect(checkMemberFile({ name: "notes.txt", type: "text/plain", size: 10 })).toBe(MEMBER_FILES_MESSAGES.fileType);
    expect(checkMemberFile({ name: "clip.webp", type: "image/webp", size: 10 })).toBe(MEMBER_FILES_MESSAGES.fileType);
    expect(checkMemberFile({ name: "plan.pdf", type: "application/pdf", size: 20 * 1024 * 1024 + 1 })).toBe(MEMBER_FILES_MESSAGES.fileSize);
  });
});
