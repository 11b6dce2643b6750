import { afterEach, describe, expect, it } from "vitest";
import { reloadConfig } from "~/config/env.server";
import { publicRoutes } from "../../../tests/support/site-routes";
import { loader, renderSitemap, sitemapPaths } from "./sitemap";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  reloadConfig();
});

// Pages in the route table (docs/product.md §2.1) that are public but kept out of search (they carry noindex).
const NOT_INDEXED = ["/stronger-with-jo-checkout", "/learn-to-lift-checkout", "/build-stronger-foundations-checkout", "/payment-success"];

describe("/sitemap.xml", () => {
  it("lists every public page of the route table except the checkouts and payment success", () => {
    const expected = publicRoutes.map((r) => r.path).filter((p) => !NOT_INDEXED.includes(p));
    expect(sitemapPaths("jo")).toEqual(expected);
    expect(sitemapPaths("zoe")).toContain("/meet-zoe");
    expect(sitemapPaths("zoe")).toContain("/stronger-with-zoe");
  });

  it("writes absolute URLs with a lastmod, escaping XML", () => {
    const xml = renderSitemap("https://example.org/a&b", "jo", "2026-11-21");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    expect(xml).toContain("<loc>https://example.org/a&amp;b/meet-jo</loc>");
    expect(xml.match(/<url>/g)).toHaveLength(13);
    expect(xml.match(/<lastmod>2026-11-21<\/lastmod>/g)).toHaveLength(13);
  });

  it("answers with XML on SITE_URL and the configured slug, cacheable for an hour", async () => {
    process.env.SITE_URL = "https://strongwithzoe.example/";
    process.env.COACH_NAME = "Zoë";
    reloadConfig();
    const response = loader();
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    const xml = await response.text();
    expect(xml).toContain("<loc>https://strongwithzoe.example/</loc>");
    expect(xml).toContain("<loc>https://strongwithzoe.example/stronger-with-zoe</loc>");
    expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    expect(xml).not.toMatch(/settings|checkout|payment-success|reset-password|\/api\//);
  });
});
