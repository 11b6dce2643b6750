import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inArray, ne } from "drizzle-orm";
import { adminEmailGrants, loginHistory, profiles, purchases, users } from "~/server/db/schema";
import { findUserByEmail, isAdmin } from "~/server/models/roles.server";
import { createEmbeddedDataDir, createTestDatabase, type TestDatabase } from "../support/db";
import { catalogueProducts, createUser } from "../../scripts/factories";
import { childEnv, makeTempDir, runScript } from "../support/processes";

// `npm run seed` on an empty database, then again (it adds nothing twice); on a site that already
// has members with @example addresses (it adds each demo member it does not find by her own
// email, and says what it added and what was already there).

const temp = makeTempDir("sc-seed-");
const dataDir = path.join(temp.dir, "data");
let pgHandle: TestDatabase | undefined;

async function withDb<T>(fn: (db: TestDatabase["db"]) => Promise<T>): Promise<T> {
  if (pgHandle) return fn(pgHandle.db);
  const handle = await createEmbeddedDataDir(dataDir);
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
    expect(first.stdout).toMatch(/Members: added 6 demo members \(with \d+ logins and \d+ purchases\); none were there already\./);

    const second = await seed("--members=6");
    expect(second.code).toBe(0);
    expect(second.stdout).toContain("already exists (password unchanged)");
    expect(second.stdout).toContain("Members: all 6 demo members are already there; none added.");

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
      // Its grant is recorded: ADMIN_EMAILS never makes the address an administrator again.
      const grants = await db.select().from(adminEmailGrants).where(eq(adminEmailGrants.email, "coach@example.com"));
      expect(grants).toEqual([expect.objectContaining({ userId: verified!.id, event: "granted" })]);
    });
  });

  it("adds the demo members that are missing, each found by her own email, and says which", async () => {
    // A member of the site's own with an @example address, and two demo members gone.
    await withDb(async (db) => {
      await createUser(db, { firstName: "Real", lastName: "Member", email: "real.member@example.com" });
      const demo = await db.select({ id: users.id, email: users.email }).from(users).where(ne(users.email, "coach@example.com")).orderBy(users.email);
      const gone = demo.filter((u) => u.email !== "real.member@example.com").slice(0, 2);
      await db.delete(users).where(inArray(users.id, gone.map((u) => u.id)));
    });
    const third = await seed("--members=6");
    expect(third.code).toBe(0);
    expect(third.stdout).toMatch(/Members: added 2 demo members \(with \d+ logins and \d+ purchases\); 4 were there already\./);
    const added = /\n {2}added: (.+)\n/.exec(third.stdout)?.[1]?.split(", ") ?? [];
    const already = /\n {2}already there: (.+)\n/.exec(third.stdout)?.[1]?.split(", ") ?? [];
    expect(added).toHaveLength(2);
    expect(already).toHaveLength(4);
    expect([...added, ...already]).not.toContain("real.member@example.com");

    // More demo members wanted than before: the first six are the same ones.
    const fourth = await seed("--members=8");
    expect(fourth.stdout).toMatch(/Members: added 2 demo members .*; 6 were there already\./);
    await withDb(async (db) => {
      const [members] = await db.select({ n: count() }).from(profiles);
      // The admin, her own member and eight demo members.
      expect(members?.n).toBe(10);
    });
  });
});
