import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { waitForLink } from "../support/outbox";
import { startKitStandin, type KitStandin } from "../support/kit-standin";
import { ensureBuild, makeTempDir, startServer, type RunningServer } from "../support/processes";
import { INTEGRATION_BUILD_MS, INTEGRATION_LONG_MS, INTEGRATION_STATE_MS } from "../support/budgets";

// The worker starts with the built server (`npm start`), with nothing but KIT_API_KEY set: a
// visitor signs up to the newsletter over HTTP, confirms from the email, and the server sends her
// to (the stand-in of) Kit on its own; SIGTERM then stops worker and server cleanly.

let buildProblem: string | null = null;
const temp = makeTempDir("sc-email-sync-server-");
let kit: KitStandin;
let server: RunningServer | undefined;
let database: TestDatabase | undefined;

beforeAll(async () => {
  buildProblem = await ensureBuild();
  kit = await startKitStandin();
}, INTEGRATION_BUILD_MS);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await database?.close();
  await kit?.close();
  temp.cleanup();
});

describe("the built server", () => {
  it("runs the sync worker: a confirmed subscriber reaches Kit without anyone asking", async () => {
    if (buildProblem) throw new Error(buildProblem);
    const dataDir = path.join(temp.dir, "data");
    const env: Record<string, string> = { DATA_DIR: dataDir, KIT_API_KEY: kit.apiKey, KIT_API_URL: kit.url, LOG_LEVEL: "warn" };
    if (process.env.DATABASE_URL) {
      database = await createTestDatabase();
      env.DATABASE_URL = database.url!;
      env.AUTH_SECRET = "integration-test-secret-0123456789abcdef";
    }
    server = await startServer(env);

    const email = `server-sync-${Date.now().toString(36)}@example.com`;
    const signup = await fetch(`${server.url}/api/email-list`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ form: "newsletter", email_address: email, first_name: "Ruth", returnTo: "/" }),
    });
    expect(signup.status).toBe(303);
    // The server's worker sends the queued confirmation a moment after the answer.
    const link = new URL(await waitForLink(dataDir, email, /\/email\/confirm\?token=/));
    // The link's page asks first; its button posts the token (docs/product.md §6.3).
    const address = `${server.url}${link.pathname}${link.search}`;
    expect((await fetch(address)).status).toBe(200);
    const confirmed = await fetch(address, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: new URLSearchParams({ token: link.searchParams.get("token")! }),
      redirect: "manual",
    });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe("/email/confirm?confirmed=1");

    await expect.poll(() => kit.tagsOf(email), { timeout: INTEGRATION_STATE_MS, interval: 250 }).toEqual(["Newsletter"]);
    expect(kit.subscribers.get(email)?.first_name).toBe("Ruth");

    const stopped = await server.stop("SIGTERM");
    expect(stopped.code).toBe(0);
    // The key never appears in the server's output.
    expect(stopped.stdout + stopped.stderr).not.toContain(kit.apiKey);
  }, INTEGRATION_LONG_MS);
});
