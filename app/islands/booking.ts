import { BOOKING_EMBED_ROOT_MARGIN, CAL_EMBED_SCRIPT, CAL_ORIGIN } from "~/config/booking";

// docs/product.md §4.8: Cal.com's official inline embed (month view) loads into the booking box
// (components/booking-embed.tsx) when it comes within 400 px of the viewport or the visitor presses
// 'Load the booking calendar'. Offline or blocked, the box says so and keeps the plain link.

type EmbedState = "idle" | "loading" | "ready" | "failed";

/** The Cal global the official snippet defines: a queue until embed.js replaces it. */
interface CalQueue {
  (...args: unknown[]): void;
  loaded?: boolean;
  ns: Record<string, CalQueue>;
  q: unknown[][];
}

declare global {
  interface Window {
    Cal?: CalQueue;
  }
}

/**
 * Cal.com's official embed snippet, typed: defines window.Cal as a command queue that appends
 * embed.js the first time it is called.
 */
function installCalSnippet(win: Window): CalQueue {
  if (win.Cal) return win.Cal;
  const doc = win.document;
  const push = (api: CalQueue, args: IArguments | unknown[]) => api.q.push(Array.from(args));
  const cal = function () {
    // eslint-disable-next-line prefer-rest-params
    const args = arguments;
    const self = win.Cal!;
    if (!self.loaded) {
      self.ns = {};
      self.q = self.q || [];
      doc.head.appendChild(doc.createElement("script")).src = CAL_EMBED_SCRIPT;
      self.loaded = true;
    }
    if (args[0] === "init") {
      const api = function () {
        // eslint-disable-next-line prefer-rest-params
        push(api, arguments);
      } as unknown as CalQueue;
      const namespace = args[1];
      api.q = api.q || [];
      if (typeof namespace === "string") {
        self.ns[namespace] = self.ns[namespace] || api;
        push(self.ns[namespace]!, args);
        push(self, ["initNamespace", namespace]);
      } else {
        push(self, args);
      }
      return;
    }
    push(self, args);
  } as unknown as CalQueue;
  cal.q = [];
  cal.ns = {};
  win.Cal = cal;
  return cal;
}

/**
 * Resolves when Cal's embed.js (appended by the snippet) has loaded, rejects if it failed.
 * NOTE: a failed script is removed and the Cal queue forgotten, so a later attempt (another
 * click) starts afresh instead of waiting on a dead script.
 */
function calScriptReady(win: Window): Promise<void> {
  const script = win.document.querySelector<HTMLScriptElement>(`script[src="${CAL_EMBED_SCRIPT}"]`);
  if (!script) return Promise.reject(new Error("Cal embed script missing"));
  if (script.dataset.calState === "loaded") return Promise.resolve();
  return new Promise((resolve, reject) => {
    script.addEventListener(
      "load",
      () => {
        script.dataset.calState = "loaded";
        resolve();
      },
      { once: true },
    );
    script.addEventListener(
      "error",
      () => {
        script.remove();
        delete win.Cal;
        reject(new Error("Cal embed script failed to load"));
      },
      { once: true },
    );
  });
}

function setState(box: HTMLElement, state: EmbedState) {
  box.dataset.state = state;
  const button = box.querySelector<HTMLButtonElement>("[data-booking-load]");
  const link = box.querySelector<HTMLAnchorElement>("[data-booking-fallback]");
  const failed = state === "failed";
  // The link becomes the main way on once the calendar has failed.
  button?.classList.toggle("btn-primary", !failed);
  button?.classList.toggle("btn-outline", failed);
  link?.classList.toggle("btn-primary", failed);
  link?.classList.toggle("btn-outline", !failed);
  // NOTE: aria-disabled, not disabled: a focused button that becomes disabled drops focus.
  if (state === "loading") button?.setAttribute("aria-disabled", "true");
  else button?.removeAttribute("aria-disabled");
}

function load(box: HTMLElement) {
  const state = box.dataset.state as EmbedState;
  if (state === "loading" || state === "ready") return;
  const target = box.querySelector<HTMLElement>("[data-booking-target]");
  const calLink = box.dataset.calLink;
  const namespace = box.dataset.calNamespace;
  if (!target || !calLink || !namespace) return;
  setState(box, "loading");
  const fail = () => {
    if (box.dataset.state === "loading") setState(box, "failed");
  };
  try {
    const cal = installCalSnippet(window);
    cal("init", namespace, { origin: CAL_ORIGIN });
    const api = cal.ns[namespace]!;
    api("inline", { elementOrSelector: target, calLink, config: { layout: "month_view" } });
    api("ui", { layout: "month_view", hideEventTypeDetails: false, styles: { branding: { brandColor: "#7a3b52" } } });
    api("on", { action: "linkReady", callback: () => setState(box, "ready") });
    api("on", { action: "linkFailed", callback: fail });
    // NOTE: offline, or with a blocker, embed.js never arrives: keep the fallback link and say so.
    calScriptReady(window).catch(fail);
  } catch {
    fail();
  }
}

export function initBookingEmbeds(root: ParentNode): void {
  const boxes = [...root.querySelectorAll<HTMLElement>("[data-booking-embed]")];
  for (const box of boxes) {
    box.querySelector("[data-booking-load]")?.addEventListener("click", () => load(box));
  }
  if (boxes.length === 0 || typeof IntersectionObserver === "undefined") return;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        load(entry.target as HTMLElement);
      }
    },
    { rootMargin: BOOKING_EMBED_ROOT_MARGIN },
  );
  for (const box of boxes) observer.observe(box);
}
