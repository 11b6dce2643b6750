import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { SUBSCRIBED_STORAGE_KEY } from "./email-list-storage";
import type * as DialogModuleExports from "./exit-intent-dialog";

// SPEC §2 "Shared chrome" and §4 "Exit-intent popup", §9 "Timing": on public pages only, and only
// after at least 60 s on the page (counted by a 1 s timer, while the page is visible), the popup
// appears when the mouse leaves through the top of the window or the visitor leaves the page.
//  - Leaving the page: switching tab or app (visibilitychange to hidden) or navigating away with
//    the page kept in the back/forward cache (pagehide). The popup opens when they come back
//    (visible again, or pageshow from the cache): shown to nobody, it would count as seen.
//  - Once shown it is flagged as seen for the browser session (sessionStorage); closing it, in
//    any way, flags it in localStorage so it never returns. A visitor who has signed up through
//    any email-list form in this browser isn't asked either.
//  - NOTE: the dialog and its form (exit-intent-dialog.tsx) download once the 60 s have passed,
//    not with the page; the popup opens when they have arrived.

type DialogModule = typeof DialogModuleExports;
let dialogModule: DialogModule | null = null;
function loadDialog(): Promise<DialogModule> {
  return import("./exit-intent-dialog").then((module) => (dialogModule = module));
}

export const EXIT_POPUP_DELAY_MS = 60_000;
export const EXIT_POPUP_TICK_MS = 1000;
/** sessionStorage: shown in this browser session. */
export const EXIT_POPUP_SEEN_KEY = "exit-popup:seen";
/** localStorage: closed once, never again. */
export const EXIT_POPUP_DISMISSED_KEY = "exit-popup:dismissed";

/** Pages that are not public marketing pages: account, checkouts, payment result, email links. */
const EXCLUDED_PATHS = [
  /^\/settings(\/|$)/,
  /-checkout\/?$/,
  /^\/payment-success\/?$/,
  /^\/reset-password\/?$/,
  /^\/email\//,
];

export function isExitPopupPage(pathname: string): boolean {
  return !EXCLUDED_PATHS.some((pattern) => pattern.test(pathname));
}

// Storage can be unavailable (private modes, blocked cookies): then this tab remembers in memory.
const memory = new Set<string>();

function read(storage: () => Storage, key: string): boolean {
  if (memory.has(key)) return true;
  try {
    return storage().getItem(key) !== null;
  } catch {
    return false;
  }
}

function write(storage: () => Storage, key: string) {
  memory.add(key);
  try {
    storage().setItem(key, "1");
  } catch {
    // Remembered in memory only.
  }
}

const local = () => window.localStorage;
const session = () => window.sessionStorage;

function alreadyHandled(): boolean {
  return read(local, EXIT_POPUP_DISMISSED_KEY) || read(session, EXIT_POPUP_SEEN_KEY) || read(local, SUBSCRIBED_STORAGE_KEY);
}

export function ExitIntentPopup() {
  const { pathname } = useLocation();
  const allowed = isExitPopupPage(pathname);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(dialogModule !== null);

  useEffect(() => {
    if (!allowed || open || alreadyHandled()) return;
    let visibleSeconds = 0;
    let armed = false;
    let leftThePage = false;

    const timer = window.setInterval(() => {
      if (document.visibilityState !== "visible") return;
      visibleSeconds += 1;
      if (visibleSeconds * EXIT_POPUP_TICK_MS >= EXIT_POPUP_DELAY_MS) {
        armed = true;
        window.clearInterval(timer);
        // Ready before the mouse leaves; if it cannot load (offline), the popup never shows.
        loadDialog().then(
          () => setLoaded(true),
          () => {},
        );
      }
    }, EXIT_POPUP_TICK_MS);

    function show() {
      if (alreadyHandled()) return;
      write(session, EXIT_POPUP_SEEN_KEY);
      setOpen(true);
    }
    function onMouseOut(event: MouseEvent) {
      if (armed && !event.relatedTarget && event.clientY <= 0) show();
    }
    function onVisibilityChange() {
      if (!armed) return;
      if (document.visibilityState === "hidden") leftThePage = true;
      else if (leftThePage) show();
    }
    function onPageHide() {
      if (armed) leftThePage = true;
    }
    function onPageShow(event: PageTransitionEvent) {
      if (event.persisted && leftThePage) show();
    }

    document.addEventListener("mouseout", onMouseOut);
    document.addEventListener("visibilitychange", onVisibilityChange);
    window.addEventListener("pagehide", onPageHide);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("mouseout", onMouseOut);
      document.removeEventListener("visibilitychange", onVisibilityChange);
      window.removeEventListener("pagehide", onPageHide);
      window.removeEventListener("pageshow", onPageShow);
    };
  }, [allowed, open]);

  function onOpenChange(next: boolean) {
    if (next) return;
    write(local, EXIT_POPUP_DISMISSED_KEY);
    setOpen(false);
  }

  if (!allowed || !loaded || !dialogModule) return null;
  const { ExitIntentDialog } = dialogModule;
  return <ExitIntentDialog open={open} onOpenChange={onOpenChange} />;
}
