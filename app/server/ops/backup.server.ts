import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import type { ServerEnv } from "~/config/env.server";
import { AUTH_SECRET_FILE } from "~/server/auth/secret.server";
import { defaultMigrationsFolder, type DatabaseHandle, type Queryable } from "~/server/db/client.server";

// Backups of the whole site (docs/product.md §17.5, decision 229): one gzip'd file of JSON lines
// holding every table of the database (read in one REPEATABLE READ snapshot, through the same
// connection the site uses: no pg_dump needed), the uploaded files (local folder or S3 bucket)
// and, on the embedded default, the generated auth secret. A restore fills an empty database and
// an empty file store back to exactly that state; it refuses a target that has data unless forced.
//
// Lines, in order: a header; per table a "table" line then its "row" lines (tables in an order
// where every foreign key points backwards); the files; an optional "secret" line; an "end"
// line with the counts (an archive without it is incomplete and refused). A file is one "file"
// line; one over 8 MB (a lesson's video, up to 2 GB) is "file-part" lines of 8 MB and a last
// "file" line with the rest, so that neither the backup nor the restore ever holds more than a
// part in memory (format 2; format-1 archives, without parts, restore as before).

export const BACKUP_FORMAT = "strong-coaching-site-backup";
export const BACKUP_VERSION = 2;
/** The most of a file one line of the archive holds. */
export const FILE_PART_BYTES = 8 * 1024 * 1024;
const ROW_BATCH = 500;

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

interface Header {
  kind: "header";
  format: string;
  version: number;
  createdAt: string;
  database: "postgresql" | "embedded";
  /** The last migration applied to the database backed up (a tag of drizzle/meta/_journal.json). */
  migration: string | null;
  files: "local" | "s3";
  authSecret: "stored" | "environment" | "none";
}

type Line =
  | Header
  | { kind: "table"; name: string; columns: string[] }
  | { kind: "row"; table: string; data: Record<string, unknown> }
  | { kind: "file"; key: string; contentType: string | null; data: string }
  | { kind: "file-part"; key: string; data: string }
  | { kind: "secret"; name: typeof AUTH_SECRET_FILE; value: string }
  | { kind: "end"; tables: Record<string, number>; files: number };

/** Where the uploaded files live: a local folder or an S3 bucket. */
export interface FileStore {
  kind: "local" | "s3";
  list(): AsyncIterable<string>;
  /** The file's bytes as they are read (never the whole of a large file at once). */
  open(key: string): Promise<{ chunks: AsyncIterable<Uint8Array>; contentType: string | null }>;
  write(key: string, bytes: Buffer, contentType: string | null): Promise<void>;
  /** Stores the file at `sourcePath` under the key, streamed from the disk. */
  writeFile(key: string, sourcePath: string, contentType: string | null): Promise<void>;
  /** Deletes every file (a forced restore). */
  clear(): Promise<void>;
}

export function localFileStore(dir: string): FileStore {
  async function* walk(current: string, prefix: string): AsyncIterable<string> {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(current, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) yield* walk(path.join(current, entry.name), key);
      else if (entry.isFile()) yield key;
    }
  }
  const fileOf = (key: string) => {
    const file = path.resolve(dir, ...key.split("/"));
    if (!file.startsWith(path.resolve(dir) + path.sep)) throw new BackupError(`The archive names a file outside the uploads folder: ${key}`);
    return file;
  };
  return {
    kind: "local",
    list: () => walk(dir, ""),
    async open(key) {
      return { chunks: fs.createReadStream(fileOf(key), { highWaterMark: 1024 * 1024 }), contentType: null };
    },
    async write(key, bytes) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await fs.promises.writeFile(file, bytes);
    },
    async writeFile(key, sourcePath) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await fs.promises.copyFile(sourcePath, file);
    },
    async clear() {
      await fs.promises.rm(dir, { recursive: true, force: true });
    },
  };
}

