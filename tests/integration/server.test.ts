import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCK_FILE_NAME } from "~/server/db/data-dir-lock.server";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { childEnv, ensureBuild, makeTempDir, runProcess, startServer, type RunningServer } from "../support/processes";
import { INTEGRATION_BUILD_MS, INTEGRATION_LONG_MS, INTEGRATION_STATE_MS } from "../support/budgets";

// The built server (`npm start`) on a real data directory: health check, and the lock that keeps
// a second process off the embedded database (docs/architecture.md §7).

let buildProblem: string | null = null;
const temp = makeTempDir("sc-server-");
const running: RunningServer[] = [];

beforeAll(async () => {
  buildProblem = await ensureBuild();
}, INTEGRATION_BUILD_MS);

afterAll(async () => {
  for (const server of running) await server.stop("SIGKILL");
  temp.cleanup();
});

function requireBuild() {
  if (buildProblem) throw new Error(buildProblem);
}

async function start(env: Record<string, string>) {
  const server = await startServer(env);
  running.push(server);
  return server;
}

describe("the built server", () => {
  it("answers /healthz with 200 from its database", async () => {
    requireBuild();
    let database: TestDatabase | undefined;
    const env: Record<string, string> = { DATA_DIR: path.join(temp.dir, "health") };
    if (process.env.DATABASE_URL) {
      database = await createTestDatabase();
      env.DATABASE_URL = database.url!;
      // Several servers share one PostgreSQL database, so production requires a shared secret.
      env.AUTH_SECRET = "integration-test-secret-0123456789abcdef";
    }
    try {
      const server = await start(env);
      const response = await fetch(`${server.url}/healthz`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: "ok" });
      const page = await fetch(`${server.url}/`);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toContain("text/html");
      const stopped = await server.stop("SIGTERM");
      expect(stopped.code).toBe(0);
    } finally {
      await database?.close();
    }
  }, INTEGRATION_LONG_MS);

  it("keeps a second server off its data directory, and restarts at once after a crash", async () => {
    requireBuild();
    const dataDir = path.join(temp.dir, "shared");
    const first = await start({ DATA_DIR: dataDir });
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(true);

    // A real second process on the same directory must refuse, quickly and clearly.
    const second = await runProcess(process.execPath, ["server.js"], {
      env: childEnv({ NODE_ENV: "production", PORT: "0", DATA_DIR: dataDir }),
      timeoutMs: INTEGRATION_STATE_MS,
    });
    expect(second.code).not.toBe(0);
    expect(second.code).not.toBeNull();
    expect(second.durationMs).toBeLessThan(15_000);
    expect(second.stderr).toContain(`The data directory ${path.resolve(dataDir)} is in use by another process (pid ${first.child.pid}).`);
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);

    // SIGKILL leaves the lock file behind; the next start takes it over without waiting.
    await first.stop("SIGKILL");
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(true);
    const restarted = await start({ DATA_DIR: dataDir });
    expect((await fetch(`${restarted.url}/healthz`)).status).toBe(200);

    // A clean stop releases the lock.
    expect((await restarted.stop("SIGTERM")).code).toBe(0);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
  }, INTEGRATION_LONG_MS);
});
