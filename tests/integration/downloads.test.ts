import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadConfig } from "~/config/env.server";
import { loader } from "~/routes/api/downloads";
import { resetDownloads } from "~/server/pdf/downloads.server";
import { extractPdfPlainText } from "~/server/pdf/pdf-text.server";
import { ensureBuild, makeTempDir, startServer, type RunningServer } from "../support/processes";
import { INTEGRATION_BUILD_MS, INTEGRATION_TEST_MS } from "../support/budgets";

// /downloads/<file> (docs/product.md §4.10): the route's loader with real Requests, then the built server
// over HTTP, as the home page's download buttons open it in a new tab.

const saved = { ...process.env };
const SITE = "https://strongwithjo.example";
const FILES = {
  calendar: { name: "28-day-workout-calendar.pdf", pages: 4, text: "Your 28-Day Strength Calendar" },
  guide: { name: "menopause-strength-guide.pdf", pages: 8, text: "Your Menopause Strength Guide" },
};

async function get(file: string, headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request(`http://localhost/downloads/${file}`, { headers });
  return loader({ request, params: { file }, context: {} } as never);
}

beforeAll(() => {
  process.env.SITE_URL = SITE;
  delete process.env.COACH_NAME;
  delete process.env.COACH_SLUG;
  delete process.env.BUSINESS_NAME;
  delete process.env.CONTACT_EMAIL;
  reloadConfig();
  resetDownloads();
});

afterAll(() => {
  process.env = saved;
  reloadConfig();
  resetDownloads();
});

describe("the downloads route", () => {
  it.each(Object.values(FILES))("serves $name inline as a PDF, cacheable for a day", async ({ name, pages, text }) => {
    const response = await get(name);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(`inline; filename="${name}"`);
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(response.headers.get("etag")).toMatch(/^"[\w-]{27}"$/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Number(response.headers.get("content-length"))).toBe(bytes.byteLength);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(pages);
    const all = (await extractPdfPlainText(bytes)).join(" ");
    expect(all).toContain(text);
    // The site address comes from SITE_URL.
    expect(all).toContain("strongwithjo.example");
  });

  it("answers 304 to a matching If-None-Match (strong, weak or in a list) and 200 otherwise", async () => {
    const first = await get(FILES.guide.name);
    const etag = first.headers.get("etag")!;
    for (const header of [etag, `W/${etag}`, `"nope", ${etag}`, "*"]) {
      const again = await get(FILES.guide.name, { "If-None-Match": header });
      expect(again.status, header).toBe(304);
      expect(again.headers.get("etag")).toBe(etag);
      expect(again.headers.get("cache-control")).toBe("public, max-age=86400");
      expect(await again.text()).toBe("");
    }
    expect((await get(FILES.guide.name, { "If-None-Match": '"something-else"' })).status).toBe(200);
    // The two documents have different tags.
    expect((await get(FILES.calendar.name)).headers.get("etag")).not.toBe(etag);
  });

  it("answers 404 for any other file", async () => {
    for (const name of ["guide.pdf", "menopause-strength-guide", "MENOPAUSE-STRENGTH-GUIDE.PDF", "__proto__", "..%2Fpackage.json"]) {
      expect((await get(name)).status, name).toBe(404);
    }
  });
});

describe("the built server", () => {
  let server: RunningServer | undefined;
  const temp = makeTempDir("sc-downloads-");

  beforeAll(async () => {
    const problem = await ensureBuild();
    if (problem) throw new Error(problem);
    // A public address in production: the test checkout and the outbox are chosen deliberately.
    server = await startServer({ DATA_DIR: path.join(temp.dir, "data"), SITE_URL: SITE, PAYMENTS: "test", MAIL: "outbox" });
  }, INTEGRATION_BUILD_MS);

  afterAll(async () => {
    await server?.stop("SIGKILL");
    temp.cleanup();
  });

  it("serves both PDFs, revalidates with the ETag, and 404s an unknown file", async () => {
    for (const { name, pages } of Object.values(FILES)) {
      const response = await fetch(`${server!.url}/downloads/${name}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("content-disposition")).toBe(`inline; filename="${name}"`);
      const doc = await PDFDocument.load(new Uint8Array(await response.arrayBuffer()));
      expect(doc.getPageCount()).toBe(pages);
      const etag = response.headers.get("etag")!;
      const revalidated = await fetch(`${server!.url}/downloads/${name}`, { headers: { "If-None-Match": etag } });
      expect(revalidated.status).toBe(304);
      const head = await fetch(`${server!.url}/downloads/${name}`, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("content-type")).toBe("application/pdf");
    }
    const missing = await fetch(`${server!.url}/downloads/not-a-guide.pdf`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe("Not Found");
  }, INTEGRATION_TEST_MS);
});
