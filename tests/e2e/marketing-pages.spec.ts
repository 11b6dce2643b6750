import { VISIBLE_DELAY_MS } from "../../app/islands/lazy-sections";
import { CONTACT_HASH_SCROLL_DELAY_MS } from "../../app/utils/anchor-scroll";
import { axe, expect, type Locator, type Page, test, waitForPageScript } from "../support/e2e";
import { COACH } from "../support/site-routes";

// docs/product.md §4.1–§4.5 (Home, /meet-{name}, /coaching-services, /community, /contact), §4.8
// (the booking embed), §14.4 (timing) and §5.2 (prices from the catalogue).

const SUCCESS = "Success! Now check your email to confirm your subscription.";
const CAL = /^https:\/\/(app\.)?cal\.com\//;
const BOOKING_PAGE = "https://cal.com/strongwithjo/20min";

/** Cal.com is never reached from the tests: its requests are recorded and refused (or stubbed). */
async function blockCal(page: Page, { stub = false } = {}): Promise<string[]> {
  const requested: string[] = [];
  await page.route(CAL, (route) => {
    requested.push(route.request().url());
    if (!stub) return route.abort();
    return route.fulfill({
      contentType: "text/javascript",
      body: "window.__calEmbedLoaded = true;",
    });
  });
  return requested;
}

/** Uncaught errors on the page, and console errors other than refused third-party requests. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !/Failed to load resource/.test(message.text())) errors.push(message.text());
  });
  return errors;
}

function section(page: Page, name: string | RegExp): Locator {
  return page.getByRole("region", { name });
}

async function hrefsOf(links: Locator): Promise<(string | null)[]> {
  return links.evaluateAll((els) => els.map((el) => el.getAttribute("href")));
}

/**
 * Scrolls through the whole page, two rendered frames at each step (the page's observers report
 * in the first), then waits until every lazy section has arrived and no booking embed is still
 * loading: the page as a visitor sees it once she has scrolled to the end.
 */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let y = 0; y < document.documentElement.scrollHeight; y += 500) {
      window.scrollTo({ top: y, behavior: "instant" });
      await frame();
      await frame();
    }
  });
  await expect(page.locator('[data-lazy-state="waiting"]')).toHaveCount(0);
  await expect(page.locator('[data-booking-embed][data-state="loading"]')).toHaveCount(0);
}

/**
 * Waits until the page's own IntersectionObservers have reported on `target` once: an observer
 * made now reports after the ones made before it, in the same rendering step.
 */
async function pageObserversHaveReported(target: Locator) {
  await target.evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        const observer = new IntersectionObserver(() => {
          observer.disconnect();
          resolve();
        });
        observer.observe(element);
      }),
  );
}

let emailCounter = 0;
function uniqueEmail(tag: string) {
  return `mkt-${tag}-${Date.now()}-${process.pid}-${emailCounter++}@example.com`;
}

test.beforeEach(async ({ page }) => {
  await blockCal(page);
});

