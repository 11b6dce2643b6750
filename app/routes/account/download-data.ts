import type { Route } from "./+types/download-data";
import { exportFileName, exportMemberData } from "~/server/account/data-export.server";
import { requireUser } from "~/server/auth/guards.server";

// GET /settings/data ('Download my data', docs/product.md §9.8): the signed-in member's own data as a
// JSON attachment. The id comes from the session only; there is no parameter to ask for anybody
// else's.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const body = await exportMemberData(user.id);
  if (!body) throw new Response(null, { status: 404 });
  return new Response(`${JSON.stringify(body, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName()}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
