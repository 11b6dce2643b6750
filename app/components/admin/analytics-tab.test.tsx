import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { AnalyticsReport } from "~/server/analytics/report-types";
import type { AnalyticsChoices } from "./analytics-figures";
import { AnalyticsTab } from "./analytics-tab";

// The Analytics tab as the server renders it (docs/analytics.md): its headings and words, the
// choices as links (no JavaScript needed), the figures formatted the British way, kind sentences
// when a period has nothing yet, and no inline style (the Content-Security-Policy forbids them).

// The route hands these down from report-types.ts; a component's test may not import values from
// app/server (docs/architecture.md §2.1), so they are written out here.
const CHOICES: AnalyticsChoices = {
  periods: [
    { value: "today", label: "Today" },
    { value: "7d", label: "Last 7 days" },
    { value: "30d", label: "Last 30 days" },
    { value: "12m", label: "Last 12 months" },
  ],
  splits: [
    { value: "none", label: "All visitors" },
    { value: "source", label: "By source" },
    { value: "landing", label: "By landing page" },
    { value: "campaign", label: "By UTM campaign" },
  ],
  steps: [
    { value: "visited", label: "Visited" },
    { value: "offer", label: "Offer page" },
    { value: "checkout", label: "Checkout started" },
    { value: "paid", label: "Paid" },
  ],
};

function emptyReport(overrides: Partial<AnalyticsReport> = {}): AnalyticsReport {
  return {
    period: "7d",
    split: "none",
    from: "2026-04-29T00:00:00.000Z",
    to: "2026-05-06T00:00:00.000Z",
    visitors: 0,
    views: 0,
    chart: ["2026-04-29", "2026-04-30", "2026-05-01", "2026-05-02", "2026-05-03", "2026-05-04", "2026-05-05"].map((label) => ({ label, visitors: 0, views: 0 })),
    topPages: [],
    sources: [],
    campaigns: [],
    funnel: [{ productKey: "learn-to-lift", productName: "Learn to Lift", group: null, steps: { visited: 0, offer: 0, checkout: 0, paid: 0 }, paidPence: 0 }],
    email: { signedUp: 0, confirmed: 0, boughtWithin30Days: 0 },
    business: { revenueByOffer: [], revenuePence: 0, mrrPence: 0, churn: null, endedSubscriptions: 0, activeAtStart: 0, newMembers: 0, cancelledMembers: 0 },
    ...overrides,
  };
}

function busyReport(): AnalyticsReport {
  const steps = (visited: number, offer: number, checkout: number, paid: number) => ({ visited, offer, checkout, paid });
  return emptyReport({
    split: "source",
    visitors: 1234,
    views: 4321,
    chart: emptyReport().chart.map((p, i) => ({ ...p, visitors: 100 + i, views: 300 + i })),
    topPages: [{ label: "/learn-to-lift", visitors: 400, views: 900 }],
    sources: [{ label: "google.com", visitors: 600, views: 2000 }],
    campaigns: [{ label: "spring-newsletter", visitors: 80, views: 120 }],
    funnel: [
      { productKey: "learn-to-lift", productName: "Learn to Lift", group: "google.com", steps: steps(200, 50, 10, 4), paidPence: 120000 },
      { productKey: "learn-to-lift", productName: "Learn to Lift", group: "Direct", steps: steps(100, 20, 5, 1), paidPence: 30000 },
    ],
    email: { signedUp: 40, confirmed: 30, boughtWithin30Days: 3 },
    business: {
      revenueByOffer: [{ productKey: "learn-to-lift", productName: "Learn to Lift", pence: 150000, payments: 5 }],
      revenuePence: 150000,
      mrrPence: 98700,
      churn: 0.0625,
      endedSubscriptions: 1,
      activeAtStart: 16,
      newMembers: 12,
      cancelledMembers: 1,
    },
  });
}

