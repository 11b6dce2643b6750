import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { getServerEnv, getSiteConfig } from "~/config/env.server";
import { sitemapPaths } from "~/config/pages";
export { sitemapPaths } from "~/config/pages";

// /sitemap.xml (docs/product.md §2.4): every public page of the route table (§2.1; the entries of
// app/config/pages.ts marked `sitemap`) that a search engine should list, as absolute URLs on SITE_URL. Not listed: account settings, admin, checkouts,
// payment success, password reset, email links and API routes (robots.txt keeps those out too).

// NOTE: the pages' content changes only with a new build, so every page's lastmod is the day the
// server bundle was built (this module's file); in development, the day this file last changed.
function builtOn(): string {
  try {
    return fs.statSync(fileURLToPath(import.meta.url)).mtime.toISOString().slice(0, 10);
  } catch {
    return new Date().toISOString().slice(0, 10);
  }
}

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

export function renderSitemap(origin: string, coachSlug: string, lastmod: string): string {
  const urls = sitemapPaths(coachSlug).map(
    (path) => `  <url>\n    <loc>${escapeXml(origin + path)}</loc>\n    <lastmod>${lastmod}</lastmod>\n  </url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

// Built once per process: the configuration does not change while the server runs.
let cached: { key: string; body: string } | undefined;

export function loader() {
  const origin = getServerEnv().SITE_ORIGIN;
  const slug = getSiteConfig().coachSlug;
  const key = `${origin} ${slug}`;
  if (cached?.key !== key) cached = { key, body: renderSitemap(origin, slug, builtOn()) };
  return new Response(cached.body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
