import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { signInAsAdmin, toast } from "../support/admin-e2e";
import { layoutProblemsAtEveryWidth } from "../support/layout";
import { axe, type Browser, expect, type Locator, type Page, test, waitForPageScript } from "../support/e2e";
import { E2E_JOURNEY_MS } from "../support/budgets";

// The Content tab in a real browser (docs/product.md §10.13): the coach changes her testimonials,
// the home page's headline (and restores the previous one from History), an FAQ answer with a
// link, the announcement bar and her photos, and a signed-out visitor sees each change; markup she
// types is shown as text. They change what every visitor reads, so they run in their own
// Playwright project ("site-wide", playwright.config.ts) once the other specs have finished, and
// each puts the installed text back at the end.

const TAB = "/settings/admin/content";

/** A page as a signed-out visitor sees it (their own browser context), handed to `read`. */
async function asVisitor<T>(browser: Browser, baseURL: string, pathname: string, read: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(pathname);
  try {
    return await read(page);
  } finally {
    await context.close();
  }
}

/** The home page's testimonials as a signed-out visitor reads them. */
function visitorQuotes(browser: Browser, baseURL: string): Promise<string[]> {
  return asVisitor(browser, baseURL, "/", async (page) =>
    (await page.locator('[data-testimonial-set="original"] blockquote p').allTextContents()).map((q) => q.trim()),
  );
}

/** Screens for review (ADMIN_SCREENSHOTS=1): .tmp/screens/content-<name>-<width>.png, full page. */
async function screenshot(page: Page, name: string) {
  if (!process.env.ADMIN_SCREENSHOTS) return;
  fs.mkdirSync(".tmp/screens", { recursive: true });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `.tmp/screens/content-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Opens the tab and waits for the page's script, so nothing typed races the hydration. */
async function openTab(page: Page) {
  await page.goto(TAB);
  await waitForPageScript(page);
}

const card = (page: Page, block: string) => page.locator(`#content-${block}`);

function item(page: Page, name: string) {
  return card(page, "testimonials")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: new RegExp(`^\\d+\\. ${name}, `) }) });
}

/** Puts a block back to its installed text, whatever an earlier run left. */
async function resetIfCustomised(page: Page, block: string, label: RegExp) {
  const reset = card(page, block).getByRole("button", { name: label });
  if (await reset.isVisible()) {
    await reset.click();
    await expect(toast(page, "back on the site")).toBeVisible();
    await openTab(page);
  }
}

/**
 * Presses a block's button and waits for its message and for the card to show the new version:
 * the same message may still be on screen from the save before, and a form filled before the
 * page has the new version would be refused as a save over an older one.
 */
async function saveBlock(page: Page, block: string, press: () => Promise<void>, message: string) {
  // The card's own line comes first; History lists the versions after it.
  const version = card(page, block).getByText(/^(Version \d+|Nothing saved yet)$/).first();
  const before = await version.innerText();
  await press();
  await expect(toast(page, message)).toBeVisible();
  await expect(version).not.toHaveText(before);
}

async function openHistory(section: Locator) {
  await section.locator("summary", { hasText: "History" }).click();
}