test.describe("home page", () => {
  test("hero: the headline and 'Schedule Free Consultation' to /coaching-services#consultation @mobile", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thrive Through the Menopause and Beyond");
    await expect(page.getByRole("link", { name: "Schedule Free Consultation" })).toHaveAttribute(
      "href",
      "/coaching-services#consultation",
    );
  });

  test("'Schedule Free Consultation' lands on the booking section of /coaching-services", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Schedule Free Consultation" }).click();
    await expect(page).toHaveURL("/coaching-services#consultation");
    await expect(page.locator("#consultation")).toBeInViewport();
  });

  test("'Is this you?' has six statements, each linking to /coaching-services#top", async ({ page }) => {
    await page.goto("/");
    const links = section(page, "Is this you?").getByRole("listitem").getByRole("link");
    await expect(links).toHaveCount(6);
    expect(new Set(await hrefsOf(links))).toEqual(new Set(["/coaching-services#top"]));
  });

  test("'How I Help You Thrive' has three cards with a Learn More cue to /coaching-services#top", async ({ page }) => {
    await page.goto("/");
    const help = section(page, "How I Help You Thrive");
    for (const title of ["Habit Coaching", "Community", "Daily Support"]) {
      await expect(help.getByRole("heading", { name: title, level: 3 })).toBeVisible();
      await expect(help.getByRole("link", { name: `Learn More about ${title}` })).toHaveAttribute(
        "href",
        "/coaching-services#top",
      );
    }
  });

  test("1-to-1 link cards and call to action use the catalogue's prices", async ({ page }) => {
    await page.goto("/");
    const cards = section(page, `Stronger with ${COACH.name}`).getByRole("link");
    await expect(cards).toHaveCount(3);
    expect(new Set(await hrefsOf(cards))).toEqual(new Set([`/stronger-with-${COACH.slug}#top`]));
    const cta = section(page, "Ready for coaching built around you?");
    await expect(cta).toContainText("£477 a month, about £110 a week");
    await expect(cta.getByRole("link", { name: "Explore 1-to-1 coaching" })).toHaveAttribute(
      "href",
      `/stronger-with-${COACH.slug}#top`,
    );
    await expect(cta.getByRole("link", { name: "Book a free consultation" })).toHaveAttribute("href", "/contact#consultation");
  });


  test("the lead-capture form loads after idle and a sign-up reveals the guide download", async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto("/");
    const guide = section(page, "Your Menopause Strength Guide");
    const download = guide.getByRole("link", { name: /Download Your Menopause Strength Guide/ });
    await expect(download).toHaveCount(0);
    await expect(guide.locator("[data-lazy-state]")).toHaveAttribute("data-lazy-state", "loaded");

    await guide.getByLabel("Email address").fill(uniqueEmail("guide"));
    await guide.getByRole("button", { name: "Send Me the Guide" }).click();
    await expect(guide.getByText(SUCCESS)).toBeVisible();
    await expect(download).toBeVisible();
    await expect(download).toHaveAttribute("href", "/downloads/menopause-strength-guide.pdf");
    await expect(download).toHaveAttribute("target", "_blank");
    expect(errors).toEqual([]);
  });

  test("the 28-day calendar form loads only near the viewport; a sign-up reveals 'Download Your 28-Day Calendar'", async ({ page }) => {
    // Playwright's clock (flowing as usual) lets the test run the page's timers on at once.
    await page.clock.install();
    await page.goto("/");
    const calendar = section(page, "Your free 28-day workout calendar");
    const lazy = calendar.locator("[data-lazy-state]");
    // Once the page's observer has seen the section out of view and any reveal it had scheduled
    // would be due, the section is still waiting.
    await waitForPageScript(page);
    await pageObserversHaveReported(lazy);
    await page.clock.runFor(VISIBLE_DELAY_MS);
    await expect(lazy).toHaveAttribute("data-lazy-state", "waiting");

    await calendar.scrollIntoViewIfNeeded();
    await expect(lazy).toHaveAttribute("data-lazy-state", "loaded");
    const download = calendar.getByRole("link", { name: /Download Your 28-Day Calendar/ });
    await expect(download).toHaveCount(0);

    await calendar.getByLabel("Email address").fill(uniqueEmail("calendar"));
    await calendar.getByRole("button", { name: "Get My Calendar" }).click();
    await expect(calendar.getByText(SUCCESS)).toBeVisible();
    await expect(download).toHaveAttribute("href", "/downloads/28-day-workout-calendar.pdf");
    await expect(download).toHaveAttribute("target", "_blank");
  });

});

test.describe("testimonial carousel", () => {
  function track(page: Page) {
    return page.locator("[data-testimonial-track]").first();
  }
  const playState = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).animationPlayState);

  test("loops every 30 s, pauses on hover and on keyboard focus, and hides the loop's copy from assistive tech", async ({ page }) => {
    await page.goto("/");
    const region = page.getByRole("region", { name: "Client testimonials" });
    await expect(region).toBeVisible();
    const moving = track(page);
    expect(await moving.evaluate((el) => getComputedStyle(el).animationDuration)).toBe("30s");
    expect(await playState(moving)).toBe("running");

    await region.hover();
    expect(await playState(moving)).toBe("paused");
    await page.mouse.move(5, 5);
    expect(await playState(moving)).toBe("running");

    await region.focus();
    expect(await playState(moving)).toBe("paused");
    await region.blur();

    await expect(page.locator('[data-testimonial-set="copy"]').first()).toHaveAttribute("aria-hidden", "true");
    await expect(region.getByRole("figure")).toHaveCount(6);

    const pause = page.getByRole("button", { name: "Pause testimonials" }).first();
    await pause.click();
    await page.mouse.move(5, 5);
    await region.blur();
    expect(await playState(moving)).toBe("paused");
    await expect(page.getByRole("button", { name: "Play testimonials" }).first()).toHaveAttribute("aria-pressed", "true");
  });

  test("is still under prefers-reduced-motion: no animation, no copies, a scrollable list", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await blockCal(page);
    await page.goto(`/meet-${COACH.slug}`);
    const moving = track(page);
    expect(await moving.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
    await expect(page.locator('[data-testimonial-set="copy"]').first()).toBeHidden();
    const region = page.getByRole("region", { name: "Client testimonials" });
    expect(await region.evaluate((el) => getComputedStyle(el).overflowX)).toBe("auto");
    await expect(page.getByRole("button", { name: "Pause testimonials" })).toBeHidden();
    await context.close();
  });
});

