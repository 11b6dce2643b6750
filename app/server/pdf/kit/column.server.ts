import { type PDFPage, type RGB } from "pdf-lib";
import { type TextStyle, drawText, measureText } from "./text.server";
import { drawBullet } from "./shapes.server";

// A column that lays blocks out from the top and says when it is full. Part of the PDF layout kit (../layout.server.ts).

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
