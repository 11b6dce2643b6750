import type { Route } from "./+types/sales-export";
import { salesCsv, salesFilterFrom } from "~/server/admin/sales.server";
import { salesCsvFilename } from "~/server/admin/sales.server";
import { csvResponse } from "~/server/admin/members-csv.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { logger } from "~/server/core/logger.server";

// GET /settings/admin/sales.csv?product=…&status=…: the Sales tab's payments as a CSV download,
// with the tab's filter, streamed (docs/product.md §10.11). Administrators only, like the tab.
export async function loader({ request, url }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const filter = salesFilterFrom(url);
  logger.info("admin exported the sales", { adminId: admin.id, product: filter.product || "all", status: filter.status || "all" });
  return csvResponse(salesCsv(filter), salesCsvFilename());
}
