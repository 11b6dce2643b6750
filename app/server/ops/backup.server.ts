import { createHash } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import type { ServerEnv } from "~/config/env.server";
import { AUTH_SECRET_FILE } from "~/server/core/secret.server";
import { defaultMigrationsFolder, type DatabaseHandle, type Queryable } from "~/server/db/client.server";
import { BACKUP_FORMAT, BACKUP_VERSION, FILE_PART_BYTES, type Header, type Line } from "./backup-format.server";
import type { FileStore } from "./backup-stores.server";

export { BACKUP_FORMAT, BACKUP_VERSION, BackupError, FILE_PART_BYTES } from "./backup-format.server";
export { fileStoreFromEnv, localFileStore, s3FileStore, type FileStore } from "./backup-stores.server";

// Backups of the whole site (docs/product.md §17.5, decision 229): one gzip'd file of JSON lines
// (./backup-format.server.ts) holding every table of the database (read in one REPEATABLE READ
// snapshot, through the same connection the site uses: no pg_dump needed), the uploaded files
// (local folder or S3 bucket, ./backup-stores.server.ts) and, on the embedded default, the
// generated auth secret. Restoring: ./backup-restore.server.ts.

export const ROW_BATCH = 500;

/** Tables a backup leaves out: a visitor hash must never be traceable from a copy. */
export const NEVER_BACKED_UP = new Set(["analytics_salts"]);

// ─── Reading the database ───────────────────────────────────────────────────────────────────────

export async function rows<T>(q: Queryable, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await q.execute<T & Record<string, unknown>>(query)).rows as T[];
}

export const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/** The site's tables, ordered so that every foreign key points to a table earlier in the list. */
export async function tablesInOrder(q: Queryable): Promise<string[]> {
  const tables = (await rows<{ name: string }>(q, sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)).map((t) => t.name);
  const edges = await rows<{ child: string; parent: string }>(
    q,
    sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public'`,
  );
  const unquote = (name: string) => name.replace(/^public\./, "").replace(/^"|"$/g, "");
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]));
  for (const edge of edges) {
    const child = unquote(edge.child);
    const parent = unquote(edge.parent);
    if (child !== parent) parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.find((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p) || !parents.has(p)));
    // A cycle (none today): the rest in name order.
    const pick = next ?? tables.find((t) => !placed.has(t))!;
    ordered.push(pick);
    placed.add(pick);
  }
  return ordered;
}

/** The columns a row is restored through: generated columns are computed again. */
export async function writableColumns(q: Queryable, table: string): Promise<string[]> {
  return (
    await rows<{ name: string }>(
      q,
      sql`select column_name as name from information_schema.columns
          where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
          order by ordinal_position`,
    )
  ).map((c) => c.name);
}

