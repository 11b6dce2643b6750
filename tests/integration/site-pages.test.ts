import http from "node:http";
import { gunzipSync } from "node:zlib";
import { expect, it } from "vitest";
import routeConfig from "../../app/routes";
import { adminTabPaths, allRoutePaths, nonPageRoutePaths, publicRoutes } from "../support/site-routes";
import { builtSiteForFile } from "../support/test-site";

// What the built server answers without a browser (docs/product.md §2.1): the route table against
// the tests' list of it, each page's title and description, the permanent redirect, the built
// assets' compression and caching, and the home and coaching pages' HTML. What a visitor sees in
// a browser is tested in tests/e2e/ (docs/decisions/272).

const site = builtSiteForFile("sc-site-pages-");

const html = async (pathname: string) => (await fetch(`${site.origin}${pathname}`)).text();

function flatten(entries: { path?: string; index?: boolean; children?: unknown[] }[], parent = ""): string[] {
  return entries.flatMap((e) => {
    const own = e.index ? parent || "/" : e.path ? `${parent}/${e.path}` : null;
    return [...(own ? [own] : []), ...(e.children ? flatten(e.children as never[], own ?? parent) : [])];
  });
}

it("every route of the route table has an entry in the test list", () => {
  // A layout and its index page are one address (/learn).
  const built = [...new Set(flatten(routeConfig as never[]))].filter((p) => p !== "/*" && p !== "/build-stronger-foundations/interest");
  expect(built.sort()).toEqual([...allRoutePaths, ...adminTabPaths, ...nonPageRoutePaths].sort());
});

it("every page has a unique title and description", async () => {
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const route of publicRoutes) {
    const page = await html(route.path);
    titles.add(/<title>([^<]*)<\/title>/.exec(page)?.[1] ?? "");
    descriptions.add(/<meta name="description" content="([^"]*)"/.exec(page)?.[1] ?? "");
  }
  expect(titles.size).toBe(publicRoutes.length);
  expect(descriptions.size).toBe(publicRoutes.length);
});

it("the second waitlist address redirects permanently (docs/product.md §2.1)", async () => {
  const response = await fetch(`${site.origin}/build-stronger-foundations/interest?ref=email`, { redirect: "manual" });
  expect(response.status).toBe(301);
  expect(response.headers.get("location")).toBe("/build-stronger-foundations-interest?ref=email");
});

it("built assets are served compressed with long-lived cache headers", async () => {
  const page = await html("/");
  // The home page does not hydrate: its one script is the islands module.
  const assetPath = /<script type="module" src="(\/assets\/[^"]+\.js)"/.exec(page)?.[1];
  expect(assetPath).toMatch(/^\/assets\//);
  // fetch() would undo the compression without saying; node's own request keeps the raw bytes.
  const { status, headers, body } = await rawGet(`${site.origin}${assetPath}`, { "Accept-Encoding": "gzip" });
  expect(status).toBe(200);
  expect(headers["cache-control"]).toContain("max-age=31536000");
  expect(headers["cache-control"]).toContain("immutable");
  expect(headers["content-encoding"]).toBe("gzip");
  expect(gunzipSync(body).toString("utf8").length).toBeGreaterThan(body.length);
});

it("describes the business in JSON-LD on the home page: service area, email and social profiles", async () => {
  const blocks = [...(await html("/")).matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!));
  const business = blocks.find((d) => [d["@type"]].flat().includes("ProfessionalService"));
  expect(business).toBeTruthy();
  expect(business.email).toBe("hello@strongwithjo.co.uk");
  expect(business.areaServed).toEqual(expect.arrayContaining([expect.objectContaining({ "@type": "Country", name: "United Kingdom" })]));
  expect(business.sameAs).toHaveLength(4);
  expect(business.makesOffer.map((o: { price: string }) => o.price).sort()).toEqual(["20.00", "300.00", "477.00"]);
});

it("both sign-up sections of the home page are placeholders in the server's HTML, so nothing loads before it's due", async () => {
  expect((await html("/")).match(/data-lazy-state="waiting"/g)).toHaveLength(2);
});

it("/coaching-services publishes its FAQ as FAQPage JSON-LD", async () => {
  const blocks = [...(await html("/coaching-services")).matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!),
  );
  const faq = blocks.find((d) => d["@type"] === "FAQPage");
  expect(faq.mainEntity).toHaveLength(6);
  expect(faq.mainEntity[0]).toMatchObject({ "@type": "Question", acceptedAnswer: { "@type": "Answer" } });
});

/** A GET whose body is kept as sent (compressed or not). */
async function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}
