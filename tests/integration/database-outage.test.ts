import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runningPostmasterPid, startEmbeddedPostgres, type EmbeddedServer } from "~/server/db/embedded-postgres.server";
import { CookieJar } from "../support/auth";
import { ensureBuild, freePort, makeTempDir, startServer, type RunningServer } from "../support/processes";
import { INTEGRATION_BUILD_MS, INTEGRATION_LONG_MS, INTEGRATION_TEST_MS } from "../support/budgets";

// The database going away (docs/product.md §17.4, decision 254): while PostgreSQL cannot be
// reached, pages and actions answer 503 with Retry-After and a calm page, never a 500, and the
// log says what failed in one JSON line each, without the values a query carried (an email, a
// session token). When it is back, so is the site. And a deliberate stop during which the process
// manager stops the database too (systemd signals the whole service) reports no fault.

const temp = makeTempDir("sc-outage-");
const running: RunningServer[] = [];
const EMAIL = "outage.reader@example.com";
const MEMBER = "outage.member@example.com";

beforeAll(async () => {
  const problem = await ensureBuild();
  if (problem) throw new Error(problem);
}, INTEGRATION_BUILD_MS);

afterAll(async () => {
  for (const server of running) await server.stop("SIGKILL");
  temp.cleanup();
});

async function start(values: Record<string, string>) {
  const port = await freePort();
  const server = await startServer({ PORT: String(port), SITE_URL: `http://localhost:${port}`, LOG_LEVEL: "info", ...values }, INTEGRATION_LONG_MS);
  running.push(server);
  return { server, origin: `http://localhost:${port}` };
}

