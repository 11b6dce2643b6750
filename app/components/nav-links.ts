import type { PublicSiteConfig } from "~/config/public";

export interface NavItem {
  label: string;
  to: string;
}

/** The four main pages, in the order the navigation and footer show them (docs/product.md §3.1). */
export function mainNavItems(site: Pick<PublicSiteConfig, "coachName" | "coachSlug">): NavItem[] {
  return [
    { label: `Meet ${site.coachName}`, to: `/meet-${site.coachSlug}` },
    { label: "Coaching Services", to: "/coaching-services" },
    { label: "Community", to: "/community" },
    { label: "Strength Training", to: "/strength-training" },
  ];
}
