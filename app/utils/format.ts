// One place for money and date formatting (docs/architecture.md §6 "Data"). Display time zone: Europe/London.

const TZ = "Europe/London";

// Formatters are built once: constructing an Intl.DateTimeFormat costs about ten times as much as
// using one, and a settings page formats some twenty dates per render.
const longDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: TZ });
const clockTime = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: TZ });
const shortDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: TZ });
const dayMonth = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

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

/** "5 January 2025 at 13:45". */
export function formatDateTime(date: Date | string): string {
  const d = new Date(date);
  const time = clockTime.format(d);
  return `${formatLongDate(d)} at ${time}`;
}

/** 2048 → "2 KB"; 1,572,864 → "1.5 MB": a file's size as people read it. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** "Jan 5, 2025": docs/product.md §14.5 admin 'Joined' format. */
export function formatShortDate(date: Date | string): string {
  return shortDate.format(new Date(date));
}

/** "Jan 5, 2025 13:45": docs/product.md §14.5 activity-log timestamp. */
export function formatShortDateTime(date: Date | string): string {
  const d = new Date(date);
  const time = clockTime.format(d);
  return `${formatShortDate(d)} ${time}`;
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
