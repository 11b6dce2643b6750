import { axe, expect, type Locator, type Page, test } from "../support/e2e";
import { loadSiteConfig } from "../../app/config/env.server";
import { FOUNDATIONS_KEEP_NOTE } from "../../app/content/foundations-keep";
import { COACH } from "../support/site-routes";

// docs/product.md §5.3–§5.6 (/stronger-with-{name}, /learn-to-lift, /build-stronger-foundations, the
// waitlist page and /learn-to-lift-interest, the countdown), §14.1 and §5.1 (every price from the
// catalogue) and §4.8 (the booking embed).

const SUCCESS = "Success! Now check your email to confirm your subscription.";

// The catalogue the server uses (the tests start it with the default configuration).
const site = loadSiteConfig({});
const pence = (key: string) => site.catalogue.find((p) => p.productKey === key)!.pricePence;
const pounds = (p: number) => `£${(p / 100).toLocaleString("en-GB")}`;
const LIFT_TOTAL = pounds(pence("learn-to-lift")); // £300
const LIFT_WEEKLY = pounds(Math.round(pence("learn-to-lift") / 6 / 100) * 100); // £50
const ONE_MONTHLY = pounds(pence(`stronger-with-${COACH.slug}`)); // £477
const ONE_WEEKLY = pounds(Math.round((pence(`stronger-with-${COACH.slug}`) * 12) / 52 / 100) * 100); // £110
const FOUNDATIONS_MONTHLY = pounds(pence("build-stronger-foundations")); // £20

/** Cal.com is never reached from the tests: its requests are refused. */
async function blockCal(page: Page) {
  await page.route(/^https:\/\/(app\.)?cal\.com\//, (route) => route.abort());
}

test.beforeEach(async ({ page }) => {
  await blockCal(page);
});

function region(page: Page, name: string | RegExp): Locator {
  return page.getByRole("region", { name });
}

async function hrefs(links: Locator): Promise<(string | null)[]> {
  return links.evaluateAll((els) => els.map((el) => el.getAttribute("href")));
}

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

/** Checks an FAQ accordion: `count` questions, none open, one open at a time, and collapsible. */
async function expectSingleCollapsibleFaq(faq: Locator, count: number) {
  const triggers = faq.locator("button[aria-expanded]");
  await expect(triggers).toHaveCount(count);
  await expect(faq.locator('button[aria-expanded="true"]')).toHaveCount(0);

  await triggers.nth(0).click();
  await expect(triggers.nth(0)).toHaveAttribute("aria-expanded", "true");
  await triggers.nth(1).click();
  await expect(triggers.nth(1)).toHaveAttribute("aria-expanded", "true");
  await expect(triggers.nth(0)).toHaveAttribute("aria-expanded", "false");
  await expect(faq.locator('button[aria-expanded="true"]')).toHaveCount(1);
  // Collapsible: the open question closes again.
  await triggers.nth(1).click();
  await expect(faq.locator('button[aria-expanded="true"]')).toHaveCount(0);
}

test.describe("1-to-1 coaching sales page", () => {
  const path = `/stronger-with-${COACH.slug}`;
  const checkout = `/stronger-with-${COACH.slug}-checkout#top`;

  test("shows the benefits, the catalogue price and what's included @mobile", async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Stronger with ${COACH.name}`);
    const main = page.getByRole("main");
    // What she pays leads; the weekly figure stands beside it (docs/product.md §5.2).
    await expect(main).toContainText(new RegExp(`${ONE_MONTHLY}\\s*/month`));
    await expect(main).toContainText(`About ${ONE_WEEKLY} a week, billed monthly`);
    await expect(main.getByText("Weekly 45-minute video workouts").first()).toBeVisible();
    await expect(main.getByText("Daily messaging-app support").first()).toBeVisible();

    const benefits = region(page, "Coaching that fits you, not the other way round");
    await expect(benefits.getByRole("listitem")).toHaveCount(6);
    await expect(benefits.getByRole("heading", { name: "Daily messaging-app support" })).toBeVisible();

    const included = region(page, "Everything in your coaching");
    for (const feature of site.catalogue.find((p) => p.productKey === `stronger-with-${COACH.slug}`)!.features) {
      await expect(included.getByText(feature)).toBeVisible();
    }
    await expect(region(page, "From first chat to first lift").getByRole("listitem")).toHaveCount(4);
  });

  test("links to the checkout (#top) and back to Coaching Services, with the booking embed", async ({ page }) => {
    await page.goto(path);
    const toCheckout = page.getByRole("main").locator(`a[href^="/stronger-with-${COACH.slug}-checkout"]`);
    expect((await hrefs(toCheckout)).length).toBeGreaterThanOrEqual(3);
    expect(new Set(await hrefs(toCheckout))).toEqual(new Set([checkout]));
    await expect(page.getByRole("link", { name: /Back to Coaching Services/ })).toHaveAttribute("href", "/coaching-services");

    const booking = region(page, "Let's see if we're a good fit");
    await expect(booking.locator("[data-booking-embed]")).toBeVisible();
    await expect(booking.getByRole("link", { name: /Open the booking page/ })).toHaveAttribute(
      "href",
      `https://cal.com/${site.booking.calLink}`,
    );

    await page.getByRole("link", { name: /Start 1-to-1 coaching/ }).first().click();
    await expect(page).toHaveURL(new RegExp(`/stronger-with-${COACH.slug}-checkout`));
  });

  test("describes the offer as a Product with the catalogue's monthly price in GBP", async ({ page }) => {
    await page.goto(path);
    const product = (await jsonLd(page)).find((d) => d["@type"] === "Product")!;
    expect(product).toMatchObject({
      name: `Stronger with ${COACH.name}`,
      offers: { "@type": "Offer", price: (pence(`stronger-with-${COACH.slug}`) / 100).toFixed(2), priceCurrency: "GBP" },
    });
  });
});

