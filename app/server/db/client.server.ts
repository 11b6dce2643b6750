import cluster from "node:cluster";
import fs from "node:fs";
import path from "node:path";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { getServerEnv } from "~/config/env.server";
import { logger } from "~/server/core/logger.server";
import { acquireDataDirLock, isDataDirLockedError, readDataDirLock, type DataDirLock } from "./data-dir-lock.server";
import { EmbeddedDatabaseError, embeddedDatabaseUrl, startEmbeddedPostgres, waitUntilReady, type EmbeddedServer } from "./embedded-postgres.server";
import { isDatabaseStopping } from "./stopping.server";
import { postgresPreparedRunner, type PreparedParam, type PreparedStatement, type RunPrepared } from "./prepared.server";
import * as schema from "./schema";

// One schema, one SQL dialect (docs/architecture.md §1): PostgreSQL through a pool, either the
// embedded server the site runs itself in <DATA_DIR>/postgres (the default;
// ./embedded-postgres.server.ts, docs/decisions/200) or the server DATABASE_URL names. The tests
// use the same engine (docs/decisions/270).
// Nothing opens at import time: `react-router build` imports the server bundle to prerender.

export type Schema = typeof schema;
/** What `db.execute(sql...)` returns: the rows. (Use `.returning()` rather than row counts.) */
export interface RowsQueryResultHKT extends PgQueryResultHKT {
  readonly type: RowsResult<RowOf<this["row"]>>;
}
export interface RowsResult<TRow> {
  rows: TRow[];
}
type RowOf<T> = T extends Record<string, unknown> ? T : Record<string, unknown>;
/** A Drizzle database on PostgreSQL, with the relational query API (`db.query.*`). */
export type Database = PgDatabase<RowsQueryResultHKT, Schema>;
/** What `db.transaction` passes to its callback. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** A database or a transaction: what model functions accept. */
export type Queryable = Database | Transaction;
export type DatabaseDriver = "postgres";

export type DatabaseTarget =
  /**
   * The embedded PostgreSQL server of `<dataDir>`: started (and stopped on close) by whoever takes
   * the data-directory lock. With `shared`, a directory whose lock another live process holds
   * (the running site) is reached through that process's server instead of refused.
   */
  | { dataDir: string; shared?: boolean; poolSize?: number }
  /** PostgreSQL (postgres:// or postgresql:// URL) through a connection pool. */
  | { url: string; poolSize?: number };

export interface DatabaseHandle {
  readonly db: Database;
  readonly driver: DatabaseDriver;
  /** Where the data lives, for logs and messages (never includes a password). */
  readonly description: string;
  /** Runs a named prepared statement (./prepared.server.ts), outside any transaction. */
  readonly runPrepared: RunPrepared;
  /** Applies pending migrations from ./drizzle (serialised across servers on PostgreSQL). */
  migrate(options?: { migrationsFolder?: string }): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The committed migrations, resolved from the project root (the server runs from there). */
export function defaultMigrationsFolder(): string {
  return path.resolve(process.cwd(), "drizzle");
}

function assertMigrationsFolder(folder: string) {
  if (!fs.existsSync(path.join(folder, "meta", "_journal.json"))) {
    throw new Error(`No database migrations found in ${folder}. Start the server from the project's root directory.`);
  }
}

/** Arbitrary constant shared by every server of this site: the pg_advisory_lock key for migrations. */
const MIGRATION_LOCK_KEY = 727_340_915_001;

function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `postgresql://${parsed.host}${parsed.pathname}`;
  } catch {
    return "postgresql";
  }
}

/** How long a broken connection waits to be reported, in case the site is stopping (see openPostgres). */
const CONNECTION_WARNING_GRACE_MS = 2_000;

/**
 * A connection ended because its server is being stopped on purpose (SQLSTATE 57P01,
 * admin_shutdown): a process manager stopping the site and its database together may deliver
 * that to a connection before the site's own stop signal is handled. Said, not warned about.
 */
function isShutdownByAdministrator(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "57P01";
}

