import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "../support/e2e";

// The members' area in a real browser (docs/product.md §19): a buyer of Learn to Lift goes from the
// test checkout to her course, marks a lesson complete (it survives a reload and moves the bar); a
// member who did not buy gets nothing by any address; a Build Stronger Foundations subscriber
// keeps her course until the paid period ends, and loses it after. Every new page has no axe
// violations at 390 and 1440 px, and a lesson loads nothing from another site before 'play'.

const PASSWORD = "LiftHeavy2025";

const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Signs up on an offer's checkout page and pays in the test checkout. */
async function buy(page: Page, checkoutPath: string, firstName: string) {
  await page.goto(checkoutPath);
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill("Member");
  await page.getByLabel("Email").fill(uniqueEmail(firstName.toLowerCase()));
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Complete Your Purchase" }).click();
  await expect(page).toHaveURL(/\/test-checkout\/cs_test_/, { timeout: 15_000 });
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment Successful");
}

/** Screens for review (ADMIN_SCREENSHOTS=1): .tmp/screens/learn-<page>-<width>.png. */
function screenName(page: Page): string {
  return new URL(page.url()).pathname.replace(/^\/learn\/?/, "").replace(/\//g, "_") || "my-courses";
}

async function expectNoAxeViolations(page: Page) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    if (process.env.ADMIN_SCREENSHOTS) {
      fs.mkdirSync(".tmp/screens", { recursive: true });
      await page.screenshot({ path: `.tmp/screens/learn-${screenName(page)}-${width}.png`, fullPage: true });
    }
    expect((await new AxeBuilder({ page }).analyze()).violations, `${page.url()} at ${width} px`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `no sideways scrolling at ${width} px`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("a Learn to Lift buyer starts learning, marks a lesson complete and keeps it after a reload", async ({ page }) => {
  test.slow(); // a sign-up, a payment and axe on three pages at two widths
  await buy(page, "/learn-to-lift-checkout", "Ruth");
  await page.getByRole("link", { name: "Start learning" }).click();
  await expect(page).toHaveURL("/learn/learn-to-lift");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Learn to Lift");
  await expect(page.getByRole("progressbar", { name: "Learn to Lift progress" })).toHaveAttribute("aria-valuenow", "0");

  // Before her cohort starts: 'Before you start' is open, Week 1 says when it opens.
  await expect(page.getByRole("heading", { name: "Before you start" })).toBeVisible();
  const week1 = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /^Week 1/ }) });
  await expect(week1.getByText(/^Opens on \d{1,2} [A-Z][a-z]+ \d{4}$/)).toBeVisible();
  await expect(week1.getByRole("link")).toHaveCount(0);
  await expectNoAxeViolations(page);

  // A lesson: no request to another site before 'play', and 'Mark complete' survives a reload.
  const foreign: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).origin !== new URL(page.url()).origin) foreign.push(request.url());
  });
  await page.getByRole("link", { name: "Start the first lesson" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to Learn to Lift");
  await page.getByRole("button", { name: "Mark complete" }).click();
  await expect(page.getByText("Completed", { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Undo" })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(foreign).toEqual([]);

  await page.goto("/learn");
  await expect(page.getByRole("heading", { name: "My courses", level: 1 })).toBeVisible();
  const progress = page.getByRole("progressbar", { name: "Learn to Lift progress" });
  expect(Number(await progress.getAttribute("aria-valuenow"))).toBeGreaterThan(0);
  await expect(page.getByRole("link", { name: /^Continue/ })).toHaveAttribute("href", "/learn/learn-to-lift/before-you-start/your-space-and-kit");
  await expectNoAxeViolations(page);

  // 'Undo' takes the mark away again.
  await page.goto("/learn/learn-to-lift/before-you-start/welcome");
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("button", { name: "Mark complete" })).toBeVisible();
});

test("a member who did not buy gets no course, lesson or file by any address", async ({ page }) => {
  await buy(page, "/build-stronger-foundations-checkout", "Nora");
  for (const path of ["/learn/learn-to-lift", "/learn/learn-to-lift/before-you-start/welcome", "/learn/learn-to-lift/week-1/sit-to-stand", "/learn/coaching"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/isn't part of your account yet/);
    await expect(page.locator("main")).not.toContainText("Welcome, and well done");
  }
  for (const path of ["/learn/files/00000000-0000-4000-8000-000000000000", "/learn/videos/00000000-0000-4000-8000-000000000000", "/learn/files/not-an-id"]) {
    expect((await page.request.get(path)).status(), path).toBe(404);
  }
  await page.goto("/learn/learn-to-lift");
  await expectNoAxeViolations(page);
});

test("a cancelled Build Stronger Foundations subscription keeps the course until the period ends, then not", async ({ page }) => {
  test.slow(); // a sign-up, a payment and two portal round trips
  await buy(page, "/build-stronger-foundations-checkout", "Isla");
  await page.getByRole("link", { name: "Start learning" }).click();
  await expect(page).toHaveURL("/learn/build-stronger-foundations");
  await page.getByRole("link", { name: "Why small works" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Why small works");

  // Cancelled: still open, with the date it ends.
  await page.goto("/settings");
  await page.getByRole("button", { name: "Manage subscription" }).or(page.getByRole("link", { name: "Manage subscription" })).first().click();
  await expect(page).toHaveURL(/\/test-checkout\/billing-portal/);
  await page.getByRole("button", { name: "Cancel at period end" }).click();
  await expect(page.getByText("Cancels at period end", { exact: true })).toBeVisible();
  await page.goto("/learn");
  await expect(page.getByText(/Your membership ends on \d{1,2} [A-Z][a-z]+ \d{4}\./)).toBeVisible();
  expect((await page.goto("/learn/build-stronger-foundations"))?.status()).toBe(200);

  // The period ends (simulated in test mode): the course closes and says when.
  await page.goto("/settings");
  await page.getByRole("button", { name: "Manage subscription" }).or(page.getByRole("link", { name: "Manage subscription" })).first().click();
  await page.getByRole("button", { name: "Simulate the period's end" }).click();
  await expect(page.getByText(/Ended on \d{1,2} [A-Z][a-z]+ \d{4}\./)).toBeVisible();
  await expect
    .poll(async () => (await page.request.get("/learn/build-stronger-foundations")).status(), { timeout: 15_000 })
    .toBe(403);
  await page.goto("/learn/build-stronger-foundations/make-room-for-movement/why-small-works");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Build Stronger Foundations access has ended");
  await expect(page.locator("main")).not.toContainText("Big plans fail");
  await expect(page.getByRole("link", { name: "Join again" })).toHaveAttribute("href", "/build-stronger-foundations");
});
