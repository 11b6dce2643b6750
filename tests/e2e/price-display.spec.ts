import { expect, test, type Page } from "../support/e2e";
import { loadSiteConfig } from "../../app/config/env.server";
import { COACH } from "../support/site-routes";

// docs/product.md §5.2: a weekly figure is 'about this much a week' and always stands beside what
// she actually pays, which is shown at least as prominently: on every page that shows a price,
// wherever the weekly figure appears, the real price is next to it (in the same sentence, line or
// price card) in type at least as large. Checked on what the browser draws, at both widths.

const site = loadSiteConfig({});
const pence = (key: string) => site.catalogue.find((p) => p.productKey === key)!.pricePence;
const pounds = (p: number) => `£${(p / 100).toLocaleString("en-GB")}`;
const LIFT = { paid: pounds(pence("learn-to-lift")), weekly: pounds(Math.round(pence("learn-to-lift") / 6 / 100) * 100) };
const ONE = {
  paid: pounds(pence(`stronger-with-${COACH.slug}`)),
  weekly: pounds(Math.round((pence(`stronger-with-${COACH.slug}`) * 12) / 52 / 100) * 100),
};

/** Each page that shows a weekly figure, and the offers whose figures it shows. */
const PAGES: Array<{ path: string; offers: Array<typeof LIFT> }> = [
  { path: "/", offers: [ONE] },
  { path: "/coaching-services", offers: [LIFT, ONE] },
  { path: "/learn-to-lift", offers: [LIFT] },
  { path: "/learn-to-lift-interest", offers: [LIFT] },
  { path: "/learn-to-lift-checkout", offers: [LIFT] },
  { path: `/stronger-with-${COACH.slug}`, offers: [ONE] },
  { path: `/stronger-with-${COACH.slug}-checkout`, offers: [ONE] },
];

/**
 * Where the weekly figure is shown without the real price beside it, or in larger type. Returns
 * the problems and how many times the weekly figure was seen.
 */
async function weeklyFigureProblems(page: Page, offer: typeof LIFT): Promise<{ seen: number; problems: string[] }> {
  return page.evaluate(({ paid, weekly }) => {
    // "£300" but not "£3000" or "£300.50"; a full stop or comma after it ends the sentence.
    const amount = (text: string) => new RegExp(`${text.replace(/[£.]/g, "\\$&")}(?!\\d|[.,]\\d)`);
    const visible = (el: Element) =>
      el.getClientRects().length > 0 && !el.closest('.sr-only, [hidden], script, style, [aria-hidden="true"]') && getComputedStyle(el).visibility !== "hidden";
    const size = (el: Element) => parseFloat(getComputedStyle(el).fontSize);
    /** The elements whose own text shows this amount, inside `root`. */
    const showing = (root: Element, pattern: RegExp): Element[] => {
      const found: Element[] = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (parent && pattern.test(node.textContent ?? "") && visible(parent)) found.push(parent);
      }
      return found;
    };
    const problems: string[] = [];
    const weeklies = showing(document.querySelector("main")!, amount(weekly));
    for (const el of weeklies) {
      const where = (el.closest("p, li, article, section")?.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 80);
      // "Beside it": the same element or one of its three nearest ancestors (the price card).
      let block: Element | null = el;
      let prices: Element[] = [];
      for (let level = 0; block && level < 4 && prices.length === 0; level += 1, block = block.parentElement) {
        prices = showing(block, amount(paid));
      }
      if (prices.length === 0) {
        problems.push(`${weekly} without ${paid} beside it: "${where}"`);
        continue;
      }
      const largest = Math.max(...prices.map(size));
      if (largest < size(el)) problems.push(`${paid} (${largest} px) is smaller than ${weekly} (${size(el)} px): "${where}"`);
    }
    return { seen: weeklies.length, problems };
  }, offer);
}

for (const { path, offers } of PAGES) {
  test(`${path}: the weekly figure stands beside the real price, which is at least as prominent @mobile`, async ({ page }) => {
    await page.route(/^https:\/\/(app\.)?cal\.com\//, (route) => route.abort());
    await page.goto(path);
    await expect(page.getByRole("main")).toBeVisible();
    for (const offer of offers) {
      const { seen, problems } = await weeklyFigureProblems(page, offer);
      // The weekly figure is kept (docs/product.md §5.2)…
      expect(seen, `${offer.weekly} a week on ${path}`).toBeGreaterThan(0);
      // …and never leads on its own.
      expect(problems).toEqual([]);
    }
  });
}