test.describe(`/meet-${COACH.slug}`, () => {
  test("has the hero, bio, approach cards, story, testimonials and calls to action @mobile", async ({ page }) => {
    await page.goto(`/meet-${COACH.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Meet ${COACH.name}`);
    await expect(section(page, "Strong is for every age")).toContainText(`I'm ${COACH.name}`);
    const approach = section(page, "Sustainable, simple, supportive");
    for (const title of ["Sustainable", "Simple", "Supportive"]) {
      await expect(approach.getByRole("link", { name: new RegExp(`^${title}`) })).toHaveAttribute(
        "href",
        "/coaching-services#top",
      );
    }
    await expect(section(page, "Why I do this work")).toBeVisible();
    await expect(page.getByRole("region", { name: "Client testimonials" })).toBeVisible();
    const cta = section(page, "Let's find your starting point");
    await expect(cta.getByRole("link", { name: "Explore coaching services" })).toHaveAttribute("href", "/coaching-services#top");
    await expect(cta.getByRole("link", { name: "Book a free consultation" })).toHaveAttribute("href", "/contact#consultation");
  });
});

test.describe("/coaching-services", () => {
  test("hero links to #consultation; the two paid plans carry the catalogue's prices and links @mobile", async ({ page }) => {
    await page.goto("/coaching-services");
    await expect(page.getByRole("link", { name: "Book a free consultation" }).first()).toHaveAttribute("href", "#consultation");

    const lift = page.getByRole("article", { name: "Learn to Lift" });
    await expect(lift).toContainText("Most Popular");
    await expect(lift).toContainText(/£300\s*one payment/);
    await expect(lift).toContainText("About £50 a week over the 6 weeks");
    await expect(lift.getByRole("link", { name: /^Learn More/ })).toHaveAttribute("href", "/learn-to-lift#top");
    await expect(lift.getByRole("link", { name: /^Buy Now/ })).toHaveAttribute("href", "/learn-to-lift-checkout");

    const oneToOne = page.getByRole("article", { name: `Stronger with ${COACH.name}` });
    await expect(oneToOne).not.toContainText("Most Popular");
    await expect(oneToOne).toContainText(/£477\s*\/month/);
    await expect(oneToOne).toContainText("About £110 a week, billed monthly");
    await expect(oneToOne.getByRole("link", { name: /^Learn More/ })).toHaveAttribute("href", `/stronger-with-${COACH.slug}#top`);
    await expect(oneToOne.getByRole("link", { name: /^Buy Now/ })).toHaveAttribute("href", `/stronger-with-${COACH.slug}-checkout`);
  });

  test("the free community tier's Learn More and Join Now both go to /build-stronger-foundations#top", async ({ page }) => {
    await page.goto("/coaching-services");
    const tier = page.getByRole("article", { name: "Free Community" });
    await expect(tier).toContainText("Free");
    await expect(tier).toContainText("£20 a month");
    await expect(tier.getByRole("link", { name: /^Learn More/ })).toHaveAttribute("href", "/build-stronger-foundations#top");
    await expect(tier.getByRole("link", { name: /^Join Now/ })).toHaveAttribute("href", "/build-stronger-foundations#top");
  });

  test("the FAQ has six questions, opens one at a time and closes again", async ({ page }) => {
    await page.goto("/coaching-services");
    const faq = section(page, "Frequently asked questions");
    const questions = faq.getByRole("button");
    await expect(questions).toHaveCount(6);
    const [first, second] = [questions.nth(0), questions.nth(1)];
    await first.click();
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "true");
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await expect(faq.locator('[data-state="open"][data-faq-item]')).toHaveCount(1);
    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "false");
    await expect(faq.locator('[data-state="open"][data-faq-item]')).toHaveCount(0);

    // Keyboard: Enter opens a question; its answer carries the catalogue's prices.
    const cost = faq.getByRole("button", { name: "How much does coaching cost?" });
    await cost.focus();
    await page.keyboard.press("Enter");
    await expect(faq.getByText(/£300 in one payment.*£50 a week.*£477.*£110 a week.*£20 a month/)).toBeVisible();
  });


  test("has the newsletter sign-up", async ({ page }) => {
    await page.goto("/coaching-services");
    const newsletter = section(page, "Strength notes for midlife");
    await expect(newsletter.getByLabel("Email address")).toBeVisible();
    await expect(newsletter.getByRole("button", { name: "Subscribe" })).toBeVisible();
  });
});

