import { data } from "react-router";
import type { Route } from "./+types/subscribers";
import { AdminNotice } from "~/components/admin/admin-notice";
import { SubscribersTab } from "~/components/admin/subscribers-tab";
import { TabFailed } from "~/components/admin/tab-failed";
import { EraseSubscriberSchema, eraseEmailSubscriber, loadSubscribersTab } from "~/server/admin/subscribers.server";
import { parseMemberSearch } from "~/server/admin/users.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { parseForm, readForm } from "~/server/http/form-action.server";
import { logger } from "~/server/core/logger.server";
import { redirectWithToast } from "~/server/core/toast.server";

// /settings/admin/subscribers: the Subscribers tab (docs/product.md §10.12), everyone on the email
// lists, searched and paged in the URL (?q=…&page=…); the CSV is ./subscribers-export.ts. Its
// 'Delete' is an erasure request: every sign-up of the address goes, and the email-marketing
// service is told. Admins only.

const SUBSCRIBERS_TAB = "/settings/admin/subscribers";

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { subscribers: await loadSubscribersTab(parseMemberSearch(url)) };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const read = await readForm(request);
  if (!read.ok) return data({ error: read.message }, { status: read.status });
  const parsed = parseForm(read.form, EraseSubscriberSchema);
  if (!parsed.ok) return data({ error: parsed.error }, { status: 400 });
  let erased: number;
  try {
    erased = await eraseEmailSubscriber(admin.id, parsed.data.subscriberId);
  } catch (error) {
    logger.error("admin: could not erase a subscriber", { error, adminId: admin.id });
    return redirectWithToast(SUBSCRIBERS_TAB, { title: "Error", description: "The subscriber could not be deleted. Please try again.", variant: "destructive" }, { status: 303 });
  }
  if (erased === 0) return data({ error: "Unknown subscriber." }, { status: 404 });
  logger.info("admin: subscriber erased", { adminId: admin.id, signUps: erased });
  return redirectWithToast(
    SUBSCRIBERS_TAB,
    { title: "Subscriber deleted", description: "Every sign-up of that address is gone, and the email-marketing service has been told to stop.", variant: "success" },
    { status: 303 },
  );
}

export default function SubscribersRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { subscribers } = loaderData;
  return (
    <>
      {actionData && "error" in actionData ? <AdminNotice title="Error" message={actionData.error} /> : null}
      {subscribers ? <SubscribersTab page={subscribers} /> : <TabFailed tab="subscribers" />}
    </>
  );
}
