import type { PDFDocument, PDFPage, RGB } from "pdf-lib";
import {
  GUIDE_COVER,
  GUIDE_TITLE,
  MYTH_LABELS,
  guideDocumentInfo,
  guideSections,
  type Block,
  type Section,
} from "~/content/guide-pdf";
import {
  A4_PORTRAIT,
  colours,
  createDocument,
  drawBox,
  drawBrandMark,
  drawBullet,
  drawFooters,
  drawTable,
  drawText,
  layoutText,
  drawLines,
  measureBullets,
  measureTable,
  measureText,
  pdfFooter,
  type Fonts,
  type PdfSite,
  type TableStyle,
  type TextStyle,
} from "./layout.server";

// The free menopause strength guide (docs/product.md §4.10): A4 portrait, a cover
// with the contents, then seven sections that flow from page to page. The words, all from
// app/content/guide-pdf.ts, are laid out here.

// Offered here too, as the renderer and its words are tested together.
export { guideSections };

export const GUIDE_FILE = "menopause-strength-guide.pdf";

const [WIDTH, HEIGHT] = A4_PORTRAIT;
const MARGIN = 52;
const CONTENT_WIDTH = WIDTH - MARGIN * 2;
const CONTENT_TOP = 84;
const CONTENT_BOTTOM = HEIGHT - 50;

function styles(fonts: Fonts) {
  const body: TextStyle = { font: fonts.sans, bold: fonts.sansBold, size: 11, leading: 16.5, color: colours.ink, boldColor: colours.brand900 };
  return {
    body,
    small: { ...body, size: 10, leading: 14 } satisfies TextStyle,
    h2: { font: fonts.serifBold, size: 23, leading: 27, color: colours.brand900 } satisfies TextStyle,
    h3: { font: fonts.sansBold, size: 12.5, leading: 17, color: colours.brand700 } satisfies TextStyle,
    kicker: { font: fonts.sansBold, size: 8, leading: 11, color: colours.accent700 } satisfies TextStyle,
  };
}

const CALLOUT_TONES: Record<"brand" | "accent" | "sand", { fill: RGB; border: RGB; bar: RGB }> = {
  brand: { fill: colours.brand50, border: colours.brand200, bar: colours.brand700 },
  accent: { fill: colours.accent50, border: colours.accent200, bar: colours.accent400 },
  sand: { fill: colours.sand100, border: colours.sand300, bar: colours.sand700 },
};

/** Content flowing down the pages, starting a new page when the next piece does not fit. */
class Flow {
  page!: PDFPage;
  top = Number.POSITIVE_INFINITY;
  /** Index of the page each section starts on, for the contents on the cover. */
  readonly sectionPages: number[] = [];

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {}

  newPage() {
    this.page = this.doc.addPage(A4_PORTRAIT);
    this.top = CONTENT_TOP;
    const s = styles(this.fonts);
    drawBrandMark(this.page, MARGIN, 30, 24);
    drawText(this.page, GUIDE_TITLE.toUpperCase(), s.kicker, { x: MARGIN + 32, top: 37, width: 300 });
    const y = HEIGHT - 64;
    this.page.drawLine({ start: { x: MARGIN, y }, end: { x: WIDTH - MARGIN, y }, thickness: 0.8, color: colours.sand300 });
  }

  /** Makes room for `height`, starting a new page if needed. */
  need(height: number) {
    if (this.top + height > CONTENT_BOTTOM) this.newPage();
  }

  paragraph(source: string, style: TextStyle, gapAfter: number, indent = 0) {
    const lines = layoutText(source, style, CONTENT_WIDTH - indent);
    // A long paragraph may continue on the next page, leaving at least two lines on each.
    let index = 0;
    while (index < lines.length) {
      const room = Math.floor((CONTENT_BOTTOM - this.top) / style.leading);
      const left = lines.length - index;
      const take = room >= left ? left : Math.min(room, left - 2);
      if (take < Math.min(2, left)) {
        this.newPage();
        continue;
      }
      const slice = lines.slice(index, index + take);
      this.top += drawLines(this.page, slice, { x: MARGIN + indent, top: this.top, size: style.size, leading: style.leading });
      index += take;
      if (index < lines.length) this.newPage();
    }
    this.top += gapAfter;
  }

  /** Each section starts on a page of its own. */
  section(number: number, title: string) {
    const s = styles(this.fonts);
    if (this.top > CONTENT_TOP) this.newPage();
    this.sectionPages.push(this.doc.getPageCount() - 1);
    drawBox(this.page, MARGIN, this.top + 1, 26, 26, { fill: colours.accent300, radius: 13 });
    drawText(this.page, String(number).padStart(2, "0"), { font: this.fonts.sansBold, size: 10, leading: 26, color: colours.brand950 }, {
      x: MARGIN,
      top: this.top + 1,
      width: 26,
      align: "center",
    });
    this.top += drawText(this.page, title, s.h2, { x: MARGIN + 36, top: this.top, width: CONTENT_WIDTH - 36 });
    this.top += 10;
  }

