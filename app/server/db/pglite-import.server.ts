import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { citext } from "@electric-sql/pglite/contrib/citext";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { logger } from "~/server/logger.server";
import { EMBEDDED_DATABASE, embeddedDatabaseUrl, EmbeddedDatabaseError, embeddedPaths } from "./embedded-postgres.server";

// A data directory of the earlier embedded default (PGlite in DATA_DIR/pglite) is moved into the
// embedded PostgreSQL server on its first start (docs/decisions/201): PGlite opens the old files
// (and applies any migration they lack), every table is copied row for row into a fresh database
// through JSON (which keeps every type exactly), sequences are carried over, the row counts are
// compared, and only then does the copy become the site's database. The old folder is kept,
// renamed, as a backup. A start interrupted half-way simply does it again.

const IMPORT_DATABASE = `${EMBEDDED_DATABASE}_import`;
const BATCH_ROWS = 500;

export function pgliteDir(dataDir: string): string {
  return path.join(path.resolve(dataDir), "pglite");
}

/** Whether `dataDir` holds a PGlite database not yet moved across. */
export function hasPgliteData(dataDir: string): boolean {
  return fs.existsSync(path.join(pgliteDir(dataDir), "PG_VERSION"));
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function copyTables(source: PGlite, target: pg.Client): Promise<Record<string, number>> {
  const tables = (
    await source.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
    )
  ).rows.map((r) => r.table_name);
  const counts: Record<string, number> = {};
  await target.query("begin");
  // Foreign keys and triggers are not checked while copying: the rows were consistent already.
  await target.query("set local session_replication_role = replica");
  for (const table of tables) {
    const columns = (
      await source.query<{ column_name: string }>(
        "select column_name from information_schema.columns where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position",
        [table],
      )
    ).rows.map((r) => quote(r.column_name));
    const list = columns.join(", ");
    const rows = (await source.query<{ row: string }>(`select row_to_json(t)::text as row from ${quote(table)} t`)).rows;
    for (let start = 0; start < rows.length; start += BATCH_ROWS) {
      const batch = `[${rows
        .slice(start, start + BATCH_ROWS)
        .map((r) => r.row)
        .join(",")}]`;
      await target.query(
        `insert into ${quote(table)} (${list}) overriding system value select ${list} from json_populate_recordset(null::${quote(table)}, $1::json)`,
        [batch],
      );
    }
    counts[table] = rows.length;
  }
  // Sequences continue where they were (ids handed out before are never handed out again).
  const sequences = (
    await source.query<{ schemaname: string; sequencename: string; last_value: string | null }>(
      "select schemaname, sequencename, last_value::text from pg_sequences where schemaname = 'public'",
    )
  ).rows;
  for (const s of sequences) {
    if (s.last_value !== null) await target.query("select setval($1::regclass, $2::bigint, true)", [`${quote(s.schemaname)}.${quote(s.sequencename)}`, s.last_value]);
  }
  await target.query("commit");
  for (const table of tables) {
    const { rows } = await target.query<{ n: string }>(`select count(*)::text as n from ${quote(table)}`);
    if (Number(rows[0]?.n) !== counts[table]) {
      throw new Error(`table ${table}: ${counts[table]} rows read but ${rows[0]?.n} written`);
    }
  }
  return counts;
}

function backupName(dataDir: string): string {
  const base = path.join(path.resolve(dataDir), `pglite-before-postgresql-${new Date().toISOString().slice(0, 10)}`);
  let candidate = base;
  for (let n = 2; fs.existsSync(candidate); n++) candidate = `${base}-${n}`;
  return candidate;
}

/**
 * Moves DATA_DIR/pglite into the running embedded server's `site` database. The caller holds the
 * data-directory lock and has started the server; nothing may be connected to `site` yet.
 */
export async function importPgliteData(dataDir: string, migrationsFolder: string): Promise<void> {
  const paths = embeddedPaths(dataDir);
  const marker = path.join(paths.cluster, "imported-from-pglite");
  const maintenanceUrl = embeddedDatabaseUrl(dataDir, "postgres");

  if (!fs.existsSync(marker)) {
    logger.warn("moving the earlier embedded database (PGlite) in DATA_DIR/pglite to PostgreSQL: this happens once", { dataDir: paths.dataDir });
    const started = Date.now();
    const source = new PGlite({ dataDir: pgliteDir(dataDir), extensions: { citext, pg_trgm } });
    let counts: Record<string, number>;
    try {
      await source.waitReady;
      await migratePglite(drizzlePglite(source), { migrationsFolder });
      await withClient(maintenanceUrl, async (client) => {
        await client.query(`drop database if exists ${quote(IMPORT_DATABASE)} with (force)`);
        await client.query(`create database ${quote(IMPORT_DATABASE)}`);
      });
      counts = await withClient(embeddedDatabaseUrl(dataDir, IMPORT_DATABASE), async (client) => {
        await migratePg(drizzlePg(client), { migrationsFolder });
        return copyTables(source, client);
      });
    } catch (error) {
      throw new EmbeddedDatabaseError(
        `Could not move the earlier embedded database in ${pgliteDir(dataDir)} to PostgreSQL: ${(error as Error).message}. ` +
          "Nothing was changed in it; the site did not start. Report this problem, or move that folder aside to start with an empty database.",
        { cause: error },
      );
    } finally {
      await source.close().catch(() => {});
    }
    await withClient(maintenanceUrl, async (client) => {
      // The empty database made at first start gives way to the copy (never one holding members).
      const existing = await client.query("select 1 from pg_database where datname = $1", [EMBEDDED_DATABASE]);
      if (existing.rows.length > 0) {
        const members = await withClient(embeddedDatabaseUrl(dataDir), (site) =>
          site.query<{ n: string }>("select count(*)::text as n from information_schema.tables where table_schema = 'public' and table_name = 'users'").then(async (r) =>
            r.rows[0]?.n === "1" ? (await site.query<{ n: string }>("select count(*)::text as n from users")).rows[0]?.n : "0",
          ),
        );
        if (members !== "0") {
          throw new EmbeddedDatabaseError(
            `DATA_DIR (${paths.dataDir}) holds both an earlier embedded database (pglite) and a PostgreSQL one with members in it. ` +
              "Move one of the two folders (pglite or postgres) aside, then start again.",
          );
        }
        await client.query(`drop database ${quote(EMBEDDED_DATABASE)} with (force)`);
      }
      await client.query(`alter database ${quote(IMPORT_DATABASE)} rename to ${quote(EMBEDDED_DATABASE)}`);
    });
    fs.writeFileSync(marker, `${new Date().toISOString()}\n${JSON.stringify(counts)}\n`);
    logger.warn("the earlier embedded database was moved to PostgreSQL", {
      members: counts.users ?? 0,
      tables: Object.keys(counts).length,
      rows: Object.values(counts).reduce((a, b) => a + b, 0),
      seconds: Math.round((Date.now() - started) / 100) / 10,
    });
  }
  const backup = backupName(dataDir);
  fs.renameSync(pgliteDir(dataDir), backup);
  logger.warn(`The earlier database folder is kept as ${backup}: delete it once you are happy the site has all its data.`);
}
