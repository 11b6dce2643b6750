import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_RATE_LIMIT } from "~/server/auth/context.server";
import { createEmbeddedDataDir, createTestDatabase, type TestDatabase } from "../support/db";
import { childEnv, ensureBuild, makeTempDir, runProcess, freePort, startServer, type RunningServer } from "../support/processes";
import { INTEGRATION_BUILD_MS, INTEGRATION_LONG_MS, INTEGRATION_STATE_MS, INTEGRATION_TEST_MS } from "../support/budgets";

// The built server (`npm start`) with real HTTP: the auth form without JavaScript, the client IP
// rule of docs/product.md §7.8 as the rate limiter sees it, and the refusal to start without AUTH_SECRET.

let buildProblem: string | null = null;
const temp = makeTempDir("sc-auth-server-");
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


/**
 * Starts the server on a known port and returns its origin (SITE_URL), so requests can carry it
 * as a browser's Origin header would.
 */
async function start(name: string, env: Record<string, string> = {}): Promise<string> {
  if (buildProblem) throw new Error(buildProblem);
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const dataDir = path.join(temp.dir, name);
  const database: Record<string, string> = {};
  if (process.env.DATABASE_URL) {
    const created = await createTestDatabase();
    databases.push(created);
    // Production on PostgreSQL needs a shared secret (see the last test).
    Object.assign(database, { DATABASE_URL: created.url!, AUTH_SECRET: "server-test-secret-0123456789-abcdefghijkl" });
  } else {
    // A migrated copy of the template: initdb and the migrations would take seconds.
    await (await createEmbeddedDataDir(dataDir)).close();
  }
  const server = await startServer({
    PORT: String(port),
    SITE_URL: origin,
    DATA_DIR: dataDir,
    AUTH_SECRET: "",
    LOG_LEVEL: "error",
    ...database,
    ...env,
  });
  running.push(server);
  return origin;
}

function form(fields: Record<string, string>) {
  return new URLSearchParams(fields).toString();
}

function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

let wrongLogins = 0;
/**
 * A wrong password at Better Auth's own endpoint, as a browser behind the given X-Forwarded-For.
 * Each for another address, so only the per-IP limit is at work (not the per-account one).
 */
async function wrongLogin(origin: string, forwardedFor: string) {
  wrongLogins += 1;
  return fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, "x-forwarded-for": forwardedFor },
    body: JSON.stringify({ email: `nobody-${wrongLogins}@example.com`, password: "Wrong-password-1" }),
  });
}

describe("accounts on the built server", () => {
  it("signs up with a plain form post (no JavaScript) and shows the member on the next page", async () => {
    const origin = await start("nojs");
    const signUp = await fetch(`${origin}/auth`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin },
      body: form({
        mode: "sign-up",
        firstName: "Rhian",
        lastName: "Lloyd",
        email: "rhian.lloyd@example.com",
        password: "Stronger2025",
        terms: "on",
        redirectTo: "/",
      }),
    });
    expect(signUp.status).toBe(302);
    expect(signUp.headers.get("location")).toBe("/");
    const cookie = cookiesOf(signUp);
    expect(cookie).toContain("better-auth.session_token=");

    const home = await fetch(`${origin}/`, { headers: { cookie } });
    const html = await home.text();
    expect(html).toContain('aria-label="Profile Settings"');
    expect(html).toContain("Account created successfully!");

    const session = await fetch(`${origin}/api/auth/get-session`, { headers: { cookie } });
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe("rhian.lloyd@example.com");
    const settings = await fetch(`${origin}/settings`, { headers: { cookie }, redirect: "manual" });
    expect(settings.status).toBe(200);
  }, INTEGRATION_LONG_MS);

  it("ignores X-Forwarded-For from a visitor: one rate-limit bucket whatever the header says", async () => {
    const origin = await start("untrusted");
    for (let i = 0; i < SIGN_IN_RATE_LIMIT.max; i++) expect((await wrongLogin(origin, `203.0.113.${i + 1}`)).status).toBe(401);
    expect((await wrongLogin(origin, "203.0.113.200")).status).toBe(429);
  }, INTEGRATION_LONG_MS);

  it("believes X-Forwarded-For from a trusted proxy: each client has its own bucket", async () => {
    const origin = await start("trusted", { TRUSTED_PROXIES: "127.0.0.1,::1" });
    for (let i = 0; i < SIGN_IN_RATE_LIMIT.max + 2; i++) expect((await wrongLogin(origin, `203.0.113.${i + 1}`)).status).toBe(401);
    for (let i = 0; i < SIGN_IN_RATE_LIMIT.max; i++) expect((await wrongLogin(origin, "198.51.100.7")).status).toBe(401);
    expect((await wrongLogin(origin, "198.51.100.7")).status).toBe(429);
  }, INTEGRATION_LONG_MS);

  it("refuses to start in production on PostgreSQL without AUTH_SECRET, naming it", async () => {
    if (buildProblem) throw new Error(buildProblem);
    const result = await runProcess(process.execPath, ["server.js"], {
      env: childEnv({
        NODE_ENV: "production",
        PORT: "0",
        DATA_DIR: path.join(temp.dir, "pg"),
        DATABASE_URL: "postgresql://127.0.0.1:9/unreachable",
        AUTH_SECRET: "",
      }),
      timeoutMs: INTEGRATION_STATE_MS,
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("AUTH_SECRET: must be set");
  }, INTEGRATION_TEST_MS);
});
