// The route table of docs/product.md §2.1 as the tests see it, for the default demo coach (Jo / jo).
// Every public route with the heading it must show; tests iterate over this list, so a page
// added to app/routes.ts must be added here too (tests/integration/site-pages.test.ts checks that).

export const COACH = { name: "Jo", slug: "jo" } as const;

export interface PublicRoute {
  path: string;
  heading: string | RegExp;
  title: string | RegExp;
}

export const publicRoutes: PublicRoute[] = [
  { path: "/", heading: "Thrive Through the Menopause and Beyond", title: /Strength Training for Women Over 40/ },
  { path: `/meet-${COACH.slug}`, heading: `Meet ${COACH.name}`, title: /^Meet Jo/ },
  { path: "/coaching-services", heading: "Coaching Services", title: /^Coaching Services/ },
  { path: "/community", heading: "Community", title: /^Community/ },
  { path: "/contact", heading: "Contact", title: /^Contact/ },
  { path: `/stronger-with-${COACH.slug}`, heading: `Stronger with ${COACH.name}`, title: /^Stronger with Jo/ },
  { path: `/stronger-with-${COACH.slug}-checkout`, heading: /Stronger with Jo/, title: /Stronger with Jo/ },
  { path: "/learn-to-lift", heading: "Learn to Lift", title: /^Learn to Lift/ },
  { path: "/learn-to-lift-checkout", heading: /Learn to Lift/, title: /Learn to Lift/ },
  { path: "/learn-to-lift-interest", heading: /Learn to Lift/, title: /Learn to Lift/ },
  { path: "/build-stronger-foundations", heading: "Build Stronger Foundations", title: /^Build Stronger Foundations/ },
  {
    path: "/build-stronger-foundations-checkout",
    heading: "Welcome to Build Stronger Foundations",
    title: /Build Stronger Foundations/,
  },
  { path: "/build-stronger-foundations-interest", heading: "Make Exercise Easier", title: /^Make Exercise Easier/ },
  { path: "/payment-success", heading: "Payment Successful", title: /^Payment Successful/ },
  { path: "/strength-training", heading: "Strength Training for Women Over 40", title: /^Strength Training for Women Over 40/ },
  { path: "/terms", heading: "Terms and Conditions", title: /^Terms and Conditions/ },
  { path: "/privacy", heading: "Privacy Policy", title: /^Privacy Policy/ },
];

/** Routes only members (or admins) may open: a signed-out visitor is sent to / (docs/product.md §12). */
export const guardedRoutes = ["/settings", "/settings/admin", "/learn", "/learn/coaching", "/learn/learn-to-lift", "/learn/build-stronger-foundations/make-room-for-movement/why-small-works"];

/** Every page of the route table in docs/product.md §2.1 (the 404 splat and the waitlist redirect aside). */
export const allRoutePaths = [...publicRoutes.map((r) => r.path), "/settings", "/settings/admin", "/learn", "/learn/coaching"];

/** The admin dashboard's tabs, each a page of its own inside /settings/admin (docs/product.md §10). */
export const adminTabPaths = [
  "/settings/admin/users",
  "/settings/admin/sales",
  "/settings/admin/analytics",
  "/settings/admin/activity",
  // A lesson's video form's own address (a refused upload shows the Courses tab there).
];

/** Routes outside the page table (docs/product.md §2.2): resource routes and flows (auth, uploads, email lists, SEO). */
export const nonPageRoutePaths = [
  "/api/auth/*",
  "/auth",
  "/api/auth-form",
  "/sign-out",
  "/reset-password",
  "/verify-email",
  "/email-change/confirm",
  "/email-change/undo",
  "/settings/data",
  "/settings/security",
  "/uploads/*",
  "/api/email-list",
  "/api/page-view",
  "/email/confirm",
  "/email/unsubscribe",
  "/downloads/:file",
  "/api/payments/webhook",
  "/test-checkout/billing-portal",
  "/test-checkout/:sessionId",
  "/settings/billing",
  "/sitemap.xml",
  "/robots.txt",
  "/settings/admin/members.csv",
  "/settings/admin/sales.csv",
  "/settings/admin/analytics.csv",
  "/settings/admin/subscribers.csv",
  "/settings/admin/subscribers",
  "/settings/admin/integrations",
  "/settings/admin/offers",
  "/settings/admin/promotions",
  "/settings/admin/emails",
  "/settings/admin/follow-ups",
  "/settings/admin/content",
  "/settings/admin/courses",
  "/settings/admin/courses/video",
  "/settings/admin/courses/video-upload",
  "/settings/admin/member-files",
  // The members' area's courses, lessons and guarded files (docs/product.md §19).
  "/learn/:course",
  "/learn/:course/:module/:lesson",
  "/learn/files/:fileId",
  "/learn/videos/:lessonId",
  "/learn/coaching/files/:fileId",
];
