import path from "node:path";
import { z } from "zod";
import { coachSlugFromEnv } from "./slug";
import { ConfigError, defaultSiteConfig, resolveSiteConfig, type SiteConfig, type SiteConfigInput } from "./site";

// Every environment variable the server reads is parsed here, once. A missing or malformed value
// stops start-up with a message naming the variable (docs/architecture.md §6 "Server-only code").

/** Environment variables that override the coach's site configuration, and the field each sets. */
export const SITE_ENV_FIELDS = {
  COACH_NAME: "coachName",
  COACH_SLUG: "coachSlug",
  BUSINESS_NAME: "businessName",
  CONTACT_EMAIL: "contactEmail",
  SOCIAL_INSTAGRAM_URL: "social.instagram",
  SOCIAL_FACEBOOK_URL: "social.facebook",
  SOCIAL_YOUTUBE_URL: "social.youtube",
  SOCIAL_TIKTOK_URL: "social.tiktok",
  BOOKING_CAL_LINK: "booking.calLink",
  BOOKING_NAMESPACE: "booking.namespace",
  COMMUNITY_URL: "communityUrl",
  COMMUNITY_MEMBERS_URL: "communityMembersUrl",
  EMAIL_MARKETING_SUBSCRIBERS_URL: "emailMarketing.subscribersUrl",
  NEXT_COHORT_DATE: "nextCohortDate",
  PRICE_LEARN_TO_LIFT_PENCE: "prices.learnToLift",
  PRICE_ONE_TO_ONE_PENCE: "prices.oneToOne",
  PRICE_FOUNDATIONS_PENCE: "prices.foundations",
} as const;

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === "" ? undefined : v));

/** UPLOAD_MIN_FREE_SPACE: bytes, or a share (0–0.9) of the disk. */
export type FreeSpaceSetting = { bytes: number } | { share: number };

const ServerEnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  SITE_URL: optionalString.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional()),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString.pipe(
    z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL").optional(),
  ),
  AUTH_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  TRUSTED_PROXIES: optionalString,
  GEO_HEADER: optionalString,
  ADMIN_EMAILS: optionalString,
  SMTP_URL: optionalString.pipe(z.string().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL").optional()),
  MAIL_FROM: optionalString,
  /** Where the coach's sale, cancellation and refund notifications go (docs/product.md §18.3). */
  NOTIFY_EMAIL: optionalString.pipe(z.email("must be an email address").optional()),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /**
   * Deliberate opt-ins for a public site (app/config/deployment.server.ts): PAYMENTS=test keeps the
   * test checkout (or a Stripe test key) and shows a 'Test mode' banner; MAIL=outbox keeps email
   * in DATA_DIR/outbox. PAYMENTS=stripe and MAIL=smtp require their keys.
   */
  PAYMENTS: optionalString.pipe(z.enum(["test", "stripe"], { error: "must be test or stripe" }).optional()),
  MAIL: optionalString.pipe(z.enum(["outbox", "smtp"], { error: "must be outbox or smtp" }).optional()),
  /** Kit (email marketing) v4 API key: set, confirmed subscribers and new members are synced there. */
  KIT_API_KEY: optionalString,
  /**
   * Kit's API address, for tests against a local stand-in. The key travels in a header, so it is
   * sent over HTTPS only, or plain HTTP to this machine.
   */
  KIT_API_URL: optionalString.pipe(
    z
      .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
      .refine(
        (value) => {
          const url = new URL(value);
          return url.protocol === "https:" || ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
        },
        { error: "must be an https:// URL (plain http only to localhost)" },
      )
      .optional(),
  ),
  /** Where backups are written (npm run backup, BACKUP_EVERY); relative to the working folder. */
  BACKUP_DIR: z.string().trim().min(1).default("backups"),
  /** How often the running server writes a backup, e.g. 6h, 1d, 30m; unset, never. */
  BACKUP_EVERY: optionalString.pipe(
    z
      .string()
      .regex(/^\d+\s*(m|h|d)$/, "must be a number of minutes, hours or days, e.g. 30m, 6h or 1d")
      .transform((v) => Number.parseInt(v, 10) * { m: 60_000, h: 3_600_000, d: 86_400_000 }[v.trim().slice(-1) as "m" | "h" | "d"])
      .refine((ms) => ms >= 5 * 60_000, "must be at least 5 minutes (5m)")
      .optional(),
  ),
  /** How many backups to keep in BACKUP_DIR (older ones are deleted); unset, all. */
  BACKUP_KEEP: optionalString.pipe(
    z
      .string()
      .regex(/^\d+$/, "must be a whole number")
      .transform(Number)
      .refine((n) => n >= 1, "must be 1 or more")
      .optional(),
  ),
  /**
   * What an upload must leave free on the disk of DATA_DIR (docs/security.md, "Upload space guard"):
   * a size (2GB, 500MB) or a share of the disk (5%); 0 switches the guard off. Unset, the smaller of
   * 1 GB and 10 % of the disk, and never less than 64 MB.
   */
  UPLOAD_MIN_FREE_SPACE: optionalString.pipe(
    z
      .string()
      .regex(/^\d+(\.\d+)?\s*(%|B|KB|MB|GB|TB)?$/i, "must be a size such as 2GB or 500MB, a share of the disk such as 5%, or 0")
      .transform((value): FreeSpaceSetting => {
        const [, amount = "0", , unit = "B"] = /^(\d+(\.\d+)?)\s*(.*)$/.exec(value)!;
        const number = Number(amount);
        if (unit === "%") return { share: number / 100 };
        const scale = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 }[(unit || "B").toUpperCase() as "B"];
        return { bytes: Math.round(number * scale) };
      })
      .refine((setting) => !("share" in setting) || setting.share <= 0.9, "must be at most 90%")
      .optional(),
  ),
  /**
   * Days a member keeps her monthly offer after a renewal payment fails, while the provider retries
   * her card (docs/product.md §8.10). Unset, 7.
   */
  PAYMENT_GRACE_DAYS: optionalString.pipe(
    z
      .string()
      .regex(/^\d+$/, "must be a whole number of days")
      .transform(Number)
      .refine((n) => n >= 0 && n <= 60, "must be from 0 to 60")
      .optional(),
  ),
  /** Bearer token for GET /metrics; unset, /metrics does not exist (404). */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
});

