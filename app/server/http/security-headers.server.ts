import crypto from "node:crypto";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { CAL_EMBED_SCRIPT, CAL_ORIGIN } from "~/config/booking";
import { VIDEO_FRAME_ORIGINS } from "~/validation/video";

// The security headers of every response (decision 140; docs/security.md explains each one;
// decisions 140 and 141). Everything here is computed once per process: a request only picks a
// ready-made header set (and, for a server-rendered page, a fresh nonce).

/** Where the payment provider's hosted pages live: checkout and the customer portal (docs/product.md §8.2). */
export const PAYMENT_FORM_ORIGINS = ["https://checkout.stripe.com", "https://billing.stripe.com"] as const;

/** Cal.com's embed: its script (and the chunks it loads) and the booking page in its iframe. */
export const BOOKING_SCRIPT_ORIGIN = new URL(CAL_EMBED_SCRIPT).origin;
export const BOOKING_FRAME_ORIGINS = [...new Set([new URL(CAL_ORIGIN).origin, BOOKING_SCRIPT_ORIGIN])];

export interface SecurityOptions {
  /** NODE_ENV=production: adds Strict-Transport-Security. */
  production: boolean;
  /** The site's public origin (SITE_URL): https adds upgrade-insecure-requests. */
  siteOrigin: string;
  /** S3_PUBLIC_URL, when avatars are served from a bucket on another origin. */
  uploadsPublicUrl?: string;
}

/**
 * The policy of a server-rendered page. Scripts: our own files ('self': the fingerprinted
 * modules under /assets), the inline scripts React Router writes (allowed by the request's nonce,
 * or by their hashes for a cached page), and Cal.com's embed. Never 'unsafe-inline' or
 * 'unsafe-eval' for scripts. Styles allow inline (decision 141). Frames: Cal.com's booking page
 * and the lessons' video players (VIDEO_FRAME_ORIGINS, app/validation/video.ts: youtube-nocookie.com
 * and Vimeo's player only, framed after the member presses play).
 */
export function documentPolicy(
  options: SecurityOptions,
  scripts: { nonce: string } | { hashes: readonly string[] },
): string {
  const scriptSources =
    "nonce" in scripts ? [`'nonce-${scripts.nonce}'`] : scripts.hashes.map((hash) => `'${hash}'`);
  const images = ["'self'", "data:", "blob:"];
  if (options.uploadsPublicUrl) {
    try {
      images.push(new URL(options.uploadsPublicUrl).origin);
    } catch {
      // The storage configuration reports a malformed URL itself.
    }
  }
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${[...scriptSources, BOOKING_SCRIPT_ORIGIN].join(" ")}`,
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${images.join(" ")}`,
    "font-src 'self'",
    `connect-src 'self' ${BOOKING_SCRIPT_ORIGIN}`,
    `frame-src ${[...BOOKING_FRAME_ORIGINS, ...VIDEO_FRAME_ORIGINS].join(" ")}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${PAYMENT_FORM_ORIGINS.join(" ")}`,
    "frame-ancestors 'none'",
  ];
  if (options.siteOrigin.startsWith("https:")) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/**
 * Everything that is not a server-rendered page (JSON, redirects, images, text, the health check,
 * Express's own error pages): nothing may run or load, and nobody may frame it.
 */
export const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * A PDF opened in Chrome is shown by its built-in viewer, which a `default-src 'none'` policy on
 * the PDF's response blocks (crbug.com/271452): framing is all there is to forbid.
 */
export const PDF_POLICY = "frame-ancestors 'none'";

/**
 * The browser features this site never uses, switched off for it and for every frame in it.
 * Autoplay is the one exception, for the video players only: pressing play on a lesson's video
 * loads the player (app/islands/video.ts), which must then start without a second press. A frame
 * gets it only when its own iframe allows it as well (allow="autoplay"), and the page must have it
 * itself to pass it on, hence self.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  `autoplay=(self ${VIDEO_FRAME_ORIGINS.map((origin) => `"${origin}"`).join(" ")})`,
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

/** The headers every response carries, whatever it is (the CSP is RESOURCE_POLICY here). */
export function baseSecurityHeaders(options: SecurityOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": RESOURCE_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin",
    // For browsers without frame-ancestors.
    "X-Frame-Options": "DENY",
  };
  // Browsers ignore HSTS over plain http; a development server on http must never send it anyway.
  if (options.production) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

/** A fresh nonce for one page: 128 random bits, base64. */
export function createNonce(): string {
  return crypto.randomBytes(16).toString("base64");
}

/**
 * Express middleware setting the base headers before anything else runs, so static files, the
 * health check, redirects, 404s, 413s and Express's own error answers carry them too. The
 * React Router handler then replaces the CSP for pages (with the nonce) and PDFs.
 */
export function securityHeadersMiddleware(getOptions: () => SecurityOptions) {
  let entries: [string, string][] | undefined;
  return (_req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    entries ??= Object.entries(baseSecurityHeaders(getOptions()));
    for (const [name, value] of entries) res.setHeader(name, value);
    next();
  };
}
