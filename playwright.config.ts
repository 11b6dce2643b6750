import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_EXPECT_MS, E2E_TEST_MS } from "./tests/support/budgets";
import { stopEmbeddedDatabasesUnder } from "./tests/support/embedded";

/**
 * A fresh data directory for this run's server. In memory (/dev/shm) where the machine has it:
 * the embedded database flushes every commit to disk (docs/decisions/200), and on a slow or busy
 * disk those flushes, not the site, would set the pace of the suite and the emails' arrival. What
 * a crash or power cut must not lose is tested on a real disk (tests/integration/crash-safety.test.ts).
 * Earlier runs' directories there are removed once their runner has gone.
 */
function e2eDataDir(): string {
  const shm = "/dev/shm";
  try {
    fs.accessSync(shm, fs.constants.W_OK);
  } catch {
    return `.tmp/e2e-data-${process.pid}`;
  }
  for (const name of fs.readdirSync(shm)) {
    const pid = /^strong-coaching-e2e-(\d+)$/.exec(name)?.[1];
    if (!pid || Number(pid) === process.pid || isRunning(Number(pid))) continue;
    stopEmbeddedDatabasesUnder(path.join(shm, name));
    fs.rmSync(path.join(shm, name), { recursive: true, force: true });
  }
  return path.join(shm, `strong-coaching-e2e-${process.pid}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether /dev/shm exists with at least 1 GB free. */
function roomyDevShm(): boolean {
  try {
    const stats = fs.statfsSync("/dev/shm");
    return stats.bavail * stats.bsize >= 1024 ** 3;
  } catch {
    return false;
  }
}

// End-to-end tests run against the built production server on a fresh data directory, in
// Debian's Chromium (never a downloaded browser): CHROMIUM_PATH, else its headless shell
// (apt package chromium-headless-shell), else the full browser. The shell is the same engine
// without the browser's interface and runs the suite in about half the time (docs/decisions/272).
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const CHROMIUM = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");
const PORT = Number(process.env.E2E_PORT ?? 4173);
// NOTE: set once in the main process; the workers inherit the environment, so a spec reads the
// same directory (e.g. the outbox of emails) as the server writes to.
process.env.E2E_DATA_DIR ??= e2eDataDir();
const DATA_DIR = process.env.E2E_DATA_DIR;
export const baseURL = `http://localhost:${PORT}`;
const SITE_WIDE = /admin-content\.spec\.ts/;

export default defineConfig({
  testDir: "tests/e2e",
  // One output folder per server port, so parallel runs never delete each other's traces.
  outputDir: `.tmp/test-results-${PORT}`,
  // Limits, not waits: tests/support/budgets.ts.
  timeout: E2E_TEST_MS,
  expect: { timeout: E2E_EXPECT_MS },
  fullyParallel: true,
  // One worker per core (at least two): each keeps a browser, and the server and its database need
  // the same cores. E2E_WORKERS overrides it (docs/decisions/272 has the measurements).
  workers: Number(process.env.E2E_WORKERS) || Math.max(2, os.availableParallelism()),
  // A test that passes only on a second try hides a real fault: no retries (docs/decisions/271).
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"], ["json", { outputFile: ".tmp/reports/playwright.json" }]],
  use: {
    baseURL,
    // A failed test keeps its trace (every action with its log, every request and response) and a
    // screenshot of the moment it failed. The trace's film strip and DOM copies are left out: the
    // browser would draw and encode them for every step of every test, and that alone made the
    // suite a quarter slower (docs/decisions/272).
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: false },
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM,
      // Playwright tells Chromium to keep its shared memory in /tmp (for containers whose /dev/shm
      // is tiny); where /dev/shm has room, leaving it there saves about a tenth of the suite's time.
      ...(roomyDevShm() ? { ignoreDefaultArgs: ["--disable-dev-shm-usage"] } : {}),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } },
      grepInvert: /@mobile-only/,
      testIgnore: SITE_WIDE,
    },
    {
      name: "mobile",
      use: { ...devices["Desktop Chrome"], viewport: { width: 390, height: 844 }, isMobile: false, hasTouch: true },
      // Tests tagged @mobile run at both widths; @mobile-only ones at 390 px alone.
      grep: /@mobile/,
      testIgnore: SITE_WIDE,
    },
    {
      // Specs that change what every visitor reads (the home page's headline, the announcement
      // bar, the FAQs) run on their own once the others have finished, so no other spec reads a
      // page while they have it changed. They set the width they need themselves.
      name: "site-wide",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } },
      testMatch: SITE_WIDE,
      dependencies: ["desktop", "mobile"],
    },
  ],
  webServer: {
    command: "node server.js",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    // SIGTERM, not the default SIGKILL: the server then stops the embedded database it runs
    // (docs/decisions/200), which a SIGKILL would leave running.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    env: {
      PORT: String(PORT),
      DATA_DIR,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      SITE_URL: baseURL,
      // Each test sends its own X-Forwarded-For (tests/support/e2e.ts); trust it from loopback.
      TRUSTED_PROXIES: "127.0.0.1,::1,::ffff:127.0.0.1",
      // Signed up by the specs; they become administrators once they follow the confirmation
      // link emailed to them (docs/product.md §7.10; read from DATA_DIR/outbox).
      // tests/support/admin-e2e.ts signs in the first two; the auth spec alone uses the others.
      ADMIN_EMAILS: "e2e-admin-desktop@example.com,e2e-admin-mobile@example.com,e2e-admin-site-wide@example.com,e2e-new-admin-desktop@example.com,e2e-new-admin-mobile@example.com",
    },
  },
});
