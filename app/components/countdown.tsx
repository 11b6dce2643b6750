import { useSyncExternalStore } from "react";
import { cn } from "~/utils/cn";

// SPEC §2 and §4: the countdown to the next Learn to Lift cohort, recomputed every second and
// showing zeros once the start has passed.
//
// NOTE: the server cannot know the visitor's clock, and a page may be served from a cache, so the
// server renders the target date (always true) with blank digits; the browser fills the digits in
// as soon as it hydrates and then every second. useSyncExternalStore's server snapshot keeps the
// first browser render identical to the server's (no hydration mismatch), and every digit sits in
// a fixed-width cell, so nothing moves when the numbers arrive or change.

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** True once the target has been reached: every unit is then zero. */
  done: boolean;
}

/** Whole days, hours, minutes and seconds from `nowMs` until `targetMs`; zeros once passed. */
export function timeLeft(targetMs: number, nowMs: number): TimeLeft {
  const total = Math.max(0, Math.floor((targetMs - nowMs) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
    done: total === 0,
  };
}

/**
 * "Monday 12 January 2026" in UK time. Built from parts so that the server (Node's ICU) and the
 * browser (Chromium's ICU) always agree on the punctuation.
 */
export function formatCohortDate(iso: string): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Europe/London",
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("weekday")} ${part("day")} ${part("month")} ${part("year")}`;
}

// The current whole second, recomputed every second while mounted. Each tick is scheduled for the
// next whole second of the clock, so the display changes exactly when the second does (an
// interval started mid-second would show each second up to a second late).
function subscribe(onTick: () => void): () => void {
  let timer = 0;
  const schedule = () => {
    timer = window.setTimeout(() => {
      onTick();
      schedule();
    }, 1000 - (Date.now() % 1000));
  };
  schedule();
  return () => window.clearTimeout(timer);
}
const currentSecond = () => Math.floor(Date.now() / 1000);
const noSecondOnServer = () => null;

const UNITS = [
  ["days", "Days"],
  ["hours", "Hours"],
  ["minutes", "Minutes"],
  ["seconds", "Seconds"],
] as const;

export interface CountdownProps {
  /** The moment counted down to (ISO 8601 with an offset, from the site configuration). */
  target: string;
  /** The line above the digits while the target is ahead. */
  label?: string;
  /** The line above the digits once the target has passed. */
  doneLabel?: string;
  /** "light" cells on a light surface (default) or "dark" ones on plum. */
  tone?: "light" | "dark";
  className?: string;
}

export function Countdown({
  target,
  label = "Next cohort starts in",
  doneLabel = "This cohort has started",
  tone = "light",
  className,
}: CountdownProps) {
  const second = useSyncExternalStore(subscribe, currentSecond, noSecondOnServer);
  const left = second === null ? null : timeLeft(Date.parse(target), second * 1000);
  const dark = tone === "dark";

  return (
    <div className={cn("flex flex-col gap-4", className)} data-countdown="" data-target={target}>
      <p className={cn("text-sm font-semibold", dark ? "text-brand-100" : "text-ink-muted")}>
        {left?.done ? doneLabel : label}
      </p>
      <div
        role="timer"
        aria-live="off"
        aria-atomic="true"
        className="grid grid-cols-4 gap-2 sm:gap-3"
        data-state={left === null ? "pending" : left.done ? "done" : "running"}
      >
        {UNITS.map(([key, unitLabel]) => (
          <div
            key={key}
            className={cn(
              "flex flex-col items-center rounded-2xl border px-1 py-3 sm:py-4",
              dark ? "border-white/15 bg-white/10" : "border-sand-200 bg-white shadow-xs",
            )}
          >
            <span
              data-countdown-unit={key}
              className={cn(
                "font-sans text-3xl leading-none font-bold tracking-tight tabular-nums sm:text-4xl",
                dark ? "text-white" : "text-brand-800",
              )}
            >
              {left === null ? (
                <span aria-hidden="true" className="opacity-40">
                  --
                </span>
              ) : (
                String(left[key]).padStart(2, "0")
              )}
            </span>
            <span
              className={cn(
                "mt-2 text-xs font-semibold",
                dark ? "text-brand-200" : "text-ink-muted",
              )}
            >
              {unitLabel}
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}
