import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// A real, small file system for the tests of a full disk: a tmpfs mounted on a folder (the test
// machine runs as root). Where mounting is not allowed, the caller skips its tests and says why:
// a pretend reading of the free space would not show what the site does when a write really fails.

export interface SmallDisk {
  dir: string;
  /** Detaches the file system (lazily: a process that still has a file open keeps it until it closes it). */
  unmount(): void;
}

/** Mounts a tmpfs of `megabytes` on `dir` (created if needed); the reason when that is not possible. */
export function mountSmallDisk(dir: string, megabytes: number): { ok: true; disk: SmallDisk } | { ok: false; reason: string } {
  fs.mkdirSync(dir, { recursive: true });
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${megabytes}m,mode=0755`, "tmpfs", dir], { stdio: "pipe" });
  } catch (error) {
    const detail = (error as { stderr?: Buffer }).stderr?.toString().trim() || (error as Error).message;
    return { ok: false, reason: `cannot mount a ${megabytes} MB tmpfs on ${dir} (needs root or CAP_SYS_ADMIN): ${detail}` };
  }
  let mounted = true;
  return {
    ok: true,
    disk: {
      dir,
      unmount() {
        if (!mounted) return;
        mounted = false;
        execFileSync("umount", ["-l", dir], { stdio: "pipe" });
      },
    },
  };
}

/** Bytes free for an ordinary user on the file system holding `dir`. */
export function freeBytes(dir: string): number {
  const stat = fs.statfsSync(dir);
  return stat.bavail * stat.bsize;
}

/** Writes `file` until the disk holding it has at most `leave` bytes free (or is full); returns its size. */
export function fillDisk(file: string, leave = 0): number {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const chunk = Buffer.alloc(1024 * 1024, 0x5a);
  const fd = fs.openSync(file, "w");
  let written = 0;
  try {
    for (;;) {
      const room = freeBytes(file) - leave;
      if (room <= 0) break;
      try {
        written += fs.writeSync(fd, chunk, 0, Math.min(chunk.length, room));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOSPC") break;
        throw error;
      }
    }
  } finally {
    fs.closeSync(fd);
  }
  return written;
}