test("the coach edits her testimonials from the Content tab and visitors see each change", async ({ page, browser }, testInfo) => {
  // Many steps, each a form post and a visit as a signed-out visitor.
  test.setTimeout(E2E_JOURNEY_MS);
  const baseURL = String(testInfo.project.use.baseURL);
  await signInAsAdmin(page, testInfo);
  await openTab(page);
  const testimonials = card(page, "testimonials");
  await expect(testimonials.getByRole("heading", { name: "Testimonials" })).toBeVisible();
  await expect(testimonials.getByText("Real words, used with permission")).toBeVisible();
  await resetIfCustomised(page, "testimonials", /^Reset to default/);
  const installed = await visitorQuotes(browser, baseURL);
  expect(installed.length).toBeGreaterThan(0);

  // Add: with a script tag in it, which must stay text.
  await testimonials.getByText("Add testimonial").click();
  const quote = "Strong enough to lift <b>my</b> grandson <script>alert(1)</script>";
  const add = testimonials.locator("details", { hasText: "Add testimonial" });
  await add.getByLabel("Quote").fill(quote);
  await add.getByLabel("Name").fill("Wren");
  await add.getByLabel("Age").fill("59");
  await add.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "It is on the site now.")).toBeVisible();
  expect(await visitorQuotes(browser, baseURL)).toContain(quote);

  // A bad age is refused next to its field, and nothing changes.
  await item(page, "Wren").getByText("Edit", { exact: true }).click();
  await item(page, "Wren").getByLabel("Age").fill("12");
  await item(page, "Wren").getByRole("button", { name: "Save" }).click();
  const age = item(page, "Wren").getByRole("textbox", { name: "Age" });
  await expect(age).toHaveAttribute("aria-invalid", "true");
  await expect(age).toHaveAccessibleDescription(/whole number from 18 to 120/);
  await openTab(page);

  // Edit, then move up.
  await item(page, "Wren").getByText("Edit", { exact: true }).click();
  await item(page, "Wren").getByLabel("Quote").fill("Strong enough to lift my grandson, and proud of it.");
  await item(page, "Wren").getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "It is updated on the site.")).toBeVisible();
  await item(page, "Wren").getByRole("button", { name: "Move Wren, 59 up" }).click();
  await expect(toast(page, "The order is saved.")).toBeVisible();
  let quotes = await visitorQuotes(browser, baseURL);
  expect(quotes.at(-2)).toBe("Strong enough to lift my grandson, and proud of it.");

  // Delete, confirmed.
  await item(page, "Wren").getByText("Delete", { exact: true }).click();
  await item(page, "Wren").getByRole("button", { name: "Yes, delete it" }).click();
  await expect(toast(page, "It is removed from the site.")).toBeVisible();
  quotes = await visitorQuotes(browser, baseURL);
  expect(quotes.join(" ")).not.toContain("grandson");

  // History: restore the version with Wren in it, then reset to the installed text.
  await openHistory(card(page, "testimonials"));
  const restore = card(page, "testimonials").getByRole("button", { name: /^Restore version / });
  expect(await restore.count()).toBeGreaterThanOrEqual(3);
  await restore.first().click();
  await expect(toast(page, "is back on the site")).toBeVisible();
  expect((await visitorQuotes(browser, baseURL)).join(" ")).toContain("grandson");

  expect((await axe(page).include("main").analyze()).violations).toEqual([]);

  // At 390 px wide nothing spills off the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await openTab(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await card(page, "testimonials").getByRole("button", { name: /^Reset to default/ }).click();
  await expect(toast(page, "The installed text is back on the site.")).toBeVisible();
  expect(await visitorQuotes(browser, baseURL)).toEqual(installed);
});

test("the coach changes the headline, restores it from History, edits an FAQ answer and switches the announcement bar on", async ({ page, browser }, testInfo) => {
  test.setTimeout(E2E_JOURNEY_MS);
  const baseURL = String(testInfo.project.use.baseURL);
  await signInAsAdmin(page, testInfo);
  await openTab(page);
  await resetIfCustomised(page, "homeHero", /^Reset to default/);
  await resetIfCustomised(page, "faqCoaching", /^Reset to default/);
  await resetIfCustomised(page, "announcement", /^Reset to default/);
  const headline = () => asVisitor(browser, baseURL, "/", (visitor) => visitor.getByRole("heading", { level: 1 }).innerText());
  const installed = await headline();

  // The headline, twice; then History brings the first back.
  const hero = card(page, "homeHero");
  await hero.getByRole("textbox", { name: "Headline", exact: true }).fill("Strong, <em>steady</em> and sure of yourself");
  await saveBlock(page, "homeHero", () => hero.getByRole("button", { name: "Save" }).click(), "Your words are on the site now.");
  expect(await headline()).toBe("Strong, <em>steady</em> and sure of yourself");
  // Her long "word" (markup shown as text) breaks rather than spill out of the hero at any width.
  expect(await asVisitor(browser, baseURL, "/", layoutProblemsAtEveryWidth)).toEqual([]);
  const first = Number((await hero.getByText(/^Version \d+$/).first().innerText()).replace("Version ", ""));
  await hero.getByRole("textbox", { name: "Headline", exact: true }).fill("A second thought");
  await saveBlock(page, "homeHero", () => hero.getByRole("button", { name: "Save" }).click(), "Your words are on the site now.");
  expect(await headline()).toBe("A second thought");
  await openHistory(hero);
  await saveBlock(
    page,
    "homeHero",
    () => hero.getByRole("button", { name: `Restore version ${first} of Home page headline` }).click(),
    `Version ${first} is back on the site`,
  );
  expect(await headline()).toBe("Strong, <em>steady</em> and sure of yourself");

  // An empty headline is refused next to its field.
  await card(page, "homeHero").getByRole("textbox", { name: "Headline", exact: true }).fill("");
  await card(page, "homeHero").getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("textbox", { name: "Headline", exact: true })).toHaveAccessibleDescription("Please enter the headline.");
  await openTab(page);

  // An FAQ answer with a link: a visitor opens the question and follows it.
  const faq = card(page, "faqCoaching").getByRole("listitem").first();
  await faq.getByText("Edit", { exact: true }).click();
  await faq.getByLabel("Answer").fill("Yes. Start with [Learn to Lift](/learn-to-lift), then **build** from there. <script>alert(1)</script>");
  await faq.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "It is updated on the site.")).toBeVisible();
  await asVisitor(browser, baseURL, "/coaching-services", async (visitor) => {
    const answer = visitor.locator("#services-faq-1");
    await answer.getByRole("button").click();
    await expect(answer.getByRole("region")).toContainText("Start with Learn to Lift, then build from there. <script>alert(1)</script>");
    await expect(answer.getByRole("link", { name: "Learn to Lift" })).toHaveAttribute("href", "/learn-to-lift");
    const jsonLd = await visitor.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.join("\n")).toContain("Start with Learn to Lift, then build from there.");
  });

  // The announcement bar, on every public page.
  const bar = card(page, "announcement");
  await bar.getByLabel("Show the bar on every public page").check();
  await bar.getByLabel("Announcement").fill("The spring cohort opens soon");
  await bar.getByLabel("Link words").fill("Find out more");
  await bar.getByLabel("Link address").fill("/learn-to-lift");
  await bar.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Your words are on the site now.")).toBeVisible();
  for (const pathname of ["/", "/contact"]) {
    await asVisitor(browser, baseURL, pathname, async (visitor) => {
      const announcement = visitor.getByRole("complementary", { name: "Announcement" });
      await expect(announcement).toContainText("The spring cohort opens soon");
      await expect(announcement.getByRole("link", { name: "Find out more" })).toHaveAttribute("href", "/learn-to-lift");
      expect(await layoutProblemsAtEveryWidth(visitor)).toEqual([]);
    });
  }

  expect((await axe(page).include("main").analyze()).violations).toEqual([]);

  // Everything back to the installed text.
  for (const block of ["homeHero", "faqCoaching", "announcement"]) {
    await card(page, block).getByRole("button", { name: /^Reset to default/ }).click();
    await expect(toast(page, "The installed text is back on the site.")).toBeVisible();
    await openTab(page);
  }
  expect(await headline()).toBe(installed);
});

