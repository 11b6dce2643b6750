import os from "node:os";
import crypto from "node:crypto";
import type { Database } from "~/server/db/client.server";
import type { Job } from "~/server/db/schema";
import { logger } from "~/server/core/logger.server";
import { countJobFailure } from "~/server/metrics/metrics.server";
import {
  claimJobs,
  completeJob,
  DEFAULT_LOCK_TIMEOUT_MS,
  DEFAULT_RETRY_POLICY,
  failJob,
  reclaimStaleJobs,
  type RetryPolicy,
} from "./queue.server";

// The worker that runs in every server process (started by startup.server.ts): every few seconds
// it puts crashed workers' jobs back, then claims due jobs one at a time and hands each to its
// queue's handler. A handler succeeds by returning and fails by throwing; a JobError says whether
// trying again can help and how long to wait. Nothing a handler or the database does can crash
// the server: every failure is logged and the worker carries on at the next tick.

/** A failure a handler reports on purpose. Any other error counts as retryable. */
export class JobError extends Error {
  readonly retryable: boolean;
  readonly retryAfterMs: number | null;
  readonly countAttempt: boolean;
  constructor(message: string, options: { retryable: boolean; retryAfterMs?: number | null; countAttempt?: boolean }) {
    super(message);
    this.name = "JobError";
    this.retryable = options.retryable;
    this.retryAfterMs = options.retryAfterMs ?? null;
    this.countAttempt = options.countAttempt ?? true;
  }
}

export interface JobContext {
  db: Database;
  now: Date;
}

export type JobHandler = (job: Job, context: JobContext) => Promise<void>;

export interface WorkerOptions {
  /** Where the jobs are: read at each tick, so tests can swap the database. */
  getDb: () => Database;
  /** One handler per queue; jobs of other queues are left alone. */
  handlers: Record<string, JobHandler>;
  workerId?: string;
  /** How often an idle worker looks for due jobs. */
  pollIntervalMs?: number;
  /** At most this many jobs per tick, so one tick never runs for long. */
  batchSize?: number;
  lockTimeoutMs?: number;
  retryPolicy?: RetryPolicy;
  /** A queue's own retry policy, where it differs from retryPolicy. */
  retryPolicies?: Record<string, RetryPolicy>;
  /** The clock (tests move it). */
  now?: () => Date;
  random?: () => number;
}

export interface TickResult {
  reclaimed: number;
  done: number;
  retried: number;
  failed: number;
}

