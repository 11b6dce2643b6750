import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmbeddedDataDir } from "../support/db";
import { embeddedPostmasters } from "../support/embedded";
import { childEnv, ensureBuild, freePort, makeTempDir, PROJECT_ROOT } from "../support/processes";
import { INTEGRATION_BUILD_MS, INTEGRATION_WHOLE_SCRIPT_MS } from "../support/budgets";

// A stop reaches the server whatever started it, at any moment (docs/product.md §17.4, decision
// 250): SIGTERM sent to `npm start` itself (as a process manager does) stops the server
// gracefully, freeing the port and the data directory and stopping the embedded database; and a
// server stopped while its database is still starting leaves no database running behind it.

const temp = makeTempDir("sc-signals-");
const started: ChildProcess[] = [];

beforeAll(async () => {
  const problem = await ensureBuild();
  if (problem) throw new Error(problem);
}, INTEGRATION_BUILD_MS);

afterAll(() => {
  // Whatever a failed test left: the server (by the pid in its lock), then the database.
  for (const dir of fs.readdirSync(temp.dir)) {
    const pid = lockOwner(path.join(temp.dir, dir));
    if (pid) kill(pid);
  }
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  temp.cleanup();
});

function kill(pid: number) {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}

function lockOwner(dataDir: string): number | null {
  try {
    return (JSON.parse(fs.readFileSync(path.join(dataDir, "data-dir.lock"), "utf8")) as { pid: number }).pid;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
}

const databasesOf = (dataDir: string) => embeddedPostmasters().filter((p) => p.cluster.startsWith(dataDir + path.sep));

/** Polls `check` until it is true (at most `ms`); returns its last answer. */
async function waitUntil(check: () => boolean | Promise<boolean>, ms = 60_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

function launch(command: string, args: string[], env: Record<string, string>) {
  const child = spawn(command, args, { cwd: PROJECT_ROOT, env: childEnv({ NODE_ENV: "production", LOG_LEVEL: "info", ...env }), stdio: ["ignore", "pipe", "pipe"] });
  started.push(child);
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  // On exit, not on close: a server left behind would hold the pipes open.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  return { child, output: () => output, exited };
}

describe("stopping the server", () => {
  it("SIGTERM to `npm start` reaches the server: the port, the data directory and the database are freed", async () => {
    const dataDir = path.join(temp.dir, "npm-start");
    await (await createEmbeddedDataDir(dataDir)).close();
    const port = await freePort();
    const npm = launch("npm", ["start", "--silent"], { DATA_DIR: dataDir, PORT: String(port) });
    expect(await waitUntil(() => npm.output().includes("Server listening on"), 240_000), npm.output()).toBe(true);
    const server = lockOwner(dataDir)!;
    expect(server).not.toBe(npm.child.pid);
    // The memory setting of `npm start` reached the server (docs/decisions/203).
    expect(fs.readFileSync(`/proc/${server}/environ`, "utf8").split("\0")).toContain("MALLOC_ARENA_MAX=2");
    expect(databasesOf(dataDir)).toHaveLength(1);

    npm.child.kill("SIGTERM");
    const exit = await npm.exited;
    expect(exit.code, npm.output()).toBe(0);
    expect(await waitUntil(() => npm.output().includes("Stopped."), 10_000), npm.output()).toBe(true);
    expect(npm.output()).toContain("SIGTERM received");
    expect(await waitUntil(() => !isAlive(server), 10_000)).toBe(true);
    expect(await portAnswers(port)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, "data-dir.lock"))).toBe(false);
    expect(await waitUntil(() => databasesOf(dataDir).length === 0, 20_000)).toBe(true);
  }, INTEGRATION_WHOLE_SCRIPT_MS);

  it("SIGTERM while the embedded database starts: the server stops it before exiting", async () => {
    const dataDir = path.join(temp.dir, "starting");
    const server = launch(process.execPath, ["server.js"], { DATA_DIR: dataDir, PORT: "0" });
    // The moment its database process exists, before the site is ready (a new database: the
    // migrations that follow leave seconds to spare).
    expect(await waitUntil(() => databasesOf(dataDir).length > 0 || server.child.exitCode !== null, 300_000), server.output()).toBe(true);
    expect(server.output()).not.toContain("Server listening on");
    server.child.kill("SIGTERM");
    const exit = await server.exited;
    expect(exit.code, server.output()).toBe(0);
    expect(await waitUntil(() => databasesOf(dataDir).length === 0, 30_000), server.output()).toBe(true);
    expect(fs.existsSync(path.join(dataDir, "data-dir.lock"))).toBe(false);
  }, INTEGRATION_WHOLE_SCRIPT_MS);
});
