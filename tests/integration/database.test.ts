import fs from "node:fs";
import path from "node:path";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { getAuthTables } from "better-auth/db";
import { twoFactor } from "better-auth/plugins/two-factor";
import { eq, getTableColumns, getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { createDatabase, defaultMigrationsFolder } from "~/server/db/client.server";
import * as schema from "~/server/db/schema";
import { dropDatabase, setupTestDatabase, testDatabaseName, testServerUrl, withDatabaseName, withServerClient } from "../support/db";
import { createLoginHistory, createMember, createPurchase, createUser, fakeCheckoutSessionId } from "../../scripts/factories";

/** How many migrations the committed journal lists (each applied exactly once). */
function migrationCount(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(defaultMigrationsFolder(), "meta/_journal.json"), "utf8"));
  return journal.entries.length;
}

const t = setupTestDatabase();

/** The SQLSTATE of a database error, wherever the driver or Drizzle put it. */
function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

async function failure(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return sqlState(error) ?? `no SQLSTATE: ${String(error)}`;
  }
  return "succeeded";
}

const schemaTables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

describe("migrations", () => {
  it("create every table of the schema and the extensions it needs", async () => {
    const { rows: tables } = await t.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    expect(tables.map((r) => r.table_name).sort()).toEqual(schemaTables.map((table) => getTableName(table)).sort());

    const { rows: extensions } = await t.db.execute<{ extname: string }>(sql`select extname from pg_extension`);
    expect(extensions.map((r) => r.extname)).toEqual(expect.arrayContaining(["citext", "pg_trgm"]));
  });

  it("create the columns of the schema with their SQL names", async () => {
    const { rows } = await t.db.execute<{ table_name: string; column_name: string }>(
      sql`select table_name, column_name from information_schema.columns where table_schema = 'public'`,
    );
    for (const table of schemaTables) {
      const expected = Object.values(getTableColumns(table)).map((c) => c.name).sort();
      const actual = rows.filter((r) => r.table_name === getTableName(table)).map((r) => r.column_name).sort();
      expect(actual, getTableName(table)).toEqual(expected);
    }
  });

  it("create the trigram index for admin search, over her email, first and last name", async () => {
    const { rows } = await t.db.execute<{ indexname: string; indexdef: string }>(
      sql`select indexname, indexdef from pg_indexes where tablename = 'profiles'`,
    );
    const trigram = rows.filter((r) => r.indexdef.includes("gin_trgm_ops"));
    expect(trigram.map((r) => r.indexname)).toEqual(["profiles_search_trgm_idx"]);
    for (const column of ["email", "first_name", "last_name"]) expect(trigram[0]!.indexdef).toContain(column);
  });

  it("run once when several servers start together", async () => {
    const serverUrl = testServerUrl();
    const name = testDatabaseName("sc_test_concurrent");
    await withServerClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
    const handles = await Promise.all(
      [1, 2, 3].map(() => createDatabase({ url: withDatabaseName(serverUrl, name), poolSize: 2 })),
    );
    try {
      await Promise.all(handles.map((h) => h.migrate()));
      const { rows } = await handles[0]!.db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(rows[0]?.n).toBe(migrationCount());
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await dropDatabase(serverUrl, name);
    }
  });

  it("run again without changing anything", async () => {
    const count = async () =>
      (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).rows[0]?.n;
    expect(await count()).toBe(migrationCount());
    await t.handle.migrate();
    expect(await count()).toBe(migrationCount());
  });
});

