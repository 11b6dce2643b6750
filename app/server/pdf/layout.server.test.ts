import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { Column, LayoutOverflowError, displayUrl, markup, pdfText, wrap, type TextStyle } from "./layout.server";

let style: TextStyle;
let doc: PDFDocument;

beforeAll(async () => {
  doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  style = { font, bold, size: 10, leading: 14, color: rgb(0, 0, 0) };
});

describe("pdfText", () => {
  it("keeps what the standard fonts can show: Latin-1, curly quotes, dashes, £ and ×", () => {
    expect(pdfText("Zoë’s “guide” – £20 × 2 • café")).toBe("Zoë’s “guide” – £20 × 2 • café");
  });

  it("replaces what they cannot, instead of failing", () => {
    expect(pdfText("Łucja Nowak")).toBe("Lucja Nowak");
    expect(pdfText("45\u2011minute → done ≤ 3")).toBe("45-minute -> done <= 3");
    expect(pdfText("Ewa Żółć")).toBe("Ewa Zólc");
    expect(pdfText("日本")).toBe("??");
  });
});

describe("markup", () => {
  it("splits **bold** spans and [links](url) into runs", () => {
    const runs = markup("Plain **bold** and [a link](https://example.com/x).", style);
    expect(runs.map((r) => r.text)).toEqual(["Plain ", "bold", " and ", "a link", "."]);
    expect(runs[1]!.font).toBe(style.bold);
    expect(runs[3]!.link).toBe("https://example.com/x");
    expect(runs[0]!.font).toBe(style.font);
  });
});

describe("wrap", () => {
  it("breaks between words so no line is wider than the width", () => {
    const text = "Strength training speaks to almost every one of these changes, at any age.";
    const lines = wrap(markup(text, style), 10, 120);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(line.width).toBeLessThanOrEqual(120);
    expect(lines.map((l) => l.pieces.map((p) => p.text).join("")).join(" ")).toBe(text);
  });

  it("honours explicit line breaks and splits a word longer than the line", () => {
    expect(wrap(markup("one\ntwo", style), 10, 500)).toHaveLength(2);
    const long = wrap(markup("x".repeat(80), style), 10, 100);
    expect(long.length).toBeGreaterThan(1);
    for (const line of long) expect(line.width).toBeLessThanOrEqual(100);
  });

  it("keeps a space between runs of different fonts", () => {
    const [line] = wrap(markup("**Bone.** Oestrogen", style), 10, 500);
    expect(line!.pieces.map((p) => p.text).join("")).toBe("Bone. Oestrogen");
  });
});

describe("Column", () => {
  it("throws when content runs past the bottom of its area", () => {
    const page = doc.addPage();
    const column = new Column(page, 40, 40, 200, 80, "test column");
    column.text("fits", style);
    expect(() => column.text("one\ntwo\nthree\nfour", style)).toThrow(LayoutOverflowError);
    expect(() => new Column(page, 40, 40, 200, 80, "test column").space(50)).toThrow(/test column overflows/);
  });
});

describe("displayUrl", () => {
  it("shows the site address as a person writes it", () => {
    expect(displayUrl("https://www.strongwithjo.co.uk/")).toBe("strongwithjo.co.uk");
    expect(displayUrl("http://localhost:3000")).toBe("localhost:3000");
  });
});
