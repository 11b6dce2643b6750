import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { INTEGRATION_BUILD_MS } from "./budgets";
import { createEmbeddedDataDir, createTestDatabase, type TestDatabase } from "./db";
import { ensureBuild, freePort, makeTempDir, startServer, type RunningServer } from "./processes";

// The built server for an integration test, on a free port with a database of its own: a new
// PostgreSQL database on DATABASE_URL's server when that is set, otherwise a fresh data
// directory with the embedded database (the site's default). Call ensureBuild() first.

export interface TestSite {
  origin: string;
  /** The data directory (its embedded database unused when DATABASE_URL is set). */
  dataDir: string;
  server: RunningServer;
  /** The test database on DATABASE_URL's server, or null on the embedded default. */
  database: TestDatabase | null;
  /** Kills the server and drops the PostgreSQL test database. */
  stop(): Promise<void>;
}

export async function startTestSite(dir: string, env: Record<string, string> = {}, startTimeoutMs?: number): Promise<TestSite> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const dataDir = path.join(dir, "data");
  const serverEnv: Record<string, string> = { PORT: String(port), SITE_URL: origin, DATA_DIR: dataDir, LOG_LEVEL: "error" };
  let database: TestDatabase | null = null;
  if (process.env.DATABASE_URL) {
    database = await createTestDatabase();
    Object.assign(serverEnv, { DATABASE_URL: database.url!, AUTH_SECRET: "test-site-secret-0123456789-abcdefghijklmno" });
  } else {
    await (await createEmbeddedDataDir(dataDir)).close();
  }
  const server = await startServer({ ...serverEnv, ...env }, startTimeoutMs);
  return {
    origin,
    dataDir,
    server,
    database,
    async stop() {
      await server.stop("SIGKILL");
      await database?.close();
    },
  };
}

/**
 * One built site for a whole test file: started before its tests (building first if the build is
 * stale), stopped and removed after them. Its origin is read once the tests run.
 */
export function builtSiteForFile(tempPrefix: string): { readonly origin: string } {
  let site: TestSite | undefined;
  const temp = makeTempDir(tempPrefix);
  beforeAll(async () => {
    const problem = await ensureBuild();
    if (problem) throw new Error(problem);
    site = await startTestSite(path.join(temp.dir, "site"));
  }, INTEGRATION_BUILD_MS);
  afterAll(async () => {
    await site?.stop();
    temp.cleanup();
  });
  return {
    get origin() {
      if (!site) throw new Error("The test site has not started.");
      return site.origin;
    },
  };
}
