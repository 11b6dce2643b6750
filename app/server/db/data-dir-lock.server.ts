import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// One site per data directory: two servers starting the same embedded database at once would fight
// over it (docs/architecture.md §7, known traps). Whoever opens the embedded database first takes this lock file; any
// other process (a second server, the admin script, the seed) refuses with a clear message.
//
// The lock is a file created atomically (O_EXCL) holding the owner's pid, host and start time.
// A lock whose owner is gone (a crash, SIGKILL) is stale and taken over at once, so a restart
// after a crash works immediately. Owners are recognised by pid plus the process start time from
// /proc where available, so a recycled pid (pid 1 in a restarted container) is not mistaken for
// the old owner. A lock written on another host cannot be checked by pid; its owner refreshes the
// file's modification time every few seconds, and a lock left unrefreshed is stale.

export const LOCK_FILE_NAME = "data-dir.lock";
const HEARTBEAT_MS = 5_000;
const FOREIGN_HOST_STALE_MS = 30_000;
const TAKEOVER_GUARD_STALE_MS = 10_000;

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number | null,
    readonly hostname: string | null,
  ) {
    const owner =
      pid === null
        ? "another process"
        : hostname && hostname !== os.hostname()
          ? `another process (pid ${pid} on host ${hostname})`
          : `another process (pid ${pid})`;
    super(
      `The data directory ${dataDir} is in use by ${owner}. ` +
        "Stop the running server first, or set DATA_DIR to another directory.",
    );
    this.name = "DataDirLockedError";
  }
}

export interface LockOwner {
  pid: number;
  hostname: string;
  /** ISO time the lock was taken. */
  startedAt: string;
  /** Process start time in clock ticks since boot (Linux /proc), to tell a recycled pid apart. */
  processStart: string | null;
  bootId: string | null;
  token: string;
}

export interface DataDirLock {
  readonly dataDir: string;
  readonly lockPath: string;
  readonly owner: LockOwner;
  release(): void;
}

// Held locks are kept on globalThis so a module reloaded by the dev server still sees them.
const state = globalThis as typeof globalThis & { __dataDirLocks?: Map<string, DataDirLock> };
const held = (state.__dataDirLocks ??= new Map());

function readProcFile(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat (starttime); the command name in field 2 may contain spaces. */
function processStartTime(pid: number): string | null {
  const stat = readProcFile(`/proc/${pid}/stat`);
  if (!stat) return null;
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return fields[19] ?? null;
}

function bootId(): string | null {
  return readProcFile("/proc/sys/kernel/random/boot_id")?.trim() || null;
}

function pidIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readOwner(lockPath: string): { owner: Partial<LockOwner> | null; raw: string; mtimeMs: number } | null {
  let raw: string;
  let mtimeMs: number;
  try {
    raw = fs.readFileSync(lockPath, "utf8");
    mtimeMs = fs.statSync(lockPath).mtimeMs;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  try {
    return { owner: JSON.parse(raw) as Partial<LockOwner>, raw, mtimeMs };
  } catch {
    // Half-written or damaged: the writer died between create and write.
    return { owner: null, raw, mtimeMs };
  }
}

/** Whether the process recorded in a lock file may still be running. */
function ownerIsAlive(owner: Partial<LockOwner> | null, mtimeMs: number): boolean {
  if (!owner || typeof owner.pid !== "number") {
    // Unreadable content: trust it only while it is fresh (a writer may be mid-write).
    return Date.now() - mtimeMs < TAKEOVER_GUARD_STALE_MS;
  }
  if (owner.hostname !== os.hostname()) return Date.now() - mtimeMs < FOREIGN_HOST_STALE_MS;
  const currentBoot = bootId();
  if (owner.bootId && currentBoot && owner.bootId !== currentBoot) return false;
  if (!pidIsRunning(owner.pid)) return false;
  if (owner.processStart) {
    const start = processStartTime(owner.pid);
    if (start !== null && start !== owner.processStart) return false;
  }
  return true;
}

function writeExclusive(file: string, content: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_WRONLY, 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    fs.writeSync(fd, content);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

function unlinkIfExists(file: string) {
  try {
    fs.unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

/**
 * Removes a stale lock, guarded so that two processes taking over the same stale lock at the same
 * moment cannot both succeed: only the holder of the guard file may delete the lock, and only if
 * it still holds the content that was judged stale.
 */
function removeStaleLock(lockPath: string, staleContent: string): void {
  const guard = `${lockPath}.takeover`;
  if (!writeExclusive(guard, String(process.pid))) {
    const age = (() => {
      try {
        return Date.now() - fs.statSync(guard).mtimeMs;
      } catch {
        return 0;
      }
    })();
    // A guard left behind by a process that died mid-takeover.
    if (age > TAKEOVER_GUARD_STALE_MS) unlinkIfExists(guard);
    return;
  }
  try {
    const current = readOwner(lockPath);
    if (current && current.raw === staleContent) unlinkIfExists(lockPath);
  } finally {
    unlinkIfExists(guard);
  }
}

/**
 * Takes the exclusive lock on a data directory (created if missing). Throws DataDirLockedError
 * when another live process holds it, including another open database in this process.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, LOCK_FILE_NAME);

  if (held.has(lockPath)) throw new DataDirLockedError(dir, process.pid, os.hostname());

  const owner: LockOwner = {
    pid: process.pid,
    hostname: os.hostname(),
    startedAt: new Date().toISOString(),
    processStart: processStartTime(process.pid),
    bootId: bootId(),
    token: randomUUID(),
  };
  const content = JSON.stringify(owner, null, 2) + "\n";

  for (let attempt = 0; ; attempt++) {
    if (writeExclusive(lockPath, content)) break;
    const existing = readOwner(lockPath);
    if (!existing) continue; // released between our create and our read: try again
    if (ownerIsAlive(existing.owner, existing.mtimeMs) || attempt >= 5) {
      throw new DataDirLockedError(dir, existing.owner?.pid ?? null, existing.owner?.hostname ?? null);
    }
    removeStaleLock(lockPath, existing.raw);
    // Another process may be taking over the same stale lock: give it a moment to finish.
    if (attempt > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }

  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      fs.utimesSync(lockPath, now, now);
    } catch {
      // The directory may be gone (tests removing temp dirs); nothing to refresh.
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    process.off("exit", release);
    held.delete(lockPath);
    // Remove the file only if it is still ours (never someone else's lock taken over after ours).
    const current = readOwner(lockPath);
    if (current?.owner?.token === owner.token) unlinkIfExists(lockPath);
  };
  process.on("exit", release);

  const lock: DataDirLock = { dataDir: dir, lockPath, owner, release };
  held.set(lockPath, lock);
  return lock;
}

/** Reads who holds a data directory's lock, if anyone (for messages; the lock may be stale). */
export function readDataDirLock(dataDir: string): Partial<LockOwner> | null {
  return readOwner(path.join(path.resolve(dataDir), LOCK_FILE_NAME))?.owner ?? null;
}

export function isDataDirLockedError(error: unknown): error is DataDirLockedError {
  return error instanceof Error && error.name === "DataDirLockedError";
}
