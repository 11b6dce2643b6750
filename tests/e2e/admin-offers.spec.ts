import path from "node:path";
import { axe, type Browser, type BrowserContext, expect, type Page, test, toastLocator } from "../support/e2e";
import { waitForLink } from "../support/outbox";
import { makeTempDir, freePort, startServer, type RunningServer } from "../support/processes";
import { E2E_LONG_TEST_MS, ROUND_TRIP_MS } from "../support/budgets";

// The Offers tab (docs/product.md §10.10, §5.1): the admin changes the Learn to Lift price and the next
// cohort date, and the sales page, its structured data, the countdown, the checkout and the
// payment page use them at once; resetting restores the installed values; a refused form
// (without JavaScript) changes nothing.
//
// NOTE: these tests change prices, which every other spec asserts. They run against a server of
// their own (own port and data directory, the same build), never the shared one, so the other
// specs running in parallel cannot see a changed price.

const ADMIN_EMAIL = "offers-admin@example.com";
const PASSWORD = "LiftHeavy2025";

test.describe.configure({ mode: "serial" });

let server: RunningServer;
let temp: { dir: string; cleanup: () => void };
let origin: string;


test.beforeAll(async () => {
  test.setTimeout(E2E_LONG_TEST_MS);
  temp = makeTempDir("sc-e2e-offers-");
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = await startServer(
    { PORT: String(port), SITE_URL: origin, DATA_DIR: path.join(temp.dir, "data"), ADMIN_EMAILS: ADMIN_EMAIL, LOG_LEVEL: "warn" },
    90_000,
  );
});

test.afterAll(async () => {
  await server?.stop();
  temp?.cleanup();
});

let adminState: Awaited<ReturnType<BrowserContext["storageState"]>> | undefined;

/** A browser signed in as the administrator of this server (signed up once). */
async function adminContext(browser: Browser, options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  if (!adminState) {
    const context = await browser.newContext({ baseURL: origin });
    const page = await context.newPage();
    await page.goto("/auth?mode=sign-up");
    await page.getByLabel("First name").fill("Jo");
    await page.getByLabel("Last name").fill("Coach");
    await page.getByLabel("Email").fill(ADMIN_EMAIL);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("checkbox", { name: /I agree to the/ }).check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("link", { name: "Profile Settings" }).first()).toBeVisible({ timeout: ROUND_TRIP_MS });
    // ADMIN_EMAILS makes her an administrator once she confirms her address (docs/product.md §7.10).
    await page.goto(await waitForLink(path.join(temp.dir, "data"), ADMIN_EMAIL, /\/verify-email\?token=/, 15_000));
    await page.getByRole("button", { name: "Confirm My Email Address" }).click();
    await expect(page.locator('header a[href="/settings/admin"]').first()).toBeAttached();
    adminState = await context.storageState();
    await context.close();
  }
  return browser.newContext({ baseURL: origin, storageState: adminState, ...options });
}

function toast(page: Page, text: string) {
  return toastLocator(page, text);
}

