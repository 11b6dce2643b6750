import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acquireDataDirLock } from "~/server/db/data-dir-lock.server";
import { adminActivityLog, userRoles } from "~/server/db/schema";
import { isAdmin } from "~/server/models/roles.server";
import { createEmbeddedDataDir, createTestDatabase, type TestDatabase } from "../support/db";
import { createUser, type CreatedUser } from "../../scripts/factories";
import { childEnv, makeTempDir, runScript } from "../support/processes";

// `npm run admin` against a real database: an embedded data directory (the default), or the run's
// PostgreSQL server when DATABASE_URL is set.

const onPostgres = Boolean(process.env.DATABASE_URL);
let temp: ReturnType<typeof makeTempDir>;
let dataDir: string;
let url: string | null = null;
let alice: CreatedUser;
let bea: CreatedUser;

let pgHandle: TestDatabase | undefined;

/**
 * Runs `fn` on the script's database. The data directory is opened only for the moment: its lock
 * forbids holding it while a script runs. On PostgreSQL the file keeps one database throughout.
 */
async function withDb<T>(fn: (db: TestDatabase["db"]) => Promise<T>): Promise<T> {
  if (pgHandle) return fn(pgHandle.db);
  const handle = await createEmbeddedDataDir(dataDir);
  try {
    return await fn(handle.db);
  } finally {
    await handle.close();
  }
}

const admin = (...args: string[]) =>
  runScript("admin.ts", args, childEnv({ DATA_DIR: dataDir, DATABASE_URL: url ?? "" }));

beforeAll(async () => {
  temp = makeTempDir("sc-admin-");
  dataDir = path.join(temp.dir, "data");
  if (onPostgres) {
    pgHandle = await createTestDatabase();
    url = pgHandle.url;
  }
  [alice, bea] = await withDb(async (db) => [
    await createUser(db, { firstName: "Alice", lastName: "Hughes" }),
    await createUser(db, { firstName: "Bea", lastName: "Okafor" }),
  ]);
});

afterAll(async () => {
  await pgHandle?.close();
  temp?.cleanup();
});

describe("npm run admin", () => {
  it("grants, lists and revokes the admin role, logging each change", async () => {
    const granted = await admin("grant", alice.user.email.toUpperCase());
    expect(granted.stderr).toBe("");
    expect(granted.stdout).toContain(`${alice.user.email} is now an administrator.`);
    expect(granted.code).toBe(0);

    const again = await admin("grant", alice.user.email);
    expect(again.stdout).toContain("is already an administrator. Nothing changed.");
    expect(again.code).toBe(0);

    expect((await admin("grant", bea.user.email)).code).toBe(0);
    const list = await admin("list");
    expect(list.stdout).toContain("2 administrators:");
    expect(list.stdout).toContain(alice.user.email);

    const revoked = await admin("revoke", bea.user.email);
    expect(revoked.stdout).toContain(`${bea.user.email} is no longer an administrator.`);
    expect(revoked.code).toBe(0);

    await withDb(async (db) => {
      expect(await isAdmin(db, alice.user.id)).toBe(true);
      expect(await isAdmin(db, bea.user.id)).toBe(false);
      const log = await db.select().from(adminActivityLog).where(eq(adminActivityLog.targetUserId, bea.user.id));
      expect(log.map((l) => l.actionType).sort()).toEqual(["grant_admin", "remove_admin"]);
      expect(log[0]).toMatchObject({ adminId: null, details: { user_email: bea.user.email, source: "command line" } });
    });
  });

  it("refuses to revoke the last administrator", async () => {
    const result = await admin("revoke", alice.user.email);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${alice.user.email} is the last administrator, so their admin role was kept`);
    await withDb(async (db) => {
      expect(await db.select().from(userRoles).where(eq(userRoles.userId, alice.user.id))).toHaveLength(1);
    });
  });

  it("explains an unknown email address and a wrong command", async () => {
    const unknown = await admin("grant", "nobody@example.org");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No account uses the email nobody@example.org");

    const wrong = await admin("promote", alice.user.email);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("Usage:");
  });

  it("refuses when the process holding the data directory runs no database, changing nothing", async () => {
    // A lock without a database server behind it stands in for a server that is stuck starting.
    // (A running site is shared: tests/integration/scripts-while-running.test.ts.)
    const lock = acquireDataDirLock(dataDir);
    try {
      // Always on the embedded database: PostgreSQL needs no lock.
      const result = await runScript("admin.ts", ["grant", bea.user.email], childEnv({ DATA_DIR: dataDir }));
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `The data directory ${path.resolve(dataDir)} is in use by the running server (pid ${process.pid}), and its database does not answer.`,
      );
      expect(result.stderr).toContain("admin dashboard");
    } finally {
      lock.release();
    }
    await withDb(async (db) => expect(await isAdmin(db, bea.user.id)).toBe(false));
  });
});
