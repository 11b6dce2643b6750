import { and, eq, inArray, lt, lte, sql } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { jobs, type Job } from "~/server/db/schema";

// The durable job queue (docs/architecture.md §1: queues live in the database, so any number of servers share
// them). A job is a row of `jobs`; it moves queued → running → done, or back to queued with a
// later run_at after a failure, or to failed once its attempts are spent. Nothing here deletes a
// row: a failed job stays until an admin retries it (decision 120: never lost).
//
// Claiming uses `FOR UPDATE SKIP LOCKED`, so servers polling at the same moment each get
// different jobs without waiting on each other. A claim is a lease: locked_by and locked_at name the worker and
// the moment, and a worker may finish only a job whose lease is still its own. A lease older
// than the lock timeout belongs to a worker that died, and the job is queued again.
//
// Times come from the caller's clock (`now`), as elsewhere in the app, so tests can move time.

export interface RetryPolicy {
  /** The delay after the first failed attempt; it doubles with each further one. */
  baseDelayMs: number;
  /** No retry waits longer than this (before jitter). */
  maxDelayMs: number;
  /** ±this fraction of the delay, at random, so failed jobs don't all come back at once. */
  jitter: number;
  /**
   * Once a job is this old, every further retry waits `slowDelayMs` instead: a queue that must
   * come back quickly from a short outage (mail) need not knock every minute for a whole day.
   */
  slowAfterMs?: number;
  slowDelayMs?: number;
}

/**
 * 1, 2, 4 … 64 minutes: with the default 8 attempts a job keeps trying for about two hours, which
 * outlasts a typical provider outage, then waits as failed for an admin's 'Retry failed'.
 */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { baseDelayMs: 60_000, maxDelayMs: 3 * 60 * 60_000, jitter: 0.25 };

/** A lease older than this is a crashed worker's: well above the longest job (a few HTTP calls). */
export const DEFAULT_LOCK_TIMEOUT_MS = 5 * 60_000;

/** Longest error text kept on a job (the admin sees it; a provider's page of HTML is not useful). */
const MAX_ERROR_LENGTH = 500;

/** The delay before the next attempt after `attempts` failed ones (exponential, with jitter). */
export function retryDelayMs(attempts: number, policy: RetryPolicy = DEFAULT_RETRY_POLICY, random: () => number = Math.random): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 30));
  const delay = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** exponent);
  const spread = delay * policy.jitter * (2 * random() - 1);
  return Math.max(0, Math.round(delay + spread));
}

/**
 * The wait before the next attempt of a job `ageMs` old after `attempts` failed ones: the
 * exponential backoff, or the policy's slow pace once the job is older than slowAfterMs.
 */
export function backoffDelayMs({ attempts, ageMs, policy, random = Math.random }: { attempts: number; ageMs: number; policy: RetryPolicy; random?: () => number }): number {
  if (policy.slowAfterMs !== undefined && policy.slowDelayMs !== undefined && ageMs >= policy.slowAfterMs) {
    return retryDelayMs(1, { ...policy, baseDelayMs: policy.slowDelayMs, maxDelayMs: policy.slowDelayMs }, random);
  }
  return retryDelayMs(attempts, policy, random);
}

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
}

/** Adds a job. Pass the transaction that makes the change the job reports, so both or neither happen. */
export async function enqueueJob(db: Queryable, queue: string, payload: unknown, options: EnqueueOptions = {}): Promise<Job> {
  const [job] = await db
    .insert(jobs)
    .values({ queue, payload: payload ?? {}, ...(options.runAt ? { runAt: options.runAt } : {}), ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}) })
    .returning();
  return job!;
}

/**
 * Puts jobs whose lease has expired back in the queue (their worker died mid-job), or marks them
 * failed when that was their last attempt. Returns how many were reclaimed.
 */
export async function reclaimStaleJobs(
  db: Queryable,
  { queues, lockTimeoutMs = DEFAULT_LOCK_TIMEOUT_MS, now = new Date() }: { queues: string[]; lockTimeoutMs?: number; now?: Date },
): Promise<Job[]> {
  if (queues.length === 0) return [];
  const expired = new Date(now.getTime() - lockTimeoutMs);
  // NOTE: two servers reclaiming at once both match the row; PostgreSQL re-checks the WHERE
  // clause after the first one's update, so the second finds it no longer running and skips it.
  return db
    .update(jobs)
    .set({
      status: sql`case when ${jobs.attempts} >= ${jobs.maxAttempts} then 'failed' else 'queued' end`,
      lastError: sql`'The worker ' || coalesce(${jobs.lockedBy}, 'unknown') || ' stopped before finishing this job'`,
      runAt: now,
      lockedAt: null,
      lockedBy: null,
    })
    .where(and(inArray(jobs.queue, queues), eq(jobs.status, "running"), lt(jobs.lockedAt, expired)))
    .returning();
}

/**
 * Claims up to `limit` due jobs of the given queues for `workerId`: marks them running, stamps
 * the lease and counts the attempt. Jobs another server is claiming right now are skipped.
 */
