// A small layout kit over pdf-lib for the downloads (docs/product.md §4.10): A4 pages, the site's colours,
// the brand mark, wrapped rich text, boxes, tables and page footers. Coordinates in the kit are
// measured from the TOP of the page (as on screen); the helpers turn them into PDF coordinates.
// The kit is in ./kit/, a file per kind of thing; this file offers all of it.

// The plain types and text helpers (PdfSite, displayUrl…) live with the documents' content in
// app/content/pdf-types.ts; the kit offers them too, so the renderers import from one place.
export { displayUrl, pdfFooter, type DocumentInfo, type PdfSite, type TableColumn } from "~/content/pdf-types";

export * from "./kit/document.server";
export * from "./kit/text.server";
export * from "./kit/shapes.server";
export * from "./kit/table.server";
export * from "./kit/column.server";
