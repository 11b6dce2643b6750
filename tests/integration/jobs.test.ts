import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createDatabase } from "~/server/db/client.server";
import { jobs, type Job } from "~/server/db/schema";
import { claimJobs, completeJob, enqueueJob, retryFailedJobs, type RetryPolicy } from "~/server/jobs/queue.server";
import { JobError, JobWorker, type JobHandler } from "~/server/jobs/worker.server";
import { setupTestDatabase } from "../support/db";
import { INTEGRATION_STATE_MS } from "../support/budgets";

// The durable job queue and its worker (decision 120; docs/architecture.md §1: queues live in the database;
// a failed job is retried with backoff and never lost), against PostgreSQL, where several connections really
// do claim at the same moment.

const t = setupTestDatabase();

const POLICY: RetryPolicy = { baseDelayMs: 60_000, maxDelayMs: 3 * 60 * 60_000, jitter: 0.25 };
let queueCounter = 0;
/** Each test has a queue of its own, so tests never see each other's jobs. */
const newQueue = () => `test-${Date.now().toString(36)}-${++queueCounter}`;

function worker(queue: string, handler: JobHandler, options: { now?: () => Date; workerId?: string; lockTimeoutMs?: number; random?: () => number } = {}) {
  return new JobWorker({ getDb: () => t.db, handlers: { [queue]: handler }, retryPolicy: POLICY, random: () => 0.5, ...options });
}

/**
 * A clock reading for "now" once jobs were queued: the database stamps run_at to the microsecond,
 * a JavaScript date only to the millisecond, so a plain new Date() can fall just before it.
 */
const justAfterQueuing = () => new Date(Date.now() + 1);