export async function s3FileStore(env: ServerEnv): Promise<FileStore> {
  const { s3ConfigFromEnv, createS3Client } = await import("~/server/storage/s3.server");
  const { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand } = await import("@aws-sdk/client-s3");
  const config = s3ConfigFromEnv(env);
  const client = createS3Client(config);
  const Bucket = config.bucket;
  async function* list(): AsyncIterable<string> {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }
  return {
    kind: "s3",
    list,
    async open(Key) {
      const got = await client.send(new GetObjectCommand({ Bucket, Key }));
      // In Node the SDK's body is a readable stream of the object's bytes.
      const chunks = (got.Body as AsyncIterable<Uint8Array> | undefined) ?? (async function* () {})();
      return { chunks, contentType: got.ContentType ?? null };
    },
    async write(Key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key, Body: bytes, ...(contentType ? { ContentType: contentType } : {}) }));
    },
    async writeFile(Key, sourcePath, contentType) {
      const { size } = await fs.promises.stat(sourcePath);
      await client.send(
        new PutObjectCommand({ Bucket, Key, Body: fs.createReadStream(sourcePath), ContentLength: size, ...(contentType ? { ContentType: contentType } : {}) }),
      );
    },
    async clear() {
      let keys: string[] = [];
      for await (const key of list()) {
        keys.push(key);
        if (keys.length === 1000) {
          await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
          keys = [];
        }
      }
      if (keys.length > 0) await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
    },
  };
}

export function fileStoreFromEnv(env: ServerEnv): Promise<FileStore> {
  return env.S3_BUCKET ? s3FileStore(env) : Promise.resolve(localFileStore(path.join(env.DATA_DIR_ABS, "uploads")));
}

// ─── Reading the database ───────────────────────────────────────────────────────────────────────

