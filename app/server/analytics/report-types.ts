// The Analytics tab's figures (docs/analytics.md), as the server hands them to the page.

export const ANALYTICS_PERIODS = [
  { value: "today", label: "Today" },
  { value: "7d", label: "Last 7 days" },
  { value: "30d", label: "Last 30 days" },
  { value: "12m", label: "Last 12 months" },
] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number]["value"];

export const FUNNEL_SPLITS = [
  { value: "none", label: "All visitors" },
  { value: "source", label: "By source" },
  { value: "landing", label: "By landing page" },
  { value: "campaign", label: "By UTM campaign" },
] as const;
export type FunnelSplit = (typeof FUNNEL_SPLITS)[number]["value"];

export const FUNNEL_STEPS = [
  { value: "visited", label: "Visited" },
  { value: "offer", label: "Offer page" },
  { value: "checkout", label: "Checkout started" },
  { value: "paid", label: "Paid" },
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number]["value"];

export interface CountRow {
  /** A path, a source ('google.com', 'Direct', a utm_source) or a campaign. */
  label: string;
  visitors: number;
  views: number;
}

export interface FunnelRow {
  productKey: string;
  productName: string;
  /** For a split funnel, the source, landing page or campaign; null when not split. */
  group: string | null;
  /** Visitors at each step, in FUNNEL_STEPS order, and the amount paid (pence). */
  steps: Record<FunnelStep, number>;
  paidPence: number;
}

export interface EmailFunnel {
  signedUp: number;
  confirmed: number;
  boughtWithin30Days: number;
}

export interface DayPoint {
  /** YYYY-MM-DD (UTC), or YYYY-MM for the 12 months. */
  label: string;
  visitors: number;
  views: number;
}

export interface AnalyticsReport {
  period: AnalyticsPeriod;
  split: FunnelSplit;
  /** The period's first moment and its end (ISO), for the page's words. */
  from: string;
  to: string;
  visitors: number;
  views: number;
  chart: DayPoint[];
  topPages: CountRow[];
  sources: CountRow[];
  campaigns: CountRow[];
  funnel: FunnelRow[];
  email: EmailFunnel;
  business: {
    revenueByOffer: { productKey: string; productName: string; pence: number; payments: number }[];
    revenuePence: number;
    /** Monthly recurring revenue now, from the active monthly subscriptions' latest payments. */
    mrrPence: number;
    /** Monthly subscriptions ended in the period ÷ active at its start; null when none were active. */
    churn: number | null;
    endedSubscriptions: number;
    activeAtStart: number;
    newMembers: number;
    cancelledMembers: number;
  };
}
