import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childEnv, ensureBuild, makeTempDir, runScript } from "../support/processes";
import { startTestSite, type TestSite } from "../support/test-site";
import { INTEGRATION_SLOW_MS } from "../support/budgets";

// `npm run admin`, `npm run seed` and `npm run backup` while the site runs: on the embedded default they reach the
// database through the PostgreSQL server the site runs (docs/decisions/200), and what they write
// is what the running site serves. On PostgreSQL (DATABASE_URL) through that server.

const temp = makeTempDir("sc-scripts-");
let site: TestSite;
const ADMIN = "coach-live@example.com";
const PASSWORD = "SeededWhileLive2025";

beforeAll(async () => {
  const problem = await ensureBuild();
  if (problem) throw new Error(problem);
  site = await startTestSite(temp.dir);
}, INTEGRATION_SLOW_MS);

afterAll(async () => {
  await site?.stop();
  temp.cleanup();
});

const scriptEnv = () =>
  childEnv({
    ...(site.database ? { DATABASE_URL: site.database.url! } : { DATA_DIR: site.dataDir }),
    ADMIN_EMAIL: ADMIN,
    SEED_ADMIN_PASSWORD: PASSWORD,
  });

describe("scripts while the site runs", () => {
  it("npm run admin -- list and npm run seed work, and the running site sees their writes", async () => {
    const before = await runScript("admin.ts", ["list"], scriptEnv());
    expect(before.stderr).toBe("");
    expect(before.stdout).toContain("There are no administrators yet.");
    expect(before.code).toBe(0);

    const seeded = await runScript("seed.ts", ["--members=3"], scriptEnv(), 120_000);
    expect(seeded.stderr).toBe("");
    expect(seeded.code).toBe(0);

    const after = await runScript("admin.ts", ["list"], scriptEnv());
    expect(after.code).toBe(0);
    expect(after.stdout).toContain("1 administrator:");
    expect(after.stdout).toContain(ADMIN);

    // The site never stopped, and the administrator the seed made signs in through it.
    const health = await fetch(`${site.origin}/healthz`);
    expect(health.status).toBe(200);
    const signIn = await fetch(`${site.origin}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.origin },
      body: JSON.stringify({ email: ADMIN, password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
  }, INTEGRATION_SLOW_MS);

  it("npm run backup writes an archive with the members while the site goes on serving", async () => {
    const backupDir = path.join(temp.dir, "live-backups");
    const seeded = await runScript("seed.ts", ["--members=2"], scriptEnv(), 120_000);
    expect(seeded.code, seeded.stderr).toBe(0);

    const backup = await runScript("backup.ts", [], childEnv({ ...scriptEnv(), BACKUP_DIR: backupDir }), 120_000);
    expect(backup.code, backup.stderr).toBe(0);
    const archive = backup.stdout.trim().split("\n").at(-1)!;
    expect(path.dirname(archive)).toBe(backupDir);
    expect(fs.statSync(archive).size).toBeGreaterThan(0);
    expect(backup.stdout).toMatch(/[1-9]\d* rows in \d+ tables/);

    expect((await fetch(`${site.origin}/healthz`)).status).toBe(200);
  }, INTEGRATION_SLOW_MS);
});