export type ServerEnv = z.output<typeof ServerEnvSchema> & { DATA_DIR_ABS: string; SITE_ORIGIN: string };

function setPath(target: Record<string, unknown>, dotted: string, value: unknown) {
  const keys = dotted.split(".");
  let node = target;
  for (const key of keys.slice(0, -1)) {
    node[key] = { ...((node[key] as Record<string, unknown>) ?? {}) };
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1]!] = value;
}


/** Builds the site configuration from the defaults and the environment. Throws ConfigError. */
export function loadSiteConfig(env: NodeJS.ProcessEnv = process.env): SiteConfig {
  const input = structuredClone(defaultSiteConfig) as unknown as Record<string, unknown>;
  const fieldToEnv = new Map<string, string>();
  for (const [name, field] of Object.entries(SITE_ENV_FIELDS)) {
    fieldToEnv.set(field, name);
    const value = env[name];
    if (value !== undefined && value !== "") setPath(input, field, value);
  }
  setPath(input, "coachSlug", coachSlugFromEnv(env));
  if (env.COACH_NAME && !env.BUSINESS_NAME) setPath(input, "businessName", `Strong with ${env.COACH_NAME.trim()}`);
  try {
    return resolveSiteConfig(input as SiteConfigInput);
  } catch (error) {
    if (error instanceof ConfigError) {
      throw new ConfigError(
        error.issues.map((issue) => {
          const envName = fieldToEnv.get(issue.field);
          return { field: envName ? `${envName} (${issue.field})` : issue.field, reason: issue.reason };
        }),
      );
    }
    throw error;
  }
}

export function loadServerEnv(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  const parsed = ServerEnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({ field: issue.path.join("."), reason: issue.message })),
    );
  }
  const values = parsed.data;
  return {
    ...values,
    DATA_DIR_ABS: path.resolve(values.DATA_DIR),
    SITE_ORIGIN: (values.SITE_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ""),
  };
}

// Parsed once and cached for the life of the process; reloadConfig() parses the environment again.
const cache = globalThis as typeof globalThis & { __siteConfig?: SiteConfig; __serverEnv?: ServerEnv };

export function getSiteConfig(): SiteConfig {
  return (cache.__siteConfig ??= loadSiteConfig());
}

export function getServerEnv(): ServerEnv {
  return (cache.__serverEnv ??= loadServerEnv());
}

/** Forgets the parsed configuration, so the next read parses the environment again. */
export function reloadConfig() {
  delete cache.__siteConfig;
  delete cache.__serverEnv;
}
