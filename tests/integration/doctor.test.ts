import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadServerEnv } from "~/config/env.server";
import { loadSiteConfig } from "~/config/env.server";
import {
  checkAuthSecret,
  checkDatabase,
  checkEmailMarketing,
  checkFiles,
  checkMail,
  checkPayments,
  checkSiteAddress,
  formatDoctorTable,
} from "~/server/ops/doctor.server";
import { createEmbeddedDataDir, createTestDatabase, type TestDatabase } from "../support/db";
import { startKitStandin, type KitStandin } from "../support/kit-standin";
import { childEnv, freePort, makeTempDir, runScript } from "../support/processes";
import { startS3StandIn, type S3StandIn } from "../support/s3-standin";
import { startSmtpStandIn, type SmtpStandIn } from "../support/smtp-standin";
import { startStripeStandin, type StripeStandin } from "../support/stripe-standin";
import { INTEGRATION_TEST_MS } from "../support/budgets";

// `npm run doctor` (docs/product.md §17.2): each real check against the project's local stand-ins
// (Stripe, S3, Kit, SMTP, PostgreSQL or the embedded database), one configuration that passes and
// one that fails, and the command's table and exit code.

const temp = makeTempDir("sc-doctor-");
const catalogue = loadSiteConfig({}).catalogue;
const envWith = (values: Record<string, string>) => loadServerEnv({ DATA_DIR: path.join(temp.dir, "data"), NODE_ENV: "development", ...values });
let stripe: StripeStandin;
let s3: S3StandIn;
let kit: KitStandin;
let smtp: SmtpStandIn;

beforeAll(async () => {
  [stripe, s3, kit, smtp] = await Promise.all([
    startStripeStandin(),
    startS3StandIn({ buckets: ["site-files"] }),
    startKitStandin(),
    startSmtpStandIn({ auth: { user: "mailer@example.com", pass: "right-password" } }),
  ]);
});

afterAll(async () => {
  await Promise.all([stripe.close(), s3.close(), kit.close(), smtp.close()]);
  temp.cleanup();
});

describe("payments", () => {
  const at = () => ({ stripe: { host: stripe.host, port: stripe.port, protocol: stripe.protocol } });

  it("passes: the key is accepted, the webhook secret set, every price creatable (and each probe expired)", async () => {
    stripe.reset();
    const result = await checkPayments(envWith({ STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: "whsec_abc" }), catalogue, at());
    expect(result).toMatchObject({ service: "Payments", mode: "Stripe (test)", status: "ok" });
    expect(result.result).toContain("all 3 prices accepted");
    expect(stripe.requestsTo("GET", "/v1/account")).toHaveLength(1);
    expect(stripe.requestsTo("POST", "/v1/checkout/sessions")).toHaveLength(3);
    expect([...stripe.sessions.values()].every((s) => s.status === "expired")).toBe(true);
  });

  it("fails: a key Stripe refuses", async () => {
    const result = await checkPayments(envWith({ STRIPE_SECRET_KEY: "sk_test_wrong", STRIPE_WEBHOOK_SECRET: "whsec_abc" }), catalogue, at());
    expect(result).toMatchObject({ status: "failed", result: "Stripe refused the key" });
    expect(result.todo).toContain("STRIPE_SECRET_KEY");
  });

  it("fails: no webhook secret, or a price Stripe refuses", async () => {
    const noSecret = await checkPayments(envWith({ STRIPE_SECRET_KEY: stripe.secretKey }), catalogue, at());
    expect(noSecret.status).toBe("failed");
    expect(noSecret.todo).toContain("STRIPE_WEBHOOK_SECRET");
    stripe.setFailure("POST", "/v1/checkout/sessions", { status: 400, type: "invalid_request_error", message: "Amount must be at least 30 pence" });
    try {
      const refused = await checkPayments(envWith({ STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: "whsec_abc" }), catalogue, at());
      expect(refused.status).toBe("failed");
      expect(refused.result).toContain("Stripe refused Learn to Lift (Amount must be at least 30 pence)");
    } finally {
      stripe.setFailure("POST", "/v1/checkout/sessions", null);
    }
  });

  it("the test checkout: fine locally, failed on a public production site without PAYMENTS=test", async () => {
    expect((await checkPayments(envWith({}), catalogue)).status).toBe("ok");
    const production = envWith({ NODE_ENV: "production", SITE_URL: "https://strongwithjo.example" });
    const result = await checkPayments(production, catalogue);
    expect(result.status).toBe("failed");
    expect(result.todo).toContain("PAYMENTS=test");
  });
});

