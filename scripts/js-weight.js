// The JavaScript a first visit downloads (issue 4: at most 90 KB gzip on the home page).
//   node scripts/js-weight.js [--pages=/,/contact] [--max-kb=90] [--build] [--verbose]
// Builds the site if the build is missing or older than the code, starts the production server
// on a free port with a temporary data directory, opens each page in headless Chromium (Debian's:
// /usr/bin/chromium, or CHROMIUM_PATH) at 390 px, waits until the network is idle and counts every
// script the page loaded before any interaction: its size gzipped as the server sends it (the
// compression middleware's default level) and uncompressed. Exits non-zero if the home page (the
// first page listed) exceeds --max-kb (90 by default; 1 KB = 1024 bytes).
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { chromium } from "@playwright/test";

const root = path.resolve(import.meta.dirname, "..");
const BUILD_DIR = path.resolve(root, process.env.BUILD_DIR ?? "build");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const MAX_KB = Number(arg("max-kb") ?? 90);
const VERBOSE = process.argv.includes("--verbose");

const cleanups = [];
async function cleanUp() {
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

async function buildIfNeeded() {
  const entry = path.join(BUILD_DIR, "server/index.js");
  const sources = ["app", "server", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json"];
  const stale = !fs.existsSync(entry) || fs.statSync(entry).mtimeMs < newestMtime(sources);
  if (!stale && !process.argv.includes("--build")) return;
  console.log(`Building the site into ${path.relative(root, BUILD_DIR) || "."}…`);
  await run(process.execPath, ["server.js", "--build-only"], { ...process.env, NODE_ENV: "production" });
}

function freePort() {
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

async function startServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "js-weight-data-"));
  const origin = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, SITE_URL: origin, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  cleanups.push(async () => {
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

/** Every script one page loads on first view, with its gzip and raw sizes. */
async function measure(browser, url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const page = await context.newPage();
  const scripts = new Map();
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    const body = await response.body().catch(() => null);
    if (!body) return;
    scripts.set(response.url(), { raw: body.length, gzip: zlib.gzipSync(body).length });
  });
  await page.goto(url, { waitUntil: "networkidle" });
  // Anything started by hydration or an idle callback, but nothing a visitor's action would start.
  await page.waitForTimeout(1500);
  await page.waitForLoadState("networkidle");
  await context.close();
  const files = [...scripts.entries()].map(([u, s]) => ({ file: new URL(u).pathname, ...s })).sort((a, b) => b.gzip - a.gzip);
  return {
    files,
    gzip: files.reduce((sum, f) => sum + f.gzip, 0),
    raw: files.reduce((sum, f) => sum + f.raw, 0),
  };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  await buildIfNeeded();
  const origin = await startServer();
  const pages = (arg("pages") ?? "/").split(",").map((p) => p.trim()).filter(Boolean);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
  cleanups.push(() => browser.close());
  const results = [];
  for (const page of pages) {
    const result = await measure(browser, `${origin}${page}`);
    results.push({ page, ...result });
    console.log(`${page}: ${result.files.length} scripts, ${kb(result.gzip)} gzip (${kb(result.raw)} uncompressed)`);
    if (VERBOSE || page === pages[0]) {
      for (const f of result.files) console.log(`    ${kb(f.gzip).padStart(9)}  ${f.file}`);
    }
  }
  const home = results[0];
  if (home.gzip > MAX_KB * 1024) {
    console.error(`\n${home.page} loads ${kb(home.gzip)} of JavaScript (gzip) on first view: more than ${MAX_KB} KB.`);
    process.exitCode = 1;
  } else {
    console.log(`\n${home.page}: ${kb(home.gzip)} of JavaScript (gzip) on first view, within ${MAX_KB} KB.`);
  }
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
