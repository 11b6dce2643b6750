import fs from "node:fs";
import pg from "pg";
import { embeddedDatabaseUrl } from "../../app/server/db/embedded-postgres.server";
import { signUpAndPay } from "../support/checkout-e2e";
import { axe, expect, type Page, test } from "../support/e2e";
import { ROUND_TRIP_MS } from "../support/budgets";

// The members' area in a real browser (docs/product.md §19): a buyer of Learn to Lift goes from the
// test checkout to her course, marks a lesson complete (it survives a reload and moves the bar);
// her weeks open one by one from her cohort's start (its countdown on Playwright's clock); a
// member who did not buy gets nothing by any address; a Build Stronger Foundations subscriber
// keeps her course until the paid period ends, and loses it after. Every new page has no axe
// violations at 390 and 1440 px, and a lesson loads nothing from another site before 'play'.

const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Signs up on an offer's checkout page and pays in the test checkout; returns her email. */
async function buy(page: Page, checkoutPath: string, firstName: string): Promise<string> {
  const email = uniqueEmail(firstName.toLowerCase());
  await signUpAndPay(page, checkoutPath, { firstName, lastName: "Member", email });
  return email;
}

const DAY_MS = 24 * 3_600_000;

/**
 * Her cohort's start, as the server keeps it, moved to `start` (YYYY-MM-DD): what the server's
 * calendar moving on by the same days would do. The test server's embedded database listens on a
 * unix socket in its data directory, open to this user alone.
 */
async function setCohortStart(email: string, start: string) {
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(process.env.E2E_DATA_DIR!) });
  await client.connect();
  try {
    const result = await client.query(
      "update course_enrolments set cohort_starts_on = $2 where course_key = 'learn-to-lift' and user_id = (select id from users where email = $1)",
      [email, start],
    );
    expect(result.rowCount).toBe(1);
  } finally {
    await client.end();
  }
}

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

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
    expect((await axe(page).analyze()).violations, `${page.url()} at ${width} px`).toEqual([]);
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
  // The area's own navigation: her courses, the one she is in marked as the current page.
  const areaNav = page.getByRole("navigation", { name: "Members' area" });
  await expect(areaNav.getByRole("link")).toHaveText(["My courses", "Learn to Lift"]);
  await expect(areaNav.getByRole("link", { name: "Learn to Lift" })).toHaveAttribute("aria-current", "page");

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

  // Still in the course on a lesson's page; on /learn, 'My courses' is the current page.
  await expect(areaNav.getByRole("link", { name: "Learn to Lift" })).toHaveAttribute("aria-current", "page");
  await areaNav.getByRole("link", { name: "My courses" }).click();
  await expect(page).toHaveURL("/learn");
  await expect(page.getByRole("heading", { name: "My courses", level: 1 })).toBeVisible();
  await expect(areaNav.getByRole("link", { name: "My courses" })).toHaveAttribute("aria-current", "page");
  await expect(areaNav.getByRole("link", { name: "Learn to Lift" })).not.toHaveAttribute("aria-current", "page");
  const progress = page.getByRole("progressbar", { name: "Learn to Lift progress" });
  expect(Number(await progress.getAttribute("aria-valuenow"))).toBeGreaterThan(0);
  await expect(page.getByRole("link", { name: /^Continue/ })).toHaveAttribute("href", "/learn/learn-to-lift/before-you-start/your-space-and-kit");
  await expectNoAxeViolations(page);

  // 'Undo' takes the mark away again.
  await page.goto("/learn/learn-to-lift/before-you-start/welcome");
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("button", { name: "Mark complete" })).toBeVisible();
});

