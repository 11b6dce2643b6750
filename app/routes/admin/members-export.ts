import type { Route } from "./+types/members-export";
import { membersCsv } from "~/server/admin/members-csv.server";
import { csvResponse, membersCsvFilename } from "~/server/admin/members-csv.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { logger } from "~/server/core/logger.server";

// GET /settings/admin/members.csv: every member as a CSV download, streamed (docs/product.md §10.7).
// docs/product.md §10.1: the same guard as the dashboard; anybody else is sent home and gets no data.
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  logger.info("admin exported the members", { adminId: admin.id });
  return csvResponse(membersCsv(), membersCsvFilename());
}
