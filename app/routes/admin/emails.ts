import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/emails";
import { sendTestEmailToAdmin } from "~/server/admin/dashboard.server";
import { EMAIL_PREVIEW_KEYS } from "~/server/admin/email-previews.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { logger } from "~/server/logger.server";
import { redirectWithToast } from "~/server/toast.server";
import { isSameOrigin } from "~/server/http/same-origin.server";

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
  if (!isSameOrigin(request)) return data({ error: "This form can only be sent from this website." }, { status: 403 });
  const form = await request.formData().catch(() => null);
  const parsed = SendTestSchema.safeParse({ intent: form?.get("intent"), key: form?.get("key") });
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? "Unknown action." }, { status: 400 });
  try {
    await sendTestEmailToAdmin(parsed.data.key, admin.email);
  } catch (error) {
    logger.error("admin: could not queue a test email", { error, adminId: admin.id });
    return redirectWithToast(EMAILS_TAB, { title: "Error", description: "The test email could not be sent. Please try again.", variant: "destructive" }, { status: 303 });
  }
  logger.info("admin: test email queued", { adminId: admin.id, key: parsed.data.key });
  return redirectWithToast(EMAILS_TAB, { title: "Test email sent", description: `It's on its way to ${admin.email}.`, variant: "success" }, { status: 303 });
}