describe("constraints", () => {
  it("delete a user's profile, logins, sessions and roles with the user", async () => {
    const member = await createMember(t.db, { logins: 3, purchases: 0, admin: true });
    await t.db.insert(schema.sessions).values({
      id: `s_${member.user.id}`,
      token: `tok_${member.user.id}`,
      userId: member.user.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    await t.db.delete(schema.users).where(eq(schema.users.id, member.user.id));

    for (const table of [schema.profiles, schema.loginHistory, schema.sessions, schema.accounts, schema.userRoles]) {
      const rows = await t.db.select().from(table).where(eq(table.userId, member.user.id));
      expect(rows, getTableName(table)).toEqual([]);
    }
  });

  it("keep a purchase when its user is deleted, with the user reference cleared (docs/product.md §9.8)", async () => {
    const { user } = await createUser(t.db);
    const purchase = await createPurchase(t.db, user.id, { productKey: "learn-to-lift" });
    expect(purchase.amountCents).toBe(30000);
    expect(purchase.currency).toBe("gbp");

    await t.db.delete(schema.users).where(eq(schema.users.id, user.id));
    const [kept] = await t.db.select().from(schema.purchases).where(eq(schema.purchases.id, purchase.id));
    expect(kept).toMatchObject({ userId: null, stripeSessionId: purchase.stripeSessionId, amountCents: 30000 });
  });

  it("reject a second purchase with the same checkout session id (docs/product.md §8.4)", async () => {
    const { user } = await createUser(t.db);
    const stripeSessionId = fakeCheckoutSessionId();
    await createPurchase(t.db, user.id, { stripeSessionId });
    expect(await failure(createPurchase(t.db, user.id, { stripeSessionId }))).toBe("23505");
  });

  it("reject a profile for an account that does not exist, and a second profile for one that does", async () => {
    const insert = (userId: string) =>
      t.db.insert(schema.profiles).values({ userId, firstName: "Nobody", email: "nobody@example.com" });
    expect(await failure(insert("no-such-user"))).toBe("23503");
    const { user } = await createUser(t.db);
    expect(await failure(insert(user.id))).toBe("23505");
  });

  it("reject any role but admin", async () => {
    const { user } = await createUser(t.db);
    expect(
      await failure(t.db.execute(sql`insert into user_roles (user_id, role) values (${user.id}, 'editor')`)),
    ).toBe("23514");
  });

  it("reject two accounts whose emails differ only in case", async () => {
    const { user } = await createUser(t.db);
    expect(await failure(createUser(t.db, { email: user.email.toUpperCase() }))).toBe("23505");
  });

  it("keep one subscriber per form and email address, ignoring case", async () => {
    const subscriber = (email: string, form: schema.EmailListForm) =>
      t.db.insert(schema.emailSubscribers).values({ email, form, unsubscribeToken: fakeCheckoutSessionId() });
    await subscriber("Reader@Example.com", "newsletter");
    expect(await failure(subscriber("reader@example.com", "newsletter"))).toBe("23505");
    await subscriber("reader@example.com", "waitlist");
    const rows = await t.db
      .select()
      .from(schema.emailSubscribers)
      .where(eq(schema.emailSubscribers.email, "READER@EXAMPLE.COM"));
    expect(rows.map((r) => r.form).sort()).toEqual(["newsletter", "waitlist"]);
    expect(rows.every((r) => r.status === "pending")).toBe(true);
    expect(await failure(subscriber("other@example.com", "carrier-pigeon" as schema.EmailListForm))).toBe("23514");
  });

  it("store times as timestamptz and read them back as the same instant", async () => {
    const { user } = await createUser(t.db);
    const at = new Date("2025-03-30T00:30:00.123Z"); // the night the UK clocks change
    const [row] = await createLoginHistory(t.db, user.id, { count: 1, since: at, until: at });
    expect(row!.loginAt.toISOString()).toBe(at.toISOString());
  });

  it("number jobs and apply their defaults", async () => {
    const [job] = await t.db.insert(schema.jobs).values({ queue: "email-list-sync", payload: { id: 1 } }).returning();
    expect(job).toMatchObject({ status: "queued", attempts: 0, maxAttempts: 8, payload: { id: 1 } });
    expect(typeof job!.id).toBe("number");
  });
});

describe("relational queries", () => {
  it("load a member with profile, logins, purchases and roles", async () => {
    const member = await createMember(t.db, { logins: 2, purchases: 1, admin: true });
    const loaded = await t.db.query.users.findFirst({
      where: eq(schema.users.id, member.user.id),
      with: { profile: true, loginHistory: true, purchases: true, roles: true },
    });
    expect(loaded?.profile?.firstName).toBe(member.profile.firstName);
    expect(loaded?.loginHistory).toHaveLength(2);
    expect(loaded?.purchases).toHaveLength(1);
    expect(loaded?.roles.map((r) => r.role)).toEqual(["admin"]);
    const profile = await t.db.query.profiles.findFirst({
      where: eq(schema.profiles.userId, member.user.id),
      with: { user: true },
    });
    expect(profile?.user.email).toBe(member.user.email);
  });
});

describe("Better Auth", () => {
  const authOptions = { plugins: [twoFactor()], rateLimit: { storage: "database" as const } };

  it("finds every table and column it writes in the schema (usePlural)", () => {
    for (const table of Object.values(getAuthTables(authOptions))) {
      const drizzleTable = (schema as Record<string, unknown>)[`${table.modelName}s`];
      expect(is(drizzleTable, PgTable), `${table.modelName}s`).toBe(true);
      const columns = getTableColumns(drizzleTable as PgTable);
      const written = new Set(["id", ...Object.entries(table.fields).map(([key, f]) => f.fieldName ?? key)]);
      for (const field of written) expect(columns, `${table.modelName}.${field}`).toHaveProperty(field);
      // A column Better Auth never writes must be optional, or its inserts fail.
      for (const [key, column] of Object.entries(columns)) {
        if (!written.has(key)) expect(!column.notNull || column.hasDefault, `${table.modelName}.${key}`).toBe(true);
      }
    }
  });

  it("signs in a factory user with its password, signs up, enables two-factor and counts requests", async () => {
    const auth = betterAuth({
      database: drizzleAdapter(t.db, { provider: "pg", schema, usePlural: true }),
      secret: "integration-test-secret-that-is-long-enough",
      baseURL: "http://localhost:3000",
      emailAndPassword: { enabled: true },
      plugins: [twoFactor()],
      rateLimit: { enabled: true, storage: "database" },
      logger: { disabled: true },
    });

    const { user, password } = await createUser(t.db);
    const signedIn = await auth.api.signInEmail({ body: { email: user.email, password } });
    expect(signedIn.user.id).toBe(user.id);
    const sessions = await t.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id));
    expect(sessions).toHaveLength(1);

    const signedUp = await auth.api.signUpEmail({
      body: { email: "New.Member@Example.com", password: "Strong3rEveryWeek", name: "New Member" },
      returnHeaders: true,
    });
    const newUserId = signedUp.response.user.id;
    const [stored] = await t.db.select().from(schema.users).where(eq(schema.users.id, newUserId));
    expect(stored).toMatchObject({ email: "new.member@example.com", emailVerified: false, twoFactorEnabled: false });

    const cookie = signedUp.headers.get("set-cookie")!.split(";")[0]!;
    await auth.api.enableTwoFactor({ body: { password: "Strong3rEveryWeek" }, headers: new Headers({ cookie }) });
    const factors = await t.db.select().from(schema.twoFactors).where(eq(schema.twoFactors.userId, newUserId));
    expect(factors).toHaveLength(1);

    const response = await auth.handler(
      new Request("http://localhost:3000/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://localhost:3000", "x-forwarded-for": "203.0.113.9" },
        body: JSON.stringify({ email: user.email, password: "wrong-password" }),
      }),
    );
    expect(response.status).toBe(401);
    const limits = await t.db.select().from(schema.rateLimits);
    expect(limits.length).toBeGreaterThan(0);
    expect(typeof limits[0]!.lastRequest).toBe("number");
  });
});
