// The one list of the site's addresses (docs/product.md §2.1 and §2.2): app/routes.ts builds the
// route table from it, and the sitemap, robots.txt and the public page cache read what each entry
// says about it. A new page is added here once, with what search engines and the cache should do
// with it. The coach's slug (decision 002) gives the three addresses named after her.
//
// Imported by app/routes.ts at build time, so it imports nothing but plain modules.

/** The routes that depend on the coach's slug (docs/product.md §15). */
export function coachPaths(slug: string) {
  return {
    meet: `/meet-${slug}`,
    oneToOne: `/stronger-with-${slug}`,
    oneToOneCheckout: `/stronger-with-${slug}-checkout`,
  };
}

export interface SiteRoute {
  /** The address, "/" for home; "*" segments as React Router writes them. */
  path: string;
  /** The route module, relative to app/. */
  file: string;
  /** Listed in /sitemap.xml (docs/product.md §2.4). */
  sitemap?: true;
  /** Served from the public page cache to signed-out visitors (decision 143). */
  cached?: true;
  /** Kept out of robots.txt by this prefix (rules match by prefix). */
  disallow?: string;
  /** Pages drawn inside this one (a layout route): their paths are relative to it; "" is its index. */
  children?: { path: string; file: string }[];
}

/** Every address of the site, in the order of docs/product.md §2.1, then §2.2. */
export function siteRoutes(slug: string): SiteRoute[] {
  const coach = coachPaths(slug);
  return [
    { path: "/", file: "routes/marketing/home.tsx", sitemap: true, cached: true },
    { path: coach.meet, file: "routes/marketing/meet.tsx", sitemap: true, cached: true },
    { path: "/coaching-services", file: "routes/marketing/coaching-services.tsx", sitemap: true, cached: true },
    { path: "/community", file: "routes/marketing/community.tsx", sitemap: true, cached: true },
    { path: "/contact", file: "routes/marketing/contact.tsx", sitemap: true, cached: true },
    { path: coach.oneToOne, file: "routes/offers/one-to-one.tsx", sitemap: true, cached: true },
    // Checkouts show the sign-up form to a signed-out visitor, the same for all; ?cancelled=true
    // has a query string and is always rendered fresh. They carry noindex as well.
    { path: coach.oneToOneCheckout, file: "routes/offers/one-to-one-checkout.tsx", cached: true, disallow: coach.oneToOneCheckout },
    { path: "/learn-to-lift", file: "routes/offers/learn-to-lift.tsx", sitemap: true, cached: true },
    { path: "/learn-to-lift-checkout", file: "routes/offers/learn-to-lift-checkout.tsx", cached: true, disallow: "/learn-to-lift-checkout" },
    { path: "/learn-to-lift-interest", file: "routes/offers/learn-to-lift-interest.tsx", sitemap: true, cached: true },
    { path: "/build-stronger-foundations", file: "routes/offers/foundations.tsx", sitemap: true, cached: true },
    {
      path: "/build-stronger-foundations-checkout",
      file: "routes/offers/foundations-checkout.tsx",
      cached: true,
      disallow: "/build-stronger-foundations-checkout",
    },
    { path: "/build-stronger-foundations-interest", file: "routes/offers/foundations-interest.tsx", sitemap: true, cached: true },
    // docs/product.md §2.1: the second reading of the waitlist address redirects permanently.
    { path: "/build-stronger-foundations/interest", file: "routes/offers/foundations-interest-redirect.tsx" },
    { path: "/payment-success", file: "routes/offers/payment-success.tsx", disallow: "/payment-success" },
    { path: "/strength-training", file: "routes/marketing/strength-training.tsx", sitemap: true, cached: true },
    // The members' area (docs/product.md §19): signed-in members only, never cached or indexed.
    // Its pages share a layout (the area's navigation); each owns its loader and page.
    {
      path: "/learn",
      file: "routes/learn/layout.tsx",
      disallow: "/learn/",
      children: [
        { path: "", file: "routes/learn/index.tsx" },
        { path: "coaching", file: "routes/learn/coaching.tsx" },
        { path: ":course", file: "routes/learn/course.tsx" },
        { path: ":course/:module/:lesson", file: "routes/learn/lesson.tsx" },
      ],
    },
    // Its files and videos, answered whole (no page around them).
    { path: "/learn/coaching/files/:fileId", file: "routes/learn/coaching-file.ts" },
    { path: "/learn/files/:fileId", file: "routes/learn/file.ts" },
    { path: "/learn/videos/:lessonId", file: "routes/learn/video.ts" },
    { path: "/settings", file: "routes/account/settings.tsx", disallow: "/settings" },
    // The admin dashboard (docs/product.md §10): the overview around one tab, each tab its own address.
    {
      path: "/settings/admin",
      file: "routes/admin/layout.tsx",
      disallow: "/settings/admin",
      children: [
        { path: "users", file: "routes/admin/users.tsx" },
        { path: "sales", file: "routes/admin/sales.tsx" },
        { path: "analytics", file: "routes/admin/analytics.tsx" },
        { path: "subscribers", file: "routes/admin/subscribers.tsx" },
        { path: "integrations", file: "routes/admin/integrations.tsx" },
        { path: "activity", file: "routes/admin/activity.tsx" },
        { path: "offers", file: "routes/admin/offers.tsx" },
        { path: "promotions", file: "routes/admin/promotions.tsx" },
        { path: "emails", file: "routes/admin/emails.tsx" },
        { path: "content", file: "routes/admin/content.tsx" },
        { path: "courses", file: "routes/admin/courses.tsx" },
        { path: "courses/video", file: "routes/admin/course-video.tsx" },
      ],
    },
    { path: "/terms", file: "routes/marketing/terms.tsx", sitemap: true, cached: true },
    { path: "/privacy", file: "routes/marketing/privacy.tsx", sitemap: true, cached: true },

    // Resource routes and flows without a page of their own (docs/product.md §2.2).
    { path: "/api/auth/*", file: "routes/api/auth.ts", disallow: "/api/" },
    { path: "/auth", file: "routes/api/auth-form.ts", disallow: "/auth" },
    { path: "/api/auth-form", file: "routes/api/auth-form-json.ts" },
    { path: "/sign-out", file: "routes/api/sign-out.ts", disallow: "/sign-out" },
    { path: "/reset-password", file: "routes/account/reset-password.tsx", disallow: "/reset-password" },
    { path: "/verify-email", file: "routes/account/verify-email.tsx", disallow: "/verify-email" },
    { path: "/email-change/confirm", file: "routes/account/email-change-confirm.tsx", disallow: "/email-change/" },
    { path: "/email-change/undo", file: "routes/account/email-change-undo.tsx" },
    { path: "/settings/data", file: "routes/account/download-data.ts" },
    { path: "/settings/security", file: "routes/account/security.ts" },
    { path: "/uploads/*", file: "routes/api/uploads.ts" },
    { path: "/api/email-list", file: "routes/api/email-list.ts" },
    { path: "/api/page-view", file: "routes/api/page-view.ts" },
    { path: "/email/confirm", file: "routes/api/email-confirm.tsx", disallow: "/email/" },
    { path: "/email/unsubscribe", file: "routes/api/email-unsubscribe.tsx" },
    { path: "/downloads/:file", file: "routes/api/downloads.ts" },
    { path: "/api/payments/webhook", file: "routes/api/payment-webhook.ts" },
    { path: "/test-checkout/billing-portal", file: "routes/offers/test-billing-portal.tsx" },
    { path: "/test-checkout/:sessionId", file: "routes/offers/test-checkout.tsx", disallow: "/test-checkout/" },
    { path: "/settings/billing", file: "routes/account/billing-portal.ts" },
    { path: "/sitemap.xml", file: "routes/seo/sitemap.ts", cached: true },
    { path: "/robots.txt", file: "routes/seo/robots.ts", cached: true },
    { path: "/settings/admin/members.csv", file: "routes/admin/members-export.ts" },
    { path: "/settings/admin/sales.csv", file: "routes/admin/sales-export.ts" },
    { path: "/settings/admin/analytics.csv", file: "routes/admin/analytics-export.ts" },
    { path: "/settings/admin/subscribers.csv", file: "routes/admin/subscribers-export.ts" },
    { path: "/settings/admin/follow-ups", file: "routes/admin/follow-ups.ts" },
    { path: "/settings/admin/courses/video-upload", file: "routes/admin/course-video-upload.ts" },
    { path: "/settings/admin/member-files", file: "routes/admin/member-files.ts" },
  ];
}

/** The indexable public pages, in the order of the route table. */
export function sitemapPaths(slug: string): string[] {
  return siteRoutes(slug)
    .filter((r) => r.sitemap)
    .map((r) => r.path);
}

/** The paths the public page cache may answer (exact matches, signed-out visitors only). */
export function cacheablePaths(slug: string): string[] {
  return siteRoutes(slug)
    .filter((r) => r.cached)
    .map((r) => r.path);
}

/** The prefixes robots.txt asks crawlers to stay out of. */
export function disallowedPaths(slug: string): string[] {
  const prefixes = siteRoutes(slug).flatMap((r) => (r.disallow ? [r.disallow] : []));
  return [...new Set(prefixes)];
}
