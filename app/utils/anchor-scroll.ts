// docs/product.md §2.3 and §14.4: a link to #top or #consultation scrolls smoothly to its
// target 100 ms after the click, on the same page or on arrival at another page
// (/coaching-services#consultation). With prefers-reduced-motion the scroll is instant.
// No React here: the pages that hydrate use it through smooth-scroll.ts, the pages that do not
// through app/islands/scroll.ts.

/** The anchors that scroll smoothly. */
export const SMOOTH_SCROLL_IDS: readonly string[] = ["top", "consultation"];

export const SMOOTH_SCROLL_DELAY_MS = 100;

export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Scrolls to the element with this id (smoothly unless reduced motion is preferred) and moves
 * focus there, so keyboard and screen-reader users continue from the target. Returns false when
 * there is no such element.
 */
export function scrollToAnchor(id: string): boolean {
  const behavior: ScrollBehavior = prefersReducedMotion() ? "auto" : "smooth";
  const target = document.getElementById(id);
  if (id === "top") {
    window.scrollTo({ top: 0, behavior });
  } else if (target) {
    // NOTE: scrollIntoView honours html { scroll-padding-top }, so the target clears the sticky nav.
    target.scrollIntoView({ behavior, block: "start" });
  } else {
    return false;
  }
  if (target) {
    if (!target.hasAttribute("tabindex") && !target.matches("a[href], button, input, select, textarea")) {
      target.setAttribute("tabindex", "-1");
    }
    target.focus({ preventScroll: true });
  }
  return true;
}

/** Scrolls to the anchor after the documented 100 ms; returns a cancel function. */
export function scheduleScrollToAnchor(id: string, delay = SMOOTH_SCROLL_DELAY_MS): () => void {
  const timer = window.setTimeout(() => scrollToAnchor(id), delay);
  return () => window.clearTimeout(timer);
}

/** The anchor a click should smooth-scroll to, or null to let the browser and router handle it. */
export function smoothTarget(event: MouseEvent): { anchor: HTMLAnchorElement; url: URL; id: string } | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.("a[href]");
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if (anchor.target && anchor.target !== "_self") return null;
  if (anchor.hasAttribute("download") || anchor.hasAttribute("data-no-smooth-scroll")) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  const id = decodeURIComponent(url.hash.slice(1));
  if (!SMOOTH_SCROLL_IDS.includes(id)) return null;
  return { anchor, url, id };
}


/** docs/product.md §14.4: arriving at /contact#consultation, the page scrolls to the booking section after 500 ms. */
export const CONTACT_HASH_SCROLL_DELAY_MS = 500;
