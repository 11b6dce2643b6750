import { expect, test, type Page } from "../support/e2e";
import { loadSiteConfig } from "../../app/config/env.server";

// docs/product.md §3.2: the footer's contact email is never broken in the middle
// ("hello@strongwithjo.co.u" / "k"): at every width it sits on one line, whole, inside its
// column (smaller type where the column is narrow), and stays a working mailto link.

const site = loadSiteConfig({});

/** How the address is drawn: the lines its text takes, and whether it fits its column. */
async function emailLayout(page: Page) {
  return page.evaluate((email) => {
    const link = [...document.querySelectorAll<HTMLAnchorElement>("footer a[href^='mailto:']")].find((a) => a.textContent?.includes(email));
    if (!link) return null;
    // The innermost element holding the whole address (its text may be split into pieces).
    let holder: Element = link;
    for (let inner = [...holder.children].find((c) => c.textContent?.trim() === email); inner; inner = [...holder.children].find((c) => c.textContent?.trim() === email)) {
      holder = inner;
    }
    const range = document.createRange();
    range.selectNodeContents(holder);
    const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    const textBox = range.getBoundingClientRect();
    const column = link.parentElement!.getBoundingClientRect();
    return {
      lines: lines.size,
      fits: textBox.left >= column.left - 0.5 && textBox.right <= column.right + 0.5 && textBox.right <= window.innerWidth,
      fontSize: parseFloat(getComputedStyle(holder).fontSize),
    };
  }, site.contactEmail);
}

test("the footer's email address is never broken mid-word, at any width @mobile", async ({ page }) => {
  await page.goto("/contact");
  const link = page.getByRole("contentinfo").getByRole("link", { name: site.contactEmail });
  await expect(link).toHaveAttribute("href", `mailto:${site.contactEmail}`);
  for (const width of [320, 360, 390, 768, 820, 1024, 1100, 1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await link.scrollIntoViewIfNeeded();
    const layout = await emailLayout(page);
    expect(layout, `${width} px`).not.toBeNull();
    expect({ width, lines: layout!.lines, fits: layout!.fits }).toEqual({ width, lines: 1, fits: true });
    // Shrunk only as far as needed, never below the site's smallest type (14 px).
    expect(layout!.fontSize, `${width} px`).toBeGreaterThanOrEqual(14);
  }
});
