import crypto from "node:crypto";
import { isbot } from "isbot";
import { sql } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { analyticsSalts } from "~/server/db/schema";

// Who a visitor is, without knowing who she is (docs/analytics.md): an HMAC of the site, her IP
// address and her browser's user agent, under a random salt made for each UTC day. The same
// person is the same visitor all day and a stranger the next; the salt of a day is deleted once
// the day after it has ended (the sweep, rollup.server.ts), and it is never in a backup, so no
// stored hash can be traced back to an address. The address and user agent themselves are never
// written anywhere.

/** The UTC day of a moment, as the database's date (YYYY-MM-DD). */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

const salts = new Map<string, string>();

/** The salt of a UTC day: made by whichever server needs it first, then the same for all. */
export async function saltOf(q: Queryable, day: string): Promise<string> {
  const known = salts.get(day);
  if (known) return known;
  await q
    .insert(analyticsSalts)
    .values({ day, salt: crypto.randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await q.select({ salt: analyticsSalts.salt }).from(analyticsSalts).where(sql`${analyticsSalts.day} = ${day}`);
  if (!row) throw new Error(`No analytics salt for ${day}`);
  // Only today's and yesterday's are ever asked for; the rest are forgotten here too.
  for (const old of salts.keys()) if (old < day) salts.delete(old);
  salts.set(day, row.salt);
  return row.salt;
}

/** Forgets the salts this process holds (after the sweep deleted old ones, and in tests). */
export function forgetSalts(): void {
  salts.clear();
}

/** The visitor's hash for the day: 32 hex characters. */
export function visitorHash(salt: string, site: string, ip: string, userAgent: string): string {
  return crypto.createHmac("sha256", salt).update(`${site}\n${ip}\n${userAgent}`).digest("hex").slice(0, 32);
}

/**
 * Whether this request may be counted: not when the browser asks not to be tracked (Global
 * Privacy Control or Do Not Track), not a bot, not a prefetch, and only with an address and a
 * user agent to count by.
 */
export function countable(headers: Headers, ip: string | null): ip is string {
  if (!ip) return false;
  if (headers.get("sec-gpc") === "1" || headers.get("dnt") === "1") return false;
  const purpose = `${headers.get("sec-purpose") ?? ""} ${headers.get("purpose") ?? ""} ${headers.get("x-moz") ?? ""}`;
  if (/prefetch|prerender/i.test(purpose)) return false;
  const userAgent = headers.get("user-agent") ?? "";
  if (!userAgent || isbot(userAgent)) return false;
  return true;
}

/** The visitor of this request today, or null when it must not be counted. */
export async function visitorOf(q: Queryable, headers: Headers, ip: string | null, site: string, at = new Date()): Promise<string | null> {
  if (!countable(headers, ip)) return null;
  return visitorHash(await saltOf(q, utcDay(at)), site, ip, headers.get("user-agent") ?? "");
}

/** 'mobile', 'tablet' or 'desktop', from the user agent (it is not kept). */
export function deviceClass(userAgent: string): "mobile" | "tablet" | "desktop" {
  if (/iPad|Tablet|PlayBook|Silk|(Android(?!.*Mobile))/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|BlackBerry|Opera Mini|IEMobile/i.test(userAgent)) return "mobile";
  return "desktop";
}

/** The browser's family, from the user agent (it is not kept). */
export function browserFamily(userAgent: string): string {
  if (/Edg(e|A|iOS)?\//.test(userAgent)) return "Edge";
  if (/SamsungBrowser\//.test(userAgent)) return "Samsung Internet";
  if (/OPR\/|Opera/.test(userAgent)) return "Opera";
  if (/Firefox\/|FxiOS\//.test(userAgent)) return "Firefox";
  if (/Chrome\/|CriOS\/|Chromium\//.test(userAgent)) return "Chrome";
  if (/Safari\//.test(userAgent) && /Version\//.test(userAgent)) return "Safari";
  return "Other";
}