function render(report: AnalyticsReport): string {
  const Stub = createRoutesStub([{ path: "/settings/admin/analytics", Component: () => <AnalyticsTab report={report} choices={CHOICES} /> }]);
  return renderToString(<Stub initialEntries={["/settings/admin/analytics"]} />);
}

/** The text of rendered HTML, entities decoded, one space between elements (none between React's text pieces). */
function textOf(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

describe("the Analytics tab", () => {
  it("offers the periods and splits as links that keep the other choice, and exports the same view", () => {
    const html = render(busyReport());
    expect(html).toContain('href="/settings/admin/analytics?period=30d&amp;split=source"');
    expect(html).toMatch(/aria-current="page"[^>]*>Last 7 days</);
    expect(html).toContain('href="/settings/admin/analytics?period=7d&amp;split=campaign#funnel"');
    expect(html).toContain('href="/settings/admin/analytics.csv?period=7d&amp;split=source"');
    expect(html).not.toContain("<form");
    expect(html).not.toMatch(/\sstyle=/);
  });

  it("shows the figures with their headings, British and formatted", () => {
    const text = textOf(render(busyReport()));
    for (const heading of ["Analytics", "Period", "Visitors and page views", "Top pages", "Sources", "UTM campaigns", "Funnel", "Email funnel", "Revenue by offer"]) {
      expect(text).toContain(` ${heading} `);
    }
    expect(text).toContain("Last 7 days: 29 April 2026 to 5 May 2026.");
    expect(text).toContain("Visitors 1,234");
    expect(text).toContain("Page views 4,321");
    expect(text).toContain("Revenue £1,500");
    expect(text).toContain("MRR £987");
    expect(text).toContain("Churn 6.3% 1 of 16 monthly subscriptions ended");
    expect(text).toContain("New members 12");
    expect(text).toContain("Cancelled 1");
    expect(text).toContain("Export CSV");
  });

  it("shows each offer's funnel per group, with drop-off, conversion and the amount paid", () => {
    const text = textOf(render(busyReport()));
    expect(text).toContain("Learn to Lift · By source");
    expect(text).toContain("google.com Visited 200 — 100.0% Offer page 50 75.0% 25.0% Checkout started 10 80.0% 5.0% Paid 4 60.0% 2.0% Amount paid £1,200");
    expect(text).toContain("Direct Visited 100 — 100.0%");
    expect(text).toContain("Signed up 40 — 100.0% Confirmed 30 25.0% 75.0% Bought within 30 days 3 90.0% 7.5%");
    expect(text).toContain("Learn to Lift 5 £1,500");
  });

  it("describes the chart for screen readers and lists its figures as a table", () => {
    const html = render(busyReport());
    expect(html).toMatch(/role="img" aria-label="Visitors and page views per day, last 7 days: 721 visitors and 2,121 page views in all\. Busiest day: 5 May 2026, with 106 visitors\."/);
    expect(textOf(html)).toContain("29 April 2026 100 300");
  });

  it("says kindly when a period has nothing yet", () => {
    const text = textOf(render(emptyReport()));
    expect(text).toContain("No visits counted in this period yet.");
    expect(text).toContain("No visits from a campaign link in this period yet.");
    expect(text).toContain("No visitors reached an offer in this period yet.");
    expect(text).toContain("No one joined an email list in this period yet.");
    expect(text).toContain("No payments in this period yet.");
    expect(text).toContain("Churn — Nothing to measure No monthly subscriptions were active at the start");
  });

  it("says a single day's figures in words rather than as one bar", () => {
    const text = textOf(
      render(emptyReport({ period: "today", from: "2026-05-05T00:00:00.000Z", chart: [{ label: "2026-05-05", visitors: 1, views: 3 }], visitors: 1, views: 3 })),
    );
    expect(text).toContain("Today: 5 May 2026.");
    expect(text).toContain("5 May 2026: 1 visitor and 3 page views.");
  });
});
