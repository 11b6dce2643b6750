import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createDatabase } from "~/server/db/client.server";
import {
  acquireDataDirLock,
  LOCK_FILE_NAME,
  readDataDirLock,
  type DataDirLock,
} from "~/server/db/data-dir-lock.server";
import { createEmbeddedDataDir } from "../support/db";
import { makeTempDir } from "../support/processes";
import { INTEGRATION_LONG_MS, INTEGRATION_TEST_MS } from "../support/budgets";

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDataDir() {
  const temp = makeTempDir("sc-lock-");
  cleanups.push(temp.cleanup);
  return path.join(temp.dir, "data");
}

function take(dir: string): DataDirLock {
  const lock = acquireDataDirLock(dir);
  cleanups.push(() => lock.release());
  return lock;
}

function writeLock(dir: string, owner: Record<string, unknown>, ageMs = 0) {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE_NAME);
  fs.writeFileSync(file, JSON.stringify(owner));
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(file, when, when);
}

function procStart(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

/** A child process that stays alive until killed. */
function liveProcess() {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  cleanups.push(() => {
    child.kill("SIGKILL");
  });
  return child;
}

/** The pid of a process that has already exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.on("close", resolve));
  return child.pid!;
}

describe("data-directory lock", () => {
  it("refuses a second lock on the same directory, naming the directory and the holder", () => {
    const dir = tempDataDir();
    const first = take(dir);
    expect(first.owner.pid).toBe(process.pid);
    expect(() => acquireDataDirLock(dir)).toThrowError(
      expect.objectContaining({
        name: "DataDirLockedError",
        message: `The data directory ${path.resolve(dir)} is in use by another process (pid ${process.pid}). Stop the running server first, or set DATA_DIR to another directory.`,
      }),
    );
    first.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
    take(dir);
  });

  it("refuses a lock held by another live process on this host", async () => {
    const dir = tempDataDir();
    const child = liveProcess();
    await new Promise((resolve) => child.once("spawn", resolve));
    writeLock(dir, { pid: child.pid, hostname: os.hostname(), processStart: procStart(child.pid!), token: "x" });
    expect(() => acquireDataDirLock(dir)).toThrowError(`in use by another process (pid ${child.pid})`);
    // Still refused a minute later: a live owner on this host is trusted however old the file.
    writeLock(dir, { pid: child.pid, hostname: os.hostname(), processStart: procStart(child.pid!), token: "x" }, INTEGRATION_TEST_MS);
    expect(() => acquireDataDirLock(dir)).toThrowError("DATA_DIR");
  });

  it("takes over at once a lock left by a process that died (SIGKILL, crash)", async () => {
    const dir = tempDataDir();
    const pid = await deadPid();
    writeLock(dir, { pid, hostname: os.hostname(), startedAt: new Date().toISOString(), token: "old" });
    const lock = take(dir);
    expect(readDataDirLock(dir)).toMatchObject({ pid: process.pid, token: lock.owner.token });
  });

  it.runIf(fs.existsSync("/proc/self/stat"))("takes over a lock whose pid now belongs to a different process", async () => {
    const dir = tempDataDir();
    const child = liveProcess();
    await new Promise((resolve) => child.once("spawn", resolve));
    writeLock(dir, { pid: child.pid, hostname: os.hostname(), processStart: "1", token: "recycled" });
    take(dir);
    expect(readDataDirLock(dir)?.pid).toBe(process.pid);
  });

  it("trusts a lock from another host only while its owner keeps refreshing it", () => {
    const dir = tempDataDir();
    writeLock(dir, { pid: 4242, hostname: "another-host", token: "fresh" });
    expect(() => acquireDataDirLock(dir)).toThrowError("(pid 4242 on host another-host)");
    writeLock(dir, { pid: 4242, hostname: "another-host", token: "abandoned" }, INTEGRATION_LONG_MS);
    take(dir);
  });

  it("takes over an old, unreadable lock file", () => {
    const dir = tempDataDir();
    writeLock(dir, {}, INTEGRATION_TEST_MS);
    fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), "");
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(path.join(dir, LOCK_FILE_NAME), old, old);
    take(dir);
  });

  it("never removes a lock that another process has taken over since", () => {
    const dir = tempDataDir();
    const lock = acquireDataDirLock(dir);
    writeLock(dir, { pid: 4242, hostname: "another-host", token: "theirs" });
    lock.release();
    expect(readDataDirLock(dir)?.token).toBe("theirs");
  });

  it("guards an embedded database: a second open of the same directory fails until the first closes", async () => {
    const dir = tempDataDir();
    const first = await createEmbeddedDataDir(dir);
    cleanups.push(() => first.close());
    await expect(createDatabase({ dataDir: dir })).rejects.toThrowError(
      `The data directory ${path.resolve(dir)} is in use by another process`,
    );
    await first.close();
    const second = await createDatabase({ dataDir: dir });
    cleanups.push(() => second.close());
    await second.ping();
  });
});
