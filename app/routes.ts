import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { coachSlugFromEnv } from "./config/slug";

// The route table of SPEC §2, written out. The coach's slug (DESIGN D11) is read when the app is
// built; the server refuses to start if its configured slug differs from the built one.
const slug = coachSlugFromEnv(process.env);

export default [
  index("routes/marketing/home.tsx"),
  route(`meet-${slug}`, "routes/marketing/meet.tsx"),
  route("coaching-services", "routes/marketing/coaching-services.tsx"),
  route("community", "routes/marketing/community.tsx"),
  route("contact", "routes/marketing/contact.tsx"),
  route(`stronger-with-${slug}`, "routes/offers/one-to-one.tsx"),
  route(`stronger-with-${slug}-checkout`, "routes/offers/one-to-one-checkout.tsx"),
  route("learn-to-lift", "routes/offers/learn-to-lift.tsx"),
  route("learn-to-lift-checkout", "routes/offers/learn-to-lift-checkout.tsx"),
  route("learn-to-lift-interest", "routes/offers/learn-to-lift-interest.tsx"),
  route("build-stronger-foundations", "routes/offers/foundations.tsx"),
  route("build-stronger-foundations-checkout", "routes/offers/foundations-checkout.tsx"),
  route("build-stronger-foundations-interest", "routes/offers/foundations-interest.tsx"),
  // DESIGN D5: the second reading of the waitlist address redirects permanently.
  route("build-stronger-foundations/interest", "routes/offers/foundations-interest-redirect.tsx"),
  route("payment-success", "routes/offers/payment-success.tsx"),
  route("strength-training", "routes/marketing/strength-training.tsx"),
  route("settings", "routes/account/settings.tsx"),
  route("settings/admin", "routes/admin/dashboard.tsx"),
  route("terms", "routes/marketing/terms.tsx"),
  route("privacy", "routes/marketing/privacy.tsx"),

  // Resource routes and flows without a page of their own in SPEC's table.
  route("api/auth/*", "routes/api/auth.ts"),
  route("auth", "routes/api/auth-form.ts"),
  route("api/auth-form", "routes/api/auth-form-json.ts"),
  route("sign-out", "routes/api/sign-out.ts"),
  route("reset-password", "routes/account/reset-password.tsx"),
  route("settings/data", "routes/account/download-data.ts"),
  route("settings/security", "routes/account/security.ts"),
  route("uploads/*", "routes/api/uploads.ts"),
  route("api/email-list", "routes/api/email-list.ts"),
  route("email/confirm", "routes/api/email-confirm.tsx"),
  route("email/unsubscribe", "routes/api/email-unsubscribe.tsx"),
  route("downloads/:file", "routes/api/downloads.ts"),
  route("api/payments/webhook", "routes/api/payment-webhook.ts"),
  route("test-checkout/:sessionId", "routes/offers/test-checkout.tsx"),
  route("settings/billing", "routes/account/billing-portal.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  route("settings/admin/members.csv", "routes/admin/members-export.ts"),
  route("settings/admin/integrations", "routes/admin/integrations.ts"),
  route("settings/admin/offers", "routes/admin/offers.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
