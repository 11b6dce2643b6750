import { getDb } from "~/server/db/client.server";
import { logger } from "~/server/core/logger.server";
import { loadFollowUps, type FollowUpView } from "~/server/models/follow-ups.server";
import { loadStats, loadWeeklyChart } from "./stats.server";

// What the dashboard's layout (app/routes/admin/layout.tsx) shows above every tab.

/**
 * What every tab of the dashboard shows above it (docs/product.md §10.1, §10.16): the figures, the
 * chart and the follow-up to-dos. A failure is logged only; that part then says it is unavailable.
 */
export async function loadOverview(): Promise<{
  stats: Awaited<ReturnType<typeof loadStats>> | null;
  chart: Awaited<ReturnType<typeof loadWeeklyChart>> | null;
  followUps: FollowUpView[] | null;
}> {
  const db = getDb();
  const stats = await loadStats(db).catch((error: unknown) => {
    logger.error("admin: could not load the stats", { error });
    return null;
  });
  const chart = await loadWeeklyChart(db).catch((error: unknown) => {
    logger.error("admin: could not load the weekly chart", { error });
    return null;
  });
  return { stats, chart, followUps: await loadFollowUps() };
}
