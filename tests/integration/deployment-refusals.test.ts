import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childEnv, ensureBuild, makeTempDir, runProcess, startServer } from "../support/processes";
import { INTEGRATION_BUILD_MS, INTEGRATION_TEST_MS } from "../support/budgets";

// docs/product.md §17.1: `node server.js` in production for a public address refuses to run on
// the test checkout or the email outbox unless the operator opts in, names each variable and how
// to opt in, and exits 1 without a stack trace. Opted in, every page says 'Test mode'.

const temp = makeTempDir("sc-deploy-");
const PUBLIC = "https://strongwithjo.example";
let buildProblem: string | null = null;

beforeAll(async () => {
  buildProblem = await ensureBuild();
}, INTEGRATION_BUILD_MS);

afterAll(() => temp.cleanup());

async function start(name: string, values: Record<string, string>) {
  if (buildProblem) throw new Error(buildProblem);
  return runProcess(process.execPath, ["server.js"], {
    env: childEnv({ NODE_ENV: "production", PORT: "0", DATA_DIR: path.join(temp.dir, name), LOG_LEVEL: "warn", STRIPE_SECRET_KEY: "", SMTP_URL: "", PAYMENTS: "", MAIL: "", ...values }),
    timeoutMs: INTEGRATION_TEST_MS,
  });
}

function expectRefusal(result: { code: number | null; stderr: string }, lines: RegExp[]) {
  expect(result.code, result.stderr).toBe(1);
  expect(result.stderr).not.toMatch(/\n\s+at /);
  const printed = result.stderr.split("\n").filter((line) => line.trim() !== "");
  expect(printed[0]).toBe(`This server will not start for ${PUBLIC} as configured:`);
  expect(printed.slice(1)).toHaveLength(lines.length);
  lines.forEach((pattern, i) => expect(printed[i + 1]).toMatch(pattern));
}

describe("a public production site without real payments or mail", () => {
  it("no STRIPE_SECRET_KEY and no SMTP_URL: both named with their opt-ins, exit code 1", async () => {
    const result = await start("none", { SITE_URL: PUBLIC });
    expectRefusal(result, [
      /^ {2}- STRIPE_SECRET_KEY is not set, so checkouts would use the built-in test checkout .*or set PAYMENTS=test for a staging site/,
      /^ {2}- SMTP_URL is not set, so emails .*nobody would receive them\. .*or set MAIL=outbox/,
    ]);
  });

  it("a Stripe test key on a public site without PAYMENTS=test: refused, exit code 1", async () => {
    const result = await start("test-key", { SITE_URL: PUBLIC, STRIPE_SECRET_KEY: "sk_test_123", MAIL: "outbox" });
    expectRefusal(result, [/^ {2}- STRIPE_SECRET_KEY is a Stripe test key \(sk_test_…\) on a public site.*PAYMENTS=test/]);
  });

  it("a live key with an http SITE_URL: refused, exit code 1, the key never printed", async () => {
    const result = await start("live-http", { SITE_URL: "http://strongwithjo.example", STRIPE_SECRET_KEY: "sk_live_do-not-print", MAIL: "outbox" });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^ {2}- SITE_URL is http:\/\/strongwithjo\.example \(not https\), but STRIPE_SECRET_KEY is a live key: real payments need the site's https:\/\/ address/m);
    expect(result.stderr + result.stdout).not.toContain("do-not-print");
  });

  it("an unknown PAYMENTS value is a configuration error naming it", async () => {
    const result = await start("bad-value", { SITE_URL: PUBLIC, PAYMENTS: "free" });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("PAYMENTS: must be test or stripe");
  });

  it("opted in (PAYMENTS=test, MAIL=outbox): starts, and every page shows the 'Test mode' banner", async () => {
    if (buildProblem) throw new Error(buildProblem);
    const server = await startServer({ DATA_DIR: path.join(temp.dir, "opted-in"), SITE_URL: PUBLIC, PAYMENTS: "test", MAIL: "outbox", LOG_LEVEL: "warn" });
    try {
      for (const page of ["/", "/about", "/no-such-page"]) {
        const html = await (await fetch(`${server.url}${page}`, { headers: { host: "strongwithjo.example" } })).text();
        expect(html, page).toContain("Test mode: this is a test site. No payment is taken and no card is charged.");
      }
    } finally {
      await server.stop();
    }
  });
});

describe("the quick start is unchanged", () => {
  it("production on localhost with no keys starts with no banner", async () => {
    if (buildProblem) throw new Error(buildProblem);
    const server = await startServer({ DATA_DIR: path.join(temp.dir, "quick"), LOG_LEVEL: "warn" });
    try {
      const html = await (await fetch(`${server.url}/`)).text();
      expect(html).toContain("<html");
      expect(html).not.toContain("Test mode:");
    } finally {
      await server.stop();
    }
  });
});
