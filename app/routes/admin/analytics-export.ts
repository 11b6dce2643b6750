import type { Route } from "./+types/analytics-export";
import { analyticsCsv, loadAnalyticsReport, parseAnalyticsQuery } from "~/server/analytics/report.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { logger } from "~/server/core/logger.server";

// GET /settings/admin/analytics.csv?period=…&split=…: the Analytics tab's figures for the same
// period and funnel split, as a CSV download (docs/analytics.md). Administrators only, like the
// tab. A loader and no action: a POST is refused (405). The figures are one report, small enough
// to answer whole rather than streamed like the member and sales lists.
export async function loader({ request, url }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const query = parseAnalyticsQuery(url);
  let csv: string;
  try {
    csv = analyticsCsv(await loadAnalyticsReport(query));
  } catch (error) {
    logger.error("admin: could not export the analytics", { error, adminId: admin.id, period: query.period, split: query.split });
    return new Response("The analytics could not be exported just now. Please try again in a moment.", {
      status: 500,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  logger.info("admin exported the analytics", { adminId: admin.id, period: query.period, split: query.split });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="analytics-${query.period}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
