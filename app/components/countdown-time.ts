// docs/product.md §5.4: the countdown's arithmetic, without React, for the page (countdown.tsx) and the
// islands script that ticks it (app/islands/countdown.ts). The cohort date's wording is formatWeekdayDate
// (app/utils/format.ts).

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
