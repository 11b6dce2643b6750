import { getServerEnv } from "~/config/env.server";
import { documentPolicy, type SecurityOptions } from "./security-headers.server";

// What the server knows about a request before React Router renders it, and the page policy
// built from the configuration once per process.

declare module "react-router" {
  interface AppLoadContext {
    /** The CSP nonce of this page (decision 140); absent while a page is rendered for the cache. */
    nonce?: string;
    /** Rendered once for the public page cache, not for a visitor: no nonce, all content ready. */
    pageCacheFill?: boolean;
  }
}

let cached: { key: string; options: SecurityOptions; prefix: string; suffix: string } | undefined;

/** The security options from the environment (parsed once; tests reset the environment). */
export function securityOptions(): SecurityOptions {
  return current().options;
}

function current() {
  const env = getServerEnv();
  const key = `${env.NODE_ENV}|${env.SITE_ORIGIN}|${env.S3_PUBLIC_URL ?? ""}`;
  if (cached?.key !== key) {
    const options: SecurityOptions = {
      production: env.NODE_ENV === "production",
      siteOrigin: env.SITE_ORIGIN,
      uploadsPublicUrl: env.S3_BUCKET ? env.S3_PUBLIC_URL : undefined,
    };
    // The policy split around its nonce, so a request only joins three strings.
    const marker = "\u0000nonce\u0000";
    const [prefix, suffix] = documentPolicy(options, { nonce: marker }).split(marker) as [string, string];
    cached = { key, options, prefix, suffix };
  }
  return cached;
}

/** The page policy for one nonce. */
export function documentPolicyWithNonce(nonce: string): string {
  const { prefix, suffix } = current();
  return prefix + nonce + suffix;
}

/**
 * Sets a page's policy. In production it is enforced; in development it is reported only (Vite's
 * dev client adds scripts and styles of its own), and the strict policy every other response gets
 * is replaced so it cannot block the page.
 */
export function applyDocumentPolicy(headers: Headers, nonce: string): void {
  const policy = documentPolicyWithNonce(nonce);
  if (current().options.production) {
    headers.set("Content-Security-Policy", policy);
  } else {
    headers.set("Content-Security-Policy", "frame-ancestors 'none'");
    headers.set("Content-Security-Policy-Report-Only", policy);
  }
}
