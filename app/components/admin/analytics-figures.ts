import type { AnalyticsPeriod, FunnelRow, FunnelSplit, FunnelStep } from "~/server/analytics/report-types";
import { tabHref } from "~/utils/admin-tabs";
import { formatDayMonth, formatLongDate } from "~/utils/format";

// The Analytics tab's arithmetic and words (docs/analytics.md), kept apart from the markup so they
// can be tested: its addresses, percentages, the funnel's drop-off and conversion, the chart's
// labels and the period in words.

export const ANALYTICS_TAB = tabHref("analytics");
export const ANALYTICS_CSV = "/settings/admin/analytics.csv";

export interface AnalyticsQuery {
  period: AnalyticsPeriod;
  split: FunnelSplit;
}

/**
 * The choices the tab offers, with their labels. They are handed down by the route's loader: the
 * lists live beside the report's types under app/server/, and a component imports only types from
 * there (docs/architecture.md §2.1).
 */
export interface AnalyticsChoices {
  periods: readonly { value: AnalyticsPeriod; label: string }[];
  splits: readonly { value: FunnelSplit; label: string }[];
  steps: readonly { value: FunnelStep; label: string }[];
}

/** The tab (or its CSV) for a period and split: both always written, so each view has one address. */
export function analyticsHref(query: AnalyticsQuery, base: string = ANALYTICS_TAB): string {
  return `${base}?${new URLSearchParams({ period: query.period, split: query.split })}`;
}

const percent = new Intl.NumberFormat("en-GB", { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** 0.1234 → "12.3%"; nothing to divide by (null) → "—". */
export function formatPercent(value: number | null): string {
  return value === null || !Number.isFinite(value) ? "—" : percent.format(value);
}

/** part ÷ whole, or null when there is no whole to take a share of. */
export function shareOf(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

export interface StepFigures {
  count: number;
  /** The share of the step before that did not come this far; null for the first step or after an empty one. */
  dropOff: number | null;
  /** The share of the first step that came this far; null when the first step is empty. */
  conversion: number | null;
}

/** A funnel's steps, in order, with each one's drop-off from the one before and conversion from the first. */
export function funnelFigures(counts: readonly number[]): StepFigures[] {
  const first = counts[0] ?? 0;
  return counts.map((count, i) => ({
    count,
    dropOff: i === 0 ? null : shareOf(counts[i - 1]! - count, counts[i - 1]!),
    conversion: shareOf(count, first),
  }));
}

export interface OfferFunnel {
  productKey: string;
  productName: string;
  /** One row when the funnel is not split; one per source, landing page or campaign when it is. */
  rows: FunnelRow[];
}

/** The funnel's rows gathered by offer, offers and groups in the order the report gives them. */
export function funnelByOffer(rows: readonly FunnelRow[]): OfferFunnel[] {
  const offers = new Map<string, OfferFunnel>();
  for (const row of rows) {
    const offer = offers.get(row.productKey) ?? { productKey: row.productKey, productName: row.productName, rows: [] };
    offer.rows.push(row);
    offers.set(row.productKey, offer);
  }
  return [...offers.values()];
}

const MONTH = /^\d{4}-\d{2}$/;
const shortMonth = new Intl.DateTimeFormat("en-GB", { month: "short", year: "numeric", timeZone: "UTC" });
const longMonth = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
const monthDate = (label: string) => new Date(`${label}-15T12:00:00Z`);

/** A chart point's label under its bar: "6 Jan" for a day (YYYY-MM-DD), "Jan 2026" for a month (YYYY-MM). */
export function chartLabel(label: string): string {
  return MONTH.test(label) ? shortMonth.format(monthDate(label)) : formatDayMonth(label);
}

/** The same in full, for the table screen readers read: "6 January 2026", "January 2026". */
export function chartLongLabel(label: string): string {
  return MONTH.test(label) ? longMonth.format(monthDate(label)) : formatLongDate(`${label}T12:00:00Z`);
}

/**
 * Which of `count` bars get a label when at most `most` fit: the first, the last and some evenly
 * between them.
 */
export function tickIndexes(count: number, most: number): number[] {
  if (count <= 0) return [];
  if (count <= most) return Array.from({ length: count }, (_, i) => i);
  if (most <= 1) return [count - 1];
  const picked = Array.from({ length: most }, (_, k) => Math.round((k * (count - 1)) / (most - 1)));
  return [...new Set(picked)];
}

/**
 * The period in words, British: "5 May 2026" for a single day, "6 April 2026 to 5 May 2026"
 * otherwise. The report's days are UTC days, and `to` is the moment after the last (midnight) or
 * now: a millisecond before it falls on the last day either way.
 */
export function periodInWords(from: string, to: string): string {
  const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);
  const first = chartLongLabel(utcDay(Date.parse(from)));
  const last = chartLongLabel(utcDay(Math.max(Date.parse(to) - 1, Date.parse(from))));
  return first === last ? first : `${first} to ${last}`;
}
