import { expect, test, type Page } from "../support/e2e";
import { baseURL } from "../../playwright.config";
import { COACH, publicRoutes } from "../support/site-routes";

// Search engines and sharing (docs/product.md §2.4): every public page's head (canonical URL on
// SITE_URL, Open Graph and Twitter tags with the share image, JSON-LD that parses and has the
// expected types), the share image itself, /sitemap.xml and /robots.txt. The server runs with
// SITE_URL = baseURL (playwright.config.ts).

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

async function jsonLdBlocks(page: Page): Promise<JsonLd[]> {
  const sources = await page.locator('script[type="application/ld+json"]').allTextContents();
  // JSON.parse throws (and fails the test) on a block that is not valid JSON.
  return sources.map((source) => JSON.parse(source) as JsonLd);
}

function types(block: JsonLd): string[] {
  const type = block["@type"];
  return Array.isArray(type) ? (type as string[]) : [type as string];
}

async function meta(page: Page, attribute: "name" | "property", key: string): Promise<string | null> {
  const tag = page.locator(`head meta[${attribute}="${key}"]`);
  await expect(tag, `${key} appears once`).toHaveCount(1);
  return tag.getAttribute("content");
}

for (const route of publicRoutes) {
  test(`${route.path} has its canonical URL, social tags and structured data`, async ({ page }) => {
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
    const url = `${baseURL}${route.path}`;
    const title = await page.title();

    const canonical = page.locator('head link[rel="canonical"]');
    if (NOT_INDEXED.has(route.path)) {
      await expect(page.locator('head meta[name="robots"]')).toHaveAttribute("content", "noindex");
      await expect(canonical).toHaveCount(0);
    } else {
      await expect(canonical).toHaveCount(1);
      await expect(canonical).toHaveAttribute("href", url);
      expect(await meta(page, "property", "og:url")).toBe(url);
      await expect(page.locator('head meta[name="robots"]')).toHaveCount(0);
    }

    const description = await meta(page, "name", "description");
    expect(description?.length ?? 0).toBeGreaterThan(40);
    expect(await meta(page, "property", "og:title")).toBe(title);
    expect(await meta(page, "property", "og:description")).toBe(description);
    expect(await meta(page, "property", "og:image")).toBe(`${baseURL}/social-card.png`);
    expect(await meta(page, "property", "og:type")).toBe(route.path === "/strength-training" ? "article" : "website");
    expect(await meta(page, "name", "twitter:card")).toBe("summary_large_image");
    expect(await meta(page, "name", "twitter:image")).toBe(`${baseURL}/social-card.png`);

    const blocks = await jsonLdBlocks(page);
    for (const block of blocks) expect(block["@context"]).toBe("https://schema.org");
    expect(blocks.map((b) => types(b)[0])).toEqual(EXPECTED_JSON_LD[route.path] ?? []);
  });
}

test("the structured data carries the business, the catalogue prices and the FAQs", async ({ page }) => {
  await page.goto("/");
  const [business] = await jsonLdBlocks(page);
  expect(types(business!)).toContain(BUSINESS);
  expect(business).toMatchObject({ name: "Strong with Jo", url: `${baseURL}/`, image: `${baseURL}/social-card.png` });
  const offers = business!.makesOffer as { name: string; price: string }[];
  expect(offers.map((o) => [o.name, Number(o.price)])).toEqual([
    ["Learn to Lift", PRICES.learnToLift],
    ["Stronger with Jo", PRICES.oneToOne],
    ["Build Stronger Foundations", PRICES.foundations],
  ]);

  const priceOf = async (path: string, type: string) => {
    await page.goto(path);
    const block = (await jsonLdBlocks(page)).find((b) => types(b).includes(type))!;
    const offer = block.offers as { price: string; priceCurrency: string };
    expect(offer.priceCurrency).toBe("GBP");
    return Number(offer.price);
  };
  expect(await priceOf("/learn-to-lift", "Course")).toBe(PRICES.learnToLift);
  expect(await priceOf(`/stronger-with-${COACH.slug}`, "Product")).toBe(PRICES.oneToOne);
  expect(await priceOf("/build-stronger-foundations", "Product")).toBe(PRICES.foundations);

  // /coaching-services: its two paid plans, each a Product with an Offer at the catalogue price.
  await page.goto("/coaching-services");
  const plans = (await jsonLdBlocks(page)).filter((b) => types(b).includes("Product"));
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
  for (const [path, count] of [["/coaching-services", 6], ["/learn-to-lift", 11], ["/strength-training", 5]] as const) {
    await page.goto(path);
    const faq = (await jsonLdBlocks(page)).find((b) => types(b).includes("FAQPage"))!;
    const questions = faq.mainEntity as { "@type": string; name: string; acceptedAnswer: { text: string } }[];
    expect(questions, path).toHaveLength(count);
    for (const q of questions) {
      expect(q["@type"]).toBe("Question");
      expect(q.name.length).toBeGreaterThan(5);
      expect(q.acceptedAnswer.text.length).toBeGreaterThan(20);
    }
  }
});

test("the share image is served as a 1200 × 630 PNG", async ({ request }) => {
  const response = await request.get("/social-card.png");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  const png = await response.body();
  // The PNG signature, then the IHDR chunk's width and height.
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  expect(png.length).toBeLessThan(150 * 1024);
});

test("/sitemap.xml lists every indexable public page on SITE_URL, each with its canonical URL", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  expect(response.headers()["cache-control"]).toContain("max-age=");
  const xml = await response.text();
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  const entries = [...xml.matchAll(/<url>\s*<loc>([^<]+)<\/loc>\s*<lastmod>([^<]+)<\/lastmod>\s*<\/url>/g)];
  expect(entries.map((m) => m[1])).toEqual(indexed.map((r) => `${baseURL}${r.path}`));
  for (const [, , lastmod] of entries) expect(lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  for (const hidden of ["/settings", "checkout", "/payment-success", "/reset-password", "/api/", "/downloads/"]) {
    expect(xml).not.toContain(hidden);
  }
  // Every listed page answers 200 and names itself as canonical.
  for (const [, loc] of entries) {
    const page = await request.get(loc!);
    expect(page.status(), loc).toBe(200);
    expect(await page.text()).toContain(`<link rel="canonical" href="${loc}"/>`);
  }
});

test("/robots.txt allows the site, keeps settings, admin, API, auth and checkouts out, and names the sitemap", async ({
  request,
}) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  const lines = (await response.text()).split("\n");
  expect(lines[0]).toBe("User-agent: *");
  expect(lines).toContain("Allow: /");
  for (const path of ["/settings", "/settings/admin", "/api/", "/auth", "/test-checkout/", "/reset-password", ...NOT_INDEXED]) {
    expect(lines).toContain(`Disallow: ${path}`);
  }
  expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  // No rule catches an indexable page.
  const rules = lines.filter((l) => l.startsWith("Disallow: ")).map((l) => l.slice("Disallow: ".length));
  for (const route of indexed) {
    expect(rules.filter((rule) => route.path.startsWith(rule)), route.path).toEqual([]);
  }
});
