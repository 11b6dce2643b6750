import { useEffect } from "react";
import { useLocation, useNavigate, useNavigationType } from "react-router";
import { scheduleScrollToAnchor, smoothTarget } from "./anchor-scroll";

// docs/product.md §2.3 and §14.4: a link to #top or #consultation scrolls smoothly to its
// target 100 ms after the click, on the same page or on arrival at another page
// (/coaching-services#consultation). With prefers-reduced-motion the scroll is instant.

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
