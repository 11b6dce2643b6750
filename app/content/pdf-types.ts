// What the free downloads (docs/product.md §4.10) are written with, shared by their content
// (app/content/guide-pdf.ts, app/content/calendar-pdf.ts) and the layout kit that draws them
// (app/server/pdf/layout.server.ts): plain types and text helpers, nothing that draws.

/** What the documents need from the configuration. */
export interface PdfSite {
  businessName: string;
  coachName: string;
  coachSlug: string;
  contactEmail: string;
  /** The public origin (SITE_URL), e.g. https://strongwithjo.co.uk. */
  siteUrl: string;
  catalogue: { name: string; salesPath: string; features: string[] }[];
}

/** A document's metadata: the title is shown in the viewer's title bar. */
export interface DocumentInfo {
  title: string;
  author: string;
  subject: string;
  keywords: string[];
  creator: string;
}

export interface TableColumn {
  header: string;
  /** Share of the table's width. */
  weight: number;
  align?: "left" | "center";
}

/** The site address as a person writes it: "strongwithjo.co.uk". */
export function displayUrl(siteUrl: string): string {
  return siteUrl.replace(/^https?:\/\//, "").replace(/^www\./, "").replace(/\/+$/, "");
}

/** The left-hand footer of every page: the business, the site and the email address. */
export function pdfFooter(site: PdfSite): string {
  return `${site.businessName} · ${displayUrl(site.siteUrl)} · ${site.contactEmail}`;
}
