import { expect, test, type Page } from "../support/e2e";

// docs/product.md §3: navigation, mobile menu, footer, #top and #consultation scrolling.

const mainLinks = [
  ["Meet Jo", "/meet-jo"],
  ["Coaching Services", "/coaching-services"],
  ["Community", "/community"],
  ["Strength Training", "/strength-training"],
] as const;

function banner(page: Page) {
  return page.getByRole("banner");
}

test.describe("desktop navigation", () => {
  test("has the brand link, the four main links and Contact, each going to its page", async ({ page }) => {
    await page.goto("/terms");
    const nav = banner(page);
    await expect(nav).toHaveCSS("position", "sticky");
    for (const [name, path] of mainLinks) {
      await nav.getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");
    }
    await nav.getByRole("link", { name: "Contact", exact: true }).click();
    await expect(page).toHaveURL("/contact");
    await nav.getByRole("link", { name: /Strong with Jo/ }).click();
    await expect(page).toHaveURL("/");
  });

  test("stays at the top while the page scrolls", async ({ page }) => {
    await page.goto("/contact");
    await page.mouse.wheel(0, 1500);
    await page.waitForFunction(() => window.scrollY > 200);
    const box = await banner(page).boundingBox();
    expect(box?.y).toBe(0);
  });

  test("a visitor's login button opens a dialog that Escape closes", async ({ page }) => {
    await page.goto("/");
    const login = banner(page).getByRole("button", { name: "Login" });
    await login.click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(login).toBeFocused();
  });
});

test.describe("mobile menu @mobile-only", () => {
  test("collapses the links behind a menu button that opens, navigates and closes", async ({ page }) => {
    await page.goto("/");
    const button = page.getByRole("button", { name: "Open menu" });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(banner(page).getByRole("link", { name: "Coaching Services" })).toBeHidden();
    await button.click();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    const menu = page.locator("#site-menu");
    for (const [name] of mainLinks) await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Contact", exact: true })).toBeVisible();
    await expect(menu.getByRole("button", { name: "Login" })).toBeVisible();
    await expect(menu.getByText("Profile Settings")).toHaveCount(0);
    await expect(menu.getByText("Admin Dashboard")).toHaveCount(0);

    await menu.getByRole("link", { name: "Community", exact: true }).click();
    await expect(page).toHaveURL("/community");
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });

  test("closes on Escape, returning focus to the menu button", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
    await expect(page.locator("#site-menu")).toBeHidden();
  });

  test("'Login' in the menu opens the login dialog", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.locator("#site-menu").getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
  });

  test("nothing overflows the 390 px screen", async ({ page }) => {
    for (const path of ["/", "/contact", "/terms", "/missing"]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test.describe("footer", () => {
  test("has the social links, quick links, email, service area, consultation button, copyright and legal links", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const [name, host] of [
      ["Instagram", "instagram.com"],
      ["Facebook", "facebook.com"],
      ["YouTube", "youtube.com"],
      ["TikTok", "tiktok.com"],
    ]) {
      const link = footer.getByRole("link", { name: new RegExp(name!) });
      await expect(link).toHaveAttribute("href", new RegExp(host!));
      await expect(link).toHaveAttribute("target", "_blank");
    }
    for (const [name, path] of mainLinks) await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", path);
    await expect(footer.getByRole("link", { name: "hello@strongwithjo.co.uk" })).toHaveAttribute(
      "href",
      "mailto:hello@strongwithjo.co.uk",
    );
    await expect(footer).toContainText("Serving UK & Online");
    await expect(footer.getByRole("link", { name: /Book Consultation/ })).toHaveAttribute("href", "/contact#consultation");
    await expect(footer).toContainText("© 2025");
    await expect(footer.getByRole("link", { name: "Terms", exact: true })).toHaveAttribute("href", "/terms");
    await expect(footer.getByRole("link", { name: "Privacy", exact: true })).toHaveAttribute("href", "/privacy");
  });
});

test.describe("anchor scrolling", () => {
  test("Book Consultation goes to /contact#consultation and brings the booking section into view", async ({ page }) => {
    await page.goto("/terms");
    await page.getByRole("contentinfo").getByRole("link", { name: /Book Consultation/ }).click();
    await expect(page).toHaveURL("/contact#consultation");
    await expect(page.locator("#consultation")).toBeInViewport();
    const top = await page.locator("#consultation").evaluate((el) => el.getBoundingClientRect().top);
    const navBottom = await banner(page).evaluate((el) => el.getBoundingClientRect().bottom);
    expect(top).toBeGreaterThanOrEqual(navBottom - 1);
  });

  async function clickTopLinkAndRecord(page: Page) {
    await page.goto("/contact");
    // Inject the test link only once the page's script has run (a hydrating page could re-render it away).
    await page.waitForLoadState("networkidle");
    await page.evaluate(async () => {
      window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" });
      // That jump's scroll event comes with a later frame: let it pass before recording.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
    await page.evaluate(() => {
      const a = document.createElement("a");
      a.href = "#top";
      a.textContent = "Back to top";
      a.id = "test-top-link";
      document.querySelector("main")!.append(a);
      const w = window as unknown as { positions: number[]; clickedAt: number; firstMoveAt: number };
      w.positions = [];
      w.firstMoveAt = 0;
      window.addEventListener("scroll", () => {
        if (!w.firstMoveAt) w.firstMoveAt = performance.now();
        w.positions.push(window.scrollY);
      });
      a.addEventListener("click", () => (w.clickedAt = performance.now()));
    });
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await page.locator("#test-top-link").click();
    await page.waitForFunction(() => window.scrollY === 0);
    return page.evaluate(() => {
      const w = window as unknown as { positions: number[]; clickedAt: number; firstMoveAt: number };
      return { positions: w.positions, delay: w.firstMoveAt - w.clickedAt };
    });
  }

  test("a #top link scrolls smoothly after 100 ms", async ({ page }) => {
    const { positions, delay } = await clickTopLinkAndRecord(page);
    expect(delay).toBeGreaterThanOrEqual(90);
    // A glide passes through intermediate positions on its way to the top.
    expect(positions.filter((y) => y > 0).length).toBeGreaterThan(2);
  });

  test("under prefers-reduced-motion the jump is instant", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    const { positions } = await clickTopLinkAndRecord(page);
    expect(positions).toEqual([0]);
    await context.close();
  });
});
