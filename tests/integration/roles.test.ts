import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminActivityLog, userRoles } from "~/server/db/schema";
import {
  countAdmins,
  findUserByEmail,
  grantAdmin,
  isAdmin,
  listAdmins,
  revokeAdmin,
} from "~/server/models/roles.server";
import { setupTestDatabase } from "../support/db";
import { createUser } from "../../scripts/factories";

const t = setupTestDatabase();

describe("admin role", () => {
  it("is granted once, checked, counted, listed and revoked", async () => {
    const first = await createUser(t.db);
    const second = await createUser(t.db);
    const before = await countAdmins(t.db);

    expect(await isAdmin(t.db, first.user.id)).toBe(false);
    expect(await grantAdmin(t.db, first.user.id)).toBe("granted");
    expect(await grantAdmin(t.db, first.user.id)).toBe("already_admin");
    expect(await grantAdmin(t.db, second.user.id)).toBe("granted");
    expect(await isAdmin(t.db, first.user.id)).toBe(true);
    expect(await countAdmins(t.db)).toBe(before + 2);
    expect((await listAdmins(t.db)).map((a) => a.id)).toEqual(expect.arrayContaining([first.user.id, second.user.id]));

    expect(await revokeAdmin(t.db, first.user.id)).toBe("revoked");
    expect(await revokeAdmin(t.db, first.user.id)).toBe("not_admin");
    expect(await isAdmin(t.db, first.user.id)).toBe(false);
    expect(await countAdmins(t.db)).toBe(before + 1);
  });

  it("is never removed from the last administrator (docs/product.md §7.10)", async () => {
    // Start from a site whose only admin is this user.
    await t.db.delete(userRoles);
    const only = await createUser(t.db, { admin: true });
    expect(await countAdmins(t.db)).toBe(1);
    expect(await revokeAdmin(t.db, only.user.id)).toBe("last_admin");
    expect(await isAdmin(t.db, only.user.id)).toBe(true);
  });

  it("cannot be granted to an account that does not exist", async () => {
    expect(await grantAdmin(t.db, "no-such-user")).toBe("user_not_found");
  });

  it("writes the activity log in the same transaction when told who acted", async () => {
    const admin = await createUser(t.db, { admin: true });
    const target = await createUser(t.db);
    const details = { user_email: target.user.email, user_name: target.user.name };
    await grantAdmin(t.db, target.user.id, { adminId: admin.user.id, details });
    await revokeAdmin(t.db, target.user.id, { adminId: admin.user.id, details });
    const log = await t.db
      .select()
      .from(adminActivityLog)
      .where(eq(adminActivityLog.targetUserId, target.user.id))
      .orderBy(adminActivityLog.createdAt);
    expect(log.map((l) => [l.actionType, l.adminId, l.details])).toEqual([
      ["grant_admin", admin.user.id, details],
      ["remove_admin", admin.user.id, details],
    ]);
  });
});

describe("findUserByEmail", () => {
  it("ignores case and surrounding spaces", async () => {
    const { user } = await createUser(t.db);
    expect((await findUserByEmail(t.db, `  ${user.email.toUpperCase()} `))?.id).toBe(user.id);
    expect(await findUserByEmail(t.db, "nobody-at-all@example.com")).toBeNull();
  });
});
