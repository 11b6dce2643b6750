import { z } from "~/validation/zod";
import { buildCatalogue, type Product } from "./catalogue";

// The coach's site configuration: everything that is hers is here, not in page code.
// Defaults describe the demo coach 'Jo' (docs/product.md §15); environment variables override them
// (see config.server.ts and .env.example).

const url = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });
const pence = z.coerce
  .number({ error: "must be a whole number of pence" })
  .int("must be a whole number of pence")
  .min(100, "must be at least 100 pence (£1)")
  .max(10_000_000, "must be at most 10,000,000 pence");

export const SiteConfigSchema = z.object({
  coachName: z
    .string()
    .trim()
    .min(1, "is required")
    .max(30, "must be at most 30 characters")
    .regex(/^[\p{L}][\p{L}' -]*$/u, "must contain only letters, spaces, hyphens and apostrophes"),
  coachSlug: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9-]{0,29}$/, "must be lower-case letters, digits and hyphens, starting with a letter"),
  businessName: z.string().trim().min(1, "is required").max(80, "must be at most 80 characters"),
  contactEmail: z.email("must be an email address"),
  social: z.object({
    instagram: url,
    facebook: url,
    youtube: url,
    tiktok: url,
  }),
  booking: z.object({
    /** Cal.com link such as "jo-strong/20min"; the embed loads https://cal.com/<link>. */
    calLink: z.string().trim().min(1, "is required"),
    namespace: z.enum(["20min", "free-consultation"], { error: "must be 20min or free-consultation" }),
  }),
  communityUrl: url,
  communityMembersUrl: url,
  emailMarketing: z.object({ subscribersUrl: url }),
  nextCohortDate: z.iso.datetime({ offset: true, error: "must be an ISO date-time such as 2026-01-05T09:00:00Z" }),
  prices: z.object({ learnToLift: pence, oneToOne: pence, foundations: pence }),
});

export type SiteConfigInput = z.input<typeof SiteConfigSchema>;
export type SiteConfigValues = z.output<typeof SiteConfigSchema>;

export interface SiteConfig extends SiteConfigValues {
  catalogue: Product[];
}

export const defaultSiteConfig: SiteConfigInput = {
  coachName: "Jo",
  coachSlug: "jo",
  businessName: "Strong with Jo",
  contactEmail: "hello@strongwithjo.co.uk",
  social: {
    instagram: "https://www.instagram.com/strongwithjo",
    facebook: "https://www.facebook.com/strongwithjo",
    youtube: "https://www.youtube.com/@strongwithjo",
    tiktok: "https://www.tiktok.com/@strongwithjo",
  },
  booking: { calLink: "strongwithjo/20min", namespace: "20min" },
  communityUrl: "https://strongwithjo.circle.so",
  communityMembersUrl: "https://strongwithjo.circle.so/members",
  emailMarketing: { subscribersUrl: "https://app.kit.com/subscribers" },
  nextCohortDate: "2027-01-11T09:00:00Z",
  prices: { learnToLift: 30000, oneToOne: 47700, foundations: 2000 },
};

export class ConfigError extends Error {
  constructor(public readonly issues: { field: string; reason: string }[]) {
    super(
      "Invalid site configuration:\n" +
        issues.map((i) => `  - ${i.field}: ${i.reason}`).join("\n"),
    );
    this.name = "ConfigError";
  }
}

/** Validates a configuration and derives the catalogue. Throws ConfigError naming each bad field. */
export function resolveSiteConfig(input: unknown): SiteConfig {
  const parsed = SiteConfigSchema.safeParse(input);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({
        field: issue.path.join(".") || "(root)",
        reason: issue.message,
      })),
    );
  }
  const values = parsed.data;
  return { ...values, catalogue: buildCatalogue(values) };
}

export { coachPaths } from "./pages";