/** A member's account through the auth form (no JavaScript): her session cookie. */
async function signUp(origin: string, email: string): Promise<CookieJar> {
  const response = await fetch(`${origin}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({ mode: "sign-up", firstName: "Rhian", lastName: "Steady", email, password: "Stronger2025", terms: "on", redirectTo: "/" }),
  });
  const jar = new CookieJar().store(response.headers);
  expect(jar.has("better-auth.session_token"), `sign-up answered ${response.status}`).toBe(true);
  return jar;
}

function listSignUp(origin: string, js: boolean) {
  return fetch(`${origin}/api/email-list`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({ ...(js ? { _js: "1" } : {}), form: "newsletter", email_address: EMAIL, first_name: "Nia" }),
  });
}

describe("PostgreSQL unreachable", () => {
  it("pages and actions answer 503 with Retry-After and a calm page; the log holds no query values; the site comes back", async () => {
    let database: EmbeddedServer = await startEmbeddedPostgres(path.join(temp.dir, "postgresql"));
    try {
      const { server, origin } = await start({ DATABASE_URL: database.url, AUTH_SECRET: "outage-test-secret-0123456789abcdefghijkl", DATA_DIR: path.join(temp.dir, "site") });
      const jar = await signUp(origin, MEMBER);
      const token = jar.header().match(/session_token=([^.;]+)/)![1]!;
      expect((await fetch(`${origin}/settings`, { headers: { cookie: jar.header() } })).status).toBe(200);

      await database.stop();

      const page = await fetch(`${origin}/settings`, { headers: { cookie: jar.header() } });
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toBe("30");
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      const html = await page.text();
      expect(html).toContain("We'll be back in a moment");
      expect(html).toContain("If you were sending a form, it hasn't been saved");
      expect(html).not.toContain("Something went wrong");

      const data = await fetch(`${origin}/settings.data`, { headers: { cookie: jar.header() } });
      expect(data.status).toBe(503);
      expect(data.headers.get("retry-after")).toBe("30");

      for (const js of [true, false]) {
        const action = await listSignUp(origin, js);
        expect(action.status, `email-list sign-up, ${js ? "fetcher" : "plain form"}`).toBe(503);
        expect(action.headers.get("retry-after")).toBe("30");
      }

      // The log: one JSON object per line on stderr, no email address, no session token.
      const lines = server.output().split("\n").filter((line) => line.trim() !== "");
      const people = /^(Server listening on|SIGTERM received|Stopped\.)/;
      expect(lines.filter((line) => !line.startsWith("{") && !people.test(line)), "lines that are not JSON").toEqual([]);
      for (const line of lines.filter((l) => l.startsWith("{"))) expect(() => JSON.parse(line), line).not.toThrow();
      expect(server.output()).toContain('"level":"error"');
      expect(server.output()).not.toContain(EMAIL);
      expect(server.output()).not.toContain("outage.reader");
      expect(server.output()).not.toContain(token);

      // Back again: the same pages answer as before.
      database = await startEmbeddedPostgres(path.join(temp.dir, "postgresql"));
      expect((await fetch(`${origin}/settings`, { headers: { cookie: jar.header() } })).status).toBe(200);
      expect((await listSignUp(origin, true)).status).toBe(200);
      expect((await server.stop("SIGTERM")).code).toBe(0);
    } finally {
      await database.stop();
    }
  }, INTEGRATION_BUILD_MS);
});

/** The postmaster of `dataDir` and its backends: what a control-group stop signals with the site. */
function databaseProcesses(dataDir: string): number[] {
  const postmaster = runningPostmasterPid(dataDir)!;
  const children = fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

describe("a deliberate stop", () => {
  it("with the database stopped at the same moment (a control-group SIGTERM): no fault reported, exit 0", async () => {
    const dataDir = path.join(temp.dir, "cgroup");
    const { server, origin } = await start({ DATA_DIR: dataDir });
    const jar = await signUp(origin, "cgroup.member@example.com");
    // Several connections open and idle in the pool.
    await Promise.all(Array.from({ length: 8 }, () => fetch(`${origin}/settings`, { headers: { cookie: jar.header() } })));
    const database = databaseProcesses(dataDir);
    expect(database.length).toBeGreaterThan(1);

    server.child.kill("SIGTERM");
    for (const pid of database) process.kill(pid, "SIGTERM");
    const exit = await server.exited;
    expect(exit.code, server.output()).toBe(0);
    expect(server.output()).toContain("Stopped.");
    expect(server.output()).not.toContain("PostgreSQL connection lost");
    expect(server.output()).not.toContain("idle PostgreSQL connection failed");
    expect(server.output()).not.toContain("stopped unexpectedly");
    expect(runningPostmasterPid(dataDir)).toBeNull();
  }, INTEGRATION_BUILD_MS);
});

/** The database's idle connections to clients (their process titles, e.g. "postgres: postgres site [local] idle"). */
function idleClientBackends(dataDir: string): number[] {
  return databaseProcesses(dataDir)
    .slice(1)
    .filter((pid) => {
      try {
        return /\[local\] idle\0*$/.test(fs.readFileSync(`/proc/${pid}/cmdline`, "utf8"));
      } catch {
        return false;
      }
    });
}

describe("the database closing connections as it is shut down", () => {
  it("is said calmly in the log, not warned about, and the site goes on with new connections", async () => {
    const dataDir = path.join(temp.dir, "terminated");
    const { server, origin } = await start({ DATA_DIR: dataDir });
    const jar = await signUp(origin, "terminated.member@example.com");
    await Promise.all(Array.from({ length: 4 }, () => fetch(`${origin}/settings`, { headers: { cookie: jar.header() } })));
    const backends = idleClientBackends(dataDir);
    expect(backends.length).toBeGreaterThan(0);

    // What a stopping database tells each client (SQLSTATE 57P01), here before the site's own stop.
    for (const pid of backends) process.kill(pid, "SIGTERM");
    const notice = "terminating connection due to administrator command";
    await vi.waitFor(() => expect(server.output()).toMatch(new RegExp(`PostgreSQL is shutting down|${notice}`)), { timeout: INTEGRATION_TEST_MS, interval: 100 });
    // Every connection closed so is an info line; none is a warning (a query the site had in hand
    // at that moment may still fail, and be reported, with its own error).
    const warnings = server.output().split("\n").filter((line) => line.includes('"level":"warn"') && line.includes(notice));
    expect(warnings).toEqual([]);
    expect(server.output()).toContain("PostgreSQL is shutting down");
    expect((await fetch(`${origin}/settings`, { headers: { cookie: jar.header() } })).status).toBe(200);
  }, INTEGRATION_BUILD_MS);
});
