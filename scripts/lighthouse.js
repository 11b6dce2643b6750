// Lighthouse (mobile preset) on every public page of the built site (issue 4 "Tests").
//   npm run lighthouse [-- --pages=/,/contact] [-- --build]
// Builds the site if the build is missing or older than the code, starts the production server
// on a free port with a temporary data directory, runs Lighthouse in headless Chromium (Debian's:
// /usr/bin/chromium, or CHROMIUM_PATH) on each page and prints a table: the four category scores
// and the JavaScript transferred, then the home page's JavaScript (gzip) and the audits that cost
// points. Full reports: .tmp/lighthouse/. It measures; it exits non-zero only on a crash.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import lighthouse from "lighthouse";

const root = path.resolve(import.meta.dirname, "..");
const BUILD_DIR = path.resolve(root, process.env.BUILD_DIR ?? "build");
// NOTE: not under .tmp/reports, which `npm test` empties at its start (scripts/test.js).
const REPORT_DIR = path.join(root, ".tmp/lighthouse");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

const cleanups = [];
async function cleanUp() {
  while (cleanups.length) await cleanups.pop()().catch(() => {});
}

// ---------------------------------------------------------------------------------------------
// The built site and its server

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
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

async function startServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-data-"));
  const origin = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      SITE_URL: origin,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let stopping = false;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  void exited.then(() => {
    if (!stopping) console.warn(`  the server stopped unexpectedly (code ${child.exitCode}, signal ${child.signalCode})`);
  });
  cleanups.push(async () => {
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

// ---------------------------------------------------------------------------------------------
// The pages: the sitemap's, plus the public pages kept out of search (checkouts, payment success)

async function publicPages(origin) {
  const only = arg("pages");
  if (only) return only.split(",").map((p) => p.trim()).filter(Boolean);
  const xml = await (await fetch(`${origin}/sitemap.xml`)).text();
  const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const slug = listed.find((p) => p.startsWith("/meet-"))?.slice("/meet-".length) ?? "jo";
  // In the order of SPEC §2's route table.
  const after = {
    [`/stronger-with-${slug}`]: `/stronger-with-${slug}-checkout`,
    "/learn-to-lift": "/learn-to-lift-checkout",
    "/build-stronger-foundations": "/build-stronger-foundations-checkout",
    "/build-stronger-foundations-interest": "/payment-success",
  };
  return listed.flatMap((p) => (after[p] ? [p, after[p]] : [p]));
}

// ---------------------------------------------------------------------------------------------
// Chromium and Lighthouse

async function startChromium() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-chromium-"));
  const child = spawn(
    CHROMIUM,
    [
      "--headless=new",
      "--remote-debugging-port=0",
      `--user-data-dir=${profile}`,
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--no-default-browser-check",
      "--disable-extensions",
      "--disable-quic",
      "--mute-audio",
      // Only the local server is measured: no host name but localhost resolves.
      "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost",
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  cleanups.push(async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null) child.kill("SIGKILL");
    fs.rmSync(profile, { recursive: true, force: true });
  });
  return new Promise((resolve, reject) => {
    let stderr = "";
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${stderr}`)), 30_000);
    child.on("error", reject);
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    void exited.then((code) => reject(new Error(`Chromium exited (code ${code}):\n${stderr}`)));
  });
}

/** Audits that cost points: score below 1 in a category, heaviest first. */
function failingAudits(lhr, categoryId) {
  const category = lhr.categories[categoryId];
  return category.auditRefs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(
      ({ audit }) =>
        audit &&
        audit.score !== null &&
        audit.score < 1 &&
        !["notApplicable", "informative", "manual"].includes(audit.scoreDisplayMode),
    )
    .sort((a, b) => b.ref.weight * (1 - b.audit.score) - a.ref.weight * (1 - a.audit.score))
    .map(({ ref, audit }) => ({
      id: audit.id,
      title: audit.title,
      score: audit.score,
      weight: ref.weight,
      displayValue: audit.displayValue ?? "",
    }));
}

/** Performance opportunities and diagnostics worth acting on (estimated savings). */
function opportunities(lhr) {
  return Object.values(lhr.audits)
    .filter((a) => a.details?.overallSavingsMs > 0 || a.details?.overallSavingsBytes > 0)
    .filter((a) => a.score !== null && a.score < 1)
    .sort((a, b) => (b.details.overallSavingsMs ?? 0) - (a.details.overallSavingsMs ?? 0))
    .map((a) => ({
      id: a.id,
      title: a.title,
      savingsMs: Math.round(a.details.overallSavingsMs ?? 0),
      savingsKiB: Math.round((a.details.overallSavingsBytes ?? 0) / 1024),
    }));
}

function scriptTransfer(lhr) {
  const items = lhr.audits["resource-summary"]?.details?.items ?? [];
  return items.find((i) => i.resourceType === "script")?.transferSize ?? 0;
}

/** The home page's scripts: bytes as served (gzip) and re-compressed with gzip -9, for comparison. */
async function homeJavaScript(lhr) {
  const scripts = (lhr.audits["network-requests"]?.details?.items ?? []).filter((r) => r.resourceType === "Script");
  let served = 0;
  let raw = 0;
  let gzip9 = 0;
  for (const script of scripts) {
    served += script.transferSize ?? 0;
    const body = Buffer.from(await (await fetch(script.url)).arrayBuffer());
    raw += body.length;
    gzip9 += zlib.gzipSync(body, { level: 9 }).length;
  }
  return { files: scripts.length, served, raw, gzip9 };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const pct = (score) => (score === null || score === undefined ? "–" : String(Math.round(score * 100)));

async function main() {
  await buildIfNeeded();
  const origin = await startServer();
  const pages = await publicPages(origin);
  const port = await startChromium();
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  const { version } = JSON.parse(fs.readFileSync(path.join(root, "node_modules/lighthouse/package.json"), "utf8"));
  console.log(`Lighthouse ${version} (mobile preset) on ${pages.length} page(s) of ${origin}\n`);

  const rows = [];
  let home;
  for (const page of pages) {
    const started = Date.now();
    const result = await lighthouse(`${origin}${page}`, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
    });
    const lhr = result.lhr;
    const name = page === "/" ? "home" : page.slice(1).replace(/[^\w-]+/g, "_");
    fs.mkdirSync(REPORT_DIR, { recursive: true });
    fs.writeFileSync(path.join(REPORT_DIR, `${name}.json`), result.report);
    if (lhr.runtimeError) console.warn(`  ${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const row = {
      page,
      // Pages that carry noindex (checkouts, payment success) fail is-crawlable by design.
      noindex: lhr.audits["is-crawlable"]?.score === 0,
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? null])),
      scriptTransfer: scriptTransfer(lhr),
      metrics: Object.fromEntries(
        ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"].map(
          (id) => [id, lhr.audits[id]?.displayValue ?? ""],
        ),
      ),
      failing: Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c] ? failingAudits(lhr, c) : []])),
      opportunities: opportunities(lhr),
      warnings: lhr.runWarnings ?? [],
    };
    rows.push(row);
    if (page === "/") home = { ...row, js: await homeJavaScript(lhr) };
    const s = row.scores;
    console.log(
      `  ${page}: ${pct(s.performance)} / ${pct(s.accessibility)} / ${pct(s["best-practices"])} / ${pct(s.seo)} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
  }

  const header = "| Page | Performance | Accessibility | Best practices | SEO | JS transferred |";
  const lines = [header, "| --- | ---: | ---: | ---: | ---: | ---: |"];
  for (const row of rows) {
    const s = row.scores;
    lines.push(
      `| ${row.page}${row.noindex ? " (noindex)" : ""} | ${pct(s.performance)} | ${pct(s.accessibility)} | ${pct(s["best-practices"])} | ${pct(s.seo)} | ${kb(row.scriptTransfer)} |`,
    );
  }
  console.log(`\n${lines.join("\n")}\n`);
  if (home) {
    console.log(
      `Home page JavaScript: ${home.js.files} files, ${kb(home.js.served)} transferred (gzip, as served), ` +
        `${kb(home.js.gzip9)} with gzip -9, ${kb(home.js.raw)} uncompressed.`,
    );
    console.log(`Home page metrics: ${Object.entries(home.metrics).map(([k, v]) => `${k} ${v}`).join(", ")}\n`);
  }

  // What costs points, lowest scores first.
  const below = rows
    .flatMap((row) =>
      CATEGORIES.filter((c) => row.scores[c] !== null && row.scores[c] < 1).map((c) => ({ row, category: c, score: row.scores[c] })),
    )
    .sort((a, b) => a.score - b.score);
  if (below.length === 0) console.log("Every page scores 100 in every category.");
  else console.log("Below 100, lowest first (audits costing points; performance opportunities):");
  for (const { row, category, score } of below) {
    const audits = row.failing[category].slice(0, 5).map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ""}`);
    console.log(`  ${row.page} ${category} ${pct(score)}: ${audits.join("; ") || "(no single audit)"}`);
    if (category === "performance") {
      const top = row.opportunities.slice(0, 3).map((o) => `${o.id} (${o.savingsMs} ms, ${o.savingsKiB} KiB)`);
      if (top.length) console.log(`      opportunities: ${top.join("; ")}`);
      console.log(`      metrics: ${Object.entries(row.metrics).map(([k, v]) => `${k} ${v}`).join(", ")}`);
    }
  }
  for (const row of rows) for (const warning of row.warnings) console.log(`  warning on ${row.page}: ${warning}`);

  fs.mkdirSync(REPORT_DIR, { recursive: true });
  fs.writeFileSync(path.join(REPORT_DIR, "summary.json"), JSON.stringify({ origin, rows, home }, null, 2));
  console.log(`\nFull reports and a summary: ${path.relative(root, REPORT_DIR)}/`);
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