describe("mail", () => {
  it("passes: SMTP connects and signs in", async () => {
    const url = new URL(smtp.url);
    url.username = "mailer%40example.com";
    url.password = "right-password";
    const result = await checkMail(envWith({ SMTP_URL: url.toString() }));
    expect(result).toMatchObject({ service: "Mail", status: "ok", result: "connected and signed in" });
    expect(result.mode).not.toContain("right-password");
  });

  it("fails: a wrong password, and a server that is not there", async () => {
    const url = new URL(smtp.url);
    url.username = "mailer%40example.com";
    url.password = "wrong";
    const refused = await checkMail(envWith({ SMTP_URL: url.toString() }));
    expect(refused).toMatchObject({ status: "failed", result: "the mail server refused the user name or password" });
    expect(smtp.refusedLogins).toContain("mailer@example.com");
    const closed = await checkMail(envWith({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` }));
    expect(closed.status).toBe("failed");
    expect(closed.result).toMatch(/^cannot connect/);
  });
});

describe("files", () => {
  const s3Env = (values: Record<string, string> = {}) =>
    envWith({ S3_BUCKET: "site-files", S3_ENDPOINT: s3.endpoint, S3_REGION: s3.region, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey, ...values });

  it("passes: a probe object is put, read and deleted, leaving the bucket as it was", async () => {
    const result = await checkFiles(s3Env());
    expect(result).toMatchObject({ service: "Files", mode: "S3 (bucket site-files)", status: "ok" });
    expect(s3.requests.map((r) => r.method)).toEqual(expect.arrayContaining(["PUT", "GET", "DELETE"]));
    expect(s3.objects("site-files").size).toBe(0);
  });

  it("fails: a wrong secret key, and a bucket that does not exist", async () => {
    const wrongKey = await checkFiles(s3Env({ S3_SECRET_ACCESS_KEY: "not-the-secret" }));
    expect(wrongKey.status).toBe("failed");
    expect(wrongKey.todo).toContain("S3_SECRET_ACCESS_KEY");
    const noBucket = await checkFiles(s3Env({ S3_BUCKET: "no-such-bucket" }));
    expect(noBucket).toMatchObject({ status: "failed", todo: "Create the bucket, or correct S3_BUCKET." });
  });

  it("the local folder: writable", async () => {
    expect((await checkFiles(envWith({}))).status).toBe("ok");
  });
});

describe("email marketing", () => {
  it("passes with the key Kit knows, fails with another", async () => {
    const ok = await checkEmailMarketing(envWith({ KIT_API_KEY: kit.apiKey, KIT_API_URL: kit.url }));
    expect(ok).toMatchObject({ service: "Email marketing", mode: "Kit", status: "ok" });
    const refused = await checkEmailMarketing(envWith({ KIT_API_KEY: "wrong-key", KIT_API_URL: kit.url }));
    expect(refused).toMatchObject({ status: "failed", result: "Kit refused the key" });
  });
});

describe("database", () => {
  let database: TestDatabase | undefined;
  afterAll(async () => database?.close());

  it("passes when reachable and migrated; fails with a migration missing, and when unreachable", async () => {
    database = await createTestDatabase();
    let env;
    if (database.url) {
      env = envWith({ DATABASE_URL: database.url });
    } else {
      const dataDir = path.join(temp.dir, "db");
      await (await createEmbeddedDataDir(dataDir)).close();
      env = envWith({ DATA_DIR: dataDir });
    }
    const ok = await checkDatabase(env);
    await ok.handle?.close();
    expect(ok.result).toMatchObject({ service: "Database", status: "ok", result: "reachable and migrated" });

    // One migration forgotten, as after deploying new code without starting the server.
    const opened = (await checkDatabase(env)).handle!;
    await opened.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
    await opened.close();
    const behind = await checkDatabase(env);
    await behind.handle?.close();
    expect(behind.result.status).toBe("failed");
    expect(behind.result.result).toMatch(/1 migration not applied/);

    const closed = await checkDatabase(envWith({ DATABASE_URL: `postgresql://coach:pw@127.0.0.1:${await freePort()}/site` }));
    expect(closed.result.status).toBe("failed");
    expect(closed.result.result).toMatch(/^cannot be reached/);
  }, INTEGRATION_TEST_MS);
});

describe("site address and auth secret", () => {
  it("https in production; a strong secret", () => {
    expect(checkSiteAddress(envWith({ NODE_ENV: "production", SITE_URL: "https://strongwithjo.example" })).status).toBe("ok");
    expect(checkSiteAddress(envWith({ NODE_ENV: "production", SITE_URL: "http://strongwithjo.example" })).status).toBe("failed");
    expect(checkAuthSecret(envWith({ AUTH_SECRET: "Zq8v3Lr0TnWb5xKc1YhJ7uFd2GmPa9Se4RtXo6Vi" })).status).toBe("ok");
    const weak = checkAuthSecret(envWith({ AUTH_SECRET: "password-password-password-password" }));
    expect(weak.status).toBe("failed");
    expect(weak.todo).toContain("openssl rand");
  });
});

describe("npm run doctor", () => {
  it("prints the table and exits 0 when everything configured works, 1 when something fails", async () => {
    const base = { DATA_DIR: path.join(temp.dir, "cli"), NODE_ENV: "development", LOG_LEVEL: "silent", STRIPE_SECRET_KEY: "", SMTP_URL: "", S3_BUCKET: "", KIT_API_KEY: "", AUTH_SECRET: "" };
    const ok = await runScript("doctor.ts", [], childEnv(base));
    expect(ok.code, ok.stderr).toBe(0);
    const lines = ok.stdout.split("\n");
    expect(lines[0]).toMatch(/^Service\s+Mode\s+Result\s+What to do$/);
    for (const service of ["Database", "Payments", "Mail", "Files", "Email marketing", "Site address", "Auth secret"]) {
      expect(ok.stdout).toMatch(new RegExp(`^${service}\\s+\\S.*\\s+OK: `, "m"));
    }
    expect(ok.stdout).toContain("Everything configured works.");

    const failing = await runScript("doctor.ts", [], childEnv({ ...base, SMTP_URL: `smtp://127.0.0.1:${await freePort()}` }));
    expect(failing.code).toBe(1);
    expect(failing.stdout).toMatch(/^Mail\s+SMTP \(smtp:\/\/127\.0\.0\.1:\d+\)\s+FAILED: cannot connect/m);
    expect(failing.stdout).toContain('1 check failed: see "What to do" above.');
  }, INTEGRATION_TEST_MS);

  it("formats one row per check", () => {
    const table = formatDoctorTable([{ service: "Mail", mode: "outbox", status: "warning", result: "x", todo: "" }]);
    expect(table.split("\n")[2]).toMatch(/^Mail\s+outbox\s+WARNING: x\s+-$/);
  });
});