test.describe("booking embed (docs/product.md §4.8)", () => {
  test("is not requested before its section nears the viewport; the fallback link is there from the start", async ({ page }) => {
    await page.unrouteAll();
    const requested = await blockCal(page, { stub: true });
    const errors = collectErrors(page);
    await page.goto("/coaching-services");
    const embed = page.locator("#consultation [data-booking-embed]");
    await expect(embed).toHaveAttribute("data-state", "idle");
    await expect(embed.getByRole("link", { name: /Open the booking page/ })).toHaveAttribute("href", BOOKING_PAGE);
    expect((await embed.boundingBox())?.height).toBe(600);
    // The page's observer has seen the section out of view (it would load the embed at once).
    await waitForPageScript(page);
    await pageObserversHaveReported(embed);
    await expect(embed).toHaveAttribute("data-state", "idle");
    expect(requested).toEqual([]);

    await page.locator("#consultation").scrollIntoViewIfNeeded();
    await expect(embed).toHaveAttribute("data-state", "loading");
    await expect.poll(() => requested).toContain("https://app.cal.com/embed/embed.js");
    await page.waitForFunction(() => (window as unknown as { __calEmbedLoaded?: boolean }).__calEmbedLoaded === true);
    // Cal's official snippet queues the inline month view for the configured link and namespace.
    const commands = await page.evaluate(() => {
      const cal = (window as unknown as { Cal: { ns: Record<string, { q: unknown[][] }> } }).Cal;
      return cal.ns["20min"]!.q.map(([name, options]) => {
        const o = options as { calLink?: string; config?: { layout?: string }; layout?: string } | undefined;
        return [name, o?.calLink ?? null, o?.config?.layout ?? o?.layout ?? null];
      });
    });
    expect(commands).toContainEqual(["inline", "strongwithjo/20min", "month_view"]);
    expect((await embed.boundingBox())?.height).toBe(600);
    expect(errors).toEqual([]);
  });

  test("loads on a click of 'Load the booking calendar' before its section is near", async ({ page }) => {
    await page.unrouteAll();
    const requested = await blockCal(page, { stub: true });
    await page.goto("/contact");
    const embed = page.locator("#consultation [data-booking-embed]");
    await expect(embed.getByRole("button", { name: "Load the booking calendar" })).toBeVisible();
    expect(requested).toEqual([]);
    // A click without scrolling (dispatched), so only the click can have started it.
    await embed.getByRole("button", { name: "Load the booking calendar" }).dispatchEvent("click");
    await expect(embed).toHaveAttribute("data-state", "loading");
    await expect.poll(() => requested).toContain("https://app.cal.com/embed/embed.js");
  });

  test("when Cal's script can't load, says so, keeps the booking page link usable and can try again", async ({ page }) => {
    await page.unrouteAll();
    const requested = await blockCal(page);
    const errors = collectErrors(page);
    await page.goto("/coaching-services#consultation");
    const embed = page.locator("#consultation [data-booking-embed]");
    await expect(embed).toHaveAttribute("data-state", "failed");
    await expect(embed).toContainText("The calendar couldn't load here");
    await expect(embed.getByRole("link", { name: /Open the booking page/ })).toHaveAttribute("href", BOOKING_PAGE);
    expect((await embed.boundingBox())?.height).toBe(600);

    const attempts = requested.length;
    await embed.getByRole("button", { name: "Try again" }).click();
    await expect.poll(() => requested.length).toBeGreaterThan(attempts);
    await expect(embed).toHaveAttribute("data-state", "failed");
    expect(errors).toEqual([]);
  });

  test("works without JavaScript: the placeholder's link goes to the booking page", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/contact");
    await expect(page.locator("#consultation").getByRole("link", { name: /Open the booking page/ })).toHaveAttribute(
      "href",
      BOOKING_PAGE,
    );
    await context.close();
  });
});