  block(block: Block) {
    const s = styles(this.fonts);
    switch (block.type) {
      case "p":
        return this.paragraph(block.text, s.body, 10);
      case "h3":
        this.top += 4;
        this.need(s.h3.leading + s.body.leading * 3);
        this.top += drawText(this.page, block.text, s.h3, { x: MARGIN, top: this.top, width: CONTENT_WIDTH });
        this.top += 4;
        return;
      case "bullets":
        for (const item of block.items) {
          const height = measureText(item, s.body, CONTENT_WIDTH - 16);
          if (height > s.body.leading * 4) this.need(s.body.leading * 2);
          else this.need(height);
          drawBullet(this.page, MARGIN + 5, this.top + s.body.leading / 2, colours.accent400, 2.4);
          this.paragraph(item, s.body, 5, 16);
        }
        this.top += 5;
        return;
      case "steps":
        block.items.forEach((item, index) => {
          this.need(s.body.leading + 4);
          drawBox(this.page, MARGIN, this.top + 1.5, 15, 15, { fill: colours.brand700, radius: 7.5 });
          drawText(this.page, String(index + 1), { font: this.fonts.sansBold, size: 8.5, leading: 15, color: colours.white }, {
            x: MARGIN,
            top: this.top + 1.5,
            width: 15,
            align: "center",
          });
          this.paragraph(item, s.body, 4, 24);
        });
        this.top += 6;
        return;
      case "callout":
        return this.callout(block);
      case "table": {
        const table = this.tableStyle();
        const height = measureTable(block.columns, block.rows, CONTENT_WIDTH, table);
        this.need(height);
        this.top += drawTable(this.page, block.columns, block.rows, { x: MARGIN, top: this.top, width: CONTENT_WIDTH }, table);
        this.top += 12;
        return;
      }
      case "myths":
        for (const item of block.items) this.myth(item.myth, item.truth);
        return;
    }
  }

  tableStyle(): TableStyle {
    const s = styles(this.fonts);
    return {
      header: { font: this.fonts.sansBold, size: 9.5, leading: 12, color: colours.white },
      body: { ...s.small, color: colours.ink },
      firstColumn: { ...s.small, font: this.fonts.sansBold, color: colours.brand900 },
      headerFill: colours.brand700,
      stripeFill: colours.sand100,
      rule: colours.sand200,
      padding: 6,
    };
  }

  callout(block: Extract<Block, { type: "callout" }>) {
    const s = styles(this.fonts);
    const tone = CALLOUT_TONES[block.tone ?? "brand"];
    const pad = 14;
    const inner = CONTENT_WIDTH - pad * 2 - 6;
    const title: TextStyle = { ...s.h3, color: colours.brand900 };
    const height =
      pad * 2 +
      measureText(block.title, title, inner) +
      4 +
      (block.text ? measureText(block.text, s.body, inner) + (block.items ? 6 : 0) : 0) +
      (block.items ? measureBullets(block.items, s.body, inner, 4) : 0);
    this.need(height);
    drawBox(this.page, MARGIN, this.top, CONTENT_WIDTH, height, { fill: tone.fill, border: tone.border, borderWidth: 0.8, radius: 10 });
    drawBox(this.page, MARGIN, this.top, 5, height, { fill: tone.bar, radius: 2.5 });
    const x = MARGIN + pad + 6;
    let top = this.top + pad;
    top += drawText(this.page, block.title, title, { x, top, width: inner }) + 4;
    if (block.text) top += drawText(this.page, block.text, s.body, { x, top, width: inner }) + (block.items ? 6 : 0);
    for (const item of block.items ?? []) {
      drawBullet(this.page, x + 4, top + s.body.leading / 2, tone.bar, 2.2);
      top += drawText(this.page, item, s.body, { x: x + 12, top, width: inner - 12 }) + 4;
    }
    this.top += height + 14;
  }

  myth(myth: string, truth: string) {
    const s = styles(this.fonts);
    const label: TextStyle = { font: this.fonts.sansBold, size: 8, leading: 12, color: colours.accent700 };
    const mythStyle: TextStyle = { font: this.fonts.serifBold, size: 14, leading: 18, color: colours.brand900 };
    const indent = 58;
    const height = Math.max(measureText(myth, mythStyle, CONTENT_WIDTH - indent), 18) + measureText(truth, s.body, CONTENT_WIDTH - indent) + 4;
    this.need(height + 14);
    drawText(this.page, MYTH_LABELS.myth, label, { x: MARGIN, top: this.top + 3, width: indent });
    const mythHeight = drawText(this.page, myth, mythStyle, { x: MARGIN + indent, top: this.top, width: CONTENT_WIDTH - indent });
    drawText(this.page, MYTH_LABELS.truth, { ...label, color: colours.brand700 }, { x: MARGIN, top: this.top + mythHeight + 5, width: indent });
    drawText(this.page, truth, s.body, { x: MARGIN + indent, top: this.top + mythHeight + 2, width: CONTENT_WIDTH - indent });
    this.top += height + 8;
    const y = HEIGHT - this.top;
    this.page.drawLine({ start: { x: MARGIN, y }, end: { x: WIDTH - MARGIN, y }, thickness: 0.5, color: colours.sand300 });
    this.top += 10;
  }
}

