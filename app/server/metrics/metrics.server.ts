import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { sql } from "drizzle-orm";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Database } from "~/server/db/client.server";
import { logger } from "~/server/core/logger.server";

// Prometheus metrics for the operator (docs/product.md §17.3, decision 227): GET /metrics in the
// text format, only with `Authorization: Bearer $METRICS_TOKEN`. One registry per process, kept
// on globalThis (the development server reloads modules). Labels are bounded: route patterns,
// never raw URLs; status classes, never codes.

interface MetricsState {
  registry: Registry;
  httpDuration: Histogram<"method" | "route" | "status_class">;
  pageCache: Counter<"outcome">;
  jobFailures: Counter<"queue" | "final">;
  emails: Counter<"outcome">;
  signups: Counter;
  purchases: Counter<"kind">;
  /** Reads the job queue's depth on each scrape; null until the server's database is open. */
  database: (() => Database) | null;
}

const holder = globalThis as typeof globalThis & { __metrics?: MetricsState };

function create(): MetricsState {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const state: MetricsState = {
    registry,
    httpDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer an HTTP request, by route pattern and status class.",
      labelNames: ["method", "route", "status_class"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    pageCache: new Counter({
      name: "page_cache_requests_total",
      help: "Cacheable public page requests, answered from the cache (hit) or rendered (miss).",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    jobFailures: new Counter({
      name: "job_failures_total",
      help: "Background job attempts that failed, by queue; final=true when the job will not be retried.",
      labelNames: ["queue", "final"],
      registers: [registry],
    }),
    emails: new Counter({
      name: "emails_total",
      help: "Transactional emails handed to SMTP or written to the outbox (sent), or that could not be (failed).",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    signups: new Counter({ name: "signups_total", help: "Accounts created through the sign-up form.", registers: [registry] }),
    purchases: new Counter({
      name: "purchases_total",
      help: "Purchases recorded: a paid checkout, or a subscription's renewal.",
      labelNames: ["kind"],
      registers: [registry],
    }),
    database: null,
  };
  new Gauge({
    name: "job_queue_jobs",
    help: "Jobs in the database's queue by queue and status (queued, running, failed), read at each scrape.",
    labelNames: ["queue", "status"],
    registers: [registry],
    async collect() {
      this.reset();
      if (!state.database) return;
      try {
        const result = await state.database().execute<{ queue: string; status: string; count: number }>(
          sql`select queue, status, count(*)::int as count from jobs where status in ('queued', 'running', 'failed') group by queue, status`,
        );
        for (const row of result.rows) this.set({ queue: row.queue, status: row.status }, Number(row.count));
      } catch (error) {
        logger.warn("metrics: could not read the job queue", { error });
      }
    },
  });
  for (const outcome of ["hit", "miss"]) state.pageCache.inc({ outcome }, 0);
  for (const outcome of ["sent", "failed"]) state.emails.inc({ outcome }, 0);
  for (const kind of ["checkout", "renewal"]) state.purchases.inc({ kind }, 0);
  return state;
}

function metrics(): MetricsState {
  return (holder.__metrics ??= create());
}

/** Lets each scrape read the job queue from the server's database. */
export function setMetricsDatabase(database: (() => Database) | null): void {
  metrics().database = database;
}

export const countPageCache = (outcome: "hit" | "miss") => metrics().pageCache.inc({ outcome });
export const countJobFailure = (queue: string, final: boolean) => metrics().jobFailures.inc({ queue, final: String(final) });
export const countEmail = (outcome: "sent" | "failed") => metrics().emails.inc({ outcome });
export const countSignup = () => metrics().signups.inc();
export const countPurchase = (kind: "checkout" | "renewal") => metrics().purchases.inc({ kind });

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

const statusClassOf = (statusCode: number) => (statusCode >= 100 && statusCode < 600 ? `${Math.floor(statusCode / 100)}xx` : "other");

/** Records one answered request: `route` must be a pattern (e.g. /articles/:slug), never the URL. */
export function observeRequest(method: string | undefined, route: string, statusCode: number, seconds: number): void {
  metrics().httpDuration.observe({ method: METHODS.has(method ?? "") ? method! : "OTHER", route, status_class: statusClassOf(statusCode) }, seconds);
}

// ─── Requests answered from memory, counted in a batch ─────────────────────────────────────────
// A public page answered from the page cache's memory takes microseconds, and there may be
// thousands a second: each is noted in a plain array here, and the batch is added to the metrics
// (the request histogram and the page cache's hits) once a second and before every scrape, and
// said in one log line (docs/performance.md, "Cache hits first").

interface MemoryBatch {
  labels: { method: string; route: string; status_class: string };
  seconds: number[];
}

const BATCH_FLUSH_MS = 1_000;
const memoryBatches = new Map<string, MemoryBatch>();
let memoryAnswers = 0;
let flushTimer: ReturnType<typeof setTimeout> | undefined;

/** Notes one request answered from memory (`route` a pattern, as for observeRequest). */
export function countMemoryAnswer(method: string, route: string, statusCode: number, seconds: number): void {
  const key = `${method} ${route} ${statusCode}`;
  let batch = memoryBatches.get(key);
  if (!batch) {
    batch = { labels: { method: METHODS.has(method) ? method : "OTHER", route, status_class: statusClassOf(statusCode) }, seconds: [] };
    memoryBatches.set(key, batch);
  }
  batch.seconds.push(seconds);
  memoryAnswers += 1;
  flushTimer ??= setTimeout(flushMemoryAnswers, BATCH_FLUSH_MS).unref();
}

/** Adds the noted answers to the metrics and logs them as one line. */
export function flushMemoryAnswers(): void {
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = undefined;
  if (memoryAnswers === 0) return;
  const { httpDuration, pageCache } = metrics();
  const byRoute: Record<string, number> = {};
  for (const batch of memoryBatches.values()) {
    for (const seconds of batch.seconds) httpDuration.observe(batch.labels, seconds);
    byRoute[batch.labels.route] = (byRoute[batch.labels.route] ?? 0) + batch.seconds.length;
    batch.seconds.length = 0;
  }
  pageCache.inc({ outcome: "hit" }, memoryAnswers);
  logger.info("requests answered from the page cache", { count: memoryAnswers, routes: byRoute });
  memoryAnswers = 0;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics: 404 when METRICS_TOKEN is unset (the endpoint does not exist), 401 without the
 * right bearer token, otherwise the registry in Prometheus's text format.
 */
export async function answerMetrics(req: IncomingMessage, res: ServerResponse, token: string | undefined): Promise<void> {
  const plain = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  if (!token) {
    res.writeHead(404, plain).end("Not found.\n");
    return;
  }
  const header = req.headers.authorization ?? "";
  const match = /^Bearer (.+)$/i.exec(header);
  if (!match || !sameToken(match[1]!.trim(), token)) {
    res.writeHead(401, { ...plain, "WWW-Authenticate": 'Bearer realm="metrics"' }).end("A valid metrics token is required.\n");
    return;
  }
  flushMemoryAnswers();
  const { registry } = metrics();
  const body = await registry.metrics();
  res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" });
  res.end(req.method === "HEAD" ? undefined : body);
}
