// Benchmark (not a test): time from `node server.js` to the first served page on an EXISTING
// data directory (the goal in docs/performance.md: ≤ 2 s), and the memory of all the site's
// processes (Node and the embedded database) when idle, 3 s after that first page (goal ≤ 250 MB).
// Usage: npm run bench:startup [-- --runs=5]; WEB_CONCURRENCY and DATABASE_URL are passed through.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { formatMemory, loadAverage, processTreeMemory } from "./process-memory.js";

const runs = Number(process.argv.find((a) => a.startsWith("--runs="))?.split("=")[1] ?? 5);
const root = path.resolve(import.meta.dirname, "..");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-startup-"));
const port = 4900 + Math.floor(Math.random() * 50);

function start() {
  return spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: { MALLOC_ARENA_MAX: "2", ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function firstPage(timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`);
      if (res.status === 200) {
        await res.text();
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("the server did not answer in time");
}

async function stop(child) {
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

// The first start builds if needed and creates and migrates the data directory: not measured.
console.log("Preparing: build (if needed) and a new data directory…");
let child = start();
await firstPage(300_000);
await stop(child);

const loadBefore = loadAverage();
const times = [];
const idle = [];
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  child = start();
  await firstPage();
  times.push(performance.now() - t0);
  await new Promise((r) => setTimeout(r, 3000));
  const memory = processTreeMemory(child.pid);
  if (memory) idle.push(memory);
  await stop(child);
}
rmSync(dataDir, { recursive: true, force: true });
times.sort((a, b) => a - b);
const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`;
console.log(`Start-up to first page on an existing data directory (${runs} runs):`);
console.log(`  median ${fmt(times[Math.floor(times.length / 2)])}, best ${fmt(times[0])}, worst ${fmt(times.at(-1))}`);
if (idle.length > 0) {
  idle.sort((a, b) => a.rssMB - b.rssMB);
  const median = idle[Math.floor(idle.length / 2)];
  console.log(`Idle memory of the site (Node and its database), 3 s after the first page (median of ${idle.length}):`);
  console.log(`  ${formatMemory(median)}; goal ≤ 250 MB (PSS: docs/performance.md, Memory): ${median.pssMB <= 250 ? "met" : "NOT met"}`);
}
console.log(`Load average (1, 5, 15 min) before: ${loadBefore}; after: ${loadAverage()}.`);
