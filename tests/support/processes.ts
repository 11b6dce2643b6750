import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { stopEmbeddedDatabasesUnder } from "./embedded";

// Helpers for integration tests that run the real server or a script in a child process.

export const PROJECT_ROOT = path.resolve(import.meta.dirname, "../..");

/** A TCP port free on the loopback interface right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A fresh temporary directory, removed by the returned cleanup. */
export function makeTempDir(prefix = "sc-test-"): { dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  // mkdtemp makes it private (0700): the embedded database's own user (root runs it as
  // strongsite-db) must be able to pass through to DATA_DIR inside.
  fs.chmodSync(dir, 0o755);
  return {
    dir,
    cleanup: () => {
      stopEmbeddedDatabasesUnder(dir);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Variables that would point a child at another database, configuration or admin account. */
const ISOLATED_VARIABLES = [
  "DATABASE_URL",
  "DATA_DIR",
  "COACH_NAME",
  "COACH_SLUG",
  "ADMIN_EMAIL",
  "ADMIN_EMAILS",
  "SEED_ADMIN_PASSWORD",
];

/**
 * The environment for a child process: this one's plus the given values, with the variables
 * above blanked unless given. NOTE: blank, not deleted, because server.js and the scripts load
 * a developer's .env, which never overrides a variable that is already set (even to "").
 */
export function childEnv(values: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ISOLATED_VARIABLES) env[key] = "";
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to completion (killed after `timeoutMs`). */
export function runProcess(
  command: string,
  args: string[],
  { env, timeoutMs = 60_000 }: { env: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<Finished & { durationMs: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: PROJECT_ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, durationMs: Date.now() - started });
    });
  });
}

/** Runs one of the TypeScript scripts in scripts/ through tsx, as `npm run …` does. */
export function runScript(script: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 60_000) {
  const tsx = path.join(PROJECT_ROOT, "node_modules/tsx/dist/cli.mjs");
  return runProcess(process.execPath, [tsx, path.join("scripts", script), ...args], { env, timeoutMs });
}

export interface RunningServer {
  child: ChildProcess;
  port: number;
  url: string;
  output: () => string;
  /** Resolves with how the process ended. */
  exited: Promise<Finished>;
  stop(signal?: NodeJS.Signals): Promise<Finished>;
}

/**
 * Starts `node server.js` in production mode on a free port with the given variables (see
 * childEnv) and waits until it listens, or rejects with its output if it exits first.
 */
export function startServer(values: Record<string, string>, timeoutMs = 60_000): Promise<RunningServer> {
  const child = spawn(process.execPath, ["server.js"], {
    cwd: PROJECT_ROOT,
    env: childEnv({ NODE_ENV: "production", PORT: "0", ...values }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  const exited = new Promise<Finished>((resolve) => {
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`The server did not start within ${timeoutMs} ms.\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      const match = /Server listening on http:\/\/localhost:(\d+)/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        const port = Number(match[1]);
        resolve({
          child,
          port,
          url: `http://127.0.0.1:${port}`,
          output: () => stdout + stderr,
          exited,
          async stop(signal = "SIGTERM") {
            if (child.exitCode === null && child.signalCode === null) child.kill(signal);
            return exited;
          },
        });
      }
    });
    void exited.then((result) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (code ${result.code}) before listening.\n${result.stdout}\n${result.stderr}`));
    });
  });
}

/** Newest modification time of the files under the given paths (ms). */
function newestMtime(paths: string[]): number {
  let newest = 0;
  const visit = (p: string) => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) for (const entry of fs.readdirSync(p)) visit(path.join(p, entry));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const p of paths) visit(path.join(PROJECT_ROOT, p));
  return newest;
}

/**
 * Builds the site when build/ is missing or older than the code it bundles, so the server tests
 * never exercise stale code. Returns null when the build is usable, otherwise the build's output.
 */
export async function ensureBuild(): Promise<string | null> {
  const entry = path.join(PROJECT_ROOT, process.env.BUILD_DIR ?? "build", "server/index.js");
  const sources = ["app", "server", "vite.config.ts", "react-router.config.ts", "package-lock.json"];
  if (fs.existsSync(entry) && fs.statSync(entry).mtimeMs >= newestMtime(sources)) return null;
  const result = await runProcess(process.execPath, ["server.js", "--build-only"], {
    env: childEnv({ NODE_ENV: "production" }),
    timeoutMs: 240_000,
  });
  return result.code === 0 ? null : `The build failed (code ${result.code}):\n${result.stdout}\n${result.stderr}`;
}
