import { and, eq, sql } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { jobs } from "~/server/db/schema";
import { enqueueJob } from "~/server/jobs/queue.server";

// The payments queue of the durable job queue (decision 120): work that talks to the provider
// and must happen even if the first try fails: refunding a duplicate payment, expiring sessions at
// an old price. Each is first tried at once, right after the change that calls for it; the job is
// the retry, with the queue's backoff, and is marked done when the first try succeeds.

export const PAYMENTS_QUEUE = "payments";

export type PaymentsJob =
  /** A paid session that started a second subscription: cancel it and refund its payment. */
  | { kind: "resolve-duplicate"; sessionId: string }
  /** Open checkout sessions whose price no longer matches the catalogue: expire them. */
  | { kind: "expire-stale-sessions" }
  /** A payment plan's first payment: have the provider stop its subscription after the last. */
  | { kind: "schedule-instalments"; subscriptionId: string };

/**
 * Tries before a job is left failed: 1, 2, 4 … minutes, then every 3 hours, about a day and a half
 * in all. Money owed to a member is worth trying for longer than an email-list sync.
 */
export const PAYMENTS_MAX_ATTEMPTS = 20;

/** Queues the work (pass the transaction that makes the change calling for it). */
export async function enqueuePaymentsJob(q: Queryable, job: PaymentsJob) {
  return enqueueJob(q, PAYMENTS_QUEUE, job, { maxAttempts: PAYMENTS_MAX_ATTEMPTS });
}

/**
 * The work was done at once: its queued job is marked done so no worker repeats it. (A worker
 * already running it finds nothing left to do: every payments job is safe to repeat.)
 */
export async function settlePaymentsJobs(q: Queryable, job: PaymentsJob) {
  const matches =
    job.kind === "resolve-duplicate"
      ? sql`${jobs.payload}->>'kind' = ${job.kind} and ${jobs.payload}->>'sessionId' = ${job.sessionId}`
      : job.kind === "schedule-instalments"
        ? sql`${jobs.payload}->>'kind' = ${job.kind} and ${jobs.payload}->>'subscriptionId' = ${job.subscriptionId}`
        : sql`${jobs.payload}->>'kind' = ${job.kind}`;
  const now = new Date();
  await q
    .update(jobs)
    .set({ status: "done", completedAt: now, lastError: null })
    .where(and(eq(jobs.queue, PAYMENTS_QUEUE), eq(jobs.status, "queued"), matches));
}
