import path from "node:path";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appSettings } from "~/server/db/schema";
import { createEmbeddedDataDir, createTestDatabase, type TestDatabase } from "../support/db";
import { ensureBuild, makeTempDir, startServer, type RunningServer } from "../support/processes";
import { INTEGRATION_BUILD_MS, INTEGRATION_TEST_MS } from "../support/budgets";

// POST /api/payments/webhook on the built server (Express in front of React Router): the body
// must reach the signature check byte for byte, so a signed event is accepted and anything else
// refused.

const SECRET = "whsec_server_test_0123456789abcdef";
let buildProblem: string | null = null;
const temp = makeTempDir("sc-payments-");
let server: RunningServer | undefined;
let database: TestDatabase | undefined;

beforeAll(async () => {
  buildProblem = await ensureBuild();
  if (buildProblem) return;
  const dataDir = path.join(temp.dir, "data");
  const env: Record<string, string> = { DATA_DIR: dataDir };
  // The test checkout's signing secret, put where the server keeps it (app_settings).
  if (process.env.DATABASE_URL) {
    database = await createTestDatabase();
    env.DATABASE_URL = database.url!;
    env.AUTH_SECRET = "payments-server-test-secret-0123456789abcdef"; // required with PostgreSQL
    await database.db.insert(appSettings).values({ key: "payments.test_webhook_secret", value: SECRET });
  } else {
    const handle = await createEmbeddedDataDir(dataDir);
    await handle.db.insert(appSettings).values({ key: "payments.test_webhook_secret", value: SECRET });
    await handle.close();
  }
  server = await startServer(env);
}, INTEGRATION_BUILD_MS);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await database?.close();
  temp.cleanup();
});

function post(payload: string, signature: string | null) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature) headers["stripe-signature"] = signature;
  return fetch(`${server!.url}/api/payments/webhook`, { method: "POST", headers, body: payload });
}

describe("the webhook endpoint on the running server", () => {
  it("accepts an event signed with Stripe's scheme, once, and refuses forged and stale ones", async () => {
    if (buildProblem) throw new Error(buildProblem);
    // Pretty-printed on purpose: a parser that re-serialised the body would break the signature.
    const payload = JSON.stringify(
      { id: `evt_server_${Date.now()}`, object: "event", type: "customer.created", created: Math.floor(Date.now() / 1000), data: { object: { id: "cus_1", object: "customer" } } },
      null,
      2,
    );
    const sign = (secret: string, timestamp?: number) => Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

    const first = await post(payload, sign(SECRET));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    expect(await (await post(payload, sign(SECRET))).json()).toEqual({ received: true, duplicate: true });

    expect((await post(payload, sign("whsec_forged"))).status).toBe(400);
    expect((await post(payload, sign(SECRET, Math.floor(Date.now() / 1000) - 600))).status).toBe(400);
    expect((await post(payload, null)).status).toBe(400);
    expect((await fetch(`${server!.url}/api/payments/webhook`)).status).toBe(405);
  }, INTEGRATION_TEST_MS);
});