async function rows<T>(q: Queryable, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await q.execute<T & Record<string, unknown>>(query)).rows as T[];
}

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/** The site's tables, ordered so that every foreign key points to a table earlier in the list. */
async function tablesInOrder(q: Queryable): Promise<string[]> {
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
async function writableColumns(q: Queryable, table: string): Promise<string[]> {
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

function readJournal(folder: string): { entries: { idx: number; tag: string; when: number }[] } & Record<string, unknown> {
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
  async write(line: Line) {
    if (!this.gzip.write(JSON.stringify(line) + "\n")) await once(this.gzip, "drain");
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
    await writer.write({ kind: "end", tables: counts, files: fileCount });
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

// ─── Restoring ──────────────────────────────────────────────────────────────────────────────────

async function* readLines(file: string): AsyncIterable<Line> {
  const input = fs.createReadStream(file).pipe(zlib.createGunzip());
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  let number = 0;
  try {
    for await (const text of lines) {
      number += 1;
      if (!text) continue;
      try {
        yield JSON.parse(text) as Line;
      } catch {
        throw new BackupError(`The archive is damaged (line ${number} is not readable).`);
      }
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`The archive cannot be read: ${(error as Error).message}. Is it a backup made by npm run backup?`);
  }
}

/** Reads the header and checks the archive is complete, without changing anything. */
export async function inspectBackup(file: string): Promise<{ header: Header; tables: Record<string, number>; files: number }> {
  if (!fs.existsSync(file)) throw new BackupError(`No such file: ${file}`);
  let header: Header | null = null;
  for await (const line of readLines(file)) {
    if (!header) {
      if (line.kind !== "header" || line.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not a backup made by npm run backup.`);
      if (line.version > BACKUP_VERSION) throw new BackupError(`${file} was made by a newer version of the site (format ${line.version}); update the site first.`);
      header = line;
    } else if (line.kind === "end") {
      return { header, tables: line.tables, files: line.files };
    }
  }
  throw new BackupError(`${file} is incomplete (it has no end): the backup was interrupted. Use another archive.`);
}

/** What the target already holds: empty means a restore may go ahead without --force. */
export async function describeTarget(handle: DatabaseHandle, store: FileStore, env: ServerEnv): Promise<string[]> {
  const found: string[] = [];
  const tables = await rows<{ name: string }>(handle.db, sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);
  const withRows: string[] = [];
  for (const { name } of tables) {
    const [row] = await rows<{ any: boolean }>(handle.db, sql`select exists (select 1 from ${ident(name)}) as any`);
    if (row?.any) withRows.push(name);
  }
  if (withRows.length > 0) found.push(`the database has data (${withRows.slice(0, 5).join(", ")}${withRows.length > 5 ? ", …" : ""})`);
  for await (const key of store.list()) {
    found.push(store.kind === "s3" ? `the bucket ${env.S3_BUCKET} has files (${key}, …)` : `the uploads folder has files (${key}, …)`);
    break;
  }
  return found;
}

/** A copy of the migrations folder that stops at `tag`: the schema the archive was made on. */
function migrationsUpTo(tag: string, folder = defaultMigrationsFolder()): string {
  const journal = readJournal(folder);
  const index = journal.entries.findIndex((e) => e.tag === tag);
  if (index < 0) throw new BackupError(`The archive was made by a newer version of the site (migration ${tag} is unknown here). Update the site's code, then restore.`);
  const dir = fs.mkdtempSync(path.join(path.dirname(folder), ".restore-migrations-"));
  fs.mkdirSync(path.join(dir, "meta"));
  const kept = journal.entries.slice(0, index + 1);
  fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: kept }));
  for (const entry of kept) fs.copyFileSync(path.join(folder, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

export interface RestoreResult {
  tables: Record<string, number>;
  files: number;
  /** Something the operator must do, e.g. set AUTH_SECRET. */
  notes: string[];
}

/**
 * Restores an archive into the database and file store. The target must be empty unless `force`
 * (then its data and files are deleted first). The schema is built by the archive's own
 * migrations, the rows go in with the site's triggers off (they would rewrite restored values),
 * the sequences are moved past the restored ids, then the newer migrations run.
 */
export async function restoreBackup(file: string, handle: DatabaseHandle, store: FileStore, env: ServerEnv, { force = false } = {}): Promise<RestoreResult> {
  const summary = await inspectBackup(file);
  const { header } = summary;
  const notes: string[] = [];

  const partialFolder = header.migration ? migrationsUpTo(header.migration) : null;
  try {
    if (partialFolder) await handle.migrate({ migrationsFolder: partialFolder });
  } finally {
    if (partialFolder) fs.rmSync(partialFolder, { recursive: true, force: true });
  }
  const found = await describeTarget(handle, store, env);
  const secretFile = path.join(env.DATA_DIR_ABS, AUTH_SECRET_FILE);
  if (found.length > 0 && !force) {
    throw new BackupError(`The target is not empty: ${found.join("; ")}. Nothing was changed. Restore into an empty database and file store, or add --force to delete what is there first.`);
  }

  const counts: Record<string, number> = {};
  let fileCount = 0;
  const partsPath = path.join(env.DATA_DIR_ABS, "tmp", `restore-${process.pid}-${Date.now().toString(36)}.part`);
  try {
    await restoreLines(file, handle, store, env, { force, notes, counts, partsPath, secretFile, onFile: () => (fileCount += 1) });
  } finally {
    fs.rmSync(partsPath, { force: true });
  }
  if (header.authSecret === "environment") notes.push("The backed-up site had AUTH_SECRET set: set the same AUTH_SECRET here, or members must sign in again.");
  // Migrations newer than the archive.
  await handle.migrate();
  return { tables: counts, files: fileCount, notes };
}

/** The archive's rows and files into the target, in one transaction. */
async function restoreLines(
  file: string,
  handle: DatabaseHandle,
  store: FileStore,
  env: ServerEnv,
  { force, notes, counts, partsPath, secretFile, onFile }: { force: boolean; notes: string[]; counts: Record<string, number>; partsPath: string; secretFile: string; onFile: () => void },
) {
  await handle.db.transaction(async (tx) => {
    const tables = await tablesInOrder(tx);
    if (force && tables.length > 0) await tx.execute(sql.raw(`truncate ${tables.map((t) => `"${t}"`).join(", ")} restart identity cascade`));
    if (force) await store.clear();
    for (const table of tables) await tx.execute(sql`alter table ${ident(table)} disable trigger user`);

    let current: { name: string; columns: string[] } | null = null;
    let batch: Record<string, unknown>[] = [];
    let parts = null as { key: string; path: string } | null;
    const flush = async () => {
      if (!current || batch.length === 0) return;
      const list = sql.raw(current.columns.map((c) => `"${c.replace(/"/g, '""')}"`).join(", "));
      await tx.execute(
        sql`insert into ${ident(current.name)} (${list}) overriding system value select ${list} from json_populate_recordset(null::${ident(current.name)}, ${JSON.stringify(batch)}::json)`,
      );
      counts[current.name] = (counts[current.name] ?? 0) + batch.length;
      batch = [];
    };
    for await (const line of readLines(file)) {
      if (line.kind === "table") {
        await flush();
        if (!tables.includes(line.name)) throw new BackupError(`The archive has a table this site does not (${line.name}).`);
        const here = new Set(await writableColumns(tx, line.name));
        current = { name: line.name, columns: line.columns.filter((c) => here.has(c)) };
        counts[line.name] = 0;
      } else if (line.kind === "row") {
        batch.push(line.data);
        if (batch.length >= ROW_BATCH) await flush();
      } else if (line.kind === "file-part") {
        await flush();
        // A large file's parts gather in a file on the disk until its last line.
        if (parts?.key !== line.key) {
          if (parts) fs.rmSync(parts.path, { force: true });
          fs.mkdirSync(path.dirname(partsPath), { recursive: true });
          fs.writeFileSync(partsPath, "");
          parts = { key: line.key, path: partsPath };
        }
        fs.appendFileSync(parts.path, Buffer.from(line.data, "base64"));
      } else if (line.kind === "file") {
        await flush();
        if (parts?.key === line.key) {
          fs.appendFileSync(parts.path, Buffer.from(line.data, "base64"));
          await store.writeFile(line.key, parts.path, line.contentType);
          fs.rmSync(parts.path, { force: true });
          parts = null;
        } else {
          await store.write(line.key, Buffer.from(line.data, "base64"), line.contentType);
        }
        onFile();
      } else if (line.kind === "secret") {
        await flush();
        if (env.AUTH_SECRET) {
          notes.push("The backed-up site used a generated auth secret; this one has AUTH_SECRET set, so members must sign in again and two-factor codes must be set up again. To keep them, unset AUTH_SECRET here.");
        } else {
          fs.mkdirSync(env.DATA_DIR_ABS, { recursive: true });
          fs.writeFileSync(secretFile, `${line.value}\n`, { mode: 0o600 });
        }
      } else if (line.kind === "end") {
        await flush();
      }
    }
    await flush();
    for (const table of tables) await tx.execute(sql`alter table ${ident(table)} enable trigger user`);
    // Serial and identity columns continue after the restored ids.
    const sequences = await rows<{ table_name: string; column_name: string; seq: string }>(
      tx,
      sql`select table_name, column_name, pg_get_serial_sequence(format('%I', table_name), column_name) as seq
          from information_schema.columns where table_schema = 'public'
          and pg_get_serial_sequence(format('%I', table_name), column_name) is not null`,
    );
    for (const s of sequences) {
      await tx.execute(sql`select setval(${s.seq}, coalesce((select max(${ident(s.column_name)}) from ${ident(s.table_name)}), 0) + 1, false)`);
    }
  });
}
