import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/emails";
import { sendTestEmailToAdmin } from "~/server/admin/dashboard.server";
import { EMAIL_PREVIEW_KEYS } from "~/server/admin/email-previews.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { parseForm, readForm } from "~/server/http/form-action.server";
import { logger } from "~/server/logger.server";
import { redirectWithToast } from "~/server/toast.server";

// POST /settings/admin/emails: the Emails tab's 'Send me a test' (docs/product.md §18.5). Admins
// only; the sample goes to her own address, never to one the form names. GET goes to the tab.

const EMAILS_TAB = "/settings/admin?tab=emails";

const SendTestSchema = z.object({
  intent: z.literal("send-test", { error: "Unknown action." }),
  key: z.enum(EMAIL_PREVIEW_KEYS, { error: "Unknown email." }),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect(EMAILS_TAB);
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const read = await readForm(request);
  if (!read.ok) return data({ error: read.message }, { status: read.status });
  const parsed = parseForm(read.form, SendTestSchema);
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
