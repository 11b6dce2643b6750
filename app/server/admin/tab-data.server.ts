import { getDb, type Database } from "~/server/db/client.server";
import { logger } from "~/server/core/logger.server";

// How the dashboard's tabs read their data (app/routes/admin/): with the site's database, a
// failure logged and answered with null, so the tab says it could not be loaded and the rest of
// the dashboard still shows.

/**
 * One tab's data, or null when it could not be read (logged; the tab then says so). `tab` names
 * it in the log.
 */
export async function loadTab<T>(tab: string, read: (db: Database) => Promise<T>): Promise<T | null> {
  try {
    return await read(getDb());
  } catch (error) {
    logger.error("admin: could not load a tab", { error, tab });
    return null;
  }
}
