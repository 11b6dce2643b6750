import type { SiteConfig } from "~/config/site";
import { getSiteConfig } from "~/config/env.server";

// The configuration every page, checkout and the payment provider use: the installed
// configuration with the admin's run-time overrides (prices, next cohort date) from app_settings
// laid over it. Being built (issue 6, Offers tab): for now it is the installed configuration.

export async function getEffectiveSiteConfig(): Promise<SiteConfig> {
  return getSiteConfig();
}

/** Changes whenever an override changes, so caches of rendered pages can key on it. */
export async function getSettingsVersion(): Promise<string> {
  return "0";
}
