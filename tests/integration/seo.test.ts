import { DomUtils, parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { COACH, publicRoutes } from "../support/site-routes";
import { builtSiteForFile } from "../support/test-site";

// Search engines and sharing (docs/product.md §2.4), read from the built server's HTML as a crawler
// reads it: every public page's head (canonical URL on SITE_URL, Open Graph and Twitter tags with
// the share image, JSON-LD that parses and has the expected types), the share image itself,
// /sitemap.xml and /robots.txt. None of it needs a browser (docs/decisions/272).

/** Public pages that carry noindex: no canonical URL, not in the sitemap, disallowed in robots.txt. */
const NOT_INDEXED = new Set([
  `/stronger-with-${COACH.slug}-checkout`,
  "/learn-to-lift-checkout",
  "/build-stronger-foundations-checkout",
  "/payment-success",
]);
const indexed = publicRoutes.filter((r) => !NOT_INDEXED.has(r.path));

const BUSINESS = "ProfessionalService";
/** The top-level JSON-LD @types each page has (all other public pages have none). */
const EXPECTED_JSON_LD: Record<string, string[]> = {
  "/": [BUSINESS],
  "/coaching-services": ["Product", "Product", "FAQPage"],
  "/learn-to-lift": ["Course", "FAQPage"],
  [`/stronger-with-${COACH.slug}`]: ["Product"],
  "/build-stronger-foundations": ["Product", "FAQPage"],
  "/strength-training": ["Article", "FAQPage"],
};

/** Catalogue prices of the default configuration (docs/product.md §5.1), in pounds. */
const PRICES = { learnToLift: 300, oneToOne: 477, foundations: 20 };

type JsonLd = Record<string, unknown>;
type Document = ReturnType<typeof parseDocument>;
type Element = ReturnType<typeof DomUtils.findAll>[number];

const site = builtSiteForFile("sc-seo-");

/** A page as the server sends it: status and parsed document. */
async function load(pathname: string): Promise<{ status: number; doc: Document }> {
  const response = await fetch(`${site.origin}${pathname}`);
  return { status: response.status, doc: parseDocument(await response.text()) };
}

function inHead(element: Element): boolean {
  for (let parent = element.parent; parent; parent = parent.parent) {
    if ("name" in parent && parent.name === "head") return true;
  }
  return false;
}

function headElements(doc: Document, name: string, attributes: Record<string, string>): Element[] {
  return DomUtils.findAll(
    (el) => el.name === name && inHead(el) && Object.entries(attributes).every(([k, v]) => el.attribs[k] === v),
    doc.children,
  );
}

/** The content of a head meta tag that must appear exactly once. */
function meta(doc: Document, attribute: "name" | "property", key: string): string | undefined {
  const tags = headElements(doc, "meta", { [attribute]: key });
  expect(tags, `${key} appears once`).toHaveLength(1);
  return tags[0]!.attribs.content;
}

function title(doc: Document): string {
  const titles = DomUtils.findAll((el) => el.name === "title" && inHead(el), doc.children);
  expect(titles).toHaveLength(1);
  return DomUtils.textContent(titles[0]!);
}

function jsonLdBlocks(doc: Document): JsonLd[] {
  const scripts = DomUtils.findAll((el) => el.name === "script" && el.attribs.type === "application/ld+json", doc.children);
  // JSON.parse throws (and fails the test) on a block that is not valid JSON.
  return scripts.map((script) => JSON.parse(DomUtils.textContent(script)) as JsonLd);
}

function types(block: JsonLd): string[] {
  const type = block["@type"];
  return Array.isArray(type) ? (type as string[]) : [type as string];
}

describe("every public page's head", () => {
  for (const route of publicRoutes) {
    it(`${route.path} has its canonical URL, social tags and structured data`, async () => {
      const { status, doc } = await load(route.path);
      expect(status).toBe(200);
      const url = `${site.origin}${route.path}`;
      const pageTitle = title(doc);

      const canonical = headElements(doc, "link", { rel: "canonical" });
      if (NOT_INDEXED.has(route.path)) {
        expect(meta(doc, "name", "robots")).toBe("noindex");
        expect(canonical).toHaveLength(0);
      } else {
        expect(canonical.map((link) => link.attribs.href)).toEqual([url]);
        expect(meta(doc, "property", "og:url")).toBe(url);
        expect(headElements(doc, "meta", { name: "robots" })).toHaveLength(0);
      }

      const description = meta(doc, "name", "description");
      expect(description?.length ?? 0).toBeGreaterThan(40);
      expect(meta(doc, "property", "og:title")).toBe(pageTitle);
      expect(meta(doc, "property", "og:description")).toBe(description);
      expect(meta(doc, "property", "og:image")).toBe(`${site.origin}/social-card.png`);
      expect(meta(doc, "property", "og:type")).toBe(route.path === "/strength-training" ? "article" : "website");
      expect(meta(doc, "name", "twitter:card")).toBe("summary_large_image");
      expect(meta(doc, "name", "twitter:image")).toBe(`${site.origin}/social-card.png`);

      const blocks = jsonLdBlocks(doc);
      for (const block of blocks) expect(block["@context"]).toBe("https://schema.org");
      expect(blocks.map((b) => types(b)[0])).toEqual(EXPECTED_JSON_LD[route.path] ?? []);
    });
  }
});

it("the structured data carries the business, the catalogue prices and the FAQs", async () => {
  const baseURL = site.origin;
  const [business] = jsonLdBlocks((await load("/")).doc);
  expect(types(business!)).toContain(BUSINESS);
  expect(business).toMatchObject({ name: "Strong with Jo", url: `${baseURL}/`, image: `${baseURL}/social-card.png` });
  const offers = business!.makesOffer as { name: string; price: string }[];
  expect(offers.map((o) => [o.name, Number(o.price)])).toEqual([
    ["Learn to Lift", PRICES.learnToLift],
    ["Stronger with Jo", PRICES.oneToOne],
    ["Build Stronger Foundations", PRICES.foundations],
  ]);

  const priceOf = async (pathname: string, type: string) => {
    const block = jsonLdBlocks((await load(pathname)).doc).find((b) => types(b).includes(type))!;
    const offer = block.offers as { price: string; priceCurrency: string };
    expect(offer.priceCurrency).toBe("GBP");
    return Number(offer.price);
  };
  expect(await priceOf("/learn-to-lift", "Course")).toBe(PRICES.learnToLift);
  expect(await priceOf(`/stronger-with-${COACH.slug}`, "Product")).toBe(PRICES.oneToOne);
  expect(await priceOf("/build-stronger-foundations", "Product")).toBe(PRICES.foundations);

  // /coaching-services: its two paid plans, each a Product with an Offer at the catalogue price.
  const plans = jsonLdBlocks((await load("/coaching-services")).doc).filter((b) => types(b).includes("Product"));
  expect(
    plans.map((plan) => {
      const offer = plan.offers as { "@type": string; price: string; priceCurrency: string; url: string };
      expect(offer["@type"]).toBe("Offer");
      expect(offer.priceCurrency).toBe("GBP");
      return [plan.name, Number(offer.price), offer.url];
    }),
  ).toEqual([
    ["Learn to Lift", PRICES.learnToLift, `${baseURL}/learn-to-lift-checkout`],
    [`Stronger with ${COACH.name}`, PRICES.oneToOne, `${baseURL}/stronger-with-${COACH.slug}-checkout`],
  ]);

  // Each FAQPage lists as many questions as the page shows (docs/product.md §2.4: six on coaching services,
  // eleven on Learn to Lift, five in the article).
  for (const [pathname, count] of [["/coaching-services", 6], ["/learn-to-lift", 11], ["/strength-training", 5]] as const) {
    const faq = jsonLdBlocks((await load(pathname)).doc).find((b) => types(b).includes("FAQPage"))!;
    const questions = faq.mainEntity as { "@type": string; name: string; acceptedAnswer: { text: string } }[];
    expect(questions, pathname).toHaveLength(count);
    for (const q of questions) {
      expect(q["@type"]).toBe("Question");
      expect(q.name.length).toBeGreaterThan(5);
      expect(q.acceptedAnswer.text.length).toBeGreaterThan(20);
    }
  }
});

it("the share image is served as a 1200 × 630 PNG", async () => {
  const response = await fetch(`${site.origin}/social-card.png`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("image/png");
  const png = Buffer.from(await response.arrayBuffer());
  // The PNG signature, then the IHDR chunk's width and height.
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  expect(png.length).toBeLessThan(150 * 1024);
});

it("/sitemap.xml lists every indexable public page on SITE_URL, each with its canonical URL", async () => {
  const response = await fetch(`${site.origin}/sitemap.xml`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
  expect(response.headers.get("cache-control")).toContain("max-age=");
  const xml = await response.text();
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  const entries = [...xml.matchAll(/<url>\s*<loc>([^<]+)<\/loc>\s*<lastmod>([^<]+)<\/lastmod>\s*<\/url>/g)];
  expect(entries.map((m) => m[1])).toEqual(indexed.map((r) => `${site.origin}${r.path}`));
  for (const [, , lastmod] of entries) expect(lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  for (const hidden of ["/settings", "checkout", "/payment-success", "/reset-password", "/api/", "/downloads/"]) {
    expect(xml).not.toContain(hidden);
  }
  // Every listed page answers 200 and names itself as canonical.
  for (const [, loc] of entries) {
    const page = await fetch(loc!);
    expect(page.status, loc).toBe(200);
    expect(await page.text()).toContain(`<link rel="canonical" href="${loc}"/>`);
  }
});

it("/robots.txt allows the site, keeps settings, admin, API, auth and checkouts out, and names the sitemap", async () => {
  const response = await fetch(`${site.origin}/robots.txt`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
  const lines = (await response.text()).split("\n");
  expect(lines[0]).toBe("User-agent: *");
  expect(lines).toContain("Allow: /");
  for (const pathname of ["/settings", "/settings/admin", "/api/", "/auth", "/test-checkout/", "/reset-password", ...NOT_INDEXED]) {
    expect(lines).toContain(`Disallow: ${pathname}`);
  }
  expect(lines).toContain(`Sitemap: ${site.origin}/sitemap.xml`);
  // No rule catches an indexable page.
  const rules = lines.filter((l) => l.startsWith("Disallow: ")).map((l) => l.slice("Disallow: ".length));
  for (const route of indexed) {
    expect(rules.filter((rule) => route.path.startsWith(rule)), route.path).toEqual([]);
  }
});
