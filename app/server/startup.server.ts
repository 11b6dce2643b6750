import { getServerEnv, getSiteConfig } from "~/config/env.server";
import { closeDatabase, migrateDatabase, openDatabase } from "~/server/db/client.server";
import { logger } from "~/server/logger.server";

// Start-up order: configuration (fails fast, naming the bad field), the database (which takes the
// data-directory lock for PGlite), then migrations. Shutdown releases them in reverse.

const state = globalThis as typeof globalThis & { __serverStarted?: Promise<void> };

export function startServerResources(): Promise<void> {
  state.__serverStarted ??= (async () => {
    const env = getServerEnv();
    const site = getSiteConfig();
    // A malformed S3 setting should stop start-up, not the first upload. (Imported only when
    // used: the AWS SDK is large, and start-up time matters.)
    if (env.S3_BUCKET) (await import("~/server/storage/s3.server")).s3ConfigFromEnv();
    await openDatabase();
    await migrateDatabase();
    logger.info("server resources ready", {
      database: env.DATABASE_URL ? "postgresql" : `pglite (${env.DATA_DIR_ABS})`,
      coach: site.coachName,
    });
  })();
  return state.__serverStarted;
}

export async function stopServerResources() {
  delete state.__serverStarted;
  await closeDatabase();
}
