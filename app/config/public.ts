import type { Product } from "./catalogue";
import type { SiteConfig } from "./site";

// The short, explicit list of configuration values that reach the browser. Nothing secret.
export interface PublicSiteConfig {
  coachName: string;
  coachSlug: string;
  businessName: string;
  contactEmail: string;
  social: SiteConfig["social"];
  booking: SiteConfig["booking"];
  communityUrl: string;
  nextCohortDate: string;
  catalogue: Product[];
  /** The public origin of the site (SITE_URL), for canonical URLs and share images. */
  siteUrl: string;
  /** The operator chose PAYMENTS=test: every page says 'Test mode' (docs/product.md §17.1). */
  testMode?: boolean;
}

export function toPublicSiteConfig(config: SiteConfig, siteUrl: string): PublicSiteConfig {
  return {
    coachName: config.coachName,
    coachSlug: config.coachSlug,
    businessName: config.businessName,
    contactEmail: config.contactEmail,
    social: config.social,
    booking: config.booking,
    communityUrl: config.communityUrl,
    nextCohortDate: config.nextCohortDate,
    catalogue: config.catalogue,
    siteUrl,
  };
}
