import { describe, expect, it } from "vitest";
import type { FunnelRow } from "~/server/analytics/report-types";
import { analyticsHref, chartLabel, chartLongLabel, formatPercent, funnelByOffer, funnelFigures, periodInWords, shareOf, tickIndexes } from "./analytics-figures";

// The Analytics tab's arithmetic and words (docs/analytics.md).

function row(productKey: string, group: string | null, visited: number): FunnelRow {
  return { productKey, productName: productKey.toUpperCase(), group, steps: { visited, offer: 0, checkout: 0, paid: 0 }, paidPence: 0 };
}

describe("analytics figures", () => {
  it("writes both choices into the tab's and the CSV's address", () => {
    expect(analyticsHref({ period: "7d", split: "source" })).toBe("/settings/admin/analytics?period=7d&split=source");
    expect(analyticsHref({ period: "30d", split: "none" }, "/settings/admin/analytics.csv")).toBe("/settings/admin/analytics.csv?period=30d&split=none");
  });

  it("shows a share as a percentage with one decimal, and a dash when there is nothing to divide by", () => {
    expect(formatPercent(0.1234)).toBe("12.3%");
    expect(formatPercent(1)).toBe("100.0%");
    expect(formatPercent(0)).toBe("0.0%");
    expect(formatPercent(null)).toBe("—");
    expect(formatPercent(Number.NaN)).toBe("—");
    expect(shareOf(1, 3)).toBeCloseTo(1 / 3);
    expect(shareOf(5, 0)).toBeNull();
  });

  it("gives each funnel step its drop-off from the step before and its conversion from the first", () => {
    const steps = funnelFigures([200, 50, 10, 4]);
    expect(steps.map((s) => s.count)).toEqual([200, 50, 10, 4]);
    expect(steps.map((s) => formatPercent(s.dropOff))).toEqual(["—", "75.0%", "80.0%", "60.0%"]);
    expect(steps.map((s) => formatPercent(s.conversion))).toEqual(["100.0%", "25.0%", "5.0%", "2.0%"]);
  });

  it("leaves a share out after an empty step rather than dividing by nought", () => {
    const steps = funnelFigures([0, 0, 0]);
    expect(steps.every((s) => s.dropOff === null && s.conversion === null)).toBe(true);
    const afterEmpty = funnelFigures([10, 0, 0]);
    expect(afterEmpty.map((s) => formatPercent(s.dropOff))).toEqual(["—", "100.0%", "—"]);
    expect(funnelFigures([])).toEqual([]);
  });

  it("gathers a split funnel's rows by offer, keeping the report's order", () => {
    const offers = funnelByOffer([row("ltl", "google.com", 9), row("bsf", "google.com", 9), row("ltl", "Direct", 4), row("bsf", "Direct", 4)]);
    expect(offers.map((o) => o.productName)).toEqual(["LTL", "BSF"]);
    expect(offers[0]!.rows.map((r) => r.group)).toEqual(["google.com", "Direct"]);
    expect(funnelByOffer([])).toEqual([]);
  });

  it("labels the chart's days and months the British way", () => {
    expect(chartLabel("2026-01-06")).toBe("6 Jan");
    expect(chartLabel("2026-01")).toBe("Jan 2026");
    expect(chartLongLabel("2026-01-06")).toBe("6 January 2026");
    expect(chartLongLabel("2025-12")).toBe("December 2025");
  });

  it("labels the first and last bar and some evenly between", () => {
    expect(tickIndexes(5, 7)).toEqual([0, 1, 2, 3, 4]);
    expect(tickIndexes(30, 2)).toEqual([0, 29]);
    expect(tickIndexes(30, 7)).toEqual([0, 5, 10, 15, 19, 24, 29]);
    expect(tickIndexes(13, 7)).toEqual([0, 2, 4, 6, 8, 10, 12]);
    expect(tickIndexes(0, 7)).toEqual([]);
    expect(tickIndexes(3, 1)).toEqual([2]);
  });

  it("says the period in words, its end being the moment after its last day", () => {
    expect(periodInWords("2026-04-06T00:00:00.000Z", "2026-05-06T00:00:00.000Z")).toBe("6 April 2026 to 5 May 2026");
    expect(periodInWords("2026-05-05T00:00:00.000Z", "2026-05-06T00:00:00.000Z")).toBe("5 May 2026");
    expect(periodInWords("2026-01-05T00:00:00.000Z", "2026-01-05T15:00:00.000Z")).toBe("5 January 2026");
  });
});
