import { useEffect } from "react";
import { useLocation, useNavigate, useNavigationType } from "react-router";

// SPEC §2 "Anchors used" and §9 "Timing": a link to #top or #consultation scrolls smoothly to its
// target 100 ms after the click, on the same page or on arrival at another page
// (/coaching-services#consultation). With prefers-reduced-motion the scroll is instant.

/** The anchors that scroll smoothly. */
export const SMOOTH_SCROLL_IDS: readonly string[] = ["top", "consultation"];

export const SMOOTH_SCROLL_DELAY_MS = 100;

/** Location state that asks the arriving page to scroll to an anchor. */
interface SmoothScrollState {
  smoothScrollTo: string;
}

function isSmoothScrollState(state: unknown): state is SmoothScrollState {
  return (
    typeof state === "object" &&
    state !== null &&
    typeof (state as Partial<SmoothScrollState>).smoothScrollTo === "string"
  );
}

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

/** Scrolls to the anchor after the spec's 100 ms; returns a cancel function. */
export function scheduleScrollToAnchor(id: string, delay = SMOOTH_SCROLL_DELAY_MS): () => void {
  const timer = window.setTimeout(() => scrollToAnchor(id), delay);
  return () => window.clearTimeout(timer);
}

/** The anchor a click should smooth-scroll to, or null to let the browser and router handle it. */
function smoothTarget(event: MouseEvent): { anchor: HTMLAnchorElement; url: URL; id: string } | null {
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

/**
 * Installs the smooth-scroll behaviour for the whole site (call once, in the site shell).
 * Same page: the click is taken over, the address gets the hash (replacing the entry), and the
 * scroll follows 100 ms later. Another page: the router navigates there without the hash (so it does not jump), then
 * the arriving page scrolls 100 ms later and the hash is put back into the address.
 */
export function useSmoothAnchorScroll(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    function onClick(event: MouseEvent) {
      const match = smoothTarget(event);
      if (!match) return;
      const { url, id } = match;
      // NOTE: capture phase on window runs before React Router's <Link> handler, which then sees
      // defaultPrevented and leaves the navigation to us.
      event.preventDefault();
      const samePage = url.pathname === window.location.pathname && url.search === window.location.search;
      if (samePage) {
        // NOTE: replaceState, not pushState: an extra entry with the router's own state would
        // confuse its back/forward bookkeeping.
        if (window.location.hash !== url.hash) {
          window.history.replaceState(window.history.state, "", url.hash);
        }
        scheduleScrollToAnchor(id);
      } else {
        const state: SmoothScrollState = { smoothScrollTo: id };
        void navigate({ pathname: url.pathname, search: url.search }, { state });
      }
    }
    window.addEventListener("click", onClick, { capture: true });
    return () => window.removeEventListener("click", onClick, { capture: true });
  }, [navigate]);

  useEffect(() => {
    const state: unknown = location.state;
    // Back/forward and reloads restore the saved position instead.
    if (navigationType === "POP" || !isSmoothScrollState(state)) return;
    const id = state.smoothScrollTo;
    const cancel = scheduleScrollToAnchor(id);
    // Put the hash back into the address without a router navigation (that would jump).
    const hash = `#${encodeURIComponent(id)}`;
    if (window.location.hash !== hash) {
      window.history.replaceState(window.history.state, "", `${window.location.pathname}${window.location.search}${hash}`);
    }
    return cancel;
  }, [location.key, location.state, navigationType]);
}
