import {
  LineCapStyle,
  PDFDocument,
  PDFString,
  StandardFonts,
  beginText,
  endText,
  moveText,
  rgb,
  setFillingColor,
  setFontAndSize,
  showText,
  type PDFFont,
  type PDFName,
  type PDFOperator,
  type PDFPage,
  type RGB,
} from "pdf-lib";
import type { DocumentInfo, TableColumn } from "~/content/pdf-types";

// A small layout kit over pdf-lib for the downloads (docs/product.md §4.10): A4 pages, the site's colours,
// the brand mark, wrapped rich text, boxes, tables and page footers. Coordinates in this file are
// measured from the TOP of the page (as on screen); the helpers turn them into PDF coordinates.

// The plain types and text helpers (PdfSite, displayUrl…) live with the documents' content in
// app/content/pdf-types.ts; the kit offers them too, so the renderers import from one place.
export { displayUrl, pdfFooter, type DocumentInfo, type PdfSite, type TableColumn } from "~/content/pdf-types";

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

// The characters of WinAnsiEncoding beyond Latin-1, the only ones the 14 standard fonts can show.
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
const REPLACEMENTS: Record<string, string> = {
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "–",
  "\u2212": "–",
  "\u2192": "->",
  "\u2264": "<=",
  "\u2265": ">=",
  "\u2032": "'",
  "\u2033": '"',
  "\u202f": " ",
  "\u2009": " ",
};

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
}

/**
 * Text the standard fonts can encode. Configuration may hold any letter (a coach called Łucja):
 * known symbols are swapped for their plain forms, accented letters lose the accent the fonts
 * lack, and anything else becomes "?", rather than the whole document failing.
 */
