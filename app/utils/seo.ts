import type { MetaDescriptor } from "react-router";
import type { PublicSiteConfig } from "~/config/public";

export interface SeoInput {
  title: string;
  description: string;
  /** Set for pages that must stay out of search results (settings, admin, 404). */
  noindex?: boolean;
}

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** The site configuration the root loader sent, read from a meta function's matches. */
export function siteFromMatches(matches: readonly (MatchLike | undefined)[]): PublicSiteConfig | undefined {
  const root = matches.find((m) => m?.id === "root");
  return (root?.loaderData as { site?: PublicSiteConfig } | undefined)?.site;
}

/** Every page's title and description; the business name is appended to the title. */
export function seo(matches: readonly (MatchLike | undefined)[], input: SeoInput): MetaDescriptor[] {
  const brand = siteFromMatches(matches)?.businessName;
  const title = brand && !input.title.includes(brand) ? `${input.title} | ${brand}` : input.title;
  const tags: MetaDescriptor[] = [{ title }, { name: "description", content: input.description }];
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
