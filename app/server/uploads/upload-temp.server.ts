import fs from "node:fs/promises";
import path from "node:path";
import { getServerEnv } from "~/config/env.server";
import { logger } from "~/server/logger.server";

// Where a large upload (a lesson's video) waits while it arrives: DATA_DIR/tmp/uploads, on the same
// disk as the local file storage, so storing it is a rename. Each upload removes its own file
// whatever happens; a server stopped in the middle of one leaves it behind, so files older than a
// day are removed when a server starts (no upload takes that long).

const STALE_MS = 24 * 60 * 60 * 1000;

export function uploadTempDir(): string {
  return path.join(getServerEnv().DATA_DIR_ABS, "tmp", "uploads");
}

/** Removes what interrupted uploads left in the folder; returns how many files went. */
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
      if (now - stat.mtimeMs < STALE_MS) continue;
      await fs.rm(file, { force: true, recursive: true });
      removed += 1;
    } catch (error) {
      logger.warn("could not remove an interrupted upload", { error, file });
    }
  }
  return removed;
}
