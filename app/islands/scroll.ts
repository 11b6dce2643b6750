import {
  CONTACT_HASH_SCROLL_DELAY_MS,
  scheduleScrollToAnchor,
  SMOOTH_SCROLL_IDS,
  smoothTarget,
} from "~/utils/anchor-scroll";

// docs/product.md §2.3 and §14.4 on the pages that do not hydrate: a link to #top or
// #consultation on the same page scrolls smoothly 100 ms after the click; a page opened at one of
// them (/coaching-services#consultation) scrolls there 100 ms after it loads, and /contact
// #consultation after 500 ms. Links to other pages are ordinary page loads.

export function initAnchorScroll(): void {
  window.addEventListener(
    "click",
    (event) => {
      const match = smoothTarget(event);
      if (!match) return;
      const { url, id } = match;
      if (url.pathname !== window.location.pathname || url.search !== window.location.search) return;
      event.preventDefault();
      if (window.location.hash !== url.hash) window.history.replaceState(window.history.state, "", url.hash);
      scheduleScrollToAnchor(id);
    },
    { capture: true },
  );

  const id = decodeURIComponent(window.location.hash.slice(1));
  if (!SMOOTH_SCROLL_IDS.includes(id)) return;
  const delay = window.location.pathname === "/contact" && id === "consultation" ? CONTACT_HASH_SCROLL_DELAY_MS : undefined;
  scheduleScrollToAnchor(id, delay);
}
