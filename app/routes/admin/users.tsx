import { data, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/users";
import type { DashboardLayoutData } from "./layout";
import { AdminNotice } from "~/components/admin/admin-notice";
import { UsersTab } from "~/components/admin/users-tab";
import { runUsersTabAction } from "~/server/admin/actions.server";
import { loadTab } from "~/server/admin/tab-data.server";
import { parseMemberSearch, searchMembers } from "~/server/admin/users.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { readForm } from "~/server/http/form-action.server";
import { redirectWithToast } from "~/server/core/toast.server";
import { dashboardListAddress } from "~/utils/admin-tabs";

// /settings/admin/users: the Users tab (docs/product.md §10.2–§10.6), the dashboard's first. The
// search and the page live in the URL (?q=…&page=…). One action with an `intent` field for the
// tab's forms (edit, grant or remove admin, delete); success goes back to the same list with a
// toast, a refusal answers 4xx with the message and changes nothing.

export async function loader({ request, url }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const search = parseMemberSearch(url);
  return { adminId: admin.id, search, users: await loadTab("users", (db) => searchMembers(db, search)) };
}

export async function action({ request, url }: Route.ActionArgs) {
  // docs/product.md §10.1: every admin action checks the role again on the server.
  const admin = await requireAdmin(request);
  const read = await readForm(request);
  if (!read.ok) return data({ ok: false as const, intent: null, title: "Error", message: read.message }, { status: read.status });
  const outcome = await runUsersTabAction(admin, read.form);
  if (!outcome.ok) return data(outcome.failure, { status: outcome.status });
  return redirectWithToast(outcome.goTo ?? dashboardListAddress(url), outcome.toast, { status: 303 });
}

export default function UsersRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { adminId, search, users } = loaderData;
  const stats = useRouteLoaderData<DashboardLayoutData>("routes/admin/layout")?.stats ?? null;
  return (
    <>
      {actionData && !actionData.ok ? <AdminNotice title={actionData.title} message={actionData.message} /> : null}
      <UsersTab page={users} failed={users === null} search={search} adminId={adminId} adminCount={stats?.administrators ?? null} totalUsers={stats?.totalUsers ?? null} />
    </>
  );
}
