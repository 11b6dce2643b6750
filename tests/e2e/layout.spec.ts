import { loadSiteConfig } from "../../app/config/env.server";
import { signInAsAdmin } from "../support/admin-e2e";
import { axe, expect, type Locator, type Page, test } from "../support/e2e";
import { layoutProblems, layoutProblemsAtEveryWidth } from "../support/layout";
import { publicRoutes } from "../support/site-routes";
import { E2E_LONG_TEST_MS } from "../support/budgets";

// What a visitor sees at phone, tablet and laptop widths: the navigation bar, the free community's
// way in, the guide download after a sign-up, the page heroes' art, the cohort countdown, and
// nothing wider than the screen on any public page.

// The configuration the test server runs with (the defaults).
const site = loadSiteConfig({});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, `${locator} has a box`).not.toBeNull();
  return box!;
}

/** True when two boxes share any area (touching edges do not count). */
function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;
}

/** True when `inner` lies inside `outer` (half a pixel of rounding allowed). */
function inside(inner: Box, outer: Box): boolean {
  return (
    inner.x >= outer.x - 0.5 &&
    inner.y >= outer.y - 0.5 &&
    inner.x + inner.width <= outer.x + outer.width + 0.5 &&
    inner.y + inner.height <= outer.y + outer.height + 0.5
  );
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

const MAIN_LINKS = ["Meet Jo", "Coaching Services", "Community", "Strength Training"];

test.describe("the navigation bar at tablet and laptop widths", () => {
  /** Every main link shows in the bar, in one row, each on one line, clear of the other items. */
  async function expectLinksInTheBar(page: Page, width: number, others: Locator[]) {
    const bar = page.getByRole("banner");
    const nav = bar.getByRole("navigation", { name: "Main", exact: true });
    const links = MAIN_LINKS.map((name) => nav.getByRole("link", { name, exact: true }));
    const boxes: Box[] = [];
    for (const link of links) {
      await expect(link, `${width} px`).toBeVisible();
      boxes.push(await boxOf(link));
      // One line each: the text fits its link without wrapping or being cut.
      expect(await link.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getClientRects().length === 1)).toBe(true);
    }
    // One row.
    for (const box of boxes) expect(Math.abs(box.y - boxes[0]!.y), `${width} px: links in one row`).toBeLessThan(1);
    const otherBoxes = await Promise.all(others.map(boxOf));
    for (const [i, box] of boxes.entries()) {
      expect(box.x, `${width} px: ${MAIN_LINKS[i]} inside the screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${width} px: ${MAIN_LINKS[i]} inside the screen`).toBeLessThanOrEqual(width);
      for (const [j, other] of boxes.entries()) if (i !== j) expect(overlaps(box, other)).toBe(false);
      for (const [j, other] of otherBoxes.entries()) {
        expect(overlaps(box, other), `${width} px: ${MAIN_LINKS[i]} overlaps ${others[j]}`).toBe(false);
      }
    }
    // The brand's name is shown whole, not cut short to make room.
    const brand = bar.getByRole("link", { name: /Strong with Jo/ });
    expect(await brand.evaluate((el) => [...el.querySelectorAll("span")].every((s) => s.scrollWidth <= s.clientWidth))).toBe(true);
    // The menu button is only for widths where the links are hidden.
    await expect(bar.getByRole("button", { name: "Open menu" })).toBeHidden();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  }

  for (const width of [768, 1024, 1280, 1440]) {
    test(`${width} px: the four main links, Contact and Login all fit in the bar`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/terms");
      const bar = page.getByRole("banner");
      await expectLinksInTheBar(page, width, [
        bar.getByRole("link", { name: /Strong with Jo/ }),
        bar.getByRole("link", { name: "Contact", exact: true }),
        bar.getByRole("button", { name: "Login" }),
      ]);
    });
  }

  test("an administrator's bar fits the links, Admin and her avatar at 768 and 1024 px", async ({ page }, testInfo) => {
    await signInAsAdmin(page, testInfo);
    for (const width of [768, 1024, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/terms");
      const bar = page.getByRole("banner");
      await expectLinksInTheBar(page, width, [
        bar.getByRole("link", { name: /Strong with Jo/ }),
        bar.getByRole("link", { name: "Contact", exact: true }),
        bar.getByRole("link", { name: "Admin" }),
        bar.getByRole("link", { name: "Profile Settings" }),
      ]);
    }
  });

  test("on a tablet an anchor lands below the taller, two-row bar", async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto("/terms");
    await page.getByRole("contentinfo").getByRole("link", { name: /Book Consultation/ }).click();
    await expect(page).toHaveURL("/contact#consultation");
    await expect(page.locator("#consultation")).toBeInViewport();
    await expect(async () => {
      const top = await page.locator("#consultation").evaluate((el) => el.getBoundingClientRect().top);
      const barBottom = await page.getByRole("banner").evaluate((el) => el.getBoundingClientRect().bottom);
      expect(top).toBeGreaterThanOrEqual(barBottom - 1);
      expect(top - barBottom).toBeLessThan(80);
    }).toPass();
  });

  test("below 768 px the links fold into the menu button @mobile", async ({ page }) => {
    for (const width of [390, 767]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/terms");
      const bar = page.getByRole("banner");
      await expect(bar.getByRole("button", { name: "Open menu" })).toBeVisible();
      await expect(bar.getByRole("navigation", { name: "Main", exact: true })).toBeHidden();
    }
  });
});

