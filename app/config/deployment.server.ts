import type { ServerEnv } from "./env.server";
import { ConfigError } from "./site";

// A deployed site never runs on the test stand-ins by accident (docs/product.md §17.1). In
// production, for a public address, the built-in test checkout and the email outbox are refused
// unless the operator opts in (PAYMENTS=test, MAIL=outbox); a live Stripe key needs an https
// address, and a test key on a public site needs PAYMENTS=test. The quick start (localhost, no
// keys) is untouched.

type DeploymentEnv = Pick<ServerEnv, "NODE_ENV" | "SITE_ORIGIN"> & Partial<Pick<ServerEnv, "SITE_URL" | "STRIPE_SECRET_KEY" | "SMTP_URL" | "PAYMENTS" | "MAIL">>;

export interface DeploymentProblem {
  /** The variable to set or change. */
  field: string;
  reason: string;
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/** True for an address people outside this machine would use (not localhost / 127.0.0.1 / ::1). */
export function isPublicAddress(origin: string): boolean {
  try {
    const host = new URL(origin).hostname.toLowerCase();
    return !LOCAL_HOSTS.has(host) && !host.endsWith(".localhost");
  } catch {
    return false;
  }
}

/** Whether the site runs for the public in production: the rules below then apply. */
export function isPublicProduction(env: Pick<DeploymentEnv, "NODE_ENV" | "SITE_URL" | "SITE_ORIGIN">): boolean {
  return env.NODE_ENV === "production" && Boolean(env.SITE_URL) && isPublicAddress(env.SITE_ORIGIN);
}

/** True when visitors should see the 'Test mode' banner: the operator chose PAYMENTS=test. */
export function isTestModeSite(env: Pick<DeploymentEnv, "PAYMENTS">): boolean {
  return env.PAYMENTS === "test";
}

/** Everything that stops this configuration from starting, each naming the variable and the way out. */
export function deploymentProblems(env: DeploymentEnv): DeploymentProblem[] {
  const problems: DeploymentProblem[] = [];
  const key = env.STRIPE_SECRET_KEY;
  const live = key?.startsWith("sk_live_") || key?.startsWith("rk_live_");
  const httpsSite = env.SITE_ORIGIN.startsWith("https://");

  if (live && env.PAYMENTS === "test") {
    problems.push({ field: "PAYMENTS", reason: "is test, but STRIPE_SECRET_KEY is a live key: remove PAYMENTS=test to take real payments, or use a test key (sk_test_…)" });
  }
  if (live && !httpsSite) {
    problems.push({
      field: "SITE_URL",
      reason: `is ${env.SITE_URL ? `${env.SITE_ORIGIN} (not https)` : "not set"}, but STRIPE_SECRET_KEY is a live key: real payments need the site's https:// address, e.g. SITE_URL=https://www.example.co.uk`,
    });
  }
  if (env.PAYMENTS === "stripe" && !key) {
    problems.push({ field: "STRIPE_SECRET_KEY", reason: "is not set, but PAYMENTS=stripe: set your Stripe secret key (Stripe dashboard > Developers > API keys)" });
  }
  if (env.MAIL === "smtp" && !env.SMTP_URL) {
    problems.push({ field: "SMTP_URL", reason: "is not set, but MAIL=smtp: set it, e.g. smtps://user:password@smtp.example.com:465" });
  }
  if (!isPublicProduction(env)) return problems;

  if (!key && env.PAYMENTS !== "test") {
    problems.push({
      field: "STRIPE_SECRET_KEY",
      reason:
        "is not set, so checkouts would use the built-in test checkout and nobody would be charged. " +
        "Set your Stripe secret key (and STRIPE_WEBHOOK_SECRET), or set PAYMENTS=test for a staging site (every page then shows a 'Test mode' banner)",
    });
  }
  if (key && !live && env.PAYMENTS !== "test") {
    problems.push({
      field: "STRIPE_SECRET_KEY",
      reason:
        "is a Stripe test key (sk_test_…) on a public site, so nobody would be charged. " +
        "Use the live key (sk_live_…), or set PAYMENTS=test for a staging site (every page then shows a 'Test mode' banner)",
    });
  }
  if (!env.SMTP_URL && env.MAIL !== "outbox") {
    problems.push({
      field: "SMTP_URL",
      reason:
        "is not set, so emails (address confirmations, password resets) would be written to a folder on this server and nobody would receive them. " +
        "Set SMTP_URL (e.g. smtps://user:password@smtp.example.com:465), or set MAIL=outbox to keep them in DATA_DIR/outbox deliberately",
    });
  }
  return problems;
}

/** The refusal printed at start-up: one heading, then each variable with what to do. */
export class DeploymentRefusedError extends ConfigError {
  constructor(problems: DeploymentProblem[], siteOrigin: string) {
    super(problems);
    this.message =
      `This server will not start for ${siteOrigin} as configured:\n` + problems.map((p) => `  - ${p.field} ${p.reason}.`).join("\n");
  }
}
