import { describe, expect, it } from "vitest";
import { detectMemberFileType, memberFileName } from "./member-files.server";

// A shared file's type comes from its first bytes, and its name ends in that type's extension
// (docs/product.md §10.15).

const ascii = (text: string) => new TextEncoder().encode(text);

describe("detectMemberFileType", () => {
  it("knows a PDF, a JPEG and a PNG by their first bytes, and nothing else", () => {
    expect(detectMemberFileType(ascii("%PDF-1.7\n"))).toBe("pdf");
    expect(detectMemberFileType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe1, 0]))).toBe("jpeg");
    expect(detectMemberFileType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("png");
    expect(detectMemberFileType(ascii("GIF89a"))).toBeNull();
    expect(detectMemberFileType(ascii("<html>%PDF-"))).toBeNull();
    expect(detectMemberFileType(ascii("%PDF"))).toBeNull();
    expect(detectMemberFileType(new Uint8Array())).toBeNull();
  });
});

describe("memberFileName", () => {
  it("keeps a fitting name, adds the extension, and swaps a wrong one of the three types", () => {
    expect(memberFileName("Programme.PDF", "pdf")).toBe("Programme.PDF");
    expect(memberFileName("squat.jpeg", "jpeg")).toBe("squat.jpeg");
    expect(memberFileName("plan", "pdf")).toBe("plan.pdf");
    expect(memberFileName("photo.png", "jpeg")).toBe("photo.jpg");
    expect(memberFileName("notes.v2", "pdf")).toBe("notes.v2.pdf");
  });

  it("cleans the name: no folders, quotes or control characters, never empty, at most 120 characters", () => {
    expect(memberFileName("C:\\Users\\jo\\week: 1.pdf", "pdf")).toBe("week 1.pdf");
    expect(memberFileName('../../"evil"\u0000.pdf', "pdf")).toBe("evil.pdf");
    expect(memberFileName("", "png")).toBe("worksheet.png");
    const long = memberFileName(`${"a".repeat(300)}.pdf`, "pdf");
    expect(long).toHaveLength(120);
    expect(long.endsWith(".pdf")).toBe(true);
  });
});
