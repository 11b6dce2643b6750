import AxeBuilder from "@axe-core/playwright";
import { signInAsAdmin, toast } from "../support/admin-e2e";
import { expect, test, waitForPageScript, type Browser, type Page } from "../support/e2e";

// The Content tab in a real browser (docs/product.md §10.13): the coach adds, edits, moves and
// deletes a testimonial and a signed-out visitor sees each change on the home page; markup she
// types is shown as text; History restores an earlier version and 'Reset to default' brings the
// installed testimonials back. Desktop project only: the two projects share one database, and
// this test changes what every visitor sees (it leaves the installed text in place at the end).

const TAB = "/settings/admin?tab=content";

/** The home page's testimonials as a signed-out visitor reads them (their own browser context). */
async function visitorQuotes(browser: Browser, baseURL: string): Promise<string[]> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto("/");
  const quotes = await page.locator('[data-testimonial-set="original"] blockquote p').allTextContents();
  await context.close();
  return quotes.map((q) => q.trim());
}

/** Opens the tab and waits for the page's script, so nothing typed races the hydration. */
async function openTab(page: Page) {
  await page.goto(TAB);
  await waitForPageScript(page);
}

function item(page: Page, name: string) {
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: new RegExp(`^\\d+\\. ${name}, `) }) });
}

test("the coach edits her testimonials from the Content tab and visitors see each change", async ({ page, browser }, testInfo) => {
  // Many steps, each a form post and a visit as a signed-out visitor.
  test.setTimeout(150_000);
  const baseURL = String(testInfo.project.use.baseURL);
  await signInAsAdmin(page, testInfo);
  await openTab(page);
  await expect(page.getByRole("heading", { name: "Testimonials" })).toBeVisible();
  await expect(page.getByText("Real words, used with permission")).toBeVisible();
  // Start from the installed text, whatever an earlier run left.
  const reset = page.getByRole("button", { name: "Reset to default" });
  if (await reset.isVisible()) {
    await reset.click();
    await expect(toast(page, "The installed testimonials are back on the site.")).toBeVisible();
  }
  const installed = await visitorQuotes(browser, baseURL);
  expect(installed.length).toBeGreaterThan(0);

  // Add: with a script tag in it, which must stay text.
  await page.getByText("Add testimonial").click();
  const quote = "Strong enough to lift <b>my</b> grandson <script>alert(1)</script>";
  const add = page.locator("details", { hasText: "Add testimonial" });
  await add.getByLabel("Quote").fill(quote);
  await add.getByLabel("Name").fill("Wren");
  await add.getByLabel("Age").fill("59");
  await add.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "The testimonial is on the site now.")).toBeVisible();
  expect(await visitorQuotes(browser, baseURL)).toContain(quote);

  // A bad age is refused next to the form, and nothing changes.
  await item(page, "Wren").getByLabel("Age").fill("12");
  await item(page, "Wren").getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "whole number from 18 to 120" })).toBeVisible();
  await openTab(page);

  // Edit, then move up.
  await item(page, "Wren").getByLabel("Quote").fill("Strong enough to lift my grandson, and proud of it.");
  await item(page, "Wren").getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "The testimonial is updated on the site.")).toBeVisible();
  await item(page, "Wren").getByRole("button", { name: "Move Wren, 59 up" }).click();
  await expect(toast(page, "The order is saved.")).toBeVisible();
  let quotes = await visitorQuotes(browser, baseURL);
  expect(quotes.at(-2)).toBe("Strong enough to lift my grandson, and proud of it.");

  // Delete, confirmed.
  await item(page, "Wren").getByText("Delete", { exact: true }).click();
  await item(page, "Wren").getByRole("button", { name: "Yes, delete it" }).click();
  await expect(toast(page, "The testimonial is removed from the site.")).toBeVisible();
  quotes = await visitorQuotes(browser, baseURL);
  expect(quotes.join(" ")).not.toContain("grandson");

  // History: restore the version with Wren in it, then reset to the installed text.
  const history = page.getByRole("region", { name: "History" }).or(page.locator("section", { has: page.getByRole("heading", { name: "History" }) }));
  const versions = await history.getByRole("button", { name: /^Restore version / }).allTextContents();
  expect(versions.length).toBeGreaterThanOrEqual(3);
  await history.getByRole("button", { name: /^Restore version / }).first().click();
  await expect(toast(page, "is back on the site")).toBeVisible();
  expect((await visitorQuotes(browser, baseURL)).join(" ")).toContain("grandson");

  expect((await new AxeBuilder({ page }).include("main").analyze()).violations).toEqual([]);

  // At 390 px wide nothing spills off the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await openTab(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole("button", { name: "Reset to default" }).click();
  await expect(toast(page, "The installed testimonials are back on the site.")).toBeVisible();
  expect(await visitorQuotes(browser, baseURL)).toEqual(installed);
});
