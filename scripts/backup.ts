// Writes one archive of the whole site (database and uploaded files) while it runs:
//   npm run backup
// Into BACKUP_DIR (default ./backups); the archive's path is the last line printed. The site may be
// running, on PostgreSQL (DATABASE_URL) or on the embedded database (through the database server
// the site runs): the database is read in one consistent snapshot. docs/product.md §17.5.
import "./lib/private-files";
import fs from "node:fs";
import path from "node:path";
import { BackupError, fileStoreFromEnv, pruneBackups, writeBackup } from "~/server/ops/backup.server";
import { loadScriptEnv, openScriptDatabase, runScript } from "./lib/start";

async function main(): Promise<number> {
  const env = loadScriptEnv({ LOG_LEVEL: "warn" });
  if (!env) return 1;
  if (!env.DATABASE_URL && !fs.existsSync(path.join(env.DATA_DIR_ABS, "postgres"))) {
    console.error(`There is no database to back up in DATA_DIR (${env.DATA_DIR_ABS}). Check DATA_DIR (or DATABASE_URL).`);
    return 1;
  }
  // Shared: while the site runs, through the database server it runs.
  const handle = await openScriptDatabase(env, {
    shared: true,
    ping: true,
    whenLocked: (error) =>
      [
        `The embedded database in ${env.DATA_DIR_ABS} is held by a server${error.pid ? ` (pid ${error.pid})` : ""} whose database does not answer.`,
        "Nothing was written. Stop that server (or wait until it has started) and run npm run backup again.",
      ].join("\n"),
  });
  if (!handle) return 1;
  try {
    const dir = path.resolve(env.BACKUP_DIR);
    console.log(`Backing up ${handle.description} and the ${env.S3_BUCKET ? `S3 bucket ${env.S3_BUCKET}` : "uploads folder"}…`);
    const result = await writeBackup(handle, await fileStoreFromEnv(env), env, dir);
    const rows = Object.values(result.tables).reduce((a, b) => a + b, 0);
    console.log(`${rows} rows in ${Object.keys(result.tables).length} tables, ${result.files} files.`);
    if (env.BACKUP_KEEP) for (const old of pruneBackups(dir, env.BACKUP_KEEP)) console.log(`Removed the old backup ${old} (BACKUP_KEEP=${env.BACKUP_KEEP}).`);
    console.log(result.file);
    return 0;
  } catch (error) {
    console.error(error instanceof BackupError ? error.message : `The backup failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await handle.close();
  }
}

runScript(main, "The backup failed");
