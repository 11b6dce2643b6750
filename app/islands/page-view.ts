// Counts the page once (docs/analytics.md): as soon as this script runs (or, for a prerendered
// page, once it is shown), a beacon to /api/page-view with its path and the referring page, which
// the browser sends in the background, never in the page's way. The server decides what is
// counted and stores no cookie, address or user agent. Nothing is sent when the browser asks not
// to be tracked (Global Privacy Control, Do Not Track), nor from the members' area.

export function initPageView(): void {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (nav.globalPrivacyControl === true || nav.doNotTrack === "1" || typeof nav.sendBeacon !== "function") return;
  const path = window.location.pathname;
  if (path === "/learn" || path.startsWith("/learn/")) return;
  const body = JSON.stringify({ page: window.location.pathname + window.location.search, referrer: document.referrer });
  const send = () => nav.sendBeacon("/api/page-view", new Blob([body], { type: "text/plain" }));
  const doc = document as Document & { prerendering?: boolean };
  if (doc.prerendering) document.addEventListener("prerenderingchange", () => send(), { once: true });
  else send();
}
