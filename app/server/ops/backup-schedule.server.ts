import path from "node:path";
import type { ServerEnv } from "~/config/env.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { logger } from "~/server/core/logger.server";
import { fileStoreFromEnv, pruneBackups, writeBackup } from "./backup.server";

// Scheduled backups (docs/product.md §17.5): with BACKUP_EVERY set, the running server writes an
// archive through its own database connection every interval (so the embedded database is backed
// up with no downtime too), keeping the newest BACKUP_KEEP. A stop waits for a backup in progress.

export interface BackupSchedule {
  stop(): Promise<void>;
}

export function startBackupSchedule(env: ServerEnv, handle: () => DatabaseHandle): BackupSchedule | null {
  const every = env.BACKUP_EVERY;
  if (!every) return null;
  const dir = path.resolve(env.BACKUP_DIR);
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = (async () => {
      try {
        const result = await writeBackup(handle(), await fileStoreFromEnv(env), env, dir);
        const removed = env.BACKUP_KEEP ? pruneBackups(dir, env.BACKUP_KEEP) : [];
        logger.info("backup written", { file: result.file, files: result.files, removed: removed.length });
      } catch (error) {
        logger.error("scheduled backup failed", { error });
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(run, every);
  timer.unref();
  logger.info("scheduled backups on", { everyMinutes: Math.round(every / 60_000), dir, keep: env.BACKUP_KEEP ?? "all" });
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
