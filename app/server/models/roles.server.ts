import { and, count, eq, sql } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { ADMIN_ROLE, adminActivityLog, users, userRoles, type User } from "~/server/db/schema";

// Admin role (SPEC §6: a user_roles row with role admin). Used by the admin dashboard, the guards
// and scripts/admin.ts. Every change can write its admin_activity_log entry in the same
// transaction, so the log never disagrees with the roles.

export type GrantAdminResult = "granted" | "already_admin" | "user_not_found";
export type RevokeAdminResult = "revoked" | "not_admin" | "last_admin";

/** Who made the change, for admin_activity_log; `adminId` null when made from the command line. */
export interface RoleAudit {
  adminId: string | null;
  details?: Record<string, unknown>;
}

export async function isAdmin(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, ADMIN_ROLE)))
    .limit(1);
  return rows.length > 0;
}

export async function countAdmins(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userRoles).where(eq(userRoles.role, ADMIN_ROLE));
  return Number(row?.n ?? 0);
}

/** The administrators with their accounts, oldest grant first. */
export async function listAdmins(db: Queryable): Promise<Array<Pick<User, "id" | "email" | "name"> & { grantedAt: Date }>> {
  return db
    .select({ id: users.id, email: users.email, name: users.name, grantedAt: userRoles.createdAt })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(eq(userRoles.role, ADMIN_ROLE))
    .orderBy(userRoles.createdAt, users.email);
}

/** Finds an account by email address, ignoring case. */
export async function findUserByEmail(db: Queryable, email: string): Promise<User | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function grantAdmin(db: Queryable, userId: string, audit?: RoleAudit): Promise<GrantAdminResult> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    if (!user) return "user_not_found";
    const inserted = await tx
      .insert(userRoles)
      .values({ userId, role: ADMIN_ROLE })
      .onConflictDoNothing()
      .returning({ userId: userRoles.userId });
    if (inserted.length === 0) return "already_admin";
    if (audit) {
      await tx.insert(adminActivityLog).values({
        adminId: audit.adminId,
        actionType: "grant_admin",
        targetUserId: userId,
        details: audit.details ?? {},
      });
    }
    return "granted";
  });
}

/**
 * Removes the admin role unless that would leave the site with no administrator (DESIGN D9).
 * The admin rows are locked first, so two admins removing each other at the same moment on
 * PostgreSQL cannot both succeed.
 */
export async function revokeAdmin(db: Queryable, userId: string, audit?: RoleAudit): Promise<RevokeAdminResult> {
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ userId: userRoles.userId })
      .from(userRoles)
      .where(eq(userRoles.role, ADMIN_ROLE))
      .for("update");
    if (!admins.some((a) => a.userId === userId)) return "not_admin";
    if (admins.length <= 1) return "last_admin";
    await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, ADMIN_ROLE)));
    if (audit) {
      await tx.insert(adminActivityLog).values({
        adminId: audit.adminId,
        actionType: "remove_admin",
        targetUserId: userId,
        details: audit.details ?? {},
      });
    }
    return "revoked";
  });
}
