import type { Route } from "./+types/members-export";
import { membersCsvFilename, membersCsvStream } from "~/server/admin/members-csv.server";
import { requireAdmin } from "~/server/auth.server";
import { getDb } from "~/server/db/client.server";
import { logger } from "~/server/logger.server";

// GET /settings/admin/members.csv: every member as a CSV download, streamed (issue 6 item 5).
// DESIGN D6: the same guard as the dashboard; anybody else is sent home and gets no data.
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  logger.info("admin exported the members", { adminId: admin.id });
  return new Response(membersCsvStream(getDb()), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${membersCsvFilename()}"`,
      // Personal data: never kept by a shared cache or the browser's.
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