/** The tag of the last migration applied, matched through the journal's timestamps. */
async function lastMigration(q: Queryable, folder = defaultMigrationsFolder()): Promise<string | null> {
  const [row] = await rows<{ last: string | null }>(q, sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`);
  if (!row?.last) return null;
  const journal = readJournal(folder);
  return journal.entries.find((e) => String(e.when) === String(row.last))?.tag ?? null;
}

export function readJournal(folder: string): { entries: { idx: number; tag: string; when: number }[] } & Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8"));
}

// ─── Writing an archive ─────────────────────────────────────────────────────────────────────────

class LineWriter {
  readonly gzip = zlib.createGzip({ level: 6 });
  readonly out: fs.WriteStream;
  constructor(file: string) {
    this.out = fs.createWriteStream(file, { mode: 0o600 });
    this.gzip.pipe(this.out);
  }
  /** The SHA-256 of every line written before the end line (format 3). */
  private readonly sum = createHash("sha256");
  async write(line: Line) {
    const text = JSON.stringify(line) + "\n";
    if (line.kind !== "end") this.sum.update(text);
    if (!this.gzip.write(text)) await once(this.gzip, "drain");
  }
  checksum(): string {
    return this.sum.digest("hex");
  }
  async close() {
    this.gzip.end();
    await once(this.out, "close");
  }
}

/** One file as lines: "file-part" lines of FILE_PART_BYTES while more follows, then "file". */
async function writeFileLines(writer: LineWriter, store: FileStore, key: string) {
  const { chunks, contentType } = await store.open(key);
  let pending: Buffer[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    pending.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    size += chunk.byteLength;
    while (size > FILE_PART_BYTES) {
      const all = Buffer.concat(pending, size);
      await writer.write({ kind: "file-part", key, data: all.subarray(0, FILE_PART_BYTES).toString("base64") });
      pending = [all.subarray(FILE_PART_BYTES)];
      size -= FILE_PART_BYTES;
    }
  }
  await writer.write({ kind: "file", key, contentType, data: Buffer.concat(pending, size).toString("base64") });
}

function timestampForName(date: Date): string {
  // 2026-11-24T16-20-00-123Z: sorts by time, no colons (Windows), unique to the millisecond.
  return date.toISOString().replace(/[:.]/g, "-");
}

export const BACKUP_NAME = /^site-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.jsonl\.gz$/;

export interface BackupResult {
  file: string;
  tables: Record<string, number>;
  files: number;
}

/**
 * Writes one archive into `dir` from an open database (the site's own connection, or one a script
 * opened) and the file store. The database is read in a single REPEATABLE READ, read-only
 * transaction: one consistent snapshot, while the site goes on writing.
 */
export async function writeBackup(handle: DatabaseHandle, store: FileStore, env: ServerEnv, dir: string, now = new Date()): Promise<BackupResult> {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `site-backup-${timestampForName(now)}.jsonl.gz`);
  const partial = `${file}.partial`;
  const writer = new LineWriter(partial);
  const counts: Record<string, number> = {};
  let fileCount = 0;
  try {
    await handle.db.transaction(
      async (tx) => {
        const header: Header = {
          kind: "header",
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          createdAt: now.toISOString(),
          database: handle.driver === "postgres" ? "postgresql" : "embedded",
          migration: await lastMigration(tx),
          files: store.kind,
          authSecret: env.AUTH_SECRET ? "environment" : fs.existsSync(path.join(env.DATA_DIR_ABS, AUTH_SECRET_FILE)) ? "stored" : "none",
        };
        await writer.write(header);
        for (const table of await tablesInOrder(tx)) {
          // The visitor counts' salts are never copied anywhere (docs/analytics.md).
          if (NEVER_BACKED_UP.has(table)) continue;
          await writer.write({ kind: "table", name: table, columns: await writableColumns(tx, table) });
          counts[table] = 0;
          await tx.execute(sql`declare backup_rows no scroll cursor for select row_to_json(t)::text as r from ${ident(table)} t`);
          for (;;) {
            const batch = await rows<{ r: string }>(tx, sql`fetch ${sql.raw(String(ROW_BATCH))} from backup_rows`);
            for (const row of batch) await writer.write({ kind: "row", table, data: JSON.parse(row.r) as Record<string, unknown> });
            counts[table] += batch.length;
            if (batch.length < ROW_BATCH) break;
          }
          await tx.execute(sql`close backup_rows`);
        }
        // The files right after the rows, while the snapshot is still held.
        for await (const key of store.list()) {
          await writeFileLines(writer, store, key);
          fileCount += 1;
        }
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    const secretFile = path.join(env.DATA_DIR_ABS, AUTH_SECRET_FILE);
    if (!env.AUTH_SECRET && fs.existsSync(secretFile)) {
      await writer.write({ kind: "secret", name: AUTH_SECRET_FILE, value: fs.readFileSync(secretFile, "utf8").trim() });
    }
    await writer.write({ kind: "end", tables: counts, files: fileCount, sha256: writer.checksum() });
    await writer.close();
    fs.renameSync(partial, file);
  } catch (error) {
    writer.gzip.destroy();
    writer.out.destroy();
    fs.rmSync(partial, { force: true });
    throw error;
  }
  return { file, tables: counts, files: fileCount };
}

/** Deletes all but the newest `keep` archives in `dir`; returns the ones deleted. */
export function pruneBackups(dir: string, keep: number): string[] {
  if (keep < 1 || !fs.existsSync(dir)) return [];
  const archives = fs.readdirSync(dir).filter((name) => BACKUP_NAME.test(name)).sort();
  const old = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of old) fs.rmSync(path.join(dir, name), { force: true });
  return old;
}

