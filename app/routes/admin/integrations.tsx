import { data } from "react-router";
import type { Route } from "./+types/integrations";
import { AdminNotice } from "~/components/admin/admin-notice";
import { IntegrationsTab } from "~/components/admin/integrations-tab";
import { TabFailed } from "~/components/admin/tab-failed";
import { loadIntegrationsTab, retryFailedMail, retryFailedSyncs, RetryFailedSchema, RETRY_FAILED_MAIL_INTENT } from "~/server/admin/integrations.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { parseForm, readForm } from "~/server/http/form-action.server";
import { logger } from "~/server/core/logger.server";
import { redirectWithToast } from "~/server/core/toast.server";

// /settings/admin/integrations: the Integrations tab (docs/product.md §10.8), how the email-marketing
// service, the community and the mail are doing. Its 'Retry failed' forms (admins only; anybody
// else is sent home with the message of docs/product.md §10.1, and nothing changes) put the failed
// syncs or emails back in their queue and write nothing else; the workers pick them up at their
// next tick.

const DASHBOARD_TAB = "/settings/admin/integrations";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { integrations: await loadIntegrationsTab() };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const read = await readForm(request);
  if (!read.ok) return data({ error: read.message }, { status: read.status });
  const parsed = parseForm(read.form, RetryFailedSchema);
  if (!parsed.ok) return data({ error: parsed.error }, { status: 400 });

  if (parsed.data.intent === RETRY_FAILED_MAIL_INTENT) {
    let mailCount: number;
    try {
      mailCount = await retryFailedMail();
    } catch (error) {
      logger.error("could not re-queue the failed emails", { error, adminId: admin.id });
      return redirectWithToast(
        DASHBOARD_TAB,
        { title: "Error", description: "Failed to retry the failed emails. Please try again.", variant: "destructive" },
        { status: 303 },
      );
    }
    logger.info("failed emails re-queued", { adminId: admin.id, count: mailCount });
    const mailToast =
      mailCount === 0
        ? { title: "Nothing to retry", description: "There were no failed emails to retry.", variant: "info" as const }
        : { title: "Success", description: `Queued ${mailCount} failed ${mailCount === 1 ? "email" : "emails"} to send again`, variant: "success" as const };
    return redirectWithToast(DASHBOARD_TAB, mailToast, { status: 303 });
  }

  let count: number;
  try {
    count = await retryFailedSyncs();
  } catch (error) {
    logger.error("could not re-queue the failed email-marketing syncs", { error, adminId: admin.id });
    return redirectWithToast(
      DASHBOARD_TAB,
      { title: "Error", description: "Failed to retry the failed syncs. Please try again.", variant: "destructive" },
      { status: 303 },
    );
  }
  logger.info("failed email-marketing syncs re-queued", { adminId: admin.id, count });
  const toast =
    count === 0
      ? { title: "Nothing to retry", description: "There were no failed syncs to retry.", variant: "info" as const }
      : { title: "Success", description: `Queued ${count} failed ${count === 1 ? "sync" : "syncs"} to retry`, variant: "success" as const };
  return redirectWithToast(DASHBOARD_TAB, toast, { status: 303 });
}

export default function IntegrationsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { integrations } = loaderData;
  return (
    <>
      {actionData && "error" in actionData ? <AdminNotice title="Error" message={actionData.error} /> : null}
      {integrations ? <IntegrationsTab data={integrations} /> : <TabFailed tab="integrations" />}
    </>
  );
}