test.describe("/community", () => {
  test("explains the free community and its monthly calls, with calls to action and the newsletter @mobile", async ({ page }) => {
    await page.goto("/community");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Community");
    await expect(page.getByRole("main")).toContainText("monthly group video call");
    await expect(section(page, "How the group calls work").getByRole("listitem")).toHaveCount(4);
    const hrefs = await hrefsOf(page.getByRole("main").getByRole("link"));
    expect(hrefs).toContain("/build-stronger-foundations#top");
    expect(hrefs).toContain("/coaching-services#top");
    await expect(section(page, "Come as you are")).toContainText("£20 a month");
    await expect(section(page, "Not quite ready to join?").getByRole("button", { name: "Subscribe" })).toBeVisible();
  });
});

test.describe("/contact", () => {
  test("has the email and location cards, what to expect, qualifications, four social links and the booking section @mobile", async ({ page }) => {
    await page.goto("/contact");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "hello@strongwithjo.co.uk" })).toHaveAttribute(
      "href",
      "mailto:hello@strongwithjo.co.uk",
    );
    await expect(main).toContainText("Online, worldwide");
    await expect(main).toContainText("Serving UK & Online");
    await expect(main).toContainText("20-minute video call");
    await expect(section(page, "What to expect").getByRole("listitem")).toHaveCount(3);
    await expect(section(page, "Qualified and always learning").getByRole("listitem").first()).toBeVisible();
    for (const [name, host] of [
      ["Instagram", "instagram.com"],
      ["Facebook", "facebook.com"],
      ["YouTube", "youtube.com"],
      ["TikTok", "tiktok.com"],
    ] as const) {
      const link = main.getByRole("link", { name: new RegExp(`^${name}`) });
      await expect(link).toHaveAttribute("href", new RegExp(host));
      await expect(link).toHaveAttribute("target", "_blank");
    }
    await expect(page.locator("#consultation [data-booking-embed]")).toBeVisible();
    await expect(section(page, "Tips and news, now and then").getByRole("button", { name: "Subscribe" })).toBeVisible();
  });

  test("opened at #consultation, scrolls to the booking section 500 ms after load", async ({ browser }) => {
    // Instant scrolling (reduced motion) and a paused clock make the timing exact.
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await blockCal(page);
    await page.clock.install({ time: new Date("2025-01-05T10:00:00Z") });
    await page.clock.pauseAt(new Date("2025-01-05T10:00:01Z"));
    await page.goto("/contact#consultation");
    // Hydrated: the embed (in view after the browser's own jump) has started loading.
    await expect(page.locator("#consultation [data-booking-embed]")).not.toHaveAttribute("data-state", "idle");
    // Undo the browser's own jump to the fragment, then watch the page's scheduled scroll.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await page.clock.runFor(450);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.clock.runFor(100);
    await expect(page.locator("#consultation")).toBeInViewport();
    await expect(page.locator("#consultation")).toBeFocused();
    await context.close();
  });

  test("an in-app link to /contact#consultation scrolls there once (the shell's smooth scroll, no second jump)", async ({ browser }) => {
    // Instant scrolling (reduced motion) and a paused clock: every scroll the page schedules runs
    // when the test moves the clock, and each lands at once.
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await blockCal(page);
    await page.clock.install({ time: new Date("2025-01-05T10:00:00Z") });
    await page.clock.pauseAt(new Date("2025-01-05T10:00:01Z"));
    await page.goto(`/meet-${COACH.slug}`);
    await section(page, "Let's find your starting point").getByRole("link", { name: "Book a free consultation" }).click();
    await expect(page).toHaveURL("/contact#consultation");
    await page.clock.runFor(CONTACT_HASH_SCROLL_DELAY_MS + 100);
    await expect(page.locator("#consultation")).toBeInViewport();
    const settled = await page.evaluate(() => window.scrollY);
    // Nothing scheduled later moves the page again.
    await page.clock.runFor(2_000);
    expect(await page.evaluate(() => window.scrollY)).toBe(settled);
    await context.close();
  });
});

test.describe("accessibility once everything has loaded", () => {
  for (const path of ["/", `/meet-${COACH.slug}`, "/coaching-services", "/community", "/contact"]) {
    test(`${path} has no axe violations after its lazy sections load @mobile`, async ({ page }) => {
      await page.goto(path);
      await scrollThrough(page);
      const results = await axe(page).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    });
  }
});