test.describe("joining the free community", () => {
  for (const path of ["/community", "/build-stronger-foundations"]) {
    test(`${path} has a clear 'Join the free community' that opens the community @mobile`, async ({ page }) => {
      await page.goto(path);
      const join = page.getByRole("main").getByRole("link", { name: /^Join the free community/ }).first();
      await expect(join).toBeVisible();
      await expect(join).toHaveAttribute("href", site.communityUrl);
      await expect(join).toHaveAttribute("target", "_blank");
      await expect(join).toHaveAttribute("rel", /noopener/);
      await expect(join).toHaveAccessibleName(/opens in a new tab/);
    });
  }
});

test.describe("the guide download after a sign-up on the home page", () => {
  const SUCCESS = "Success! Now check your email to confirm your subscription.";

  for (const width of [390, 1024, 1440]) {
    test(`${width} px: the success message, thanks and download button sit neatly in their card`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      const guide = page.getByRole("region", { name: "Your Menopause Strength Guide" });
      await expect(guide.locator("[data-lazy-state]")).toHaveAttribute("data-lazy-state", "loaded");
      await guide.getByLabel("Email address").fill(`layout.${width}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`);
      await guide.getByRole("button", { name: "Send Me the Guide" }).click();
      const success = guide.getByText(SUCCESS);
      const download = guide.getByRole("link", { name: /Download Your Menopause Strength Guide/ });
      await expect(success).toBeVisible();
      await expect(download).toBeVisible();

      const card = guide.locator("[data-download-signup]").locator("xpath=..");
      const reveal = guide.locator("[data-download-reveal]");
      const thanks = reveal.getByText("Thank you! Your guide is ready whenever you are.");
      const cardBox = await boxOf(card);
      const revealBox = await boxOf(reveal);
      const buttonBox = await boxOf(download);
      const successBox = await boxOf(success);
      const thanksBox = await boxOf(thanks);
      expect(inside(buttonBox, revealBox), "the button inside its box").toBe(true);
      expect(inside(revealBox, cardBox), "the box inside the card").toBe(true);
      expect(inside(thanksBox, cardBox), "the thanks inside the card").toBe(true);
      expect(buttonBox.x + buttonBox.width).toBeLessThanOrEqual(width);
      // The button's label is shown whole.
      expect(await download.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      // The thanks reads as a sentence, not a column of single words.
      const lines = await thanks.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      expect(lines, "lines of the thanks").toBeLessThanOrEqual(2);
      // No empty stretch where the form was: the download follows the success message.
      const successBottom = successBox.y + successBox.height;
      expect(revealBox.y - successBottom, "gap between the message and the download").toBeLessThanOrEqual(48);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    });
  }
});

test.describe("the page heroes' decorative arc", () => {
  for (const path of ["/coaching-services", "/contact", "/community"]) {
    test(`${path}: the arc never crosses the hero's text or buttons, from 360 to 1600 px`, async ({ page }) => {
      await page.goto(path);
      const crossings: string[] = [];
      for (let width = 360; width <= 1600; width += 40) {
        await page.setViewportSize({ width, height: 900 });
        const found = await page.evaluate(async () => {
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          const hero = document.querySelector("main > section")!;
          const heroBox = hero.getBoundingClientRect();
          const art = [...hero.querySelectorAll<SVGElement>('[aria-hidden="true"] svg')]
            .map((svg) => svg.getBoundingClientRect())
            .filter((r) => r.width > 0 && r.height > 0)
            // Only what shows: the hero clips its art.
            .map((r) => {
              const left = Math.max(r.left, heroBox.left);
              const top = Math.max(r.top, heroBox.top);
              const right = Math.min(r.right, heroBox.right);
              const bottom = Math.min(r.bottom, heroBox.bottom);
              return { left, top, right, bottom };
            })
            .filter((r) => r.right > r.left && r.bottom > r.top);
          const words = [...hero.querySelectorAll<HTMLElement>("h1, p, a, button")].filter((el) => el.offsetWidth > 0);
          const hits: string[] = [];
          for (const el of words) {
            // The text's own lines, not the paragraph's full measure.
            const range = document.createRange();
            range.selectNodeContents(el);
            const rects = el.matches("a, button") ? [el.getBoundingClientRect()] : [...range.getClientRects()];
            for (const r of rects) {
              for (const a of art) {
                if (r.left < a.right - 0.5 && a.left < r.right - 0.5 && r.top < a.bottom - 0.5 && a.top < r.bottom - 0.5) {
                  hits.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 30)}"`);
                }
              }
            }
          }
          return [...new Set(hits)];
        });
        for (const hit of found) crossings.push(`${width} px: ${hit}`);
      }
      expect(crossings).toEqual([]);
    });
  }
});

