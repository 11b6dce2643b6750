import cluster from "node:cluster";
import { getServerEnv, getSiteConfig } from "~/config/env.server";
import { DataDirLockedError } from "~/server/db/data-dir-lock.server";
import { EmbeddedDatabaseError } from "~/server/db/embedded-postgres.server";
import { closeDatabase, getDb, getDatabaseHandle, migrateDatabase, openDatabase } from "~/server/db/client.server";
import { installDemoCourses } from "~/server/courses/demo-courses.server";
import { EMAIL_QUEUE, EMAIL_RETRY_POLICY, emailJobHandler, setMailWakeup } from "~/server/email/queue.server";
import { startWelcomeSchedule, type WelcomeSchedule } from "~/server/courses/cohort-welcome.server";
import type { Sweep } from "~/server/jobs/sweep-schedule.server";
import { startCheckoutReminderSchedule } from "~/server/payments/checkout-reminders.server";
import { startAnalyticsSweep } from "~/server/analytics/rollup.server";
import { JobWorker } from "~/server/jobs/worker.server";
import { emailMarketingProviderName } from "~/server/lists/kit.server";
import { EMAIL_MARKETING_QUEUE, emailMarketingHandler } from "~/server/lists/sync.server";
import { logger } from "~/server/core/logger.server";
import { diskSpaceProblem, START_FREE_SPACE_BYTES } from "~/server/uploads/disk-space.server";
import { removeStaleUploads } from "~/server/uploads/upload-temp.server";
import { startBackupSchedule, type BackupSchedule } from "~/server/ops/backup-schedule.server";
import { PAYMENTS_QUEUE, paymentsJobHandler } from "~/server/payments/jobs.server";
import { ServerRegistry } from "~/server/startup/server-registry.server";

// Start-up order: configuration (fails fast, naming the bad field), then (server.js) the port,
// then the database (which takes the data-directory lock and starts the embedded server), migrations, the server
// registry and the job worker. Shutdown releases them in reverse. Only the server calls this
// (server.js): `react-router build` and the CLI scripts never start the worker.
//
// A database that cannot be reached, refuses the login or does not exist stops start-up with one
// line naming the setting and what to do (DatabaseStartError), never a stack trace. So does a disk
// too full for the embedded database, once what interrupted uploads left has been swept away
// (docs/security.md, "Upload space guard").

const state = globalThis as typeof globalThis & {
  __serverStarted?: Promise<void>;
  __jobWorker?: JobWorker;
  __serverRegistry?: ServerRegistry;
  __shuttingDown?: boolean;
  __backupSchedule?: BackupSchedule | null;
  __welcomeSchedule?: WelcomeSchedule;
  __reminderSchedule?: Sweep;
  __analyticsSweep?: Sweep;
};

/** How long the first connection to PostgreSQL may take before start-up gives up. */
const CONNECT_TIMEOUT_MS = 15_000;

/** A database problem at start-up, with a message for the person starting the server. */
export class DatabaseStartError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DatabaseStartError";
  }
}

/** The background jobs every server runs (docs/architecture.md §1: the queue is in the database, shared). */
function startJobWorker() {
  if (state.__jobWorker) return;
  state.__jobWorker = new JobWorker({
    getDb,
    handlers: { [EMAIL_MARKETING_QUEUE]: emailMarketingHandler(), [PAYMENTS_QUEUE]: paymentsJobHandler(), [EMAIL_QUEUE]: emailJobHandler() },
    retryPolicies: { [EMAIL_QUEUE]: EMAIL_RETRY_POLICY },
  });
  const worker = state.__jobWorker;
  setMailWakeup(() => worker.nudge());
  worker.start();
}

function codeOf(error: unknown): string | undefined {
  const e = error as { code?: unknown; errors?: { code?: unknown }[] } | null;
  if (typeof e?.code === "string") return e.code;
  // Node tries every address of a host name and reports them together.
  const inner = e?.errors?.find((x) => typeof x?.code === "string")?.code;
  return typeof inner === "string" ? inner : undefined;
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split("\n")[0]!.replace(/\.$/, "");
}

