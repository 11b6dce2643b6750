import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { getServerEnv } from "~/config/env.server";
import { logger } from "~/server/core/logger.server";

// Where a large upload (a lesson's video) waits while it arrives: DATA_DIR/tmp/uploads, on the same
// disk as the local file storage, so storing it is a rename. Each upload removes its own file
// whatever happens. A process stopped in the middle of one (a crash, a kill, a full disk) leaves it
// behind, so every server process sweeps the folder as it starts, before the database (a part file
// that filled the disk would otherwise stop the embedded database starting; decision 241).
//
// A part file is named after the process writing it (`video-<pid>-….part`): with WEB_CONCURRENCY
// several processes share DATA_DIR, and one starting (a replacement for a worker that died) must
// not remove a part its sibling is writing. The sweep keeps only the parts of other live processes;
// a part untouched for a day goes whatever its name says (its pid may have been reused).

const STALE_MS = 24 * 60 * 60 * 1000;
const PART_NAME = /^[a-z]+-(\d+)-[0-9a-z]+-[0-9a-f]+\.part$/;

export function uploadTempDir(): string {
  return path.join(getServerEnv().DATA_DIR_ABS, "tmp", "uploads");
}

/** A new part file's path for this process: `<kind>-<pid>-<time>-<random>.part`. */
export function partFilePath(kind: string): string {
  return path.join(uploadTempDir(), `${kind}-${process.pid}-${Date.now().toString(36)}-${randomBytes(6).toString("hex")}.part`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether a file in the folder may be another live process's upload in progress. */
function inProgressElsewhere(name: string, mtimeMs: number, now: number): boolean {
  if (now - mtimeMs >= STALE_MS) return false;
  const pid = Number(PART_NAME.exec(name)?.[1]);
  return Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid);
}

/**
 * Removes what interrupted uploads left in the folder: everything but the part files of other live
 * processes. For a process's start, before it writes any part of its own. Returns how many went.
 */
export async function removeStaleUploads(now = Date.now()): Promise<number> {
  const dir = uploadTempDir();
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      const stat = await fs.stat(file);
      if (inProgressElsewhere(name, stat.mtimeMs, now)) continue;
      await fs.rm(file, { force: true, recursive: true });
      removed += 1;
    } catch (error) {
      logger.warn("could not remove an interrupted upload", { error, file });
    }
  }
  if (removed > 0) logger.info("removed what interrupted uploads left", { removed, dir });
  return removed;
}
