import { getServerEnv, getSiteConfig } from "~/config/env.server";
import { closeDatabase, getDb, migrateDatabase, openDatabase } from "~/server/db/client.server";
import { JobWorker } from "~/server/jobs/worker.server";
import { emailMarketingProviderName } from "~/server/lists/kit.server";
import { EMAIL_MARKETING_QUEUE, emailMarketingHandler } from "~/server/lists/sync.server";
import { logger } from "~/server/logger.server";

// Start-up order: configuration (fails fast, naming the bad field), the database (which takes the
// data-directory lock for PGlite), then migrations, then the job worker. Shutdown releases them in
// reverse. Only the server calls this (server.js): `react-router build` and the CLI scripts never
// start the worker.

const state = globalThis as typeof globalThis & { __serverStarted?: Promise<void>; __jobWorker?: JobWorker };

/** The background jobs every server runs (DESIGN §2: the queue is in the database, shared). */
function startJobWorker() {
  if (state.__jobWorker) return;
  state.__jobWorker = new JobWorker({
    getDb,
    handlers: { [EMAIL_MARKETING_QUEUE]: emailMarketingHandler() },
  });
  state.__jobWorker.start();
}

export function startServerResources(): Promise<void> {
  state.__serverStarted ??= (async () => {
    const env = getServerEnv();
    const site = getSiteConfig();
    // A malformed S3 setting should stop start-up, not the first upload. (Imported only when
    // used: the AWS SDK is large, and start-up time matters.)
    if (env.S3_BUCKET) (await import("~/server/storage/s3.server")).s3ConfigFromEnv();
    await openDatabase();
    await migrateDatabase();
    startJobWorker();
    logger.info("server resources ready", {
      database: env.DATABASE_URL ? "postgresql" : `pglite (${env.DATA_DIR_ABS})`,
      coach: site.coachName,
      emailMarketing: emailMarketingProviderName(env),
    });
  })();
  return state.__serverStarted;
}

export async function stopServerResources() {
  delete state.__serverStarted;
  const worker = state.__jobWorker;
  delete state.__jobWorker;
  // The job in hand finishes first: it needs the database, and its lease would expire otherwise.
  await worker?.stop();
  await closeDatabase();
}
