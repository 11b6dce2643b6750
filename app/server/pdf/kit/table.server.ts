import { type PDFPage, type RGB } from "pdf-lib";
import type { TableColumn } from "~/content/pdf-types";
import { type TextStyle, layoutText, drawLines } from "./text.server";
import { drawBox } from "./shapes.server";

// Tables: columns sized by weight, rows as tall as their tallest cell. Part of the PDF layout kit (../layout.server.ts).

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
