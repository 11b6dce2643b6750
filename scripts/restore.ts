// Restores an archive written by npm run backup, with the site stopped:
//   npm run restore -- FILE            into an empty database and file store
//   npm run restore -- FILE --force    deleting what the target holds first
// The target is what the configuration names: DATABASE_URL (else the embedded database in
// DATA_DIR) and S3_BUCKET (else DATA_DIR/uploads). docs/product.md §17.5.
import "./lib/private-files";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "~/server/db/client.server";
import { inspectBackup, restoreBackup } from "~/server/ops/backup-restore.server";
import { BackupError, fileStoreFromEnv } from "~/server/ops/backup.server";
import { loadScriptEnv, openScriptDatabase, runScript } from "./lib/start";

const USAGE = "Usage: npm run restore -- FILE [--force]";

/** A server of this site that reported itself in the last two minutes (PostgreSQL only). */
async function runningServers(handle: DatabaseHandle): Promise<number> {
  try {
    const result = await handle.db.execute<{ count: number }>(sql`select count(*)::int as count from server_instances where last_seen_at > now() - interval '2 minutes'`);
    return Number(result.rows[0]?.count ?? 0);
  } catch {
    return 0; // no such table yet: an empty database
  }
}

async function main(argv: string[]): Promise<number> {
  const force = argv.includes("--force");
  const files = argv.filter((a) => a !== "--force");
  if (files.length !== 1 || files[0]!.startsWith("-")) {
    console.error(USAGE);
    return 2;
  }
  const file = files[0]!;
  const env = loadScriptEnv({ LOG_LEVEL: "warn" });
  if (!env) return 1;
  try {
    const { header, tables, files: fileCount } = await inspectBackup(file);
    const rows = Object.values(tables).reduce((a, b) => a + b, 0);
    console.log(`Archive of ${header.createdAt}: ${rows} rows, ${fileCount} files (from the ${header.database} database and ${header.files === "s3" ? "an S3 bucket" : "a local folder"}).`);
  } catch (error) {
    console.error(error instanceof BackupError ? error.message : (error as Error).message);
    return 1;
  }
  const handle = await openScriptDatabase(env, {
    ping: true,
    whenLocked: (error) => `The site is running on ${env.DATA_DIR_ABS}${error.pid ? ` (pid ${error.pid})` : ""}. Stop it, then restore. Nothing was changed.`,
  });
  if (!handle) return 1;
  try {
    if (env.DATABASE_URL && !force && (await runningServers(handle)) > 0) {
      console.error("A server of this site is running on this database (seen in the last two minutes). Stop every server, then restore (or add --force). Nothing was changed.");
      return 1;
    }
    console.log(`Restoring into ${handle.description} and the ${env.S3_BUCKET ? `S3 bucket ${env.S3_BUCKET}` : "uploads folder"}${force ? " (--force: replacing what is there)" : ""}…`);
    const result = await restoreBackup(file, handle, await fileStoreFromEnv(env), env, { force });
    const rows = Object.values(result.tables).reduce((a, b) => a + b, 0);
    for (const note of result.notes) console.log(`Note: ${note}`);
    console.log(`Restored ${rows} rows in ${Object.keys(result.tables).length} tables and ${result.files} files. Start the site.`);
    return 0;
  } catch (error) {
    // A failed query says PostgreSQL's reason, never the rows it was given.
    const reason = error instanceof Error && error.cause instanceof Error ? error.cause.message : (error as Error).message;
    console.error(error instanceof BackupError ? error.message : `The restore failed: ${reason}. Nothing was changed.`);
    return 1;
  } finally {
    await handle.close();
  }
}

runScript(() => main(process.argv.slice(2)), "The restore failed");
