import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { ServerEnv } from "~/config/env.server";
import { AUTH_SECRET_FILE } from "~/server/core/secret.server";
import { defaultMigrationsFolder, type DatabaseHandle } from "~/server/db/client.server";
import { BACKUP_FORMAT, BACKUP_VERSION, BackupError, keyProblem, readArchive, type Header } from "./backup-format.server";
import type { FileStore, StagedFiles } from "./backup-stores.server";
import { ident, NEVER_BACKED_UP, readJournal, ROW_BATCH, rows, tablesInOrder, writableColumns } from "./backup.server";

// Restoring an archive (docs/product.md §17.5, decisions 229 and 252). A restore either brings
// the site to exactly the archive's state or leaves it exactly as it was:
//   1. the whole archive is read and checked first (its format, every entry and file name, the
//      counts, and from format 3 the SHA-256 of its lines), and the target's tables compared
//      with the archive's, before anything is changed;
//   2. the rows go in inside one transaction; the files are written to a staging place beside
//      the store meanwhile, and the auth secret is only read;
//   3. once the transaction has committed, the staged files replace the store's, and last the
//      auth secret is written (a new file renamed over the old).
// A failure in 1 or 2 rolls the database back and deletes the staged files: the old rows, files
// and secret are untouched.

interface ArchiveSummary {
  header: Header;
  tables: Record<string, number>;
  files: number;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function isBase64(value: unknown): value is string {
  return typeof value === "string" && value.length % 4 === 0 && BASE64.test(value);
}

/** Reads the whole archive and checks every line of it, without changing anything. */
export async function inspectBackup(file: string): Promise<ArchiveSummary> {
  if (!fs.existsSync(file)) throw new BackupError(`No such file: ${file}`);
  const damaged = (number: number, what: string) => new BackupError(`${file} is damaged (line ${number}: ${what}). Nothing was changed. Use another archive.`);
  const sum = createHash("sha256");
  let header: Header | null = null;
  let table: string | null = null;
  const rowsSeen: Record<string, number> = {};
  const keys = new Set<string>();
  let partKey: string | null = null;
  let end: ArchiveSummary | null = null;
  for await (const { line, text, number } of readArchive(file)) {
    if (end) throw damaged(number, "entries after the end");
    if (!header) {
      if (line.kind !== "header" || line.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not a backup made by npm run backup.`);
      if (typeof line.version !== "number" || line.version > BACKUP_VERSION) throw new BackupError(`${file} was made by a newer version of the site (format ${line.version}); update the site first.`);
      header = line;
      sum.update(`${text}\n`);
      continue;
    }
    if (partKey !== null && line.kind !== "file-part" && line.kind !== "file") throw damaged(number, `the file ${partKey} is cut short`);
    switch (line.kind) {
      case "table":
        if (typeof line.name !== "string" || !Array.isArray(line.columns) || !line.columns.every((c) => typeof c === "string")) throw damaged(number, "a table without its name or columns");
        if (line.name in rowsSeen) throw damaged(number, `the table ${line.name} twice`);
        table = line.name;
        rowsSeen[table] = 0;
        break;
      case "row":
        if (table === null || line.table !== table) throw damaged(number, "a row outside its table");
        if (line.data === null || typeof line.data !== "object" || Array.isArray(line.data)) throw damaged(number, "a row that is not a record");
        rowsSeen[table]! += 1;
        break;
      case "file-part":
      case "file": {
        const problem = keyProblem(line.key);
        if (problem) throw damaged(number, problem);
        if (!isBase64(line.data)) throw damaged(number, `the file ${line.key} is not readable`);
        if (partKey !== null && partKey !== line.key) throw damaged(number, `the file ${partKey} is cut short`);
        if (partKey === null && keys.has(line.key)) throw damaged(number, `the file ${line.key} twice`);
        keys.add(line.key);
        if (line.kind === "file" && line.contentType !== null && typeof line.contentType !== "string") throw damaged(number, `the file ${line.key} has an unreadable type`);
        partKey = line.kind === "file-part" ? line.key : null;
        break;
      }
      case "secret":
        if (line.name !== AUTH_SECRET_FILE || typeof line.value !== "string" || line.value.trim().length < 32 || /\s/.test(line.value.trim()))
          throw damaged(number, "an auth secret that is not one");
        break;
      case "end": {
        const counted = Object.keys(rowsSeen).length === Object.keys(line.tables ?? {}).length && Object.entries(rowsSeen).every(([name, n]) => line.tables?.[name] === n);
        if (!counted || line.files !== keys.size) throw damaged(number, "the counts at the end do not match its contents");
        if (header.version >= 3 && line.sha256 !== sum.digest("hex")) throw damaged(number, "its checksum does not match: it was changed or damaged after it was written");
        end = { header, tables: line.tables, files: line.files };
        break;
      }
      default:
        throw damaged(number, "an entry of an unknown kind");
    }
    if (!end) sum.update(`${text}\n`);
  }
  if (!end) throw new BackupError(`${file} is incomplete (it has no end): the backup was interrupted. Use another archive.`);
  return end;
}

/** Tables the database fills from the others by itself (drizzle/0022, 0023): restored with them. */
const DERIVED_TABLES = new Set(["daily_figures", "sales_totals", "sales_status_totals", "row_counts"]);

/** What the target already holds: empty means a restore may go ahead without --force. */
export async function describeTarget(handle: DatabaseHandle, store: FileStore, env: ServerEnv): Promise<string[]> {
  const found: string[] = [];
  const tables = await rows<{ name: string }>(handle.db, sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);
  const withRows: string[] = [];
  for (const { name } of tables) {
    // Figures the database keeps from other tables (decision 280) say nothing of their own.
    if (DERIVED_TABLES.has(name) || NEVER_BACKED_UP.has(name)) continue;
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
 * (its data and files are then replaced). The schema is built by the archive's own migrations, the
 * rows go in with the site's triggers off (they would rewrite restored values), the sequences are
 * moved past the restored ids, then the newer migrations run.
 */
export async function restoreBackup(file: string, handle: DatabaseHandle, store: FileStore, env: ServerEnv, { force = false } = {}): Promise<RestoreResult> {
  const { header, tables: archived } = await inspectBackup(file);
  const notes: string[] = [];

  // On an empty database this builds the archive's schema; a site's own is already at least that.
  const partialFolder = header.migration ? migrationsUpTo(header.migration) : null;
  try {
    if (partialFolder) await handle.migrate({ migrationsFolder: partialFolder });
  } finally {
    if (partialFolder) fs.rmSync(partialFolder, { recursive: true, force: true });
  }
  const found = await describeTarget(handle, store, env);
  if (found.length > 0 && !force) {
    throw new BackupError(`The target is not empty: ${found.join("; ")}. Nothing was changed. Restore into an empty database and file store, or add --force to replace what is there.`);
  }
  const here = new Set(await tablesInOrder(handle.db));
  const unknown = Object.keys(archived).filter((name) => !here.has(name));
  if (unknown.length > 0) throw new BackupError(`The archive has a table this site does not (${unknown.join(", ")}). Nothing was changed.`);

  const counts: Record<string, number> = {};
  let fileCount = 0;
  const restored = { secret: null as string | null };
  const partsPath = path.join(env.DATA_DIR_ABS, "tmp", `restore-${process.pid}-${Date.now().toString(36)}.part`);
  const staged = await store.stage();
  try {
    await restoreLines(file, handle, staged, {
      force,
      counts,
      partsPath,
      onFile: () => (fileCount += 1),
      onSecret: (value) => {
        if (env.AUTH_SECRET) {
          notes.push("The backed-up site used a generated auth secret; this one has AUTH_SECRET set, so members must sign in again and two-factor codes must be set up again. To keep them, unset AUTH_SECRET here.");
        } else {
          restored.secret = value;
        }
      },
    });
  } catch (error) {
    await staged.discard().catch(() => {});
    throw error;
  } finally {
    fs.rmSync(partsPath, { force: true });
  }
  // The database has committed: the files, then the secret.
  try {
    await staged.commit();
  } catch (error) {
    await staged.discard().catch(() => {});
    throw new BackupError(
      `The database was restored, but the files could not be put in place (${(error as Error).message}); the old files and the auth secret are as they were. Run the restore again with --force.`,
    );
  }
  if (restored.secret !== null) writeSecret(env.DATA_DIR_ABS, restored.secret);
  if (header.authSecret === "environment") notes.push("The backed-up site had AUTH_SECRET set: set the same AUTH_SECRET here, or members must sign in again.");
  // Migrations newer than the archive.
  try {
    await handle.migrate();
  } catch (error) {
    const reason = error instanceof Error && error.cause instanceof Error ? error.cause.message : (error as Error).message;
    throw new BackupError(`The archive was restored, but bringing its tables up to this version of the site failed (${reason}). Start the site: it runs the same step again and says what is wrong.`);
  }
  return { tables: counts, files: fileCount, notes };
}

/** The generated secret, written whole or not at all: a new file renamed over the old. */
function writeSecret(dataDir: string, value: string) {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, AUTH_SECRET_FILE);
  const temp = `${file}.${process.pid}.restoring`;
  fs.writeFileSync(temp, `${value.trim()}\n`, { mode: 0o600 });
  fs.renameSync(temp, file);
}

interface RestoreState {
  force: boolean;
  counts: Record<string, number>;
  partsPath: string;
  onFile: () => void;
  onSecret: (value: string) => void;
}

/** The archive's rows into the target in one transaction, its files into the staging place. */
async function restoreLines(file: string, handle: DatabaseHandle, staged: StagedFiles, { force, counts, partsPath, onFile, onSecret }: RestoreState) {
  await handle.db.transaction(async (tx) => {
    const tables = await tablesInOrder(tx);
    if (force && tables.length > 0) await tx.execute(sql.raw(`truncate ${tables.map((t) => `"${t}"`).join(", ")} restart identity cascade`));
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
    for await (const { line } of readArchive(file)) {
      if (line.kind === "table") {
        await flush();
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
          fs.mkdirSync(path.dirname(partsPath), { recursive: true });
          fs.writeFileSync(partsPath, "");
          parts = { key: line.key, path: partsPath };
        }
        fs.appendFileSync(parts.path, Buffer.from(line.data, "base64"));
      } else if (line.kind === "file") {
        await flush();
        if (parts?.key === line.key) {
          fs.appendFileSync(parts.path, Buffer.from(line.data, "base64"));
          await staged.writeFile(line.key, parts.path, line.contentType);
          fs.rmSync(parts.path, { force: true });
          parts = null;
        } else {
          await staged.write(line.key, Buffer.from(line.data, "base64"), line.contentType);
        }
        onFile();
      } else if (line.kind === "secret") {
        await flush();
        onSecret(line.value);
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
