import type { Route } from "./+types/analytics";
import { AnalyticsTab } from "~/components/admin/analytics-tab";
import { TabFailed } from "~/components/admin/tab-failed";
import { ANALYTICS_PERIODS, FUNNEL_SPLITS, FUNNEL_STEPS } from "~/server/analytics/report-types";
import { loadAnalyticsReport, parseAnalyticsQuery } from "~/server/analytics/report.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { logger } from "~/server/core/logger.server";

// /settings/admin/analytics: the Analytics tab (docs/analytics.md), the public pages' visitors,
// their sources and campaigns, each offer's funnel from a visit to a payment, the email lists'
// funnel and the business's figures, for the period and funnel split in the URL
// (?period=today|7d|30d|12m&split=none|source|landing|campaign; anything else reads as the last
// 30 days, not split). The CSV is ./analytics-export.ts. It only reads: no action. Admins only.

export async function loader({ request, url }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const query = parseAnalyticsQuery(url);
  // The lists and their labels travel with the data: a component imports only types from app/server.
  const choices = { periods: ANALYTICS_PERIODS, splits: FUNNEL_SPLITS, steps: FUNNEL_STEPS };
  try {
    return { report: await loadAnalyticsReport(query), choices };
  } catch (error) {
    logger.error("admin: could not load the analytics", { error, adminId: admin.id, period: query.period, split: query.split });
    return { report: null, choices };
  }
}

export default function AnalyticsRoute({ loaderData }: Route.ComponentProps) {
  const { report, choices } = loaderData;
  return report ? <AnalyticsTab report={report} choices={choices} /> : <TabFailed tab="analytics" />;
}