/** postgresql://user@host:port/name, without the password. */
function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.username ? `${decodeURIComponent(parsed.username)}@` : ""}${parsed.host}${parsed.pathname}`;
  } catch {
    return "(not a URL)";
  }
}

/** One line for the person starting the server: what went wrong, which setting, what to do. */
export function describeDatabaseError(error: unknown, env: { DATABASE_URL?: string; DATA_DIR_ABS: string }): string {
  const code = codeOf(error);
  if (env.DATABASE_URL) {
    const where = `the database at DATABASE_URL (${describeDatabaseUrl(env.DATABASE_URL)})`;
    switch (code) {
      case "ECONNREFUSED":
        return `Cannot reach ${where}: the connection was refused. Start PostgreSQL, or correct the host and port in DATABASE_URL.`;
      case "ENOTFOUND":
      case "EAI_AGAIN":
        return `Cannot reach ${where}: its host name is unknown. Correct the host in DATABASE_URL.`;
      case "ETIMEDOUT":
      case "EHOSTUNREACH":
      case "ENETUNREACH":
      case "CONNECT_TIMEOUT":
        return `Cannot reach ${where}: it did not answer. Check that PostgreSQL is running and reachable from this machine (host, port, firewall), and DATABASE_URL.`;
      case "28P01":
      case "28000":
        return `${where[0]!.toUpperCase()}${where.slice(1)} refused the user name or password (${messageOf(error)}). Correct the credentials in DATABASE_URL.`;
      case "3D000":
        return `${where[0]!.toUpperCase()}${where.slice(1)} does not exist. Create it (e.g. createdb NAME) or correct the database name at the end of DATABASE_URL.`;
      case "57P03":
        return `${where[0]!.toUpperCase()}${where.slice(1)} is starting up or shutting down. Try again in a moment.`;
      case "53300":
        return `${where[0]!.toUpperCase()}${where.slice(1)} has no free connections. Raise max_connections or run fewer servers.`;
      default:
        return `Cannot open ${where}: ${messageOf(error)}. Check DATABASE_URL and that PostgreSQL is running.`;
    }
  }
  return (
    dataDirProblem(error, env.DATA_DIR_ABS) ??
    `Cannot open the embedded database in DATA_DIR (${env.DATA_DIR_ABS}): ${messageOf(error)}. Check DATA_DIR (a folder this user may write), or move a damaged folder aside to start afresh.`
  );
}

/** One line for a file-system error in DATA_DIR (the database, the stored secret, uploads), or null. */
export function dataDirProblem(error: unknown, dataDir: string): string | null {
  const where = `the data directory DATA_DIR (${dataDir})`;
  switch (codeOf(error)) {
    case "EACCES":
    case "EPERM":
    case "EROFS":
      return `Cannot write ${where}: permission denied. Set DATA_DIR to a folder this user may write, or fix its permissions.`;
    case "ENOTDIR":
    case "EEXIST":
      return `Cannot use ${where}: a file stands where a folder should be. Set DATA_DIR to a folder.`;
    case "ENOSPC":
    case "EDQUOT":
      return `Cannot write ${where}: the disk is full. The site needs at least ${START_FREE_SPACE_BYTES / 1024 / 1024} MB free there to start: free some space, or set DATA_DIR to a folder on another disk.`;
    default:
      return null;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`no answer within ${ms / 1000} s`), { code: "CONNECT_TIMEOUT" })), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Before the database: what uploads interrupted by an earlier stop left in DATA_DIR/tmp (a part
 * file of a process that has gone may fill the disk), then, where the embedded database is
 * started (a single process, or the primary of several), the room it needs.
 */
async function prepareDataDir(env: ReturnType<typeof getServerEnv>): Promise<void> {
  await removeStaleUploads().catch((error: unknown) => logger.warn("could not sweep interrupted uploads", { error }));
  if (env.DATABASE_URL || cluster.isWorker) return;
  const problem = await diskSpaceProblem(env.DATA_DIR_ABS);
  if (problem) throw new DatabaseStartError(problem);
}

/** Opens and migrates the database, turning what can go wrong into one clear DatabaseStartError. */
async function prepareDatabase(env: ReturnType<typeof getServerEnv>): Promise<void> {
  await prepareDataDir(env);
  try {
    await openDatabase();
    // The first connection: an address that never answers would otherwise hang for minutes.
    if (env.DATABASE_URL) await withTimeout(getDatabaseHandle().ping(), CONNECT_TIMEOUT_MS);
    await migrateDatabase();
    // The demo courses, once per database (decision 231).
    await installDemoCourses(getDb());
  } catch (error) {
    // Already a message for a person: another process holds DATA_DIR.
    if (error instanceof DataDirLockedError) throw error;
    // A disk that filled meanwhile says so, rather than in the embedded database's own words.
    const fullDisk = env.DATABASE_URL ? null : await diskSpaceProblem(env.DATA_DIR_ABS);
    if (fullDisk) {
      await closeDatabase().catch(() => {});
      throw new DatabaseStartError(fullDisk, { cause: error });
    }
    if (error instanceof EmbeddedDatabaseError) throw error;
    logger.debug("database start-up failed", { error });
    await closeDatabase().catch(() => {});
    throw new DatabaseStartError(describeDatabaseError(error, env), { cause: error });
  }
}

/** The warnings an operator needs about how this server is set up. */
export function startupWarnings(env: { DATABASE_URL?: string; S3_BUCKET?: string; DATA_DIR_ABS: string }): string[] {
  const warnings: string[] = [];
  if (env.DATABASE_URL && !env.S3_BUCKET) {
    warnings.push(
      `Profile pictures are kept on this server's disk (${env.DATA_DIR_ABS}/uploads) while the database is PostgreSQL: ` +
        "if two or more servers share this database, a picture uploaded through one is missing (404) on the others. " +
        "Set S3_BUCKET (and the other S3_* settings) to share them, or run a single server.",
    );
  }
  return warnings;
}

