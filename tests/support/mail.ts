import { sql } from "drizzle-orm";
import { getDb, type Database } from "~/server/db/client.server";
import { jobs } from "~/server/db/schema";
import { EMAIL_QUEUE, EMAIL_RETRY_POLICY, emailJobHandler } from "~/server/email/queue.server";
import { JobWorker } from "~/server/jobs/worker.server";

// The mail worker's work done at once, for integration tests that call loaders and actions in
// this process: every email queued so far (and due) is sent through the real handler, to the
// outbox folder or the SMTP_URL in force.

/** Sends every due email of the queue; failures are left queued for later, as the worker would. */
export async function deliverQueuedEmails(db?: Database): Promise<void> {
  let database: Database;
  try {
    database = db ?? getDb();
  } catch {
    return; // no database in this process (a test of a spawned server): its own worker sends
  }
  const worker = new JobWorker({
    getDb: () => database,
    handlers: { [EMAIL_QUEUE]: emailJobHandler() },
    retryPolicies: { [EMAIL_QUEUE]: EMAIL_RETRY_POLICY },
    batchSize: 100,
  });
  for (;;) {
    const result = await worker.runOnce();
    if (result.done + result.retried + result.failed === 0) return;
  }
}

/** Makes every waiting email due now (the test's "time passes until the next retry"). */
export async function makeQueuedEmailsDue(db?: Database): Promise<void> {
  await (db ?? getDb()).update(jobs).set({ runAt: sql`now()` }).where(sql`${jobs.queue} = ${EMAIL_QUEUE} and ${jobs.status} = 'queued'`);
}