test.describe("Learn to Lift sales page", () => {
  test("shows suitability, the time commitment and the catalogue price @mobile", async ({ page }) => {
    await page.goto("/learn-to-lift");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Learn to Lift");
    const main = page.getByRole("main");
    await expect(main).toContainText(new RegExp(`${LIFT_TOTAL}\\s*one payment`));
    await expect(main).toContainText(`About ${LIFT_WEEKLY} a week over the 6 weeks`);

    const suitability = region(page, "Is Learn to Lift right for you?");
    await expect(suitability.getByRole("heading", { name: "This is for you if…" })).toBeVisible();
    await expect(suitability.getByRole("heading", { name: "It may not be the right time if…" })).toBeVisible();

    const time = region(page, "Made to fit a full life");
    for (const text of [
      "6 weeks",
      "Workouts under 25 minutes, twice weekly",
      "Up to 4",
      "New exercises a week",
      "Video calls under 30 minutes",
      "Week 4",
      "Dumbbells join in",
      "Lifetime",
    ]) {
      await expect(time.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(region(page, "One step at a time").getByRole("listitem")).toHaveCount(6);
  });

  test("links to the checkout, the interest form and back, with the booking embed", async ({ page }) => {
    await page.goto("/learn-to-lift");
    const toCheckout = page.getByRole("main").locator('a[href^="/learn-to-lift-checkout"]');
    expect((await hrefs(toCheckout)).length).toBeGreaterThanOrEqual(3);
    expect(new Set(await hrefs(toCheckout))).toEqual(new Set(["/learn-to-lift-checkout"]));
    await expect(page.getByRole("link", { name: "Register your interest" })).toHaveAttribute("href", "/learn-to-lift-interest");
    await expect(page.getByRole("link", { name: /Back to Coaching Services/ })).toHaveAttribute("href", "/coaching-services");
    await expect(page.locator("#booking [data-booking-embed]")).toBeVisible();

    await page.getByRole("link", { name: /Book a free call/ }).click();
    await expect(page).toHaveURL(/#booking$/);
    await expect(page.locator("#booking")).toBeInViewport();

    await page.getByRole("link", { name: /Join Learn to Lift/ }).first().click();
    await expect(page).toHaveURL(/\/learn-to-lift-checkout$/);
  });

  test("has an FAQ of 11 questions, one open at a time and collapsible @mobile", async ({ page }) => {
    await page.goto("/learn-to-lift");
    const faq = region(page, "Your questions, answered");
    await expectSingleCollapsibleFaq(faq, 11);

    // The answer shows when its question opens, and the page stays accessible with it open.
    await faq.getByRole("button", { name: "How much does it cost, and how do I pay?" }).click();
    await expect(faq.getByText(`${LIFT_TOTAL} in one payment, which works out at ${LIFT_WEEKLY} a week`)).toBeVisible();
    const results = await axe(page).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  test("the FAQ works from the keyboard", async ({ page }) => {
    await page.goto("/learn-to-lift");
    const triggers = region(page, "Your questions, answered").locator("button[aria-expanded]");
    await triggers.first().focus();
    await page.keyboard.press("Enter");
    await expect(triggers.first()).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("ArrowDown");
    await expect(triggers.nth(1)).toBeFocused();
    await page.keyboard.press("Space");
    await expect(triggers.nth(1)).toHaveAttribute("aria-expanded", "true");
    await expect(triggers.first()).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("End");
    await expect(triggers.last()).toBeFocused();
  });

  test("describes the course as a Course with its provider, an Offer in GBP and an 11-question FAQPage", async ({ page }) => {
    await page.goto("/learn-to-lift");
    const data = await jsonLd(page);
    expect(data.find((d) => d["@type"] === "Course")).toMatchObject({
      name: "Learn to Lift",
      provider: { "@type": "Organization", name: site.businessName },
      offers: { "@type": "Offer", price: (pence("learn-to-lift") / 100).toFixed(2), priceCurrency: "GBP" },
      hasCourseInstance: { startDate: site.nextCohortDate },
    });
    const faq = data.find((d) => d["@type"] === "FAQPage") as { mainEntity: unknown[] };
    expect(faq.mainEntity).toHaveLength(11);
  });
});

test.describe("the countdown to the next cohort", () => {
  async function cohortTarget(page: Page): Promise<number> {
    const html = await (await page.request.get("/learn-to-lift")).text();
    const iso = /data-target="([^"]+)"/.exec(html)?.[1];
    expect(iso).toBe(site.nextCohortDate);
    return Date.parse(iso!);
  }

  function units(page: Page) {
    const unit = (key: string) => page.locator(`[data-countdown-unit="${key}"]`);
    return { days: unit("days"), hours: unit("hours"), minutes: unit("minutes"), seconds: unit("seconds") };
  }

  test("counts down every second @mobile", async ({ page }) => {
    const target = await cohortTarget(page);
    const left = ((2 * 24 + 3) * 60 + 4) * 60_000 + 30_000; // 2 days, 3 h, 4 min, 30 s
    const start = target - left - 10_000;
    await page.clock.install({ time: start });
    await page.goto("/learn-to-lift");
    await expect(page.locator('[role="timer"]')).toHaveAttribute("data-state", "running");
    await page.clock.pauseAt(start + 10_000);

    const u = units(page);
    await expect(u.days).toHaveText("02");
    await expect(u.hours).toHaveText("03");
    await expect(u.minutes).toHaveText("04");
    await expect(u.seconds).toHaveText("30");

    await page.clock.runFor(1000);
    await expect(u.seconds).toHaveText("29");
    await page.clock.runFor(1000);
    await expect(u.seconds).toHaveText("28");
    await page.clock.runFor(29_000);
    await expect(u.minutes).toHaveText("03");
    await expect(u.seconds).toHaveText("59");
    await expect(page.getByText("Next cohort starts in")).toBeVisible();
  });

  test("shows zeros once the start has passed, and stays at zero", async ({ page }) => {
    const target = await cohortTarget(page);
    await page.clock.install({ time: target - 20_000 });
    await page.goto("/learn-to-lift");
    await expect(page.locator('[role="timer"]')).toHaveAttribute("data-state", "running");
    await page.clock.pauseAt(target - 10_000);
    const u = units(page);
    await expect(u.seconds).toHaveText("10");

    await page.clock.runFor(10_000);
    for (const unit of Object.values(u)) await expect(unit).toHaveText("00");
    await expect(page.locator('[role="timer"]')).toHaveAttribute("data-state", "done");
    await expect(page.getByText("This cohort has started")).toBeVisible();
    await page.clock.runFor(5_000);
    for (const unit of Object.values(u)) await expect(unit).toHaveText("00");
  });

  test("a visitor long after the start sees zeros", async ({ page }) => {
    const target = await cohortTarget(page);
    await page.clock.install({ time: target + 40 * 24 * 3_600_000 });
    await page.goto("/learn-to-lift");
    await expect(page.locator('[role="timer"]')).toHaveAttribute("data-state", "done");
    for (const unit of Object.values(units(page))) await expect(unit).toHaveText("00");
  });

  test("is server-rendered with the date, hydrates without errors and without moving anything", async ({ browser }) => {
    const viewport = { width: 1440, height: 900 };
    const noJs = await browser.newContext({ javaScriptEnabled: false, viewport });
    const staticPage = await noJs.newPage();
    await staticPage.goto("/learn-to-lift");
    await expect(staticPage.locator(`time[datetime="${site.nextCohortDate}"]`)).toHaveText(/\w+day \d{1,2} \w+ \d{4}/);
    await expect(staticPage.locator('[role="timer"]')).toHaveAttribute("data-state", "pending");
    const before = await staticPage.locator("[data-countdown]").boundingBox();
    const beforePrice = await staticPage.getByText(`About ${LIFT_WEEKLY} a week over the 6 weeks`).first().boundingBox();
    await noJs.close();

    const withJs = await browser.newContext({ viewport });
    const page = await withJs.newPage();
    await blockCal(page);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error" && !/Failed to load resource/.test(message.text())) errors.push(message.text());
    });
    await page.goto("/learn-to-lift");
    await expect(page.locator('[role="timer"]')).not.toHaveAttribute("data-state", "pending");
    const after = await page.locator("[data-countdown]").boundingBox();
    const afterPrice = await page.getByText(`About ${LIFT_WEEKLY} a week over the 6 weeks`).first().boundingBox();
    expect(after).toEqual(before);
    expect(afterPrice).toEqual(beforePrice);
    expect(errors).toEqual([]);
    await withJs.close();
  });
});

test.describe("Build Stronger Foundations sales page", () => {
  test("has every section, the monthly price and both buttons to the checkout @mobile", async ({ page }) => {
    await page.goto("/build-stronger-foundations");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Build Stronger Foundations");

    const why = region(page, "Why Habits Matter");
    for (const name of ["Consistency over perfection", "Reduce decision fatigue", "Build confidence"]) {
      await expect(why.getByRole("heading", { name })).toBeVisible();
    }
    await expect(region(page, "What Build Stronger Foundations is")).toContainText("10–15 minutes");
    await expect(region(page, "Everything you need to make it stick").getByRole("listitem")).toHaveCount(6);
    const community = region(page, "How the Community Works");
    for (const name of ["Shared understanding", "Mutual support", "Accountability"]) {
      await expect(community.getByRole("heading", { name })).toBeVisible();
    }

    const get = region(page, "What You'll Get");
    for (const feature of site.catalogue.find((p) => p.productKey === "build-stronger-foundations")!.features) {
      await expect(get.getByText(feature)).toBeVisible();
    }
    await expect(get).toContainText(`${FOUNDATIONS_MONTHLY}/month`);
    await expect(get.getByText("Billed Monthly", { exact: true })).toBeVisible();
    // What she keeps after cancelling and what ends with the subscription (decision 255).
    await expect(get.getByText(FOUNDATIONS_KEEP_NOTE)).toBeVisible();

    const buttons = page.getByRole("main").locator('a[href="/build-stronger-foundations-checkout"]');
    await expect(buttons).toHaveCount(2);
    await expect(page.getByRole("link", { name: /Join the Community/ })).toHaveAttribute(
      "href",
      "/build-stronger-foundations-checkout",
    );
    await expect(page.getByRole("link", { name: /Start Building Today/ })).toHaveAttribute(
      "href",
      "/build-stronger-foundations-checkout",
    );
    await expect(page.getByRole("link", { name: /Back to Coaching Services/ })).toHaveAttribute("href", "/coaching-services");
  });

  test("the FAQ opens one answer at a time, and every answer links to Learn to Lift", async ({ page }) => {
    await page.goto("/build-stronger-foundations");
    const faq = region(page, "Questions, answered");
    await expectSingleCollapsibleFaq(faq, 5);
    const triggers = faq.locator("button[aria-expanded]");
    for (let i = 0; i < 5; i++) {
      const question = (await triggers.nth(i).textContent())!;
      await triggers.nth(i).click();
      const answer = faq.getByRole("region", { name: question, exact: true });
      await expect(answer.getByRole("link", { name: "Learn to Lift" })).toHaveAttribute("href", "/learn-to-lift");
    }
    const first = (await triggers.nth(0).textContent())!;
    await triggers.nth(0).click();
    await faq.getByRole("region", { name: first, exact: true }).getByRole("link", { name: "Learn to Lift" }).click();
    await expect(page).toHaveURL("/learn-to-lift");
  });

  test("describes the offer as a Product with the catalogue's monthly price, and its FAQ", async ({ page }) => {
    await page.goto("/build-stronger-foundations");
    const data = await jsonLd(page);
    expect(data.find((d) => d["@type"] === "Product")).toMatchObject({
      name: "Build Stronger Foundations",
      offers: { price: (pence("build-stronger-foundations") / 100).toFixed(2), priceCurrency: "GBP" },
    });
    expect((data.find((d) => d["@type"] === "FAQPage") as { mainEntity: unknown[] }).mainEntity).toHaveLength(5);
  });
});

test.describe("the waitlist page (Make Exercise Easier)", () => {
  test("has the waitlist form and the three Explore More cards @mobile", async ({ page }) => {
    await page.goto("/build-stronger-foundations-interest");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Make Exercise Easier");
    const firstName = page.getByLabel(/First name/);
    const email = page.getByLabel(/Email address/);
    await expect(firstName).not.toHaveAttribute("required");
    await expect(email).toHaveAttribute("required");
    await expect(page.getByRole("button", { name: "Build Better Habits" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(/unsubscribe at any time/i);
    await expect(page.getByRole("main").getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");

    const explore = region(page, "Explore More");
    const links = explore.getByRole("link");
    await expect(links).toHaveCount(3);
    expect(await hrefs(links)).toEqual(["/coaching-services#top", "/community#top", "/build-stronger-foundations#top"]);
    await explore.getByRole("link", { name: "Community" }).click();
    await expect(page).toHaveURL(/\/community(#top)?$/);
  });

  test("the keyboard reaches first name, email and the button in order; success shows the documented message", async ({ page }) => {
    // A unique forwarded address keeps this sign-up clear of other tests' rate-limit counts.
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": `10.${process.pid % 250}.${Date.now() % 250}.${Math.floor(Math.random() * 250)}` });
    await page.goto("/build-stronger-foundations-interest");
    await page.getByLabel(/First name/).focus();
    await page.keyboard.type("Ann");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel(/Email address/)).toBeFocused();
    await page.keyboard.type(`waitlist-${Date.now()}-${process.pid}@example.com`);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Build Better Habits" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText(SUCCESS)).toBeVisible();
  });
});

test.describe("Learn to Lift interest page", () => {
  test("has the interest form with an optional biggest challenge @mobile", async ({ page }) => {
    await page.goto("/learn-to-lift-interest");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Register Your Interest in Learn to Lift");
    await expect(page.getByLabel(/First name/)).toBeVisible();
    await expect(page.getByLabel(/Email address/)).toHaveAttribute("required");
    const challenge = page.getByLabel(/biggest challenge/);
    await expect(challenge).toBeVisible();
    await expect(challenge).not.toHaveAttribute("required");
    await expect(page.getByRole("button", { name: "Register My Interest" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(`${LIFT_TOTAL} in one payment, about ${LIFT_WEEKLY} a week`);
    await expect(page.getByRole("link", { name: /Read about Learn to Lift/ })).toHaveAttribute("href", "/learn-to-lift");
  });
});

test.describe("accessibility and layout of the offer pages", () => {
  for (const path of [
    `/stronger-with-${COACH.slug}`,
    "/learn-to-lift",
    "/build-stronger-foundations",
    "/build-stronger-foundations-interest",
    "/learn-to-lift-interest",
  ]) {
    test(`${path}: no axe violations and nothing wider than the screen @mobile`, async ({ page }) => {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const results = await axe(page).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    });
  }
});