export async function claimJobs(
  db: Queryable,
  { queues, workerId, limit = 1, now = new Date() }: { queues: string[]; workerId: string; limit?: number; now?: Date },
): Promise<Job[]> {
  if (queues.length === 0 || limit < 1) return [];
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(inArray(jobs.queue, queues), eq(jobs.status, "queued"), lte(jobs.runAt, now)))
    .orderBy(jobs.runAt, jobs.id)
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(jobs)
    .set({ status: "running", lockedBy: workerId, lockedAt: now, attempts: sql`${jobs.attempts} + 1` })
    // NOTE: `= any(array(…))`, not `in (…)`: the array is built once, before the update. With
    // `in`, PostgreSQL may plan a nested loop that runs the locking subquery again for every
    // queued row, each run skipping the rows already claimed and so claiming the next: a claim for
    // one job took a whole burst, and the jobs the worker never ran waited for their lease to end.
    .where(and(sql`${jobs.id} = any(array(${due}))`, eq(jobs.status, "queued")))
    .returning();
  return claimed.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
}

/** The lease a claimed job carries: only its holder may finish the job. */
function leaseHeld(job: Pick<Job, "id" | "lockedBy" | "lockedAt">) {
  if (!job.lockedBy || !job.lockedAt) throw new Error(`Job ${job.id} was not claimed.`);
  return and(eq(jobs.id, job.id), eq(jobs.status, "running"), eq(jobs.lockedBy, job.lockedBy), eq(jobs.lockedAt, job.lockedAt));
}

/**
 * Marks a claimed job done. Returns false (and changes nothing) when the lease was lost: the job
 * was reclaimed after the lock timeout and belongs to another worker now.
 */
export async function completeJob(db: Queryable, job: Job, { now = new Date() }: { now?: Date } = {}): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: "done", completedAt: now, lastError: null, lockedAt: null, lockedBy: null })
    .where(leaseHeld(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export interface FailureOptions {
  /** False for errors that can never succeed as sent (e.g. an address the provider refuses). */
  retryable: boolean;
  /** The provider asked us to wait this long (HTTP Retry-After). */
  retryAfterMs?: number | null;
  /**
   * False when the failure was not the job's (the provider's rate limit): the attempt is given
   * back, so a busy hour cannot use up a job's attempts.
   */
  countAttempt?: boolean;
  now?: Date;
  policy?: RetryPolicy;
  random?: () => number;
}

export type FailureOutcome = { status: "queued"; runAt: Date } | { status: "failed" } | { status: "lease-lost" };

/** Records a failed attempt: back in the queue after a backoff, or failed once attempts are spent. */
export async function failJob(db: Queryable, job: Job, error: string, options: FailureOptions): Promise<FailureOutcome> {
  const { retryable, retryAfterMs = null, countAttempt = true, now = new Date(), policy = DEFAULT_RETRY_POLICY, random = Math.random } = options;
  const attempts = countAttempt ? job.attempts : Math.max(0, job.attempts - 1);
  const lastError = error.slice(0, MAX_ERROR_LENGTH) || "Unknown error";
  const giveUp = !retryable || attempts >= job.maxAttempts;
  if (giveUp) {
    const rows = await db
      .update(jobs)
      .set({ status: "failed", attempts, lastError, lockedAt: null, lockedBy: null })
      .where(leaseHeld(job))
      .returning({ id: jobs.id });
    return rows.length > 0 ? { status: "failed" } : { status: "lease-lost" };
  }
  const ageMs = now.getTime() - job.createdAt.getTime();
  const backoff = countAttempt ? backoffDelayMs({ attempts, ageMs, policy, random }) : 0;
  const slow = policy.slowAfterMs !== undefined && policy.slowDelayMs !== undefined && ageMs >= policy.slowAfterMs;
  const ceiling = slow ? Math.max(policy.maxDelayMs, policy.slowDelayMs! * (1 + policy.jitter)) : policy.maxDelayMs;
  const wait = Math.min(ceiling, Math.max(retryAfterMs ?? 0, backoff));
  const runAt = new Date(now.getTime() + wait);
  const rows = await db
    .update(jobs)
    .set({ status: "queued", attempts, lastError, runAt, lockedAt: null, lockedBy: null })
    .where(leaseHeld(job))
    .returning({ id: jobs.id });
  return rows.length > 0 ? { status: "queued", runAt } : { status: "lease-lost" };
}

/**
 * 'Retry failed': every failed job of the queue goes back in the queue, due now, with its
 * attempts reset (the last error is kept until the next attempt). Returns how many.
 */
export async function retryFailedJobs(db: Queryable, queue: string, { now = new Date() }: { now?: Date } = {}): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({ status: "queued", attempts: 0, runAt: now, lockedAt: null, lockedBy: null })
    .where(and(eq(jobs.queue, queue), eq(jobs.status, "failed")))
    .returning({ id: jobs.id });
  return rows.length;
}
