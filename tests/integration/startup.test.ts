import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, withDatabaseName, type TestDatabase } from "../support/db";
import { childEnv, ensureBuild, freePort, makeTempDir, runProcess, startServer, type RunningServer } from "../support/processes";
import { INTEGRATION_BUILD_MS, INTEGRATION_LONG_MS, INTEGRATION_SLOW_MS, INTEGRATION_TEST_MS } from "../support/budgets";

// What the person starting the server sees when something is wrong, and the warnings an operator
// needs (docs/security.md, "Robustness"): a port in use, a database that cannot be reached or does
// not exist each give one line naming the setting and what to do, and a non-zero exit code; the
// port is opened before the database. A PostgreSQL server without S3 says that pictures are kept
// on its own disk, and says it louder when it sees a second server; a proxy on this machine that
// TRUSTED_PROXIES does not name is reported once.

const temp = makeTempDir("sc-startup-");
const SECRET = "startup-test-secret-0123456789-abcdefghijklmn";
const POSTGRES = process.env.DATABASE_URL?.trim();
let buildProblem: string | null = null;
const running: RunningServer[] = [];
const databases: TestDatabase[] = [];

beforeAll(async () => {
  buildProblem = await ensureBuild();
}, INTEGRATION_BUILD_MS);

afterAll(async () => {
  for (const server of running) await server.stop("SIGKILL");
  for (const database of databases) await database.close();
  temp.cleanup();
});

/** Runs `node server.js` until it exits (it should), with the given variables. */
async function startAndFail(values: Record<string, string>) {
  if (buildProblem) throw new Error(buildProblem);
  return runProcess(process.execPath, ["server.js"], { env: childEnv({ NODE_ENV: "production", ...values }), timeoutMs: INTEGRATION_TEST_MS });
}

/** The lines a person reads: stderr without blank lines. */
const linesOf = (text: string) => text.split("\n").filter((line) => line.trim() !== "");

function expectOneClearLine(stderr: string, pattern: RegExp) {
  const lines = linesOf(stderr);
  expect(lines, stderr).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(stderr).not.toMatch(/\n\s+at /);
}

async function occupy(): Promise<{ port: number; close: () => Promise<void> }> {
  const blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, "0.0.0.0", resolve));
  const { port } = blocker.address() as net.AddressInfo;
  return { port, close: () => new Promise((resolve) => blocker.close(() => resolve())) };
}

