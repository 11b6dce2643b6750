// docs/product.md §5.4: the countdown's arithmetic and the cohort date's wording, without React, for the
// page (countdown.tsx) and the islands script that ticks it (app/islands/countdown.ts).

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
