import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/integrations";
import { getServerEnv } from "~/config/env.server";
import { RETRY_FAILED_INTENT, retryFailedSyncs } from "~/server/admin/integrations.server";
import { requireAdmin } from "~/server/auth.server";
import { getDb } from "~/server/db/client.server";
import { logger } from "~/server/logger.server";
import { redirectWithToast } from "~/server/toast.server";

// POST /settings/admin/integrations: the Integrations tab's 'Retry failed' (issue 6). Admins only
// (DESIGN D6: anybody else is sent home with the spec's message, and nothing changes). It puts
// the failed email-marketing syncs back in the queue and writes nothing else; the worker picks
// them up at its next tick. GET has nothing to show: back to the dashboard.

const DASHBOARD_TAB = "/settings/admin?tab=integrations";

const RetryFailedSchema = z.object({ intent: z.literal(RETRY_FAILED_INTENT, { error: "Unknown action." }) });

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect(DASHBOARD_TAB);
}

function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("Origin");
  return !origin || origin === getServerEnv().SITE_ORIGIN;
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  if (!isSameOrigin(request)) return data({ error: "This form can only be sent from this website." }, { status: 403 });
  const form = await request.formData().catch(() => null);
  const parsed = RetryFailedSchema.safeParse({ intent: form?.get("intent") });
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? "Unknown action." }, { status: 400 });

  let count: number;
  try {
    count = await retryFailedSyncs(getDb());
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
