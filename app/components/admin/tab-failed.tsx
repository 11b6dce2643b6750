import { AdminNotice } from "~/components/admin/admin-notice";
import { ADMIN_TABS, type AdminTab } from "~/utils/admin-tabs";

/** What a tab shows when its data could not be read (the failure is in the server's log). */
export function TabFailed({ tab }: { tab: AdminTab }) {
  const label = ADMIN_TABS.find((t) => t.value === tab)?.label ?? tab;
  return <AdminNotice title="Error" message={`The ${label} tab could not be loaded. Please try again in a moment.`} />;
}
