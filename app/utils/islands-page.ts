import { useMatches, type UIMatch } from "react-router";

// Public pages without React in the browser (decision 170). Most public pages show the
// same thing to every visitor and need only a little behaviour: a menu, a dialog, a countdown, a
// carousel, FAQ answers that open and forms that post. On those pages the server renders the
// whole page with React and the browser gets one small script (app/islands/islands.ts) that adds
// the behaviour to the server's markup, instead of React, React DOM and React Router hydrating
// the page (about 106 KB of gzip before any site code).
//
// A route opts in with `export const handle = islandsPage` and `export const clientLoader =
// loadAsDocument`: the root layout then writes the islands script instead of React Router's, and a
// link to the page from a page that does hydrate (settings, checkouts) loads it as a new document,
// so the page never renders in the browser without its behaviour.

export interface IslandsHandle {
  islands: true;
}

export const islandsPage: IslandsHandle = { islands: true };

function isIslandsHandle(handle: unknown): handle is IslandsHandle {
  return typeof handle === "object" && handle !== null && (handle as Partial<IslandsHandle>).islands === true;
}

/** True when the page being rendered is one of the pages that do not hydrate. */
export function isIslandsPage(matches: readonly Pick<UIMatch, "handle">[]): boolean {
  return matches.some((match) => isIslandsHandle(match.handle));
}

/**
 * The clientLoader of a page that does not hydrate: a client-side navigation to it (from a page
 * that does) becomes a document load. The promise never settles: the browser is leaving.
 */
export function loadAsDocument({ request }: { request: Request }): Promise<never> {
  const url = new URL(request.url);
  window.location.assign(url.pathname + url.search);
  return new Promise<never>(() => {});
}

/** Whether this render is of a page that does not hydrate (for the shell's components). */
export function useIslandsPage(): boolean {
  return isIslandsPage(useMatches());
}

/**
 * The server loader of such a page that has no data of its own. NOTE: it must have one: for a
 * route with a clientLoader and no server loader, React Router renders a loading fallback on the
 * server instead of the page.
 */
export function noServerData(): null {
  return null;
}
