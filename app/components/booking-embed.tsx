import { useEffect, useRef, useState } from "react";
import type { PublicSiteConfig } from "~/config/public";
import { cn } from "~/utils/cn";
import { CalendarIcon } from "./icons";
import { Spinner } from "./ui/spinner";

// SPEC §7 "Third-party embeds" and DESIGN D13: the scheduling service's (Cal.com) official inline
// embed, month view, 600 px high. Cal's script is fetched from its own origin only when the section
// comes near the viewport or the visitor asks for it; until then (and if it never loads) a
// same-size placeholder offers a plain link to the booking page, which works without JavaScript.

/** Cal.com's embed loader, from its official origin. */
export const CAL_EMBED_SCRIPT = "https://app.cal.com/embed/embed.js";
export const CAL_ORIGIN = "https://cal.com";
export const BOOKING_EMBED_HEIGHT = 600;
/** How far ahead of the viewport the embed starts loading. */
export const BOOKING_EMBED_ROOT_MARGIN = "400px 0px";

export type BookingNamespace = PublicSiteConfig["booking"]["namespace"];

export interface BookingEmbedProps {
  /** The Cal.com link, such as "strongwithjo/20min" (site.booking.calLink). Required. */
  calLink: string;
  /** The embed namespace (site.booking.namespace): "20min" or "free-consultation". */
  namespace: BookingNamespace;
  /** Height in px of the embed and its placeholder (600 by default). */
  height?: number;
  className?: string;
}

/** The public booking page for a Cal.com link: the fallback when the embed is not loaded. */
export function bookingPageUrl(calLink: string): string {
  return `${CAL_ORIGIN}/${calLink.replace(/^\/+/, "")}`;
}

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
 * visit to the page, another click) starts afresh instead of waiting on a dead script.
 */
function calScriptReady(win: Window): Promise<void> {
  const script = win.document.querySelector<HTMLScriptElement>(`script[src="${CAL_EMBED_SCRIPT}"]`);
  if (!script) return Promise.reject(new Error("Cal embed script missing"));
  const state = script.dataset.calState;
  if (state === "loaded") return Promise.resolve();
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

/**
 * The free-consultation booking calendar. Throws `Error("calLink is required")` without a link
 * (SPEC §7). Renders a fixed-height box, so loading the embed moves nothing on the page.
 */
export function BookingEmbed({ calLink, namespace, height = BOOKING_EMBED_HEIGHT, className }: BookingEmbedProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const targetRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<EmbedState>("idle");
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => setHydrated(true), []);

  // Start loading when the section nears the viewport.
  useEffect(() => {
    if (state !== "idle") return;
    const root = rootRef.current;
    if (!root || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setState("loading");
      },
      { rootMargin: BOOKING_EMBED_ROOT_MARGIN },
    );
    observer.observe(root);
    return () => observer.disconnect();
  }, [state]);

  // Load Cal's script and mount the inline calendar.
  useEffect(() => {
    if (state !== "loading") return;
    const target = targetRef.current;
    if (!target) return;
    let cancelled = false;
    const fail = () => {
      if (!cancelled) setState("failed");
    };
    try {
      const cal = installCalSnippet(window);
      cal("init", namespace, { origin: CAL_ORIGIN });
      const api = cal.ns[namespace]!;
      api("inline", { elementOrSelector: target, calLink, config: { layout: "month_view" } });
      api("ui", {
        layout: "month_view",
        hideEventTypeDetails: false,
        styles: { branding: { brandColor: "#7a3b52" } },
      });
      api("on", {
        action: "linkReady",
        callback: () => {
          if (!cancelled) setState("ready");
        },
      });
      api("on", { action: "linkFailed", callback: fail });
      // NOTE: offline, or with a blocker, embed.js never arrives: keep the fallback link and say so.
      calScriptReady(window).catch(fail);
    } catch {
      fail();
    }
    return () => {
      cancelled = true;
    };
  }, [state, calLink, namespace]);

  // NOTE: after the hooks, so they run in the same order on every render (rules of hooks).
  if (!calLink || !calLink.trim()) throw new Error("calLink is required");

  const showPlaceholder = state !== "ready";
  const href = bookingPageUrl(calLink);

  return (
    <div
      ref={rootRef}
      data-booking-embed=""
      data-state={state}
      className={cn(
        "relative w-full overflow-hidden rounded-3xl border border-sand-200 bg-white shadow-md",
        className,
      )}
      style={{ height }}
    >
      {/* Cal's iframe goes here; it scrolls inside the fixed-height box. */}
      <div
        ref={targetRef}
        role="region"
        aria-label="Booking calendar"
        className="absolute inset-0 overflow-auto"
        hidden={state === "idle"}
      />

      {showPlaceholder ? (
        // NOTE: laid out from the top with reserved room for the texts and both buttons, so the
        // switch between idle, loading and failed moves nothing.
        <div className="absolute inset-0 flex flex-col items-center gap-6 bg-linear-to-b from-brand-50 to-white px-6 pt-14 text-center sm:pt-20">
          <CalendarArt />
          <div className="min-h-[9.5rem] max-w-md sm:min-h-[7.5rem]">
            <p className="font-display text-2xl font-semibold text-ink">
              {state === "failed" ? "The calendar couldn't load here" : "Pick a time that suits you"}
            </p>
            <p className="mt-2 text-base text-ink-muted">
              {state === "failed"
                ? "You can still choose a time on the booking page, or try again."
                : "Choose a day and time in the calendar, or open the booking page in a new tab."}
            </p>
          </div>
          <div className="flex w-full max-w-xs flex-col items-stretch gap-3">
            <button
              type="button"
              className={cn("btn", state === "failed" ? "btn-outline" : "btn-primary", !hydrated && "invisible")}
              // NOTE: aria-disabled, not disabled: a focused button that becomes disabled drops focus.
              aria-disabled={state === "loading" || undefined}
              onClick={() => {
                if (state !== "loading") setState("loading");
              }}
            >
              {state === "loading" ? (
                <>
                  <Spinner size="sm" label={null} />
                  Loading the booking calendar…
                </>
              ) : (
                <>
                  <CalendarIcon className="size-5" />
                  {state === "failed" ? "Try again" : "Load the booking calendar"}
                </>
              )}
            </button>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              data-booking-fallback=""
              className={cn("btn", state === "failed" ? "btn-primary" : "btn-outline")}
            >
              Open the booking page
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** A calm month grid, drawn in SVG, for the placeholder. */
function CalendarArt() {
  const cells = Array.from({ length: 21 }, (_, i) => i);
  return (
    <svg viewBox="0 0 168 120" aria-hidden="true" focusable="false" className="h-24 w-auto sm:h-28">
      <rect x="4" y="8" width="160" height="108" rx="16" className="fill-white stroke-brand-200" strokeWidth="2" />
      <path d="M4 24a16 16 0 0 1 16-16h128a16 16 0 0 1 16 16v10H4z" className="fill-brand-700" />
      <circle cx="40" cy="8" r="5" className="fill-accent-300" />
      <circle cx="128" cy="8" r="5" className="fill-accent-300" />
      {cells.map((i) => {
        const col = i % 7;
        const row = Math.floor(i / 7);
        const highlighted = i === 10;
        return (
          <rect
            key={i}
            x={16 + col * 20.5}
            y={46 + row * 22}
            width="14"
            height="14"
            rx="4"
            className={highlighted ? "fill-accent-400" : "fill-brand-100"}
          />
        );
      })}
    </svg>
  );
}
