// Keyset paging (the Sales tab's 'Older' and 'Newer' links): a link carries the payment the next
// page starts after, as its time in UTC to the microsecond and its id, so a deep page costs the
// database what the first does (docs/decisions/284-sales-pages-by-key.md).

/** A payment's place in the list: its time (UTC, to the microsecond) and id. */
export interface PageCursor {
  direction: "older" | "newer";
  at: string;
  id: string;
}

const CURSOR = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})\.\d{6}~([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** A cursor from the URL, or null for anything that is not exactly what the links carry. */
export function parsePageCursor(direction: PageCursor["direction"], value: string | null): PageCursor | null {
  const match = value ? CURSOR.exec(value) : null;
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60 && second < 60;
  return real ? { direction, at: value!.slice(0, value!.indexOf("~")), id: match[7]! } : null;
}

/** The cursor of a payment, as the links carry it. */
export const cursorOf = (row: { id: string; cursor: string }) => `${row.cursor}~${row.id}`;
