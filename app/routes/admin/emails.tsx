import { data } from "react-router";
import type { Route } from "./+types/emails";
import { AdminNotice } from "~/components/admin/admin-notice";
import { EmailsTab } from "~/components/admin/emails-tab";
import { TabFailed } from "~/components/admin/tab-failed";
import { SendTestEmailSchema, loadEmailsTab, loadWelcomeEmailSettings, saveWelcomeEmailSettings, sendTestEmailToAdmin } from "~/server/admin/email-previews.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { formIntent, parseForm, readForm } from "~/server/http/form-action.server";
import { logger } from "~/server/core/logger.server";
import { redirectWithToast } from "~/server/core/toast.server";
import { SaveWelcomeEmailSchema } from "~/validation/welcome-email";

// /settings/admin/emails: the Emails tab (docs/product.md §18.5, §18.6), every email the site sends
// as a preview, and Learn to Lift's welcome email. Its forms, admins only:
//   intent=send-test     'Send me a test': the sample goes to her own address, never to one the form names;
//   intent=save-welcome  Learn to Lift's welcome email: her words and the group call's day, time and link.
// A refused form answers 400 with the first problem's message and changes nothing.

const EMAILS_TAB = "/settings/admin/emails";

export async function loader({ request }: Route.LoaderArgs) {
  // Her own address, for the test sends.
  const admin = await requireAdmin(request);
  const previews = await loadEmailsTab();
  const welcome = previews ? await loadWelcomeEmailSettings().catch(() => null) : null;
  return { adminEmail: admin.email, previews, welcome };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const read = await readForm(request);
  if (!read.ok) return data({ error: read.message }, { status: read.status });
  if (formIntent(read.form, ["save-welcome"])) {
    const parsed = parseForm(read.form, SaveWelcomeEmailSchema);
    if (!parsed.ok) return data({ error: parsed.error }, { status: 400 });
    const { intent: _intent, ...settings } = parsed.data;
    try {
      await saveWelcomeEmailSettings(admin.id, settings);
    } catch (error) {
      logger.error("admin: could not save the welcome email", { error, adminId: admin.id });
      return data({ error: "The welcome email could not be saved just now. Please try again in a moment." }, { status: 500 });
    }
    return redirectWithToast(EMAILS_TAB, { title: "Welcome email saved", description: `The group call is every ${settings.callDay} at ${settings.callTime}.`, variant: "success" }, { status: 303 });
  }
  const parsed = parseForm(read.form, SendTestEmailSchema);
  if (!parsed.ok) return data({ error: parsed.error }, { status: 400 });
  try {
    await sendTestEmailToAdmin(parsed.data.key, admin.email);
  } catch (error) {
    logger.error("admin: could not queue a test email", { error, adminId: admin.id });
    return redirectWithToast(EMAILS_TAB, { title: "Error", description: "The test email could not be sent. Please try again.", variant: "destructive" }, { status: 303 });
  }
  logger.info("admin: test email queued", { adminId: admin.id, key: parsed.data.key });
  return redirectWithToast(EMAILS_TAB, { title: "Test email sent", description: `It's on its way to ${admin.email}.`, variant: "success" }, { status: 303 });
}

export default function EmailsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { adminEmail, previews, welcome } = loaderData;
  return (
    <>
      {actionData && "error" in actionData ? <AdminNotice title="Error" message={actionData.error} /> : null}
      {previews ? <EmailsTab previews={previews} adminEmail={adminEmail} welcome={welcome} /> : <TabFailed tab="emails" />}
    </>
  );
}
