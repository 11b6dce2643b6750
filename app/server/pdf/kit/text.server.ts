import { PDFString, beginText, endText, moveText, setFillingColor, setFontAndSize, showText, type PDFFont, type PDFName, type PDFOperator, type PDFPage, type RGB } from "pdf-lib";

// Text: what the standard fonts can show, the little markup of the downloads (**bold**, links),
// wrapping into lines, and drawing and measuring them. Part of the PDF layout kit (../layout.server.ts).

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