function openPostgres(url: string, poolSize?: number, description = describeUrl(url)): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize ?? 10 });
  let closed = false;
  // Expected while the process or this handle stops (./stopping.server.ts): not worth a warning.
  const quiet = () => closed || isDatabaseStopping();
  // A failed connection is reported a moment later, and only if the site is not stopping by then:
  // a process manager that stops the site and its database together may break a connection just
  // before the site's own stop signal is handled.
  const warnUnlessStopping = (message: string, fields: Record<string, unknown>) => {
    if (quiet()) return;
    setTimeout(() => quiet() || logger.warn(message, fields), CONNECTION_WARNING_GRACE_MS).unref();
  };
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", (error) => {
    if (quiet()) return;
    if (isShutdownByAdministrator(error)) logger.info("PostgreSQL is shutting down: an idle connection was closed");
    else warnUnlessStopping("idle PostgreSQL connection failed", { error });
  });
  // pg-pool removes its listener while a connection is checked out: a server that goes away
  // between two queries of a transaction would then throw an unhandled 'error' and end the
  // process. The query in hand still fails and the pool drops the broken connection.
  pool.on("connect", (client) => {
    client.on("error", (error) => {
      if (quiet()) return;
      if (isShutdownByAdministrator(error)) logger.info("PostgreSQL is shutting down: a connection was closed");
      else warnUnlessStopping("PostgreSQL connection lost", { error: error.message });
    });
  });
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    driver: "postgres",
    description,
    runPrepared: postgresPreparedRunner(pool),
    async migrate({ migrationsFolder = defaultMigrationsFolder() } = {}) {
      assertMigrationsFolder(migrationsFolder);
      // Several servers may start at once: the advisory lock (held by this one connection) makes
      // them apply migrations one after another, and the later ones find nothing left to do.
      const client = await pool.connect();
      let failure: Error | undefined;
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        try {
          await migratePg(drizzlePg(client), { migrationsFolder });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
        }
      } catch (error) {
        failure = error as Error;
        throw error;
      } finally {
        // A connection that failed mid-way may still hold the lock: destroy it rather than reuse it.
        client.release(failure);
      }
    },
    async ping() {
      await pool.query("select 1");
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * Connections per process to the embedded server: each is a PostgreSQL process of 5–15 MB, and
 * two cores never run more than a few queries at once (docs/performance.md, memory).
 */
const EMBEDDED_POOL_SIZE = 5;

/** A PostgreSQL handle that also stops the embedded server and releases the lock on close. */
function withEmbeddedServer(handle: DatabaseHandle, server: EmbeddedServer, lock: DataDirLock): DatabaseHandle {
  let closed = false;
  return {
    ...handle,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await handle.close();
        await server.stop();
      } finally {
        lock.release();
      }
    },
  };
}

/**
 * A data directory of the embedded default before PostgreSQL (PGlite, in DATA_DIR/pglite) is no
 * longer read or moved: start-up stops and says what to do, changing nothing (docs/decisions/270).
 */
export function assertNoEarlierPgliteData(dataDir: string): void {
  const earlier = path.join(path.resolve(dataDir), "pglite");
  if (!fs.existsSync(path.join(earlier, "PG_VERSION"))) return;
  throw new EmbeddedDatabaseError(
    `${earlier} holds the site's database in the earlier embedded format (PGlite), which this version no longer reads. ` +
      "Start the site once with a version from 27 November 2026 or earlier: it moves that database into PostgreSQL and renames the folder. Then start this version again.",
  );
}

/** Starts the embedded server (the caller holds the lock). */
async function startEmbedded(dataDir: string): Promise<EmbeddedServer> {
  assertNoEarlierPgliteData(dataDir);
  return startEmbeddedPostgres(dataDir);
}

async function openEmbedded(target: { dataDir: string; shared?: boolean; poolSize?: number }): Promise<DatabaseHandle> {
  const dataDir = path.resolve(target.dataDir);
  let lock: DataDirLock;
  try {
    lock = acquireDataDirLock(dataDir);
  } catch (error) {
    if (!target.shared || !isDataDirLockedError(error)) throw error;
    // The running site (or another script) runs the server: connect to it.
    if (!(await waitUntilReady(dataDir, null, 15_000))) throw error;
    const owner = readDataDirLock(dataDir);
    return openPostgres(embeddedDatabaseUrl(dataDir), target.poolSize ?? EMBEDDED_POOL_SIZE, `embedded PostgreSQL (${dataDir}, run by pid ${owner?.pid ?? "?"})`);
  }
  let server: EmbeddedServer;
  try {
    server = await startEmbedded(dataDir);
  } catch (error) {
    lock.release();
    throw error;
  }
  return withEmbeddedServer(openPostgres(server.url, target.poolSize ?? EMBEDDED_POOL_SIZE, `embedded PostgreSQL (${dataDir})`), server, lock);
}

