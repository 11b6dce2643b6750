import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { INTEGRATION_HOOK_MS, INTEGRATION_TEST_MS, UNIT_TEST_MS } from "./tests/support/budgets";

// Two projects: fast unit tests beside the code, and integration tests against PostgreSQL (one
// embedded server per run, or DATABASE_URL's; docs/decisions/270). Deliberately not vite.config.ts: the
// React Router plugin is for the app build, not for tests.
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "tests/unit/**/*.test.{ts,tsx}"],
          environment: "node",
          // One worker per core, at least two: most of a unit file's time is importing its modules,
          // and Vitest's default (one less than the cores) left one of the two cores idle.
          maxWorkers: Math.max(2, os.availableParallelism()),
          sequence: { groupOrder: 0 },
          testTimeout: UNIT_TEST_MS,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["./tests/support/global-setup.ts"],
          // Each file gets its own database, so files run in parallel. Most of their time is spent
          // waiting on spawned servers and scripts, so run more files at once than there are CPUs
          // (vitest's default is one less than the CPUs: a single worker on a 2-core machine).
          maxWorkers: 4,
          sequence: { groupOrder: 1 },
          // A database copy, a spawned server or script can take seconds on a busy machine.
          testTimeout: INTEGRATION_TEST_MS,
          hookTimeout: INTEGRATION_HOOK_MS,
        },
      },
    ],
  },
});
