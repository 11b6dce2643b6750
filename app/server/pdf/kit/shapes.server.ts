import { LineCapStyle, type PDFPage, type RGB } from "pdf-lib";
import { colours } from "./document.server";

// Shapes: rounded boxes, tick boxes, the brand mark and bullets. Part of the PDF layout kit (../layout.server.ts).

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