async function jobRow(id: number): Promise<Job> {
  const [row] = await t.db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

async function rowsOf(queue: string): Promise<Job[]> {
  return t.db.select().from(jobs).where(eq(jobs.queue, queue)).orderBy(jobs.id);
}

describe("claiming", () => {
  it("marks the job running with the worker's lease and counts the attempt; a job not yet due waits", async () => {
    const queue = newQueue();
    const now = new Date();
    const due = await enqueueJob(t.db, queue, { n: 1 }, { runAt: new Date(now.getTime() - 1000) });
    const later = await enqueueJob(t.db, queue, { n: 2 }, { runAt: new Date(now.getTime() + 60_000) });
    const claimed = await claimJobs(t.db, { queues: [queue], workerId: "worker-a", limit: 10, now });
    expect(claimed.map((j) => j.id)).toEqual([due.id]);
    expect(await jobRow(due.id)).toMatchObject({ status: "running", lockedBy: "worker-a", lockedAt: now, attempts: 1 });
    expect(await jobRow(later.id)).toMatchObject({ status: "queued", lockedBy: null, attempts: 0 });
    // A running job is nobody else's to claim.
    expect(await claimJobs(t.db, { queues: [queue], workerId: "worker-b", limit: 10, now })).toEqual([]);
  });

  it("claims no more than the limit, however many jobs are due; the rest stay queued for the next look", async () => {
    // A burst (three emails from one purchase) used to be claimed whole by a claim for one job:
    // the worker ran the first and the others sat 'running' until their lease ran out, minutes later.
    const queue = newQueue();
    const now = new Date();
    // The plan PostgreSQL picks once its statistics say few jobs are queued among many done: a
    // nested loop that ran the claim's "first due job" subquery again for every queued row.
    await t.db.execute(sql`insert into jobs (queue, payload, status, completed_at) select ${`${queue}-done`}, '{}', 'done', now() from generate_series(1, 100)`);
    await t.db.execute(sql`analyze jobs`);
    const burst = [];
    for (let i = 0; i < 5; i++) burst.push(await enqueueJob(t.db, queue, { n: i }, { runAt: new Date(now.getTime() - 5000 + i) }));
    const [first, ...rest] = burst;
    const claimed = await claimJobs(t.db, { queues: [queue], workerId: "worker-a", limit: 1, now });
    expect(claimed.map((j) => j.id)).toEqual([first!.id]);
    for (const job of rest) expect(await jobRow(job.id)).toMatchObject({ status: "queued", lockedBy: null, attempts: 0 });
    expect((await claimJobs(t.db, { queues: [queue], workerId: "worker-a", limit: 2, now })).map((j) => j.id)).toEqual([rest[0]!.id, rest[1]!.id]);
  });

  it("leaves the jobs of queues the worker has no handler for", async () => {
    const queue = newQueue();
    const other = await enqueueJob(t.db, `${queue}-other`, {});
    const seen: number[] = [];
    await worker(queue, async (job) => void seen.push(job.id)).runOnce();
    expect(seen).toEqual([]);
    expect(await jobRow(other.id)).toMatchObject({ status: "queued", attempts: 0 });
  });
});

describe("the worker", () => {
  it("runs due jobs in order and marks them done with the time", async () => {
    const queue = newQueue();
    const a = await enqueueJob(t.db, queue, { n: "a" }, { runAt: new Date(Date.now() - 2000) });
    const b = await enqueueJob(t.db, queue, { n: "b" }, { runAt: new Date(Date.now() - 1000) });
    const seen: unknown[] = [];
    const result = await worker(queue, async (job) => void seen.push(job.payload)).runOnce();
    expect(seen).toEqual([{ n: "a" }, { n: "b" }]);
    expect(result).toMatchObject({ done: 2, retried: 0, failed: 0 });
    for (const id of [a.id, b.id]) {
      const row = await jobRow(id);
      expect(row).toMatchObject({ status: "done", attempts: 1, lockedBy: null, lockedAt: null, lastError: null });
      expect(row.completedAt).toBeInstanceOf(Date);
    }
  });

  it("retries a failure with exponential backoff and jitter, then succeeds", async () => {
    const queue = newQueue();
    const job = await enqueueJob(t.db, queue, {});
    let clock = justAfterQueuing();
    let failuresLeft = 2;
    const w = worker(queue, async () => {
      if (failuresLeft-- > 0) throw new Error("provider unavailable (503)");
    }, { now: () => clock, random: () => 1 });

    await w.runOnce();
    let row = await jobRow(job.id);
    // First retry: 60 s, plus the top of the ±25 % jitter.
    expect(row).toMatchObject({ status: "queued", attempts: 1, lastError: "provider unavailable (503)", lockedBy: null });
    expect(row.runAt.getTime() - clock.getTime()).toBe(75_000);

    // Not due yet: nothing happens.
    clock = new Date(clock.getTime() + 30_000);
    expect(await w.runOnce()).toMatchObject({ done: 0, retried: 0 });

    clock = new Date(row.runAt.getTime());
    await w.runOnce();
    row = await jobRow(job.id);
    expect(row).toMatchObject({ status: "queued", attempts: 2 });
    expect(row.runAt.getTime() - clock.getTime()).toBe(150_000); // doubled

    clock = new Date(row.runAt.getTime());
    expect(await w.runOnce()).toMatchObject({ done: 1 });
    expect(await jobRow(job.id)).toMatchObject({ status: "done", attempts: 3, lastError: null });
  });

  it("spreads retries with jitter between 75 % and 125 % of the delay", async () => {
    const queue = newQueue();
    const low = await enqueueJob(t.db, queue, { which: "low" });
    const clock = new Date(Date.now() + 1000);
    await worker(queue, async () => {
      throw new Error("boom");
    }, { now: () => clock, random: () => 0 }).runOnce();
    expect((await jobRow(low.id)).runAt.getTime() - clock.getTime()).toBe(45_000);
  });

  it("marks a job failed after its last attempt, keeps the row and the error, and 'retry failed' queues it again", async () => {
    const queue = newQueue();
    const job = await enqueueJob(t.db, queue, {}, { maxAttempts: 3 });
    let clock = justAfterQueuing();
    let healthy = false;
    const w = worker(queue, async () => {
      if (!healthy) throw new Error("still down");
    }, { now: () => clock });
    for (let i = 0; i < 3; i++) {
      await w.runOnce();
      clock = new Date(clock.getTime() + 24 * 60 * 60_000);
    }
    expect(await jobRow(job.id)).toMatchObject({ status: "failed", attempts: 3, lastError: "still down", completedAt: null });
    // Failed jobs are never picked up again on their own.
    expect(await w.runOnce()).toMatchObject({ done: 0, retried: 0, failed: 0 });

    expect(await retryFailedJobs(t.db, queue, { now: clock })).toBe(1);
    expect(await jobRow(job.id)).toMatchObject({ status: "queued", attempts: 0 });
    healthy = true;
    expect(await w.runOnce()).toMatchObject({ done: 1 });
    expect(await jobRow(job.id)).toMatchObject({ status: "done", attempts: 1 });
    expect(await rowsOf(queue)).toHaveLength(1);
  });

  it("fails a job at once on an error that cannot succeed, and waits for Retry-After without using an attempt", async () => {
    const queue = newQueue();
    const permanent = await enqueueJob(t.db, queue, { kind: "permanent" });
    const limited = await enqueueJob(t.db, queue, { kind: "limited" });
    const clock = justAfterQueuing();
    const w = worker(queue, async (job) => {
      if ((job.payload as { kind: string }).kind === "permanent") throw new JobError("Email address is invalid", { retryable: false });
      throw new JobError("rate limited", { retryable: true, retryAfterMs: 120_000, countAttempt: false });
    }, { now: () => clock });
    await w.runOnce();
    expect(await jobRow(permanent.id)).toMatchObject({ status: "failed", attempts: 1, lastError: "Email address is invalid" });
    const row = await jobRow(limited.id);
    expect(row).toMatchObject({ status: "queued", attempts: 0, lastError: "rate limited" });
    expect(row.runAt.getTime() - clock.getTime()).toBe(120_000);
  });

  it("pauses a queue after a Retry-After, so the next jobs are not sent into the same limit", async () => {
    const queue = newQueue();
    await enqueueJob(t.db, queue, { n: 1 });
    await enqueueJob(t.db, queue, { n: 2 });
    let clock = justAfterQueuing();
    let calls = 0;
    const w = worker(queue, async () => {
      calls += 1;
      if (calls === 1) throw new JobError("rate limited", { retryable: true, retryAfterMs: 30_000, countAttempt: false });
    }, { now: () => clock });
    await w.runOnce();
    expect(calls).toBe(1);
    const rows = await rowsOf(queue);
    expect(rows.map((r) => r.status)).toEqual(["queued", "queued"]);
    clock = new Date(clock.getTime() + 31_000);
    expect(await w.runOnce()).toMatchObject({ done: 2 });
  });
});

describe("several workers", () => {
  it("never run the same job twice, however they interleave", async () => {
    const queue = newQueue();
    const ids = new Set<number>();
    for (let i = 0; i < 30; i++) ids.add((await enqueueJob(t.db, queue, { i })).id);
    const runs: number[] = [];
    const handler: JobHandler = async (job) => {
      runs.push(job.id);
      await new Promise((r) => setTimeout(r, 2));
    };
    // One worker gets its own connection pool, as a separate server would.
    const extra = await createDatabase({ url: t.handle.url, poolSize: 2 });
    try {
      const a = worker(queue, handler, { workerId: "server-a" });
      const b = new JobWorker({ getDb: () => extra.db, handlers: { [queue]: handler }, workerId: "server-b" });
      const c = worker(queue, handler, { workerId: "server-c" });
      while ((await rowsOf(queue)).some((r) => r.status !== "done")) {
        await Promise.all([a.runOnce(), b.runOnce(), c.runOnce()]);
      }
    } finally {
      await extra.close();
    }
    expect(runs.length).toBe(30);
    expect(new Set(runs)).toEqual(ids);
    const rows = await rowsOf(queue);
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
    expect(new Set(rows.map((r) => r.lockedBy))).toEqual(new Set([null]));
  });

  it("skip a job another connection has locked (FOR UPDATE SKIP LOCKED) instead of waiting for it", async () => {
    const queue = newQueue();
    const first = await enqueueJob(t.db, queue, {}, { runAt: new Date(Date.now() - 2000) });
    const second = await enqueueJob(t.db, queue, {}, { runAt: new Date(Date.now() - 1000) });
    const other = await createDatabase({ url: t.handle.url, poolSize: 1 });
    try {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => (locked = r));
      const holder = other.db.transaction(async (tx) => {
        await tx.execute(sql`select id from ${jobs} where id = ${first.id} for update`);
        locked();
        await held;
      });
      await isLocked;
      const claimed = await claimJobs(t.db, { queues: [queue], workerId: "server-a", limit: 2 });
      expect(claimed.map((j) => j.id)).toEqual([second.id]);
      release();
      await holder;
      expect((await claimJobs(t.db, { queues: [queue], workerId: "server-a", limit: 2 })).map((j) => j.id)).toEqual([first.id]);
    } finally {
      await other.close();
    }
  });
});

