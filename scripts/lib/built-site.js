// Shared by the measuring scripts (lighthouse.js, js-weight.js): build the site when the build is
// missing or older than the code, and start the production server on a free port with a
// temporary data directory. Everything started is stopped by cleanUp().
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");
export const BUILD_DIR = path.resolve(root, process.env.BUILD_DIR ?? "build");

const cleanups = [];

/** Runs `fn` when cleanUp() is called (last registered, first run). */
export function onCleanUp(fn) {
  cleanups.push(fn);
}

export async function cleanUp() {
  while (cleanups.length) await cleanups.pop()().catch(() => {});
}

function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) for (const entry of fs.readdirSync(p)) visit(path.join(p, entry));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const p of paths) visit(path.join(root, p));
  return newest;
}

function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: "inherit" });
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}

/** Builds into BUILD_DIR when the build is missing or older than the code (or with --build). */
export async function buildIfNeeded() {
  const entry = path.join(BUILD_DIR, "server/index.js");
  const sources = ["app", "server", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json"];
  const stale = !fs.existsSync(entry) || fs.statSync(entry).mtimeMs < newestMtime(sources);
  if (!stale && !process.argv.includes("--build")) return;
  console.log(`Building the site into ${path.relative(root, BUILD_DIR) || "."}…`);
  await run(process.execPath, ["server.js", "--build-only"], { ...process.env, NODE_ENV: "production" });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * Starts `node server.js` in production mode on a fresh data directory and resolves with its
 * origin once /healthz answers. `name` labels the temporary directory; `onDataDir` is told where
 * it is (to run a script on the same site).
 */
export async function startBuiltServer(name, { onDataDir } = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-data-`));
  const origin = `http://localhost:${port}`;
  onDataDir?.(dataDir);
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, SITE_URL: origin, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let stopping = false;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  void exited.then(() => {
    if (!stopping) console.warn(`  the server stopped unexpectedly (code ${child.exitCode}, signal ${child.signalCode})`);
  });
  onCleanUp(async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 8000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  await Promise.race([
    waitFor(`${origin}/healthz`, 180_000),
    exited.then((code) => Promise.reject(new Error(`the server exited (code ${code}) before it was ready`))),
  ]);
  return origin;
}
