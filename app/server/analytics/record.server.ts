import { eq } from "drizzle-orm";
import { cacheablePaths } from "~/config/pages";
import { logger } from "~/server/core/logger.server";
import { getServerEnv } from "~/config/env.server";
import { getDb, type Queryable } from "~/server/db/client.server";
import { getEffectiveSiteConfig } from "~/server/settings/effective-config.server";
import { checkoutVisitors, funnelEvents, pageViews } from "~/server/db/schema";
import { browserFamily, deviceClass, visitorOf } from "./visitors.server";

// What is recorded (docs/analytics.md): a page view from the public pages' beacon, a checkout
// session opened by a visitor, and its payment. Nothing here holds a name, an email address, an
// IP address or a user agent: only the visitor's hash of the day.

/** The query parameters a view keeps: where the visit came from, nothing else. */
const KEPT_PARAMETERS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "ref"] as const;
const MAX_PATH = 300;
const MAX_FIELD = 100;

/** The pages that are counted: the public pages everyone sees alike, and the payment result. */
export function isCountedPath(pathname: string, coachSlug: string): boolean {
  return pathname === "/payment-success" || cacheablePaths(coachSlug).filter((p) => !/\.(xml|txt)$/.test(p)).includes(pathname);
}

export interface ViewInput {
  /** The page's path and query as the browser had it. */
  page: string;
  /** document.referrer: only its host is kept, and none for a page of this site. */
  referrer: string;
}

export interface RequestFacts {
  headers: Headers;
  ip: string | null;
  /** This site's origin (SITE_URL): part of the visitor's hash and how its own pages are told apart. */
  site: string;
  coachSlug: string;
}

const field = (value: string | null) => (value ? value.trim().slice(0, MAX_FIELD) || null : null);

/** The referrer's host, without 'www.'; none for this site's own pages or anything not http(s). */
export function referrerHost(referrer: string, site: string): string | null {
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (url.host === new URL(site).host) return null;
    return url.hostname.replace(/^www\./, "").slice(0, MAX_FIELD) || null;
  } catch {
    return null;
  }
}

/**
 * At most this many views are counted from one address a minute, per server process: a script
 * posting beacons in a loop cannot fill the database. The address is held in memory only, for the
 * minute, and never written anywhere.
 */
export const VIEWS_PER_ADDRESS_PER_MINUTE = 120;
const recentViews = { minute: 0, counts: new Map<string, number>() };

function overLimit(ip: string, at: Date): boolean {
  const minute = Math.floor(at.getTime() / 60_000);
  if (minute !== recentViews.minute) {
    recentViews.minute = minute;
    recentViews.counts.clear();
  }
  const count = (recentViews.counts.get(ip) ?? 0) + 1;
  recentViews.counts.set(ip, count);
  return count > VIEWS_PER_ADDRESS_PER_MINUTE;
}

/**
 * Records a page view; false when it is not counted (a refused browser or bot, a page that is not
 * counted, a malformed path). Never throws for bad input.
 */
export async function recordPageView(q: Queryable, view: ViewInput, facts: RequestFacts, at = new Date()): Promise<boolean> {
  if (typeof view.page !== "string" || !view.page.startsWith("/") || view.page.startsWith("//") || view.page.length > MAX_PATH) return false;
  let url: URL;
  try {
    url = new URL(view.page, facts.site);
  } catch {
    return false;
  }
  if (!isCountedPath(url.pathname, facts.coachSlug)) return false;
  if (facts.ip && overLimit(facts.ip, at)) return false;
  const visitor = await visitorOf(q, facts.headers, facts.ip, facts.site, at);
  if (!visitor) return false;
  const kept = new URLSearchParams();
  for (const name of KEPT_PARAMETERS) {
    const value = field(url.searchParams.get(name));
    if (value) kept.set(name, value);
  }
  const query = kept.toString();
  const userAgent = facts.headers.get("user-agent") ?? "";
  const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
  await q.insert(pageViews).values({
    viewedAt: minute,
    path: query ? `${url.pathname}?${query}` : url.pathname,
    referrerHost: referrerHost(typeof view.referrer === "string" ? view.referrer : "", facts.site),
    utmSource: kept.get("utm_source"),
    utmMedium: kept.get("utm_medium"),
    utmCampaign: kept.get("utm_campaign"),
    utmTerm: kept.get("utm_term"),
    utmContent: kept.get("utm_content"),
    ref: kept.get("ref"),
    device: deviceClass(userAgent),
    browser: browserFamily(userAgent),
    // No country: no lookup table fits the project's licence and size (docs/decisions/287).
    country: null,
    visitor,
  });
  return true;
}

/** 'Checkout started': the visitor who opened this checkout session, kept until it is paid. */
export async function recordCheckoutStarted(q: Queryable, sessionId: string, productKey: string, visitor: string, at = new Date()): Promise<void> {
  await q.insert(checkoutVisitors).values({ sessionId, visitor, productKey, createdAt: at }).onConflictDoNothing();
  await q.insert(funnelEvents).values({ at, kind: "checkout", productKey, visitor });
}

/**
 * 'Paid': the purchase of a checkout session a counted visitor opened, with its amount; the
 * session's link to her visitor hash is deleted then. Nothing for a session nobody counted.
 */
export async function recordPaid(q: Queryable, sessionId: string, amountPence: number, at = new Date()): Promise<void> {
  const [opened] = await q.delete(checkoutVisitors).where(eq(checkoutVisitors.sessionId, sessionId)).returning();
  if (!opened) return;
  await q.insert(funnelEvents).values({ at, kind: "paid", productKey: opened.productKey, amountPence, visitor: opened.visitor });
}

/**
 * The visitor of a request that opens a checkout ('Checkout started'), or null when she is not
 * counted. Counting never stops a payment: a failure here is logged and she is simply not counted.
 */
export async function checkoutVisitor(q: Queryable, request: Request, ip: string | null, site: string): Promise<string | null> {
  try {
    return await visitorOf(q, request.headers, ip, site);
  } catch (error) {
    logger.warn("analytics: could not work out a checkout's visitor", { error });
    return null;
  }
}

/** The beacon's view, counted on the site's database with this site's address and slug. */
export async function recordBeaconView(view: ViewInput, headers: Headers, ip: string | null): Promise<boolean> {
  const site = await getEffectiveSiteConfig();
  return recordPageView(getDb(), view, { headers, ip, site: getServerEnv().SITE_ORIGIN, coachSlug: site.coachSlug });
}
