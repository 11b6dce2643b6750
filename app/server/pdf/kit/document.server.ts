import { PDFDocument, StandardFonts, rgb, type PDFFont, type RGB } from "pdf-lib";
import type { DocumentInfo } from "~/content/pdf-types";
import { pdfText, type TextStyle, drawText } from "./text.server";

// The documents' frame: A4 pages, the site's colours, the fonts, a new document with its
// metadata, and the page footers. Part of the PDF layout kit (../layout.server.ts).

export const A4_PORTRAIT: [number, number] = [595.28, 841.89];
export const A4_LANDSCAPE: [number, number] = [841.89, 595.28];

function hex(value: string): RGB {
  const n = Number.parseInt(value.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/** The site's palette (app/app.css), with the same contrast pairings. */
export const colours = {
  white: rgb(1, 1, 1),
  brand50: hex("#faf4f6"),
  brand100: hex("#f4e5ea"),
  brand200: hex("#e9ccd6"),
  brand300: hex("#d9a7b8"),
  brand700: hex("#7a3b52"),
  brand800: hex("#5f2d40"),
  brand900: hex("#472232"),
  brand950: hex("#2c1520"),
  accent50: hex("#fdf5ef"),
  accent100: hex("#fae6d7"),
  accent200: hex("#f4cbae"),
  accent300: hex("#eca77e"),
  accent400: hex("#e2844f"),
  accent700: hex("#8f4220"),
  sand50: hex("#fdfaf5"),
  sand100: hex("#f9f3e9"),
  sand200: hex("#f2e8d8"),
  sand300: hex("#e6d6bd"),
  sand700: hex("#75654b"),
  ink: hex("#2b1f24"),
  inkMuted: hex("#5f4f56"),
} as const;

export interface Fonts {
  sans: PDFFont;
  sansBold: PDFFont;
  sansItalic: PDFFont;
  serif: PDFFont;
  serifBold: PDFFont;
}

// NOTE: fixed rather than "now", so the same configuration gives the same bytes (and so the same
// ETag) on every server and after every restart. Change it when the documents' content changes.
export const CONTENT_DATE = new Date("2026-11-21T09:00:00Z");

/** A new PDF with its metadata (title shown in the viewer's title bar, language en-GB) and fonts. */
export async function createDocument(info: DocumentInfo): Promise<{ doc: PDFDocument; fonts: Fonts }> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(pdfText(info.title), { showInWindowTitleBar: true });
  doc.setAuthor(pdfText(info.author));
  doc.setSubject(pdfText(info.subject));
  doc.setKeywords(info.keywords.map(pdfText));
  doc.setCreator(pdfText(info.creator));
  doc.setProducer("pdf-lib");
  doc.setLanguage("en-GB");
  doc.setCreationDate(CONTENT_DATE);
  doc.setModificationDate(CONTENT_DATE);
  const [sans, sansBold, sansItalic, serif, serifBold] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
    doc.embedFont(StandardFonts.HelveticaOblique),
    doc.embedFont(StandardFonts.TimesRoman),
    doc.embedFont(StandardFonts.TimesRomanBold),
  ]);
  return { doc, fonts: { sans, sansBold, sansItalic, serif, serifBold } };
}

// ---------------------------------------------------------------------------------------------
// Text that the standard fonts can show

/** Footer on every page: the business and site on the left, "Page n of N" on the right. */
export function drawFooters(doc: PDFDocument, fonts: Fonts, left: string, margin: number) {
  const pages = doc.getPages();
  const style: TextStyle = { font: fonts.sans, size: 8.5, leading: 12, color: colours.inkMuted };
  pages.forEach((page, index) => {
    const width = page.getWidth();
    const top = page.getHeight() - 30;
    page.drawLine({
      start: { x: margin, y: page.getHeight() - top + 4 },
      end: { x: width - margin, y: page.getHeight() - top + 4 },
      thickness: 0.6,
      color: colours.sand300,
    });
    drawText(page, left, style, { x: margin, top, width: width - margin * 2 - 80 });
    drawText(page, `Page ${index + 1} of ${pages.length}`, { ...style, font: fonts.sansBold, color: colours.brand700 }, {
      x: width - margin - 80,
      top,
      width: 80,
      align: "right",
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Columns: content stacked top to bottom in a fixed area