/** The cover: title, who it's from, and the contents (filled in once the sections are laid out). */
function drawCover(page: PDFPage, fonts: Fonts, site: PdfSite, sections: Section[], sectionPages: number[]) {
  const s = styles(fonts);
  const bandHeight = 430;
  drawBox(page, 0, 0, WIDTH, bandHeight, { fill: colours.brand700 });
  // A rising sun of soft arcs, as on the site's hero art.
  const cx = WIDTH - 96;
  const cy = HEIGHT - bandHeight;
  for (const [radius, colour] of [
    [170, colours.brand800],
    [122, colours.brand900],
    [78, colours.accent400],
    [44, colours.accent300],
  ] as const) {
    page.drawSvgPath(`M ${-radius} 0 A ${radius} ${radius} 0 0 1 ${radius} 0 Z`, { x: cx, y: cy, color: colour });
  }
  drawBrandMark(page, MARGIN, 56, 58, "light");
  drawText(page, GUIDE_COVER.kicker, { font: fonts.sansBold, size: 11, leading: 14, color: colours.accent200 }, {
    x: MARGIN + 72,
    top: 79,
    width: 360,
  });
  drawText(page, GUIDE_COVER.title, { font: fonts.serifBold, size: 46, leading: 50, color: colours.white }, {
    x: MARGIN,
    top: 150,
    width: CONTENT_WIDTH,
  });
  drawText(
    page,
    GUIDE_COVER.strapline,
    { font: fonts.sans, size: 14, leading: 20, color: colours.brand100 },
    { x: MARGIN, top: 262, width: 330 },
  );
  drawText(page, GUIDE_COVER.byline(site), { font: fonts.sansBold, size: 11.5, leading: 15, color: colours.accent200 }, {
    x: MARGIN,
    top: 336,
    width: 330,
  });

  let top = bandHeight + 36;
  drawText(page, GUIDE_COVER.contentsTitle, { ...s.h2, size: 18, leading: 22 }, { x: MARGIN, top, width: CONTENT_WIDTH });
  top += 32;
  sections.forEach((section, index) => {
    const row: TextStyle = { font: fonts.sans, size: 11.5, leading: 22, color: colours.ink };
    drawText(page, String(index + 1).padStart(2, "0"), { ...row, font: fonts.sansBold, color: colours.accent700 }, {
      x: MARGIN,
      top,
      width: 30,
    });
    drawText(page, section.title, row, { x: MARGIN + 30, top, width: CONTENT_WIDTH - 90 });
    drawText(page, GUIDE_COVER.contentsPage(sectionPages[index]! + 1), { ...row, color: colours.inkMuted }, {
      x: MARGIN,
      top,
      width: CONTENT_WIDTH,
      align: "right",
    });
    const y = HEIGHT - (top + 22);
    page.drawLine({ start: { x: MARGIN, y }, end: { x: WIDTH - MARGIN, y }, thickness: 0.5, color: colours.sand200 });
    top += 22;
  });

  // A short welcome from the coach.
  top += 26;
  const note: TextStyle = { ...s.body, color: colours.ink };
  const text = GUIDE_COVER.welcome(site);
  const height = measureText(text, note, CONTENT_WIDTH - 40) + 28;
  drawBox(page, MARGIN, top, CONTENT_WIDTH, height, { fill: colours.sand100, radius: 12 });
  drawText(page, text, note, { x: MARGIN + 20, top: top + 14, width: CONTENT_WIDTH - 40 });
}

/** Renders the guide for a site's configuration. */
export async function renderGuidePdf(site: PdfSite): Promise<Uint8Array> {
  const { doc, fonts } = await createDocument(guideDocumentInfo(site));
  const cover = doc.addPage(A4_PORTRAIT);
  const sections = guideSections(site);
  const flow = new Flow(doc, fonts);
  sections.forEach((section, index) => {
    flow.section(index + 1, section.title);
    for (const block of section.blocks) flow.block(block);
  });
  drawCover(cover, fonts, site, sections, flow.sectionPages);
  drawFooters(doc, fonts, pdfFooter(site), MARGIN);
  return doc.save();
}
