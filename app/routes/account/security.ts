import { redirect } from "react-router";
import type { Route } from "./+types/security";
import { handleSecurityAction } from "~/server/account/security.server";

// POST /settings/security: the Security card's actions (see server/account/security.server.ts).
// It has no page of its own: a GET goes to the settings page.

export function loader() {
  return redirect("/settings");
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleSecurityAction(request, context);
}
