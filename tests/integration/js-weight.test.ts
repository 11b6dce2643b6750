import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheablePaths } from "~/server/http/page-cache.server";
import { ensureBuild, makeTempDir, PROJECT_ROOT } from "../support/processes";
import { startTestSite, type TestSite } from "../support/test-site";
import { INTEGRATION_BUILD_MS } from "../support/budgets";

// The JavaScript a first visit downloads (docs/performance.md; decisions 150, 170 and 285), read from
// the pages the built server sends: the scripts they name (<script src>, and <link rel=modulepreload>,
// which React Router writes for a page that hydrates and runs before the page responds).
// Sizes are gzip at the compression middleware's default level. `npm run js-weight` measures the
// same in a browser.

/** docs/performance.md: at most 90 KB of JavaScript (gzip) on the home page. */
const HOME_BUDGET_KB = 90;
/** The pages that do not hydrate carry the islands script alone (app/utils/islands-page.ts). */
const ISLANDS_BUDGET_KB = 12;
// The pages of the public page cache (the same for every signed-out visitor), the checkouts among
// them (decision 285), the payment result and the 404 page: none of them hydrates.
const CACHED_PAGES = cacheablePaths("jo").filter((p) => !p.endsWith(".xml") && !p.endsWith(".txt"));
const CHECKOUTS = CACHED_PAGES.filter((p) => p.endsWith("-checkout"));
const ISLAND_PAGES = [...CACHED_PAGES, "/payment-success", "/no-such-page"];

const clientDir = path.join(PROJECT_ROOT, process.env.BUILD_DIR ?? "build", "client");
const temp = makeTempDir("sc-js-weight-");
let buildProblem: string | null = null;
let site: TestSite | undefined;
let origin = "";

beforeAll(async () => {
  buildProblem = await ensureBuild();
  if (buildProblem) return;
  site = await startTestSite(temp.dir);
  origin = site.origin;
}, INTEGRATION_BUILD_MS);

afterAll(async () => {
  await site?.stop();
  temp.cleanup();
});

function requireServer() {
  if (buildProblem) throw new Error(buildProblem);
  if (!site) throw new Error("The server did not start.");
}

/** The scripts a first view of the page loads, as URLs (/assets/…), and its inline scripts. */
async function firstLoad(pagePath: string): Promise<{ scripts: string[]; inline: string[] }> {
  const html = await (await fetch(`${origin}${pagePath}`)).text();
  const scripts = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*\ssrc="(\/assets\/[^"]+\.js)"/g)) scripts.add(match[1]!);
  for (const match of html.matchAll(/<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/g)) scripts.add(match[1]!);
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  return { scripts: [...scripts], inline };
}

const read = (url: string) => fs.readFileSync(path.join(clientDir, url));
const gzipKb = (url: string) => zlib.gzipSync(read(url)).length / 1024;
const sum = (urls: string[]) => urls.reduce((total, url) => total + gzipKb(url), 0);
/** React DOM's renderer marks the file that carries the framework. */
const isFramework = (url: string) => read(url).includes("react.dev/errors");

describe("the JavaScript of a first visit", () => {
  it(`keeps the home page within ${HOME_BUDGET_KB} KB gzip, without React`, async () => {
    requireServer();
    const { scripts } = await firstLoad("/");
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter(isFramework), "React on the home page").toEqual([]);
    const total = sum(scripts);
    expect(total, `home page: ${total.toFixed(1)} KB in ${scripts.length} files`).toBeLessThanOrEqual(HOME_BUDGET_KB);
  });

  it(`serves the public pages that do not hydrate with the islands script alone (≤ ${ISLANDS_BUDGET_KB} KB), no inline script`, async () => {
    requireServer();
    for (const page of ISLAND_PAGES) {
      const { scripts, inline } = await firstLoad(page);
      expect(scripts.map((url) => url.replace(/-[\w-]+\.js$/, ".js")), page).toEqual(["/assets/islands.js"]);
      expect(inline, page).toEqual([]);
      expect(sum(scripts), page).toBeLessThanOrEqual(ISLANDS_BUDGET_KB);
    }
  });

  it("has the three checkouts among them, so the money's last pages carry no React", () => {
    expect(CHECKOUTS).toHaveLength(3);
  });

  it("leaves the login form, Zod and the toasts out of a public page's first load", async () => {
    requireServer();
    // One marker of each piece that loads on demand: the auth form's heading, sonner's region,
    // Radix's dialog (its scroll lock), Zod's error map.
    const markers = ["Create your free account", "data-sonner-toaster", "RemoveScroll", "invalid_type"];
    for (const page of ISLAND_PAGES) {
      const { scripts } = await firstLoad(page);
      const code = scripts.map((url) => read(url).toString("utf8")).join("\n");
      for (const marker of markers) expect(code.includes(marker), `${marker} on ${page}`).toBe(false);
    }
  });
});
