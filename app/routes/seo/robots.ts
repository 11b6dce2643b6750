import { getServerEnv, getSiteConfig } from "~/config/env.server";
import { disallowedPaths } from "~/config/pages";
export { disallowedPaths } from "~/config/pages";

// /robots.txt (docs/product.md §2.4): crawl everything public; keep out account settings and admin,
// the API and auth endpoints, password reset, email links, the checkouts and payment success
// (which also carry noindex), and point to the sitemap. Each rule is the `disallow` prefix of an
// entry of app/config/pages.ts.

export function renderRobots(origin: string, coachSlug: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...disallowedPaths(coachSlug).map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

// Built once per process: the configuration does not change while the server runs.
let cached: { key: string; body: string } | undefined;

export function loader() {
  const origin = getServerEnv().SITE_ORIGIN;
  const slug = getSiteConfig().coachSlug;
  const key = `${origin} ${slug}`;
  if (cached?.key !== key) cached = { key, body: renderRobots(origin, slug) };
  return new Response(cached.body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