/**
 * Opens a database at an explicit place, independent of the server's global one (scripts, tests).
 * For `{ dataDir }` this takes the data-directory lock and throws DataDirLockedError if another
 * process holds it (unless `shared`).
 */
export async function createDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ("url" in target) return openPostgres(target.url, target.poolSize);
  return openEmbedded(target);
}

/**
 * Opens the database the environment describes: DATABASE_URL, else the embedded server of
 * DATA_DIR. Scripts pass `shared: true` to work while the site runs.
 */
export function createDatabaseFromEnv(
  env: { DATABASE_URL?: string; DATA_DIR_ABS: string } = getServerEnv(),
  options: { shared?: boolean } = {},
) {
  return createDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR_ABS, shared: options.shared });
}

/**
 * A connection URL to the site's database for scripts and tools (backups, `psql`): DATABASE_URL,
 * or the embedded server's unix socket, starting that server when the site is not running.
 * Call `release` when done: it stops a server started here.
 */
export async function databaseUrlForScripts(
  env: { DATABASE_URL?: string; DATA_DIR_ABS: string } = getServerEnv(),
): Promise<{ url: string; release(): Promise<void> }> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, release: async () => {} };
  const dataDir = path.resolve(env.DATA_DIR_ABS);
  let lock: DataDirLock;
  try {
    lock = acquireDataDirLock(dataDir);
  } catch (error) {
    if (!isDataDirLockedError(error) || !(await waitUntilReady(dataDir, null, 15_000))) throw error;
    return { url: embeddedDatabaseUrl(dataDir), release: async () => {} };
  }
  try {
    const server = await startEmbedded(dataDir);
    return {
      url: server.url,
      async release() {
        try {
          await server.stop();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

// ─── The server's database ──────────────────────────────────────────────────────────────────────
// Kept on globalThis: the dev server reloads modules, and a second open of the same data directory
// in one process would be refused by the lock.

const state = globalThis as typeof globalThis & {
  __database?: DatabaseHandle;
  __databaseOpening?: Promise<DatabaseHandle>;
};

/** Opens the server's database once (later calls return the same one). */
export async function openDatabase(): Promise<Database> {
  if (state.__database) return state.__database.db;
  // A worker of several processes (WEB_CONCURRENCY) uses the embedded server its primary runs.
  state.__databaseOpening ??= createDatabaseFromEnv(getServerEnv(), { shared: cluster.isWorker }).then(
    (handle) => {
      state.__database = handle;
      return handle;
    },
    (error: unknown) => {
      delete state.__databaseOpening;
      throw error;
    },
  );
  return (await state.__databaseOpening).db;
}

export function getDatabaseHandle(): DatabaseHandle {
  if (!state.__database) throw new Error("The database is not open: call openDatabase() at start-up first.");
  return state.__database;
}

export function getDb(): Database {
  return getDatabaseHandle().db;
}

/** The rows of a prepared statement on the server's database. */
export function queryPrepared<TRow>(statement: PreparedStatement, params: readonly PreparedParam[]): Promise<TRow[]> {
  return getDatabaseHandle().runPrepared<TRow>(statement, params);
}

export async function migrateDatabase(): Promise<void> {
  await openDatabase();
  await getDatabaseHandle().migrate();
}

export async function pingDatabase(): Promise<void> {
  const handle = getDatabaseHandle();
  await handle.ping();
}

export async function closeDatabase(): Promise<void> {
  const handle = state.__database;
  const opening = state.__databaseOpening;
  delete state.__database;
  delete state.__databaseOpening;
  if (handle) await handle.close();
  else if (opening) await opening.then((h) => h.close()).catch(() => {});
}

/**
 * Makes `getDb()` return the given database (a script or test that opened its own), or forgets it
 * again with `null`. The caller stays responsible for closing it.
 */
export function setDatabase(handle: DatabaseHandle | null): void {
  delete state.__databaseOpening;
  if (handle) {
    state.__database = handle;
    state.__databaseOpening = Promise.resolve(handle);
  } else {
    delete state.__database;
  }
}