test("Learn to Lift opens week by week from her cohort's start, and the countdown runs to it", async ({ page }) => {
  test.slow(); // a sign-up, a payment and five visits to the course
  const email = await buy(page, "/learn-to-lift-checkout", "Mabel");
  await page.getByRole("link", { name: "Start learning" }).click();
  await expect(page).toHaveURL("/learn/learn-to-lift");
  const target = Date.parse((await page.locator("[data-countdown]").getAttribute("data-target"))!);
  const week = (n: number) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: new RegExp(`^Week ${n}`) }) });

  // Playwright's clock, standing still a minute before her start (only runFor moves it, so a slow
  // reload cannot eat into the minute): the countdown shows it; at the start, it has begun.
  await page.clock.install({ time: target - 61_000 });
  await page.clock.pauseAt(target - 60_000);
  await page.reload();
  await expect(page.locator('[role="timer"]')).toHaveAttribute("data-state", "running");
  await expect(page.locator('[data-countdown-unit="minutes"]')).toHaveText("01");
  await page.clock.runFor(61_000);
  await expect(page.locator('[role="timer"]')).toHaveAttribute("data-state", "done");
  await expect(page.getByText("Your cohort has started")).toBeVisible();

  // The server decides what is open. Her cohort started today: Week 1 is open, Week 2 opens in a week.
  const today = Date.now();
  await setCohortStart(email, isoDay(today));
  await page.reload();
  await expect(week(1).getByRole("link").first()).toBeVisible();
  await expect(week(2).getByText(/^Opens on \d{1,2} [A-Z][a-z]+ \d{4}$/)).toBeVisible();
  await expect(week(2).getByRole("link")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: /^Your cohort starts on/ })).toHaveCount(0);

  // Eight days on (her start moved back by as much): Week 2 opens too, Week 3 not yet.
  await setCohortStart(email, isoDay(today - 8 * DAY_MS));
  await page.reload();
  await expect(week(2).getByRole("link").first()).toBeVisible();
  await expect(week(3).getByText(/^Opens on /)).toBeVisible();
  await expect(week(3).getByRole("link")).toHaveCount(0);
  // A lesson of Week 3 by its address says when it opens, and nothing of the lesson.
  await page.goto("/learn/learn-to-lift/week-3/step-ups");
  await expect(page.locator("main")).toContainText(`This part of the course opens on ${new Date(today + 6 * DAY_MS).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })}.`);
  await expect(page.getByRole("button", { name: "Mark complete" })).toHaveCount(0);
  await page.goto("/learn/learn-to-lift/week-2/hip-hinge");
  await expect(page.getByRole("button", { name: "Mark complete" })).toBeVisible();
  await page.goto("/learn/learn-to-lift");

  // Six weeks on, the whole course is open.
  await setCohortStart(email, isoDay(today - 36 * DAY_MS));
  await page.reload();
  for (let n = 1; n <= 6; n += 1) await expect(week(n).getByRole("link").first()).toBeVisible();
  await expect(page.getByText(/^Opens on /)).toHaveCount(0);
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

test("a cancelled Build Stronger Foundations subscription keeps the course until the period ends, then the lessons published while she paid", async ({ page }) => {
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

  // The period ends (simulated in test mode): the lessons published while she paid stay hers,
  // with a calm note of what ended (decision 255).
  await page.goto("/settings");
  await page.getByRole("button", { name: "Manage subscription" }).or(page.getByRole("link", { name: "Manage subscription" })).first().click();
  await page.getByRole("button", { name: "Simulate the period's end" }).click();
  await expect(page.getByText(/Ended on \d{1,2} [A-Z][a-z]+ \d{4}\./)).toBeVisible();
  await expect
    .poll(async () => (await page.goto("/learn/build-stronger-foundations"), await page.getByRole("note").filter({ hasText: "Your membership ended on" }).count()), { timeout: ROUND_TRIP_MS })
    .toBe(1);
  await expect(page.getByRole("note")).toContainText(/Your membership ended on \d{1,2} [A-Z][a-z]+ \d{4}\. The lessons and worksheets published while you were a member are still here for you/);
  await expect(page.getByRole("link", { name: "Join again" })).toHaveAttribute("href", "/build-stronger-foundations");
  await page.goto("/learn/build-stronger-foundations/make-room-for-movement/why-small-works");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Why small works");
  // My courses keeps her card, with the same note.
  await page.goto("/learn");
  await expect(page.getByRole("heading", { level: 2, name: "Build Stronger Foundations" })).toBeVisible();
  await expect(page.getByRole("note").filter({ hasText: "Your membership ended on" })).toBeVisible();
  await expectNoAxeViolations(page);
});
