import type { MetaDescriptor } from "react-router";
import type { Product } from "~/config/catalogue";
import type { PublicSiteConfig } from "~/config/public";

export interface SeoInput {
  title: string;
  description: string;
  /** The page's path for its canonical URL, e.g. "/learn-to-lift". Omit on pages kept out of search. */
  path?: string;
  /** Set for pages that must stay out of search results (settings, admin, checkout results). */
  noindex?: boolean;
  /** Open Graph type: "website" (default) or "article". */
  type?: "website" | "article";
  /** Absolute path of the share image; defaults to the site's social card. */
  image?: string;
  /** JSON-LD objects (schema.org) for this page. */
  jsonLd?: Record<string, unknown>[];
}

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

export const DEFAULT_SHARE_IMAGE = "/social-card.png";

/** The site configuration the root loader sent, read from a meta function's matches. */
export function siteFromMatches(matches: readonly (MatchLike | undefined)[]): PublicSiteConfig | undefined {
  const root = matches.find((m) => m?.id === "root");
  return (root?.loaderData as { site?: PublicSiteConfig } | undefined)?.site;
}

/**
 * Every page's head: title (with the business name), description, canonical URL, Open Graph and
 * Twitter tags with an image, and optional JSON-LD.
 */
export function seo(matches: readonly (MatchLike | undefined)[], input: SeoInput): MetaDescriptor[] {
  const site = siteFromMatches(matches);
  const brand = site?.businessName;
  const origin = site?.siteUrl ?? "";
  const title = brand && !input.title.includes(brand) ? `${input.title} | ${brand}` : input.title;
  const image = `${origin}${input.image ?? DEFAULT_SHARE_IMAGE}`;
  const tags: MetaDescriptor[] = [{ title }, { name: "description", content: input.description }];
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  if (input.path !== undefined && !input.noindex) {
    const url = `${origin}${input.path}`;
    tags.push({ tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url });
  }
  tags.push(
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:image", content: image },
    { property: "og:locale", content: "en_GB" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
  );
  if (brand) tags.push({ property: "og:site_name", content: brand });
  for (const data of input.jsonLd ?? []) tags.push({ "script:ld+json": data });
  return tags;
}

/** The schema.org Offer of a catalogue product: its price from the catalogue (docs/product.md §5.1), in pounds. */
export function offerJsonLd(site: Pick<PublicSiteConfig, "siteUrl" | "businessName">, product: Product): Record<string, unknown> {
  const price = (product.pricePence / 100).toFixed(2);
  const priceCurrency = product.currency.toUpperCase();
  return {
    "@type": "Offer",
    price,
    priceCurrency,
    url: `${site.siteUrl}${product.checkoutPath}`,
    availability: "https://schema.org/InStock",
    seller: { "@type": "Organization", name: site.businessName, url: `${site.siteUrl}/` },
    // A monthly subscription says what the price is per.
    ...(product.mode === "monthly"
      ? {
          priceSpecification: {
            "@type": "UnitPriceSpecification",
            price,
            priceCurrency,
            referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "MON" },
          },
        }
      : {}),
  };
}

/** A schema.org Product with its Offer, for a catalogue product shown on a page. */
export function productJsonLd(
  site: Pick<PublicSiteConfig, "siteUrl" | "businessName">,
  product: Product,
  description: string,
): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description,
    url: `${site.siteUrl}${product.salesPath}`,
    brand: { "@type": "Brand", name: site.businessName },
    offers: offerJsonLd(site, product),
  };
}