export function pdfText(text: string): string {
  let out = "";
  for (const char of text) {
    if (char === "\n" || isWinAnsi(char)) out += char;
    else if (REPLACEMENTS[char] !== undefined) out += REPLACEMENTS[char];
    else {
      const plain = char.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
      out += [...plain].every(isWinAnsi) && plain !== "" ? plain : char === "ł" ? "l" : char === "Ł" ? "L" : "?";
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Rich text: runs, wrapping and drawing

export interface TextStyle {
  font: PDFFont;
  /** Font for **bold** spans in markup. */
  bold?: PDFFont;
  size: number;
  /** Line height in points. */
  leading: number;
  color: RGB;
  /** Colour for **bold** spans (defaults to color). */
  boldColor?: RGB;
}

export interface Run {
  text: string;
  font: PDFFont;
  color: RGB;
  link?: string;
}

/**
 * Runs from a small markup: `**bold**` and `[text](https://link)`. Everything in the documents'
 * content is written with it, so copy stays readable in the source.
 */
export function markup(source: string, style: TextStyle): Run[] {
  const runs: Run[] = [];
  const pattern = /\*\*(.+?)\*\*|\[(.+?)\]\((.+?)\)/g;
  let last = 0;
  for (const match of source.matchAll(pattern)) {
    if (match.index > last) runs.push({ text: source.slice(last, match.index), font: style.font, color: style.color });
    if (match[1] !== undefined) {
      runs.push({ text: match[1], font: style.bold ?? style.font, color: style.boldColor ?? style.color });
    } else {
      runs.push({ text: match[2]!, font: style.bold ?? style.font, color: style.boldColor ?? style.color, link: match[3] });
    }
    last = match.index + match[0].length;
  }
  if (last < source.length) runs.push({ text: source.slice(last), font: style.font, color: style.color });
  return runs.map((run) => ({ ...run, text: pdfText(run.text) }));
}

export interface Piece {
  text: string;
  font: PDFFont;
  color: RGB;
  width: number;
  link?: string;
}

export interface Line {
  pieces: Piece[];
  width: number;
}

/** Breaks runs into lines no wider than maxWidth ("\n" forces a break). */
export function wrap(runs: Run[], size: number, maxWidth: number): Line[] {
  const lines: Line[] = [];
  let current: Line = { pieces: [], width: 0 };
  let pendingSpace: Run | null = null;

  const push = (run: Run, text: string) => {
    const width = run.font.widthOfTextAtSize(text, size);
    const last = current.pieces[current.pieces.length - 1];
    if (last && last.font === run.font && last.color === run.color && last.link === run.link) {
      last.text += text;
      last.width += width;
    } else {
      current.pieces.push({ text, font: run.font, color: run.color, width, link: run.link });
    }
    current.width += width;
  };
  const breakLine = () => {
    lines.push(current);
    current = { pieces: [], width: 0 };
    pendingSpace = null;
  };

  for (const run of runs) {
    for (const token of run.text.split(/(\n| +)/)) {
      if (token === "") continue;
      if (token === "\n") {
        breakLine();
        continue;
      }
      if (token.trim() === "") {
        if (current.pieces.length > 0) pendingSpace = run;
        continue;
      }
      const wordWidth = run.font.widthOfTextAtSize(token, size);
      const spaceWidth = pendingSpace ? pendingSpace.font.widthOfTextAtSize(" ", size) : 0;
      if (current.pieces.length > 0 && current.width + spaceWidth + wordWidth > maxWidth) breakLine();
      if (pendingSpace) push(pendingSpace, " ");
      pendingSpace = null;
      if (wordWidth <= maxWidth || current.pieces.length > 0) {
        push(run, token);
        continue;
      }
      // A single word wider than the line (a long address): split it by characters.
      let chunk = "";
      for (const char of token) {
        if (chunk && run.font.widthOfTextAtSize(chunk + char, size) > maxWidth) {
          push(run, chunk);
          breakLine();
          chunk = "";
        }
        chunk += char;
      }
      if (chunk) push(run, chunk);
    }
  }
  if (current.pieces.length > 0) lines.push(current);
  return lines;
}

/** Wraps markup in a style. */
export function layoutText(source: string, style: TextStyle, maxWidth: number): Line[] {
  return wrap(markup(source, style), style.size, maxWidth);
}

export interface DrawTextOptions {
  x: number;
  /** Top of the first line's box, from the top of the page. */
  top: number;
  size: number;
  leading: number;
  /** With width: "center" or "right" alignment inside x..x+width. */
  align?: "left" | "center" | "right";
  width?: number;
}

// The resource name of each font on each page, so a page's font dictionary lists a font once.
const fontKeys = new WeakMap<PDFPage, Map<PDFFont, PDFName>>();

function fontKey(page: PDFPage, font: PDFFont): PDFName {
  let keys = fontKeys.get(page);
  if (!keys) fontKeys.set(page, (keys = new Map()));
  let key = keys.get(font);
  if (!key) keys.set(font, (key = page.node.newFontDictionary(font.name, font.ref)));
  return key;
}

/**
 * Draws wrapped lines; returns their total height. Each line is one text object whose runs
 * follow one another, so the viewer's own glyph widths place them (a viewer that substitutes a
 * font with slightly different widths never overlaps two runs), and text copies as it reads.
 * Linked pieces get an underline and a link annotation.
 */
export function drawLines(page: PDFPage, lines: Line[], options: DrawTextOptions): number {
  const { x, top, size, leading, align = "left", width = 0 } = options;
  const pageHeight = page.getHeight();
  lines.forEach((line, index) => {
    if (line.pieces.length === 0) return;
    const lineTop = top + index * leading;
    // The baseline sits so that the glyphs look centred in the line's box.
    const baseline = pageHeight - (lineTop + leading / 2 + size * 0.3);
    const start = align === "center" ? x + (width - line.width) / 2 : align === "right" ? x + width - line.width : x;
    const operators: PDFOperator[] = [beginText(), moveText(start, baseline)];
    let cursor = start;
    for (const piece of line.pieces) {
      operators.push(
        setFontAndSize(fontKey(page, piece.font), size),
        setFillingColor(piece.color),
        showText(piece.font.encodeText(piece.text)),
      );
      if (piece.link) {
        const text = piece.text.trimEnd();
        const linkWidth = piece.font.widthOfTextAtSize(text, size);
        addLink(page, piece.link, { x: cursor, y: baseline - size * 0.25, width: linkWidth, height: size * 1.15 });
        page.drawLine({
          start: { x: cursor, y: baseline - size * 0.15 },
          end: { x: cursor + linkWidth, y: baseline - size * 0.15 },
          thickness: 0.6,
          color: piece.color,
        });
      }
      cursor += piece.width;
    }
    operators.push(endText());
    page.pushOperators(...operators);
  });
  return lines.length * leading;
}

/** Draws markup wrapped to a width; returns the height used. */
export function drawText(
  page: PDFPage,
  source: string,
  style: TextStyle,
  box: { x: number; top: number; width: number; align?: "left" | "center" | "right" },
): number {
  const lines = layoutText(source, style, box.width);
  return drawLines(page, lines, { ...box, size: style.size, leading: style.leading });
}

/** Height that drawText would use. */
export function measureText(source: string, style: TextStyle, width: number): number {
  return layoutText(source, style, width).length * style.leading;
}

/** A clickable link over a rectangle (PDF coordinates). */
export function addLink(page: PDFPage, url: string, rect: { x: number; y: number; width: number; height: number }) {
  const context = page.doc.context;
  const annotation = context.register(
    context.obj({
      Type: "Annot",
      Subtype: "Link",
      Rect: [rect.x, rect.y, rect.x + rect.width, rect.y + rect.height],
      Border: [0, 0, 0],
      A: { Type: "Action", S: "URI", URI: PDFString.of(url) },
    }),
  );
  page.node.addAnnot(annotation);
}

// ---------------------------------------------------------------------------------------------
// Shapes

export function roundedRectPath(width: number, height: number, radius: number): string {
  const r = Math.max(0, Math.min(radius, width / 2, height / 2));
  return [
    `M ${r} 0`,
    `H ${width - r}`,
    `A ${r} ${r} 0 0 1 ${width} ${r}`,
    `V ${height - r}`,
    `A ${r} ${r} 0 0 1 ${width - r} ${height}`,
    `H ${r}`,
    `A ${r} ${r} 0 0 1 0 ${height - r}`,
    `V ${r}`,
    `A ${r} ${r} 0 0 1 ${r} 0`,
    "Z",
  ].join(" ");
}

export interface BoxStyle {
  fill?: RGB;
  border?: RGB;
  borderWidth?: number;
  radius?: number;
}

/** A (rounded) rectangle whose top-left corner is at x, top. */
export function drawBox(page: PDFPage, x: number, top: number, width: number, height: number, style: BoxStyle) {
  const { fill, border, borderWidth = 1, radius = 0 } = style;
  page.drawSvgPath(roundedRectPath(width, height, radius), {
    x,
    y: page.getHeight() - top,
    color: fill,
    borderColor: border,
    borderWidth: border ? borderWidth : 0,
  });
}

/** A small empty tick box to fill in by hand. */
export function drawTickBox(page: PDFPage, x: number, top: number, size: number, colour: RGB) {
  drawBox(page, x, top, size, size, { fill: colours.white, border: colour, borderWidth: 1.1, radius: 2.5 });
}

/**
 * The site's mark (app/components/brand-mark.tsx): a kettlebell in a soft tile with an apricot
 * "sunrise" on its bell. "plum" on light surfaces, "light" on dark ones.
 */
export function drawBrandMark(page: PDFPage, x: number, top: number, size: number, tone: "plum" | "light" = "plum") {
  const light = tone === "light";
  const scale = size / 40;
  const at = { x, y: page.getHeight() - top, scale };
  const tile = light ? colours.sand50 : colours.brand700;
  const bell = light ? colours.brand700 : colours.sand50;
  page.drawSvgPath(roundedRectPath(40, 40, 12), { ...at, color: tile });
  page.drawSvgPath("M14 20.5C12.2 16.5 11.6 11.2 14.2 9.6 15 9.1 16 9 17 9h6c1 0 2 .1 2.8.6 2.6 1.6 2 6.9.2 10.9", {
    ...at,
    color: undefined,
    borderColor: bell,
    borderWidth: 3,
    borderLineCap: LineCapStyle.Round,
  });
  page.drawSvgPath("M12.6 31.5a9.3 9.3 0 1 1 14.8 0z", { ...at, color: bell });
  page.drawSvgPath("M14.6 27.4a5.8 5.8 0 0 1 10.8 0z", { ...at, color: light ? colours.accent300 : colours.accent400 });
}

/** A filled bullet for lists. */
export function drawBullet(page: PDFPage, x: number, centreTop: number, colour: RGB, radius = 2.2) {
  page.drawCircle({ x, y: page.getHeight() - centreTop, size: radius, color: colour });
}

// ---------------------------------------------------------------------------------------------
// Tables

export interface TableStyle {
  header: TextStyle;
  body: TextStyle;
  /** The first column's style (e.g. the exercise names in bold). */
  firstColumn?: TextStyle;
  headerFill: RGB;
  stripeFill: RGB;
  rule: RGB;
  padding: number;
}

function columnWidths(columns: TableColumn[], width: number): number[] {
  const total = columns.reduce((sum, c) => sum + c.weight, 0);
  return columns.map((c) => (c.weight / total) * width);
}

function rowHeight(cells: string[], columns: TableColumn[], widths: number[], style: TextStyle[], padding: number) {
  return (
    Math.max(...cells.map((cell, i) => layoutText(cell, style[i]!, widths[i]! - padding * 2).length * style[i]!.leading)) +
    padding * 2
  );
}

/** Height the table would take. */
export function measureTable(columns: TableColumn[], rows: string[][], width: number, style: TableStyle): number {
  const widths = columnWidths(columns, width);
  const headerStyles = columns.map(() => style.header);
  const bodyStyles = columns.map((_, i) => (i === 0 && style.firstColumn ? style.firstColumn : style.body));
  const header = rowHeight(columns.map((c) => c.header), columns, widths, headerStyles, style.padding);
  return rows.reduce((sum, row) => sum + rowHeight(row, columns, widths, bodyStyles, style.padding), header);
}

/** Draws a table with a filled header row and striped rows; returns its height. */
export function drawTable(
  page: PDFPage,
  columns: TableColumn[],
  rows: string[][],
  box: { x: number; top: number; width: number },
  style: TableStyle,
): number {
  const widths = columnWidths(columns, box.width);
  const headerStyles = columns.map(() => style.header);
  const bodyStyles = columns.map((_, i) => (i === 0 && style.firstColumn ? style.firstColumn : style.body));
  let top = box.top;
  const drawRow = (cells: string[], styles: TextStyle[], fill: RGB | undefined, radius = 0) => {
    const height = rowHeight(cells, columns, widths, styles, style.padding);
    if (fill) drawBox(page, box.x, top, box.width, height, { fill, radius });
    let x = box.x;
    cells.forEach((cell, i) => {
      const cellStyle = styles[i]!;
      const lines = layoutText(cell, cellStyle, widths[i]! - style.padding * 2);
      const textHeight = lines.length * cellStyle.leading;
      drawLines(page, lines, {
        x: x + style.padding,
        top: top + (height - textHeight) / 2,
        size: cellStyle.size,
        leading: cellStyle.leading,
        align: columns[i]!.align ?? "left",
        width: widths[i]! - style.padding * 2,
      });
      x += widths[i]!;
    });
    top += height;
    return height;
  };
  drawRow(columns.map((c) => c.header), headerStyles, style.headerFill, 4);
  rows.forEach((row, index) => {
    const rowTop = top;
    drawRow(row, bodyStyles, index % 2 === 1 ? style.stripeFill : undefined);
    const y = page.getHeight() - (rowTop + rowHeight(row, columns, widths, bodyStyles, style.padding));
    page.drawLine({ start: { x: box.x, y }, end: { x: box.x + box.width, y }, thickness: 0.5, color: style.rule });
  });
  return top - box.top;
}

// ---------------------------------------------------------------------------------------------
// Page furniture

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

export class LayoutOverflowError extends Error {
  constructor(where: string, by: number) {
    super(`${where} overflows its area by ${Math.ceil(by)} pt`);
    this.name = "LayoutOverflowError";
  }
}

/**
 * A fixed area of a page that content is stacked into. Content that does not fit throws, so a
 * change of copy that breaks a page's layout fails the tests instead of printing off the page.
 */
export class Column {
  constructor(
    readonly page: PDFPage,
    readonly x: number,
    public top: number,
    readonly width: number,
    readonly bottom: number,
    readonly name: string,
  ) {}

  text(source: string, style: TextStyle, gapAfter = 0, indent = 0): this {
    this.top += drawText(this.page, source, style, { x: this.x + indent, top: this.top, width: this.width - indent });
    this.top += gapAfter;
    return this.check();
  }

  /** Bulleted items (markup), each wrapped beside its bullet. */
  bullets(items: string[], style: TextStyle, bulletColour: RGB, gapAfter = 0, itemGap = 2): this {
    for (const item of items) {
      drawBullet(this.page, this.x + 4, this.top + style.leading / 2, bulletColour, style.size * 0.2);
      this.top += drawText(this.page, item, style, { x: this.x + 12, top: this.top, width: this.width - 12 }) + itemGap;
    }
    this.top += gapAfter - itemGap;
    return this.check();
  }

  space(height: number): this {
    this.top += height;
    return this.check();
  }

  check(): this {
    if (this.top > this.bottom + 0.5) throw new LayoutOverflowError(this.name, this.top - this.bottom);
    return this;
  }
}

/** Height of a bulleted list as Column.bullets draws it. */
export function measureBullets(items: string[], style: TextStyle, width: number, itemGap = 2): number {
  return items.reduce((sum, item) => sum + measureText(item, style, width - 12) + itemGap, 0) - itemGap;
}
