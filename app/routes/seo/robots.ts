import { getServerEnv, getSiteConfig } from "~/config/env.server";
import { coachPaths } from "~/config/site";

// /robots.txt (issue 4 item 6): crawl everything public; keep out account settings and admin,
// the API and auth endpoints, password reset, email links, the checkouts and payment success
// (which also carry noindex), and point to the sitemap.

/** Paths crawlers are asked to stay out of (robots.txt rules match by prefix). */
export function disallowedPaths(coachSlug: string): string[] {
  return [
    "/settings",
    "/settings/admin",
    "/api/",
    "/auth",
    "/sign-out",
    "/reset-password",
    "/email/",
    "/test-checkout/",
    coachPaths(coachSlug).oneToOneCheckout,
    "/learn-to-lift-checkout",
    "/build-stronger-foundations-checkout",
    "/payment-success",
  ];
}

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
