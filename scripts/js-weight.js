// The JavaScript a first visit downloads (docs/performance.md: at most 90 KB gzip on the home page).
//   node scripts/js-weight.js [--pages=/,/contact] [--max-kb=90] [--build] [--verbose]
// Builds the site if the build is missing or older than the code, starts the production server
// on a free port with a temporary data directory, opens each page in headless Chromium (Debian's:
// /usr/bin/chromium, or CHROMIUM_PATH) at 390 px, waits until the network is idle and counts every
// script the page loaded before any interaction: its size gzipped as the server sends it (the
// compression middleware's default level) and uncompressed. Exits non-zero if the home page (the
// first page listed) exceeds --max-kb (90 by default; 1 KB = 1024 bytes).
import zlib from "node:zlib";
import { chromium } from "@playwright/test";
import { buildIfNeeded, cleanUp, onCleanUp, startBuiltServer } from "./lib/built-site.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const MAX_KB = Number(arg("max-kb") ?? 90);
const VERBOSE = process.argv.includes("--verbose");

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
  const origin = await startBuiltServer("js-weight");
  const pages = (arg("pages") ?? "/").split(",").map((p) => p.trim()).filter(Boolean);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
  onCleanUp(() => browser.close());
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