export function startServerResources({ port }: { port?: number } = {}): Promise<void> {
  state.__serverStarted ??= (async () => {
    const env = getServerEnv();
    const site = getSiteConfig();
    // A malformed S3 setting should stop start-up, not the first upload. (Imported only when
    // used: the AWS SDK is large, and start-up time matters.)
    if (env.S3_BUCKET) (await import("~/server/storage/s3.server")).s3ConfigFromEnv();
    await prepareDatabase(env);
    for (const warning of startupWarnings(env)) logger.warn(warning);
    // One row per server (host and port), not per process: the first process keeps it.
    if (env.DATABASE_URL && isFirstProcess()) {
      state.__serverRegistry = new ServerRegistry({ db: getDb, port: port ?? env.PORT, localUploads: !env.S3_BUCKET });
      await state.__serverRegistry.start().catch((error: unknown) => logger.warn("could not register this server in server_instances", { error }));
    }
    startJobWorker();
    // Learn to Lift's welcome emails (decision 258): every server sweeps; the database keeps it to one each.
    state.__welcomeSchedule ??= startWelcomeSchedule(getDb);
    // The one reminder of a checkout left unpaid (decision 274), the same way.
    state.__reminderSchedule ??= startCheckoutReminderSchedule(getDb);
    // The visitor counts' daily totals and their expiry (docs/analytics.md), the same way.
    state.__analyticsSweep ??= startAnalyticsSweep(getDb);
    state.__backupSchedule = startBackupSchedule(env, getDatabaseHandle);
    logger.info("server resources ready", {
      database: env.DATABASE_URL ? "postgresql" : `embedded postgresql (${env.DATA_DIR_ABS}/postgres)`,
      coach: site.coachName,
      emailMarketing: emailMarketingProviderName(env),
    });
  })();
  return state.__serverStarted;
}

/**
 * A graceful stop has begun (docs/product.md §17.4): readiness answers 503 so the load balancer
 * sends no more, and the job worker takes no new job; the job in hand finishes.
 */
export function beginShutdown(): Promise<void> {
  state.__shuttingDown = true;
  const worker = state.__jobWorker;
  return worker ? worker.stop() : Promise.resolve();
}

export function isShuttingDown(): boolean {
  return state.__shuttingDown === true;
}

/** The cluster primary's part (server.js): the database opened and migrated, nothing else. */
export async function startDatabaseOnly(): Promise<void> {
  await prepareDatabase(getServerEnv());
}

export async function stopDatabaseOnly(): Promise<void> {
  await closeDatabase();
}

/** Whether this process is the first of several (WEB_CONCURRENCY), or the only one. */
function isFirstProcess(): boolean {
  const index = process.env.SITE_WORKER_INDEX;
  return cluster.isPrimary || index === undefined || index === "0";
}

export async function stopServerResources() {
  delete state.__serverStarted;
  const worker = state.__jobWorker;
  delete state.__jobWorker;
  setMailWakeup(undefined);
  const registry = state.__serverRegistry;
  delete state.__serverRegistry;
  const backups = state.__backupSchedule;
  delete state.__backupSchedule;
  const welcomes = state.__welcomeSchedule;
  delete state.__welcomeSchedule;
  const reminders = state.__reminderSchedule;
  delete state.__reminderSchedule;
  const analytics = state.__analyticsSweep;
  delete state.__analyticsSweep;
  await welcomes?.stop();
  await reminders?.stop();
  await analytics?.stop();
  // A backup in progress finishes: it reads the database in one snapshot.
  await backups?.stop();
  // The job in hand finishes first: it needs the database, and its lease would expire otherwise.
  await worker?.stop();
  await registry?.stop();
  await closeDatabase();
}
