import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase, queryPrepared } from "~/server/db/client.server";
import { preparedStatement } from "~/server/db/prepared.server";
import { users } from "~/server/db/schema";
import { setupTestDatabase } from "../support/db";
import { createUser } from "../../scripts/factories";

// Named prepared statements (app/server/db/prepared.server.ts): the session lookup and the
// settings page run through them on every signed-in page. They must return what a plain query returns, every time, and fail like one.

const t = setupTestDatabase();

const MEMBER = preparedStatement(
  "test_member",
  `select u.id, u.email, u.email_verified as "emailVerified", u.created_at as "createdAt",
          json_build_object('name', u.name, 'n', 1) as details
     from users u where u.id = $1`,
);
const ECHO = preparedStatement("test_echo", `select $1::timestamptz as at, $2::text as note, $3::int as n, $4::boolean as flag`);

interface MemberRow {
  id: string;
  email: string;
  emailVerified: boolean;
  createdAt: Date;
  details: { name: string; n: number };
}

describe("prepared statements", () => {
  it("return the rows a plain query returns, with PostgreSQL's types", async () => {
    const { user } = await createUser(t.db, { firstName: "Morag", lastName: "Prepared" });
    const [row] = await queryPrepared<MemberRow>(MEMBER, [user.id]);
    const [plain] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toEqual({
      id: user.id,
      email: plain!.email,
      emailVerified: plain!.emailVerified,
      createdAt: plain!.createdAt,
      details: { name: plain!.name, n: 1 },
    });
    expect(row!.createdAt).toBeInstanceOf(Date);
    expect(await queryPrepared(MEMBER, ["no-such-member"])).toEqual([]);
  });

  it("read the data as it is now on every run (the plan is kept, never the result)", async () => {
    const { user } = await createUser(t.db, { emailVerified: false });
    expect((await queryPrepared<MemberRow>(MEMBER, [user.id]))[0]!.emailVerified).toBe(false);
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
    expect((await queryPrepared<MemberRow>(MEMBER, [user.id]))[0]!.emailVerified).toBe(true);
  });

  it("send dates, nulls, numbers and booleans as their values", async () => {
    const at = new Date("2025-01-05T09:30:00.123Z");
    expect(await queryPrepared(ECHO, [at, null, 42, true])).toEqual([{ at, note: null, n: 42, flag: true }]);
    expect(await queryPrepared(ECHO, [null, "O'Brien; drop table users --", -1, false])).toEqual([
      { at: null, note: "O'Brien; drop table users --", n: -1, flag: false },
    ]);
  });

  it("run side by side and give each caller its own rows", async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => createUser(t.db)));
    const rows = await Promise.all(members.map(({ user }) => queryPrepared<MemberRow>(MEMBER, [user.id])));
    expect(rows.map(([row]) => row!.id)).toEqual(members.map(({ user }) => user.id));
  });

  it("fail like a plain query on bad input, and the database keeps working", async () => {
    await expect(queryPrepared(ECHO, [null, null, "not a number", null])).rejects.toThrow(/invalid input syntax/i);
    expect(await queryPrepared(ECHO, [null, "after", 1, null])).toEqual([{ at: null, note: "after", n: 1, flag: null }]);
    expect(await t.db.select({ id: users.id }).from(users).limit(1)).toHaveLength(1);
  });

  it("refuse one name for two texts, and names PostgreSQL would not take", () => {
    expect(preparedStatement("test_echo", ECHO.text)).toEqual(ECHO);
    expect(() => preparedStatement("test_echo", "select 1")).toThrow(/already declared/);
    expect(() => preparedStatement("Robert'); drop", "select 1")).toThrow(/Invalid prepared statement name/);
  });

  it("a second pool on the same database prepares the statement on its own connections", async () => {
    const handles = await Promise.all([1, 2].map(() => createDatabase({ url: t.handle.url, poolSize: 1 })));
    try {
      const [first, second] = handles.map((handle) => handle.runPrepared);
      const statement = preparedStatement("test_shared", "select $1::int + 1 as next");
      expect(await first!(statement, [1])).toEqual([{ next: 2 }]);
      expect(await second!(statement, [41])).toEqual([{ next: 42 }]);
      await expect(first!(preparedStatement("test_broken", "select from no_such_table"), [])).rejects.toThrow(/no_such_table/);
      expect(await first!(statement, [2])).toEqual([{ next: 3 }]);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
  });
});