describe("start-up failures", () => {
  it("a port already in use: one line naming PORT, exit code 1, and the database never opened", async () => {
    const blocker = await occupy();
    const dataDir = path.join(temp.dir, "port-in-use", "data");
    try {
      const result = await startAndFail({ PORT: String(blocker.port), DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expectOneClearLine(result.stderr, new RegExp(`^Port ${blocker.port} is already in use \\(PORT\\)\\. .*set PORT to a free port`));
      // Nothing was created or locked: the port is checked before the database is opened.
      expect(fs.existsSync(dataDir)).toBe(false);
    } finally {
      await blocker.close();
    }
  });

  it("a PostgreSQL server that refuses connections: one line naming DATABASE_URL, exit code 1", async () => {
    const closedPort = await freePort();
    const result = await startAndFail({ PORT: "0", DATABASE_URL: `postgresql://coach:secret-password@127.0.0.1:${closedPort}/site`, AUTH_SECRET: SECRET, DATA_DIR: path.join(temp.dir, "refused") });
    expect(result.code).toBe(1);
    expectOneClearLine(result.stderr, /^Cannot reach the database at DATABASE_URL \(postgresql:\/\/coach@127\.0\.0\.1:\d+\/site\): the connection was refused\. Start PostgreSQL, or correct the host and port in DATABASE_URL\.$/);
    expect(result.stderr).not.toContain("secret-password");
  });

  it("a host name that does not exist: one line naming DATABASE_URL", async () => {
    const result = await startAndFail({ PORT: "0", DATABASE_URL: "postgresql://coach@no-such-host.invalid:5432/site", AUTH_SECRET: SECRET, DATA_DIR: path.join(temp.dir, "unknown-host") });
    expect(result.code).toBe(1);
    expectOneClearLine(result.stderr, /^Cannot reach the database at DATABASE_URL \(postgresql:\/\/coach@no-such-host\.invalid:5432\/site\): its host name is unknown\. Correct the host in DATABASE_URL\.$/);
  });

  it("a data directory that is a file: one line naming DATA_DIR", async () => {
    const file = path.join(temp.dir, "not-a-folder");
    fs.writeFileSync(file, "x");
    const result = await startAndFail({ PORT: "0", DATA_DIR: path.join(file, "data") });
    expect(result.code).toBe(1);
    expectOneClearLine(result.stderr, /DATA_DIR \(.*not-a-folder.*\).*Set DATA_DIR to a folder/);
  });

  it.skipIf(!POSTGRES)("a database that does not exist on the PostgreSQL server: one line naming DATABASE_URL", async () => {
    const url = withDatabaseName(POSTGRES!, `sc_missing_${process.pid}`);
    const result = await startAndFail({ PORT: "0", DATABASE_URL: url, AUTH_SECRET: SECRET, DATA_DIR: path.join(temp.dir, "missing") });
    expect(result.code).toBe(1);
    expectOneClearLine(result.stderr, /^The database at DATABASE_URL \(.*\/sc_missing_\d+\) does not exist\. Create it .* or correct the database name at the end of DATABASE_URL\.$/);
  });
});

describe("warnings for the operator", () => {
  it.skipIf(!POSTGRES)("PostgreSQL without S3 warns at start-up, and louder once a second server shares the database", async () => {
    if (buildProblem) throw new Error(buildProblem);
    const database = await createTestDatabase();
    databases.push(database);
    const env = { DATABASE_URL: database.url!, AUTH_SECRET: SECRET, LOG_LEVEL: "warn" };
    const first = await startServer({ ...env, DATA_DIR: path.join(temp.dir, "first") });
    running.push(first);
    expect(first.output()).toContain("Profile pictures are kept on this server's disk");
    expect(first.output()).not.toContain("ANOTHER SERVER IS USING THIS DATABASE");

    const second = await startServer({ ...env, DATA_DIR: path.join(temp.dir, "second") });
    running.push(second);
    expect(second.output()).toContain("Profile pictures are kept on this server's disk");
    const loud = linesOf(second.output()).filter((line) => line.includes("ANOTHER SERVER IS USING THIS DATABASE"));
    expect(loud).toHaveLength(1);
    expect(JSON.parse(loud[0]!)).toMatchObject({ level: "error", otherServer: expect.stringContaining(`port ${first.port}`) });

    // A clean stop removes a server from the list: the next one to start sees nobody.
    await second.stop("SIGTERM");
    await first.stop("SIGTERM");
    const third = await startServer({ ...env, DATA_DIR: path.join(temp.dir, "third") });
    running.push(third);
    expect(third.output()).not.toContain("ANOTHER SERVER IS USING THIS DATABASE");
  }, INTEGRATION_SLOW_MS);

  it("the embedded database gives no such warning", async () => {
    if (buildProblem) throw new Error(buildProblem);
    const server = await startServer({ DATA_DIR: path.join(temp.dir, "embedded"), LOG_LEVEL: "warn", TRUSTED_PROXIES: "" });
    running.push(server);
    expect(server.output()).not.toContain("Profile pictures are kept on this server's disk");

    // Requests from this machine without X-Forwarded-For: no proxy, no warning.
    await (await fetch(`${server.url}/no-such-page`)).text();
    expect(server.output()).not.toContain("TRUSTED_PROXIES is not set");

    // Through a proxy on this machine that TRUSTED_PROXIES does not name: said once.
    for (const ip of ["203.0.113.7", "203.0.113.8", "198.51.100.2"]) {
      await (await fetch(`${server.url}/no-such-page`, { headers: { "x-forwarded-for": ip } })).text();
    }
    const said = linesOf(server.output()).filter((line) => line.includes("TRUSTED_PROXIES is not set"));
    expect(said).toHaveLength(1);
    expect(JSON.parse(said[0]!)).toMatchObject({ level: "warn" });
  }, INTEGRATION_LONG_MS);

  it("with TRUSTED_PROXIES naming the proxy, nothing is said", async () => {
    if (buildProblem) throw new Error(buildProblem);
    const server = await startServer({ DATA_DIR: path.join(temp.dir, "trusted"), LOG_LEVEL: "warn", TRUSTED_PROXIES: "127.0.0.1,::1" });
    running.push(server);
    await (await fetch(`${server.url}/no-such-page`, { headers: { "x-forwarded-for": "203.0.113.7" } })).text();
    expect(server.output()).not.toContain("TRUSTED_PROXIES is not set");
  }, INTEGRATION_LONG_MS);
});
