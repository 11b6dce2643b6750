import { formatWeekdayDate } from "./format";

// Working days for the coach's promises (docs/product.md §10.16): a day is counted in UK time and
// Saturday and Sunday are not working days. Bank holidays are not counted out (decision 259).

const londonParts = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "Europe/London" });

/** The calendar day in the UK at `date`, YYYY-MM-DD. */
export function londonDay(date: Date): string {
  return londonParts.format(date);
}

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The working day after the UK day of `date`: Friday, Saturday and Sunday all lead to Monday. */
export function oneWorkingDayAfter(date: Date): string {
  let day = addDays(londonDay(date), 1);
  while ([0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay())) day = addDays(day, 1);
  return day;
}

/** "Monday 30 November 2026" for a YYYY-MM-DD day. */
export function formatDueDay(day: string): string {
  return formatWeekdayDate(new Date(`${day}T12:00:00Z`));
}

/** True once the whole of `day` is over in the UK. */
export function isOverdue(day: string, now: Date): boolean {
  return londonDay(now) > day;
}