test.describe("the cohort countdown on /learn-to-lift", () => {
  test("a date more than 99 days away still fits its card, at every width", async ({ page }) => {
    const target = Date.parse(site.nextCohortDate);
    // 375 days before the start: three digits of days.
    await page.clock.install({ time: target - 375 * 86_400_000 + 3_600_000 });
    await page.goto("/learn-to-lift");
    const days = page.locator('[data-countdown-unit="days"]');
    await expect(days).toHaveText(/^\d{3}$/);

    const problems: string[] = [];
    for (const width of [320, 360, 390, 768, 1024, 1060, 1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const found = await page.evaluate(async () => {
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const countdown = document.querySelector<HTMLElement>("[data-countdown]")!;
        const card = countdown.parentElement!;
        const within = (inner: DOMRect, outer: DOMRect) =>
          inner.left >= outer.left - 0.5 &&
          inner.right <= outer.right + 0.5 &&
          inner.top >= outer.top - 0.5 &&
          inner.bottom <= outer.bottom + 0.5;
        const out: string[] = [];
        const cardBox = card.getBoundingClientRect();
        for (const el of card.querySelectorAll<HTMLElement>("*")) {
          const box = el.getBoundingClientRect();
          if (box.width === 0 || el.closest(".sr-only")) continue;
          if (!within(box, cardBox)) out.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 24)}" leaves the card`);
        }
        // Each figure and its unit inside its own cell.
        for (const unit of countdown.querySelectorAll<HTMLElement>("[data-countdown-unit]")) {
          const cell = unit.parentElement!;
          const cellBox = cell.getBoundingClientRect();
          for (const el of cell.querySelectorAll<HTMLElement>("*")) {
            const box = el.getBoundingClientRect();
            if (box.width === 0 || el.closest(".sr-only")) continue;
            if (!within(box, cellBox)) out.push(`"${(el.textContent ?? "").trim()}" leaves its cell`);
          }
        }
        return out;
      });
      for (const problem of found) problems.push(`${width} px: ${problem}`);
    }
    expect(problems).toEqual([]);
  });
});

test.describe("every public page at 390, 768, 1024 and 1440 px", () => {
  for (const route of publicRoutes) {
    test(`${route.path}: nothing wider than the screen or spilling out of its box`, async ({ page }) => {
      await page.goto(route.path);
      expect(await layoutProblemsAtEveryWidth(page)).toEqual([]);
    });
  }
});

test.describe("the admin dashboard", () => {
  test("the weekly chart, the figures and every tab fit a phone and a laptop", async ({ page }, testInfo) => {
    // Five tabs at two widths, each a page load.
    test.setTimeout(E2E_LONG_TEST_MS);
    await signInAsAdmin(page, testInfo);
    const problems: string[] = [];
    for (const tab of ["users", "integrations", "activity", "offers", "content", "courses"]) {
      await page.goto(`/settings/admin/${tab}`);
      await expect(page.getByRole("heading", { level: 2, name: "Sign-ups and revenue" })).toBeVisible();
      for (const width of [360, 390, 768, 1024, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        for (const problem of await layoutProblems(page)) problems.push(`${tab} at ${width} px: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

test.describe("accessibility at tablet and laptop widths", () => {
  for (const path of ["/", "/community", "/contact", "/build-stronger-foundations", "/learn-to-lift"]) {
    test(`${path} has no axe violations at 768 and 1024 px`, async ({ page }) => {
      await page.route(/^https:\/\/(app\.)?cal\.com\//, (route) => route.abort());
      for (const width of [768, 1024]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        const results = await axe(page).analyze();
        expect(results.violations.map((v) => `${width} px ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      }
    });
  }
});