describe("a worker that died", () => {
  it("has its job reclaimed after the lock timeout and run by another worker; a fresh lease is left alone", async () => {
    const queue = newQueue();
    const now = new Date();
    const stale = await enqueueJob(t.db, queue, { n: "stale" });
    const fresh = await enqueueJob(t.db, queue, { n: "fresh" });
    await t.db.update(jobs).set({ status: "running", attempts: 1, lockedBy: "dead-server:123", lockedAt: new Date(now.getTime() - 10 * 60_000) }).where(eq(jobs.id, stale.id));
    await t.db.update(jobs).set({ status: "running", attempts: 1, lockedBy: "busy-server:456", lockedAt: new Date(now.getTime() - 60_000) }).where(eq(jobs.id, fresh.id));
    const seen: unknown[] = [];
    const result = await worker(queue, async (job) => void seen.push(job.payload), { now: () => now, lockTimeoutMs: 5 * 60_000, workerId: "server-b" }).runOnce();
    expect(result).toMatchObject({ reclaimed: 1, done: 1 });
    expect(seen).toEqual([{ n: "stale" }]);
    expect(await jobRow(stale.id)).toMatchObject({ status: "done", attempts: 2 });
    expect(await jobRow(fresh.id)).toMatchObject({ status: "running", lockedBy: "busy-server:456" });
  });

  it("cannot finish a job it lost: the late answer changes nothing", async () => {
    const queue = newQueue();
    const start = new Date(Date.now() - 10 * 60_000);
    const job = await enqueueJob(t.db, queue, {}, { runAt: new Date(start.getTime() - 1000) });
    const [mine] = await claimJobs(t.db, { queues: [queue], workerId: "slow-server", now: start });
    // The lease expires; another server reclaims and claims it.
    const now = new Date();
    await worker(queue, async () => {
      await new Promise((r) => setTimeout(r, 1));
    }, { now: () => now, workerId: "server-b", lockTimeoutMs: 5 * 60_000 }).runOnce();
    expect(await jobRow(job.id)).toMatchObject({ status: "done", attempts: 2 });
    const before = await jobRow(job.id);
    expect(await completeJob(t.db, mine!)).toBe(false);
    expect(await jobRow(job.id)).toEqual(before);
  });

  it("marks a reclaimed job failed when that was its last attempt", async () => {
    const queue = newQueue();
    const job = await enqueueJob(t.db, queue, {}, { maxAttempts: 2 });
    await t.db.update(jobs).set({ status: "running", attempts: 2, lockedBy: "dead-server:1", lockedAt: new Date(Date.now() - 60 * 60_000) }).where(eq(jobs.id, job.id));
    await worker(queue, async () => {}).runOnce();
    const row = await jobRow(job.id);
    expect(row).toMatchObject({ status: "failed", attempts: 2, lockedBy: null });
    expect(row.lastError).toContain("dead-server:1");
  });
});

describe("running in the background", () => {
  it("polls, runs jobs as they arrive, survives a database error and stops cleanly", async () => {
    const queue = newQueue();
    let broken = true;
    let failedPolls = 0;
    const seen: number[] = [];
    const w = new JobWorker({
      getDb: () => {
        if (broken) {
          failedPolls += 1;
          throw new Error("database unavailable");
        }
        return t.db;
      },
      handlers: { [queue]: async (job) => void seen.push(job.id) },
      pollIntervalMs: 50,
    });
    const job = await enqueueJob(t.db, queue, {});
    w.start();
    // It has met the error more than once, and is still running.
    await vi.waitFor(() => expect(failedPolls).toBeGreaterThanOrEqual(3), { timeout: INTEGRATION_STATE_MS });
    expect(w.isRunning).toBe(true);
    broken = false;
    await expect.poll(async () => (await jobRow(job.id)).status, { timeout: INTEGRATION_STATE_MS }).toBe("done");
    await w.stop();
    expect(w.isRunning).toBe(false);
    const after = await enqueueJob(t.db, queue, {});
    await new Promise((r) => setTimeout(r, 200));
    expect(await jobRow(after.id)).toMatchObject({ status: "queued" });
    expect(seen).toEqual([job.id]);
  });
});