test("the coach uploads her photo; a text file and an over-size file are refused with a message", async ({ page, browser }, testInfo) => {
  test.setTimeout(E2E_JOURNEY_MS);
  const baseURL = String(testInfo.project.use.baseURL);
  const dir = testInfo.outputPath("photos");
  fs.mkdirSync(dir, { recursive: true });
  const photo = path.join(dir, "coach.jpg");
  await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#b0607a" } }).jpeg({ quality: 80 }).toFile(photo);
  const text = path.join(dir, "notes.txt");
  fs.writeFileSync(text, "Not a photo");
  const huge = path.join(dir, "huge.jpg");
  fs.writeFileSync(huge, Buffer.alloc(11 * 1024 * 1024, 1));

  await signInAsAdmin(page, testInfo);
  await openTab(page);
  await resetIfCustomised(page, "coachPhoto", /^Remove photo/);
  const section = card(page, "coachPhoto");

  await section.getByLabel("Photo", { exact: true }).setInputFiles(text);
  await section.getByRole("button", { name: "Save" }).click();
  await expect(page.locator("#coachPhoto-file-error")).toHaveText("Please choose a JPEG, PNG or WebP photo.");
  await openTab(page);
  await card(page, "coachPhoto").getByLabel("Photo", { exact: true }).setInputFiles(huge);
  await card(page, "coachPhoto").getByRole("button", { name: "Save" }).click();
  await expect(page.locator("#coachPhoto-file-error")).toHaveText("That photo is larger than 10 MB. Please choose a smaller one.");
  await openTab(page);

  await card(page, "coachPhoto").getByLabel("Photo", { exact: true }).setInputFiles(photo);
  await card(page, "coachPhoto").getByLabel("Description (alt text)").fill("Smiling in the garden with a kettlebell");
  await card(page, "coachPhoto").getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Your photo is on the site now.")).toBeVisible();

  const meetPath = await page.evaluate(() => document.querySelector<HTMLAnchorElement>('a[href^="/meet-"]')?.getAttribute("href") ?? "");
  expect(meetPath).toMatch(/^\/meet-/);
  await screenshot(page, "tab");
  await asVisitor(browser, baseURL, "/", (visitor) => screenshot(visitor, "home"));
  await asVisitor(browser, baseURL, meetPath, async (visitor) => {
    await screenshot(visitor, "meet");
    const img = visitor.getByRole("img", { name: "Smiling in the garden with a kettlebell" }).first();
    await expect(img).toBeVisible();
    expect(await img.getAttribute("width")).toBe("1600");
    expect(await img.getAttribute("height")).toBe("1200");
    // The browser picked a modern format from the srcset, and the file is served.
    const current = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
    expect(current).toMatch(/\/uploads\/site-photos\/coach\/.+\.(avif|webp)$/);
    const response = await visitor.request.get(current);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^image\/(avif|webp)$/);
  });

  expect((await axe(page).include("main").analyze()).violations).toEqual([]);
  await openTab(page);
  await card(page, "coachPhoto").getByRole("button", { name: /^Remove photo/ }).click();
  await expect(toast(page, "The photo is removed: the artwork is back on the site.")).toBeVisible();
});
