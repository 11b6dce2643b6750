// Lighthouse (mobile preset) on every public page of the built site (decision 072).
//   npm run lighthouse [-- --pages=/,/contact] [-- --build] [-- --photos]
// --photos: a 4000×3000 photo is uploaded as the coach and hero photos first (the Content tab's
// pipeline, scripts/lib/seed-photos.ts), to measure the pages as a coach with photos has them.
// Builds the site if the build is missing or older than the code, starts the production server
// on a free port with a temporary data directory, runs Lighthouse in headless Chromium (Debian's:
// /usr/bin/chromium, or CHROMIUM_PATH) on each page and prints a table: the four category scores
// and the JavaScript transferred, then the home page's JavaScript (gzip) and the audits that cost
// points. Full reports: .tmp/lighthouse/. It measures; it exits non-zero only on a crash.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import lighthouse from "lighthouse";
import { buildIfNeeded, cleanUp, onCleanUp, root, startBuiltServer } from "./lib/built-site.js";

// NOTE: not under .tmp/reports, which `npm test` empties at its start (scripts/test.js).
const REPORT_DIR = path.join(root, ".tmp/lighthouse");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

// ---------------------------------------------------------------------------------------------
// The pages: the sitemap's, plus the public pages kept out of search (checkouts, payment success)

async function publicPages(origin) {
  const only = arg("pages");
  if (only) return only.split(",").map((p) => p.trim()).filter(Boolean);
  const xml = await (await fetch(`${origin}/sitemap.xml`)).text();
  const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const slug = listed.find((p) => p.startsWith("/meet-"))?.slice("/meet-".length) ?? "jo";
  // In the order of docs/product.md §2.1's route table.
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
  onCleanUp(async () => {
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

/** Runs scripts/lib/seed-photos.ts on the running site's data, then waits out the content cache (2 s). */
async function seedPhotos(dataDir) {
  const tsx = path.join(root, "node_modules/.bin/tsx");
  await new Promise((resolve, reject) => {
    const child = spawn(tsx, ["scripts/lib/seed-photos.ts"], { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, stdio: "inherit" });
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`seed-photos exited with ${code}`))));
  });
  await new Promise((resolve) => setTimeout(resolve, 2_500));
}

async function main() {
  await buildIfNeeded();
  let dataDir = "";
  const origin = await startBuiltServer("lighthouse", { onDataDir: (dir) => (dataDir = dir) });
  if (process.argv.includes("--photos")) await seedPhotos(dataDir);
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
