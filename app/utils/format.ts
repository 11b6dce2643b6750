// One place for money, date, count and file-size formatting (docs/architecture.md §6 "Data").
// Every date the site shows is British and in London time (docs/product.md §14.5): "5 January 2025",
// "5 January 2025, 13:45"; only the CSV exports write ISO 8601 dates, for spreadsheets.

const TZ = "Europe/London";

// Formatters are built once: constructing an Intl.DateTimeFormat costs about ten times as much as
// using one, and a settings page formats some twenty dates per render.
const longDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: TZ });
const clockTime = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: TZ });
const weekdayDate = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: TZ });
const twelveHourTime = new Intl.DateTimeFormat("en-GB", { hour: "numeric", minute: "2-digit", hourCycle: "h12", timeZone: TZ });
const dayMonth = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const wholeNumber = new Intl.NumberFormat("en-GB");

type DatePart = Intl.DateTimeFormatPartTypes;
function parts(formatter: Intl.DateTimeFormat, date: Date): (type: DatePart) => string {
  const list = formatter.formatToParts(date);
  return (type) => list.find((p) => p.type === type)?.value ?? "";
}

/** 30000 → "£300.00" (docs/product.md §14.5: minor units shown divided by 100 with two decimals). */
export function formatMoney(pence: number, currency = "gbp"): string {
  const symbol = currency.toLowerCase() === "gbp" ? "£" : `${currency.toUpperCase()} `;
  return `${symbol}${(pence / 100).toFixed(2)}`;
}

/** 30000 → "£300"; 2050 → "£20.50": prices in marketing copy drop a zero fraction. */
export function formatPrice(pence: number): string {
  return pence % 100 === 0 ? `£${(pence / 100).toLocaleString("en-GB")}` : formatMoney(pence);
}

/** "5 January 2025": the site's British long date. */
export function formatLongDate(date: Date | string): string {
  return longDate.format(new Date(date));
}

/** "5 January 2025, 13:45": when something happened, to the minute (24-hour clock). */
export function formatDateTime(date: Date | string): string {
  const d = new Date(date);
  return `${formatLongDate(d)}, ${clockTime.format(d)}`;
}

/**
 * "Monday 12 January 2026". Built from parts so that the server (Node's ICU) and the browser
 * (Chromium's ICU) always agree on the punctuation.
 */
export function formatWeekdayDate(date: Date | string): string {
  const part = parts(weekdayDate, new Date(date));
  return `${part("weekday")} ${part("day")} ${part("month")} ${part("year")}`;
}

/**
 * "Monday 5 January 2026 at 6:00pm": when something she is joining starts, as one would write it
 * in a letter (docs/product.md §14.5).
 */
export function formatStartsAt(date: Date | string): string {
  const d = new Date(date);
  const time = parts(twelveHourTime, d);
  return `${formatWeekdayDate(d)} at ${time("hour")}:${time("minute")}${time("dayPeriod").toLowerCase()}`;
}

/** 1 → "1 sign-up", 2 → "2 sign-ups", 12345 → "12,345 sign-ups"; an irregular plural is given. */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${wholeNumber.format(count)} ${count === 1 ? singular : plural}`;
}

/** docs/product.md §14.5: a transaction id is shown as its first 20 characters followed by '...'. */
export function truncateSessionId(id: string): string {
  return id.length > 20 ? `${id.slice(0, 20)}...` : id;
}

/** "grant_admin" → "GRANT ADMIN" (docs/product.md §14.5 activity log badge). */
export function actionLabel(actionType: string): string {
  return actionType.replace(/_/g, " ").toUpperCase();
}

/** "2025-01-06" → "6 Jan": a calendar date (no time zone shift), short, British. */
export function formatDayMonth(isoDate: string): string {
  return dayMonth.format(new Date(`${isoDate}T12:00:00Z`));
}

/** 1234500 → "£12,345"; 1234550 → "£12,345.50": sums of money in figures and charts. */
export function formatPounds(pence: number): string {
  const pounds = pence / 100;
  return `£${pounds.toLocaleString("en-GB", { minimumFractionDigits: pence % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;
}

/** A file's size as people read it: "340 KB", "12.5 MB", "1.2 GB" (1 KB = 1024 bytes). */
export function formatFileSize(bytes: number): string {
  const mb = 1024 * 1024;
  if (bytes < mb) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 * mb) return `${(bytes / mb).toFixed(1)} MB`;
  return `${(bytes / (1024 * mb)).toFixed(1)} GB`;
}
