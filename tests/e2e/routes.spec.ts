import { axe, expect, test } from "../support/e2e";
import { guardedRoutes, publicRoutes } from "../support/site-routes";

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

    const results = await axe(page).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.length} node(s)`)).toEqual([]);
  });
}


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
  const results = await axe(page).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});
