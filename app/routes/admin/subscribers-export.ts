import type { Route } from "./+types/subscribers-export";
import { subscribersCsv } from "~/server/admin/subscribers.server";
import { subscribersCsvFilename } from "~/server/admin/subscribers.server";
import { parseMemberSearch } from "~/server/admin/users.server";
import { csvResponse } from "~/server/admin/members-csv.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { logger } from "~/server/core/logger.server";

// GET /settings/admin/subscribers.csv?q=…: the email-list subscribers (matching the search) as a
// CSV download, streamed (docs/product.md §10.12). Administrators only.
export async function loader({ request, url }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const { query } = parseMemberSearch(url);
  logger.info("admin exported the subscribers", { adminId: admin.id, searched: Boolean(query) });
  return csvResponse(subscribersCsv(query), subscribersCsvFilename());
}
