import fs from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { getServerEnv, type FreeSpaceSetting } from "~/config/env.server";

// The upload space guard (docs/security.md, "Upload space guard"; decision 240). The embedded
// database lives on the disk of DATA_DIR, beside the uploads: a video that fills the disk would stop
// PostgreSQL writing its log, and with it sign-ups, payments and the site's restart. So an upload
// must leave a margin free: one whose declared length would eat into it is refused before a byte
// is written, and the free space is read again every few megabytes while it streams. A write that
// fails all the same (the disk filled by something else, a quota) is answered at once, and what
// was written is removed by the caller.

const MB = 1024 * 1024;

/**
 * What the embedded database needs free on the disk of DATA_DIR to start and run for a while: two
 * of its 16 MB log segments. The default margin below is larger, so a disk that uploads filled up
 * to their margin still lets the site start (app/server/startup/startup.server.ts).
 */
export const START_FREE_SPACE_BYTES = 32 * MB;

/** The margin when UPLOAD_MIN_FREE_SPACE is unset: the smaller of 1 GB and 10 % of the disk, but at least 64 MB. */
export const DEFAULT_FREE_SPACE = { most: 1024 * MB, share: 0.1, least: 64 * MB } as const;

/** How often (in bytes written) a streaming upload reads the free space again. */
export const CHECK_EVERY_BYTES = 4 * MB;

/** 507 Insufficient Storage: the server, not the file, is the problem (decision 240). */
export const NO_SPACE_STATUS = 507;

export const UPLOAD_NO_SPACE_MESSAGE =
  "The server's disk is too full to take this upload, so nothing was saved. Please free some space on the server (or ask your hosting provider for more), then try again.";

export const UPLOAD_WRITE_FAILED_MESSAGE = "The upload could not be written to the server's disk, so nothing was saved. Please try again.";

/** The guard stopped an upload: writing on would leave less than the margin free. */
export class InsufficientStorageError extends Error {
  constructor() {
    super("Not enough free disk space for this upload");
    this.name = "InsufficientStorageError";
  }
}

export interface DiskSpace {
  /** Bytes an ordinary process may still write. */
  free: number;
  /** The size of the file system. */
  total: number;
}

/** The free and total space of the file system holding `dir` (which must exist). */
export async function diskSpace(dir: string): Promise<DiskSpace> {
  const stat = await fs.statfs(dir);
  return { free: stat.bavail * stat.bsize, total: stat.blocks * stat.bsize };
}

/** The bytes an upload must leave free on a disk of `total` bytes. */
export function freeSpaceMargin(total: number, setting: FreeSpaceSetting | undefined = getServerEnv().UPLOAD_MIN_FREE_SPACE): number {
  if (setting === undefined) return Math.max(DEFAULT_FREE_SPACE.least, Math.min(DEFAULT_FREE_SPACE.most, Math.floor(total * DEFAULT_FREE_SPACE.share)));
  if ("share" in setting) return Math.floor(total * setting.share);
  return setting.bytes;
}

/** Whether `bytes` more can be written in `dir` and still leave the margin free. */
export async function hasRoomFor(dir: string, bytes: number): Promise<boolean> {
  const { free, total } = await diskSpace(dir);
  return free - bytes >= freeSpaceMargin(total);
}

/** Errors that mean the disk (or the user's quota) is full, the guard's own included. */
export function isNoSpaceError(error: unknown): boolean {
  if (error instanceof InsufficientStorageError) return true;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === "ENOSPC" || code === "EDQUOT" || code === "EFBIG";
}

/**
 * A pass-through for the bytes on their way to a file in `dir`: every CHECK_EVERY_BYTES it reads
 * the free space again, and fails with InsufficientStorageError once the next stretch would eat
 * into the margin (so the margin stays free until the following check).
 */
export function spaceGuard(dir: string): Transform {
  let sinceCheck = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sinceCheck += chunk.length;
      if (sinceCheck < CHECK_EVERY_BYTES) {
        done(null, chunk);
        return;
      }
      sinceCheck = 0;
      diskSpace(dir).then(
        ({ free, total }) => done(free < freeSpaceMargin(total) + CHECK_EVERY_BYTES ? new InsufficientStorageError() : null, chunk),
        (error: unknown) => done(error as Error),
      );
    },
  });
}

/** The free space on the disk holding `dir` (or its nearest existing parent), or null if unreadable. */
async function freeSpaceAt(dir: string): Promise<number | null> {
  for (let at = dir; ; at = path.dirname(at)) {
    try {
      return (await diskSpace(at)).free;
    } catch {
      if (path.dirname(at) === at) return null;
    }
  }
}

/** One line for the person starting the site when the disk of DATA_DIR is too full for the embedded database, else null. */
export async function diskSpaceProblem(dataDir: string): Promise<string | null> {
  const free = await freeSpaceAt(dataDir);
  if (free === null || free >= START_FREE_SPACE_BYTES) return null;
  return (
    `Cannot start: the disk of the data directory DATA_DIR (${dataDir}) has ${Math.floor(free / MB)} MB free, and the site needs at least ` +
    `${START_FREE_SPACE_BYTES / MB} MB free to start (the embedded database writes its log there). Free some space on that disk, or set DATA_DIR to a folder on a larger one.`
  );
}
