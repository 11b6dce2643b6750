import { SUBSCRIBED_STORAGE_KEY } from "./email-list-storage";

// docs/product.md §3, §3.3 and §14.4: where and when the popup may
// show, and what the browser remembers about it. The popup itself is exit-popup-dialog.tsx (its
// markup) and app/islands/exit-popup.ts (its behaviour).

export const EXIT_POPUP_DELAY_MS = 60_000;
export const EXIT_POPUP_TICK_MS = 1000;
/** sessionStorage: shown in this browser session. */
export const EXIT_POPUP_SEEN_KEY = "exit-popup:seen";
/** localStorage: closed once, never again. */
export const EXIT_POPUP_DISMISSED_KEY = "exit-popup:dismissed";

/**
 * Pages that are not public marketing pages: account, checkouts, payment result, email links, and
 * the sign-in page (a visitor there came to sign in, not to be asked for her email).
 */
const EXCLUDED_PATHS = [
  /^\/settings(\/|$)/,
  /-checkout\/?$/,
  /^\/payment-success\/?$/,
  /^\/reset-password\/?$/,
  /^\/email\//,
  /^\/auth\/?$/,
];

export function isExitPopupPage(pathname: string): boolean {
  return !EXCLUDED_PATHS.some((pattern) => pattern.test(pathname));
}

// Storage can be unavailable (private modes, blocked cookies): then this tab remembers in memory.
const memory = new Set<string>();

type StorageKind = "local" | "session";

function storage(kind: StorageKind): Storage {
  return kind === "local" ? window.localStorage : window.sessionStorage;
}

export function remembered(kind: StorageKind, key: string): boolean {
  if (memory.has(key)) return true;
  try {
    return storage(kind).getItem(key) !== null;
  } catch {
    return false;
  }
}

export function remember(kind: StorageKind, key: string): void {
  memory.add(key);
  try {
    storage(kind).setItem(key, "1");
  } catch {
    // Remembered in memory only.
  }
}

/** Closed before, shown in this session, or she has already signed up through a form here. */
export function exitPopupAlreadyHandled(): boolean {
  return (
    remembered("local", EXIT_POPUP_DISMISSED_KEY) ||
    remembered("session", EXIT_POPUP_SEEN_KEY) ||
    remembered("local", SUBSCRIBED_STORAGE_KEY)
  );
}
