import { redirect } from "react-router";
import { requireAdmin } from "~/server/auth.server";

// Being built (issue 6): until then an admin is sent back to the dashboard.
export async function loader({ request }: { request: Request }) {
  await requireAdmin(request);
  return redirect("/settings/admin");
}
