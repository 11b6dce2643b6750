import { cn } from "~/utils/cn";

// docs/product.md §5.4: the countdown to the next Learn to Lift cohort, recomputed every second and
// showing zeros once the start has passed.
//
// NOTE: the server cannot know the visitor's clock, and a page may be served from a cache, so the
// server renders the target date (always true) with blank digits; the islands script
// (app/islands/countdown.ts) fills the digits in at once and then every second. Every digit sits
// in a fixed-width cell, so nothing moves when the numbers arrive or change.

const UNITS = [
  ["days", "Days", "Days"],
  ["hours", "Hours", "Hours"],
  ["minutes", "Minutes", "Mins"],
  ["seconds", "Seconds", "Secs"],
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
  const dark = tone === "dark";

  return (
    // NOTE: sized by its own width (a container), not the screen's: the card it sits in is narrow
    // on a phone and again beside the text on a laptop. The figures scale with it, so three
    // digits of days still fit their cell, and the units shorten where "Seconds" would not fit.
    <div className={cn("@container flex flex-col gap-4", className)} data-countdown="" data-target={target}>
      <p
        data-countdown-label={label}
        data-countdown-done-label={doneLabel}
        className={cn("text-sm font-semibold", dark ? "text-brand-100" : "text-ink-muted")}
      >
        {label}
      </p>
      <div
        role="timer"
        aria-live="off"
        aria-atomic="true"
        className="grid grid-cols-4 gap-2 @sm:gap-3"
        data-state="pending"
      >
        {UNITS.map(([key, unitLabel, shortLabel]) => (
          <div
            key={key}
            className={cn(
              "flex min-w-0 flex-col items-center rounded-2xl border px-1 py-3 @sm:py-4",
              dark ? "border-white/15 bg-white/10" : "border-sand-200 bg-white shadow-xs",
            )}
          >
            <span
              data-countdown-unit={key}
              className={cn(
                "font-sans text-[clamp(1.25rem,8.5cqi,2.25rem)] leading-none font-bold tracking-tight tabular-nums",
                dark ? "text-white" : "text-brand-800",
              )}
            >
              <span aria-hidden="true" className="opacity-40">
                --
              </span>
            </span>
            <span className={cn("mt-2 text-xs font-semibold", dark ? "text-brand-200" : "text-ink-muted")}>
              <span aria-hidden="true" className="@[19.5rem]:hidden">
                {shortLabel}
              </span>
              <span className="sr-only @[19.5rem]:not-sr-only">{unitLabel}</span>
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}
