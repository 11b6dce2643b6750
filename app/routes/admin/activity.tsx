import type { Route } from "./+types/activity";
import { ActivityLogTab } from "~/components/admin/activity-log-tab";
import { loadActivityTab } from "~/server/admin/activity.server";
import { requireAdmin } from "~/server/auth/guards.server";

// /settings/admin/activity: the Activity Log tab (docs/product.md §10.9), the latest changes
// administrators made, newest first.

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { activity: await loadActivityTab() };
}

export default function ActivityRoute({ loaderData }: Route.ComponentProps) {
  return <ActivityLogTab entries={loaderData.activity} />;
}
