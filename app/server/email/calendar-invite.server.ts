// A calendar invitation (RFC 5545) for the start of a Learn to Lift cohort, sent with its receipt
// as a text/calendar attachment (docs/product.md §18.2): one all-visible event with the course
// name, the start time in UTC, and the site's address as where it happens (the course is online).

/** 2027-01-11T09:00:00Z → 20270111T090000Z */
function icsTime(date: Date): string {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** Escapes a TEXT value (RFC 5545 §3.3.11) and keeps it on one logical line. */
function icsText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/\r?\n|\r/g, "\\n").replace(/[;,]/g, (c) => `\\${c}`);
}

/** Folds a content line at 75 octets (RFC 5545 §3.1). */
function fold(line: string): string {
  const bytes = Buffer.from(line, "utf8");
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (Buffer.byteLength(current + char, "utf8") > limit) {
      parts.push(current);
      current = "";
    }
    current += char;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

export interface CalendarEvent {
  uid: string;
  start: Date;
  durationMinutes: number;
  summary: string;
  description: string;
  location: string;
  url: string;
  organiser: { name: string; email: string };
  /** When the invitation was made (DTSTAMP). */
  stamp: Date;
}

export function calendarInvite(event: CalendarEvent): string {
  const end = new Date(event.start.getTime() + event.durationMinutes * 60_000);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${icsText(event.organiser.name)}//Receipts//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${icsText(event.uid)}`,
    `DTSTAMP:${icsTime(event.stamp)}`,
    `DTSTART:${icsTime(event.start)}`,
    `DTEND:${icsTime(end)}`,
    `SUMMARY:${icsText(event.summary)}`,
    `DESCRIPTION:${icsText(event.description)}`,
    `LOCATION:${icsText(event.location)}`,
    `URL:${event.url}`,
    `ORGANIZER;CN="${event.organiser.name.replace(/["\r\n]/g, "")}":mailto:${event.organiser.email}`,
    "STATUS:CONFIRMED",
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(fold).join("\r\n") + "\r\n";
}
