import { data, redirect } from "react-router";
import type { Route } from "./+types/follow-ups";
import { completeFollowUp } from "~/server/models/follow-ups.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { parseForm, readForm } from "~/server/http/form-action.server";
import { logger } from "~/server/core/logger.server";
import { redirectWithToast } from "~/server/core/toast.server";
import { FOLLOW_UP_NOT_FOUND, MarkFollowUpDoneSchema } from "~/validation/follow-ups";

// POST /settings/admin/follow-ups: the overview's 'Mark done' on a 1-to-1 follow-up to-do
// (docs/product.md §10.16, decision 259). Admins only, checked here on the server; an unknown or
// malformed to-do is refused and nothing changes. GET goes to the dashboard.

const BACK = "/settings/admin/users#follow-ups";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect(BACK);
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const read = await readForm(request);
  if (!read.ok) return data({ error: read.message }, { status: read.status });
  const parsed = parseForm(read.form, MarkFollowUpDoneSchema);
  if (!parsed.ok) return data({ error: parsed.error }, { status: 400 });
  const outcome = await completeFollowUp(parsed.data.id, admin.id);
  if (outcome === "missing") return data({ error: FOLLOW_UP_NOT_FOUND }, { status: 404 });
  logger.info("admin: follow-up marked done", { adminId: admin.id, followUpId: parsed.data.id, outcome });
  return outcome === "done"
    ? redirectWithToast(BACK, { title: "Marked done", description: "It's off your to-do list.", variant: "success" }, { status: 303 })
    : redirectWithToast(BACK, { title: "Already done", description: "That to-do was already marked done.", variant: "info" }, { status: 303 });
}
