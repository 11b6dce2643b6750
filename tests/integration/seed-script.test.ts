import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginHistory, profiles, purchases, users } from "~/server/db/schema";
import { findUserByEmail, isAdmin } from "~/server/models/roles.server";
import { createPgliteDataDir, createTestDatabase, type TestDatabase } from "../support/db";
import { catalogueProducts } from "../support/factories";
import { childEnv, makeTempDir, runScript } from "../support/processes";

// `npm run seed` on an empty database, then again (it adds nothing twice).

const temp = makeTempDir("sc-seed-");
const dataDir = path.join(temp.dir, "data");
let pgHandle: TestDatabase | undefined;

async function withDb<T>(fn: (db: TestDatabase["db"]) => Promise<T>): Promise<T> {
  if (pgHandle) return fn(pgHandle.db);
  const handle = await createPgliteDataDir(dataDir);
  try {
    return await fn(handle.db);
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  if (process.env.DATABASE_URL) pgHandle = await createTestDatabase();
  else await withDb(async () => {}); // a migrated data directory, as a fresh install has after first start
});

afterAll(async () => {
  await pgHandle?.close();
  temp.cleanup();
});

const seed = (...args: string[]) =>
  runScript(
    "seed.ts",
    args,
    childEnv({
      ...(pgHandle ? { DATABASE_URL: pgHandle.url! } : { DATA_DIR: dataDir }),
      ADMIN_EMAIL: "Coach@Example.com",
      SEED_ADMIN_PASSWORD: "SeededAdmin2025",
    }),
  );

describe("npm run seed", () => {
  it("adds demo members with logins and catalogue purchases, and an admin, once", async () => {
    const first = await seed("--members=6");
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("Admin: created coach@example.com");
    expect(first.stdout).not.toContain("SeededAdmin2025");
    expect(first.stdout).toContain("added 6 demo members");

    const second = await seed("--members=6");
    expect(second.code).toBe(0);
    expect(second.stdout).toContain("already exists (password unchanged)");
    expect(second.stdout).toContain("none added");

    await withDb(async (db) => {
      const admin = await findUserByEmail(db, "coach@example.com");
      expect(admin && (await isAdmin(db, admin.id))).toBe(true);
      const [members] = await db.select({ n: count() }).from(profiles);
      expect(members?.n).toBe(7);
      const [logins] = await db.select({ n: count() }).from(loginHistory);
      expect(Number(logins?.n)).toBeGreaterThan(0);
      const prices = new Map<string, number>(catalogueProducts().map((p) => [p.productKey, p.pricePence]));
      for (const purchase of await db.select().from(purchases)) {
        expect(purchase.amountCents).toBe(prices.get(purchase.productKey));
      }
      const [verified] = await db.select().from(users).where(eq(users.email, "coach@example.com"));
      expect(verified?.emailVerified).toBe(true);
    });
  });
});