/** host:pid:random — unique per process, readable in the jobs table. */
export function newWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString("hex")}`;
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

export class JobWorker {
  readonly workerId: string;
  private readonly options: Required<Omit<WorkerOptions, "workerId">>;
  /** Queues a provider asked us to leave alone until then (HTTP 429), by queue. */
  private readonly pausedUntil = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private started = false;
  private stopping = false;
  private consecutiveErrors = 0;
  private nudged = false;
  /** Quick looks left after a nudge, in case the queuing transaction committed after the first. */
  private followUps = 0;

  constructor(options: WorkerOptions) {
    this.workerId = options.workerId ?? newWorkerId();
    this.options = {
      pollIntervalMs: 5_000,
      batchSize: 25,
      lockTimeoutMs: DEFAULT_LOCK_TIMEOUT_MS,
      retryPolicy: DEFAULT_RETRY_POLICY,
      retryPolicies: {},
      now: () => new Date(),
      random: Math.random,
      ...options,
    };
  }

  /** Starts polling. The first tick runs soon after, not during start-up itself. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.stopping = false;
    this.schedule(Math.min(1_000, this.options.pollIntervalMs));
    logger.info("job worker started", { workerId: this.workerId, queues: Object.keys(this.options.handlers) });
  }

  /** Stops polling and waits for the job in hand to finish (its lease would expire otherwise). */
  async stop(): Promise<void> {
    this.started = false;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }

  /**
   * Work was just queued in this process (an email): look for it shortly rather than at the next
   * poll. The delay lets the transaction that queued it commit first; a tick in progress is
   * followed at once by another; a slow commit is caught by a few more looks a second apart.
   */
  nudge(delayMs = 250): void {
    if (!this.started) return;
    this.followUps = 3;
    if (this.running) {
      this.nudged = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.schedule(delayMs);
  }

  get isRunning(): boolean {
    return this.started;
  }

  private schedule(delayMs: number) {
    if (!this.started) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      const tick = this.tickSafely();
      this.running = tick;
      void tick.finally(() => {
        if (this.running === tick) this.running = null;
        const again = this.nudged;
        this.nudged = false;
        const followUp = !again && this.followUps > 0;
        if (followUp) this.followUps -= 1;
        this.schedule(again ? 50 : followUp ? Math.min(1_000, this.options.pollIntervalMs) : this.options.pollIntervalMs);
      });
    }, delayMs);
    // The worker alone never keeps a process alive (a test, or a server shutting down).
    this.timer.unref();
  }

  private async tickSafely(): Promise<void> {
    try {
      await this.runOnce();
      this.consecutiveErrors = 0;
    } catch (error) {
      // NOTE: the database may be down for a while; say so on the first failure and then once a
      // minute or so, not at every tick.
      this.consecutiveErrors += 1;
      const every = Math.max(1, Math.round(60_000 / this.options.pollIntervalMs));
      if (this.consecutiveErrors === 1 || this.consecutiveErrors % every === 0) {
        logger.error("job worker tick failed", { error, workerId: this.workerId, consecutive: this.consecutiveErrors });
      }
    }
  }

  private activeQueues(now: Date): string[] {
    return Object.keys(this.options.handlers).filter((queue) => (this.pausedUntil.get(queue) ?? 0) <= now.getTime());
  }

  /**
   * One tick: reclaims expired leases, then claims and runs due jobs one by one (at most
   * batchSize). Throws only when the database itself fails.
   */
  async runOnce(): Promise<TickResult> {
    const result: TickResult = { reclaimed: 0, done: 0, retried: 0, failed: 0 };
    const db = this.options.getDb();
    const queues = Object.keys(this.options.handlers);
    const reclaimed = await reclaimStaleJobs(db, { queues, lockTimeoutMs: this.options.lockTimeoutMs, now: this.options.now() });
    result.reclaimed = reclaimed.length;
    for (const job of reclaimed) {
      logger.warn("job reclaimed from a stopped worker", { jobId: job.id, queue: job.queue, status: job.status, previous: job.lastError });
    }
    for (let i = 0; i < this.options.batchSize; i++) {
      // Checked between jobs too: a stopping server finishes the job in hand and takes no more.
      if (this.stopping) break;
      const now = this.options.now();
      const [job] = await claimJobs(db, { queues: this.activeQueues(now), workerId: this.workerId, limit: 1, now });
      if (!job) break;
      const outcome = await this.runJob(db, job);
      result[outcome] += 1;
    }
    return result;
  }

  private async runJob(db: Database, job: Job): Promise<"done" | "retried" | "failed"> {
    const handler = this.options.handlers[job.queue]!;
    try {
      await handler(job, { db, now: this.options.now() });
    } catch (error) {
      const known = error instanceof JobError ? error : null;
      const message = describeError(error);
      const now = this.options.now();
      if (known?.retryAfterMs) this.pausedUntil.set(job.queue, now.getTime() + known.retryAfterMs);
      const outcome = await failJob(db, job, message, {
        retryable: known ? known.retryable : true,
        retryAfterMs: known?.retryAfterMs ?? null,
        countAttempt: known ? known.countAttempt : true,
        now,
        policy: this.options.retryPolicies[job.queue] ?? this.options.retryPolicy,
        random: this.options.random,
      });
      const fields = { jobId: job.id, queue: job.queue, attempts: job.attempts, maxAttempts: job.maxAttempts, error: message };
      countJobFailure(job.queue, outcome.status === "failed");
      if (outcome.status === "failed") {
        logger.error("job failed for good (an admin can retry it)", fields);
        return "failed";
      }
      if (outcome.status === "lease-lost") logger.warn("job finished after its lease expired; left to its new worker", fields);
      else logger.warn("job failed; will retry", { ...fields, runAt: outcome.runAt.toISOString() });
      return "retried";
    }
    if (!(await completeJob(db, job, { now: this.options.now() }))) {
      logger.warn("job finished after its lease expired; left to its new worker", { jobId: job.id, queue: job.queue });
    }
    return "done";
  }
}