function offerCard(page: Page, name: string) {
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

async function openOffersTab(page: Page) {
  await page.goto("/settings/admin/offers");
  await expect(page.getByRole("heading", { name: "Offers", exact: true })).toBeVisible();
}

test("an admin changes the Learn to Lift price and the cohort date; every page and the checkout follow, and resets restore them", async ({
  browser,
}) => {
  test.setTimeout(E2E_LONG_TEST_MS);
  const context = await adminContext(browser);
  const page = await context.newPage();
  try {
    await openOffersTab(page);
    const lift = offerCard(page, "Learn to Lift");
    await expect(lift).toContainText("One-time");
    await expect(lift).toContainText("Installed price£300.00");
    await expect(page.getByLabel("Learn to Lift price in pounds")).toHaveValue("300");
    await expect(page.getByLabel("Next cohort starts (UK time)")).toHaveValue("2027-01-11T09:00");
    await expect(page.getByText("Existing subscriptions keep their price")).toBeVisible();
    const results = await axe(page).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.length} node(s)`)).toEqual([]);

    // A wrong value is refused in place, with its message, and nothing is saved.
    await page.getByLabel("Learn to Lift price in pounds").fill("ten thousand");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Enter the price in pounds using numbers only, for example 300 or 299.99.")).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/admin\/offers$/);
    await expect(lift).toContainText("Current price£300.00");

    await page.getByLabel("Learn to Lift price in pounds").fill("275");
    // 1 June is British Summer Time: 10:30 in the UK is 09:30 UTC.
    await page.getByLabel("Next cohort starts (UK time)").fill("2027-06-01T10:30");
    await page.getByRole("button", { name: "Save changes" }).click();

    await expect(toast(page, "Offers updated")).toBeVisible();
    await expect(toast(page, "Learn to Lift price £300.00 → £275.00")).toBeVisible();
    await expect(lift).toContainText("Current price£275.00Changed");
    // The earlier refusal is gone; the fields show the values now in force.
    await expect(page.getByText("Nothing was changed")).toHaveCount(0);
    await expect(page.getByLabel("Learn to Lift price in pounds")).toHaveValue("275");
    await expect(page.getByLabel("Learn to Lift price in pounds")).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("1 June 2027, 10:30").first()).toBeVisible();

    // The sales page: price, structured data, and the countdown's target.
    await page.goto("/learn-to-lift");
    await expect(page.getByRole("main")).toContainText("£275");
    await expect(page.getByRole("main")).not.toContainText("£300");
    await expect(page.locator("[data-countdown]")).toHaveAttribute("data-target", "2027-06-01T09:30:00.000Z");
    await expect(page.getByRole("main").locator("time").first()).toContainText("1 June 2027");
    const course = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((nodes) => nodes.map((n) => JSON.parse(n.textContent ?? "null")).flat().find((d) => d?.["@type"] === "Course"));
    expect(course.offers.price).toBe("275.00");
    expect(course.hasCourseInstance.startDate).toBe("2027-06-01T09:30:00.000Z");

    // The checkout page, and the payment page it opens, charge the new price.
    await page.goto("/learn-to-lift-checkout");
    await expect(page.getByRole("main")).toContainText(/£275\s*one payment/);
    await expect(page.getByRole("main")).toContainText("when the cohort begins on 1 June 2027");
    await expect(page.getByRole("main")).not.toContainText("£300");
    await page.getByRole("button", { name: "Complete Your Purchase" }).click();
    await expect(page).toHaveURL(/\/test-checkout\/cs_test_/);
    await expect(page.getByRole("main")).toContainText("£275.00");
    await page.getByRole("button", { name: "Pay" }).click();
    // docs/product.md §8.5: the success page shows what was charged and recorded.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment Successful");
    await expect(page.getByText("Learn to Lift - £275.00")).toBeVisible();
  } finally {
    // Back to the installed values through the tab's own reset buttons.
    await openOffersTab(page);
    const lift = offerCard(page, "Learn to Lift");
    const resetPrice = lift.getByRole("button", { name: "Reset to installed price (£300.00)" });
    if (await resetPrice.isVisible()) {
      await resetPrice.click();
      await expect(toast(page, "Learn to Lift price £275.00 → £300.00")).toBeVisible();
    }
    const resetDate = page.getByRole("button", { name: /Reset to installed date/ });
    if (await resetDate.isVisible()) {
      await resetDate.click();
      await expect(resetDate).toBeHidden();
    }
  }

  await expect(page.getByLabel("Learn to Lift price in pounds")).toHaveValue("300");
  await expect(page.getByLabel("Next cohort starts (UK time)")).toHaveValue("2027-01-11T09:00");
  await expect(page.getByRole("button", { name: /Reset to installed/ })).toHaveCount(0);
  await page.goto("/learn-to-lift");
  await expect(page.getByRole("main")).toContainText("£300");
  await expect(page.locator("[data-countdown]")).toHaveAttribute("data-target", "2027-01-11T09:00:00Z");
  await context.close();
});

test("a wrong value, posted without JavaScript, comes back with its message and changes nothing", async ({ browser }) => {
  const context = await adminContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await openOffersTab(page);
  await page.getByLabel("Build Stronger Foundations price in pounds").fill("0");
  await page.getByLabel("Learn to Lift price in pounds").fill("250");
  const response = page.waitForResponse((r) => r.url().endsWith("/settings/admin/offers") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Save changes" }).click();
  expect((await response).status()).toBe(400);

  await expect(page).toHaveURL(/\/settings\/admin\/offers$/);
  await expect(page.getByText("The price must be at least £1.")).toBeVisible();
  await expect(page.getByText("Nothing was changed")).toBeVisible();
  // What she typed is still there to correct.
  await expect(page.getByLabel("Learn to Lift price in pounds")).toHaveValue("250");
  await expect(page.getByLabel("Build Stronger Foundations price in pounds")).toHaveAttribute("aria-invalid", "true");

  await page.goto("/build-stronger-foundations-checkout");
  await expect(page.getByRole("main")).toContainText("£20");
  await page.goto("/learn-to-lift-checkout");
  await expect(page.getByRole("main")).toContainText(/£300\s*one payment/);
  await context.close();
});

test("a visitor cannot open the offers page", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await page.goto("/settings/admin/offers");
  await expect(page).toHaveURL(`${origin}/auth?mode=log-in&redirectTo=%2Fsettings%2Fadmin%2Foffers`);
  await expect(toast(page, "Please sign in to access the admin dashboard")).toBeVisible();
  await context.close();
});
