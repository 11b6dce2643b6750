import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "../support/e2e";
import routeConfig from "../../app/routes";
import { allRoutePaths, guardedRoutes, nonPageRoutePaths, publicRoutes } from "../support/site-routes";

function flatten(entries: { path?: string; index?: boolean; children?: unknown[] }[]): string[] {
  return entries.flatMap((e) => [
    e.index ? "/" : e.path ? `/${e.path}` : [],
    ...(e.children ? flatten(e.children as never[]) : []),
  ]).flat();
}

test("every route of the route table has an entry in the test list", () => {
  const built = flatten(routeConfig as never[]).filter(
    (p) => p !== "/*" && p !== "/build-stronger-foundations/interest",
  );
  expect(built.sort()).toEqual([...allRoutePaths, ...nonPageRoutePaths].sort());
});

for (const route of publicRoutes) {
  test(`${route.path} renders the chrome, its heading, title and description @mobile`, async ({ page }) => {
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.heading);
    await expect(page).toHaveTitle(route.title);
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length ?? 0).toBeGreaterThan(40);
    await expect(page.getByRole("navigation").first()).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("Serving UK & Online");

    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.length} node(s)`)).toEqual([]);
  });
}

test("every page has a unique title and description", async ({ request }) => {
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const route of publicRoutes) {
    const html = await (await request.get(route.path)).text();
    titles.add(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
    descriptions.add(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "");
  }
  expect(titles.size).toBe(publicRoutes.length);
  expect(descriptions.size).toBe(publicRoutes.length);
});

test("pages are rendered on the server, before any JavaScript runs", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const route of publicRoutes.slice(0, 5)) {
    await page.goto(route.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.heading);
  }
  await context.close();
});

for (const path of guardedRoutes.filter((p) => p !== "/settings/admin")) {
  test(`${path} sends a signed-out visitor home`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL("/");
  });
}

test("/settings/admin opens the log-in form for a signed-out visitor, to come back after (docs/product.md §7.10)", async ({ page }) => {
  await page.goto("/settings/admin");
  await expect(page).toHaveURL("/auth?mode=log-in&redirectTo=%2Fsettings%2Fadmin");
  await expect(page.getByRole("button", { name: "Log In" })).toBeVisible();
});

test("an unknown path answers 404 with the documented texts @mobile", async ({ page }) => {
  const response = await page.goto("/this-page-does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thrive Through the Menopause and Beyond");
});

test("the 404 page has no accessibility violations", async ({ page }) => {
  await page.goto("/no/such/page");
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
});

test("the second waitlist address redirects permanently (docs/product.md §2.1)", async ({ request }) => {
  const response = await request.get("/build-stronger-foundations/interest?ref=email", { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers()["location"]).toBe("/build-stronger-foundations-interest?ref=email");
});

test("/healthz answers 200 when the database answers", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok" });
});

test("built assets are served compressed with long-lived cache headers", async ({ request }) => {
  const html = await (await request.get("/")).text();
  // The home page does not hydrate: its one script is the islands module.
  const assetPath = /<script type="module" src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(assetPath).toMatch(/^\/assets\//);
  const response = await request.get(assetPath!, { headers: { "Accept-Encoding": "gzip" } });
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("max-age=31536000");
  expect(response.headers()["cache-control"]).toContain("immutable");
  expect(response.headers()["content-encoding"]).toBe("gzip");
});
