import crypto from "node:crypto";
import { getServerEnv, getSiteConfig } from "~/config/env.server";
import { CALENDAR_FILE, renderCalendarPdf } from "./calendar.server";
import { GUIDE_FILE, renderGuidePdf } from "./guide.server";
import { CONTENT_DATE, type PdfSite } from "./layout.server";

// The free downloads of docs/product.md §4.10, served at /downloads/<file>. Each PDF is generated once per
// process from the configuration (which does not change while the server runs) and kept in
// memory: a few tens of kilobytes each.

const RENDERERS: Record<string, (site: PdfSite) => Promise<Uint8Array>> = {
  [CALENDAR_FILE]: renderCalendarPdf,
  [GUIDE_FILE]: renderGuidePdf,
};

export const DOWNLOAD_FILES = Object.keys(RENDERERS);

export interface RenderedDownload {
  file: string;
  bytes: Uint8Array;
  etag: string;
}

/** What the documents need from the site configuration and SITE_URL. */
export function pdfSiteFromConfig(): PdfSite {
  const config = getSiteConfig();
  return {
    businessName: config.businessName,
    coachName: config.coachName,
    coachSlug: config.coachSlug,
    contactEmail: config.contactEmail,
    siteUrl: getServerEnv().SITE_ORIGIN,
    catalogue: config.catalogue,
  };
}

// On globalThis so the development server's module reloads keep it; tests reset it.
const store = globalThis as typeof globalThis & { __pdfDownloads?: Map<string, Promise<RenderedDownload>> };

/** The rendered PDF for a file name, or null for a name that is not one of the downloads. */
export function getDownload(file: string): Promise<RenderedDownload> | null {
  const render = Object.hasOwn(RENDERERS, file) ? RENDERERS[file] : undefined;
  if (!render) return null;
  const cache = (store.__pdfDownloads ??= new Map());
  let rendered = cache.get(file);
  if (!rendered) {
    // Concurrent first requests share one rendering; a failure is not cached.
    rendered = render(pdfSiteFromConfig()).then((bytes) => ({
      file,
      bytes,
      etag: `"${crypto.createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"`,
    }));
    rendered.catch(() => cache.delete(file));
    cache.set(file, rendered);
  }
  return rendered;
}

/** Forgets the generated PDFs, so the next request draws them from the configuration in force. */
export function resetDownloads() {
  delete store.__pdfDownloads;
}

/** True when an If-None-Match header matches the ETag (weak comparison, as RFC 9110 asks). */
function matchesETag(ifNoneMatch: string, etag: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

/**
 * The response for /downloads/<file>: the PDF shown in the browser (a new tab from the home page),
 * cached for a day and revalidated by ETag. Null when the file is not one of the downloads.
 */
export async function serveDownload(request: Request, file: string | undefined): Promise<Response | null> {
  const pending = file ? getDownload(file) : null;
  if (!pending) return null;
  const download = await pending;
  const headers = new Headers({
    "Content-Type": "application/pdf",
    "Content-Disposition": `inline; filename="${download.file}"`,
    "Cache-Control": "public, max-age=86400",
    ETag: download.etag,
    "Last-Modified": CONTENT_DATE.toUTCString(),
    "X-Content-Type-Options": "nosniff",
  });
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch && matchesETag(ifNoneMatch, download.etag)) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(download.bytes.byteLength));
  return new Response(download.bytes as Uint8Array<ArrayBuffer>, { status: 200, headers });
}
