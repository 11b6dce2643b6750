import { defineConfig, devices } from "@playwright/test";

// End-to-end tests run against the built production server on a fresh data directory, in
// Debian's Chromium (never a downloaded browser): /usr/bin/chromium, or CHROMIUM_PATH.
const PORT = Number(process.env.E2E_PORT ?? 4173);
// NOTE: set once in the main process; the workers inherit the environment, so a spec reads the
// same directory (e.g. the outbox of emails) as the server writes to.
process.env.E2E_DATA_DIR ??= `.tmp/e2e-data-${process.pid}`;
const DATA_DIR = process.env.E2E_DATA_DIR;
export const baseURL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  // One output folder per server port, so parallel runs never delete each other's traces.
  outputDir: `.tmp/test-results-${PORT}`,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"], ["json", { outputFile: ".tmp/reports/playwright.json" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
    },
    {
      name: "mobile",
      use: { ...devices["Desktop Chrome"], viewport: { width: 390, height: 844 }, isMobile: false, hasTouch: true },
      // Tests tagged @mobile run at both widths; @mobile-only ones at 390 px alone.
      grep: /@mobile/,
    },
  ],
  webServer: {
    command: "node server.js",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(PORT),
      DATA_DIR,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      SITE_URL: baseURL,
      // Each test sends its own X-Forwarded-For (tests/support/e2e.ts); trust it from loopback.
      TRUSTED_PROXIES: "127.0.0.1,::1,::ffff:127.0.0.1",
      // tests/e2e/auth.spec.ts signs these up and expects them to be administrators.
      ADMIN_EMAILS: "e2e-admin-desktop@example.com,e2e-admin-mobile@example.com",
    },
  },
});
