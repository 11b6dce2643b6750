import type { Page } from "@playwright/test";

// The layout check shared by the end-to-end specs: what a visitor would see as broken at the
// current width.

/**
 * What is wrong with the page's layout at the current width: the page wider than the screen, a
 * link, button, heading or field cut off at the screen's edge, or words wider than the box they
 * sit in (a heading or label spilling out of its card).
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const out: string[] = [];
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    if (overflow > 0) out.push(`the page is ${overflow} px wider than the screen`);
    // A scroller (the testimonial carousel) may hold more than it shows.
    const inScroller = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (/(auto|scroll)/.test(style.overflowX) || p.hasAttribute("data-testimonial-track")) return true;
      }
      return false;
    };
    const name = (el: Element) => `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 30)}"`;
    const selector = "a, button, h1, h2, h3, p, span, dt, dd, li, label, input";
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || el.closest('.sr-only, [hidden], dialog:not([open]), [aria-hidden="true"]')) continue;
      if (getComputedStyle(el).visibility === "hidden" || inScroller(el)) continue;
      if (box.left < -0.5 || box.right > window.innerWidth + 0.5) {
        out.push(`${name(el)} is cut off (${Math.round(box.left)}–${Math.round(box.right)})`);
      }
      // Words wider than their own box (inline boxes have no width of their own to check).
      if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === "visible") {
        out.push(`${name(el)} is wider than its box (${el.scrollWidth} > ${el.clientWidth})`);
      }
    }
    return out;
  });
}

/** Every problem at phone, tablet and laptop widths, each prefixed with its width. */
export async function layoutProblemsAtEveryWidth(page: Page): Promise<string[]> {
  const problems: string[] = [];
  for (const width of [390, 768, 1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const problem of await layoutProblems(page)) problems.push(`${width} px: ${problem}`);
  }
  return problems;
}
