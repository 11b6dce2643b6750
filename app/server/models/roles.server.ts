import { and, count, eq, sql } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { ADMIN_ROLE, adminActivityLog, adminEmailGrants, users, userRoles, type AdminEmailEvent, type User } from "~/server/db/schema";

// Admin role (docs/product.md §12: a user_roles row with role admin). Used by the admin dashboard, the guards
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
 * Removes the admin role unless that would leave the site with no administrator (docs/product.md §7.10).
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
    // A removal is never undone by ADMIN_EMAILS (docs/product.md §7.10): her address has had its chance.
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
    if (user) await recordAdminEmailEvent(tx, user.email, userId, "removed");
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

// ─── ADMIN_EMAILS: once, and only for a verified address (docs/product.md §7.10) ───────────────────────────

/** ADMIN_EMAILS ("a@x.com, B@y.com") holds the address, ignoring case and spaces. */
export function isAdminEmail(email: string, adminEmails: string | null | undefined): boolean {
  const wanted = email.trim().toLowerCase();
  return (adminEmails ?? "")
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .some((e) => e.length > 0 && e === wanted);
}

/**
 * Notes that an address has had its one chance through ADMIN_EMAILS (granted, or an administrator
 * with it was removed, deleted or moved to another address). The first event wins.
 */
export async function recordAdminEmailEvent(db: Queryable, email: string, userId: string | null, event: AdminEmailEvent): Promise<void> {
  await db.insert(adminEmailGrants).values({ email: email.trim().toLowerCase(), userId, event }).onConflictDoNothing();
}

/** Whether ADMIN_EMAILS may still make this address an administrator. */
export async function adminEmailUnused(db: Queryable, email: string): Promise<boolean> {
  const rows = await db.select({ email: adminEmailGrants.email }).from(adminEmailGrants).where(eq(adminEmailGrants.email, email.trim().toLowerCase())).limit(1);
  return rows.length === 0;
}

export type ConfiguredAdminResult = "granted" | "not-listed" | "unverified" | "used";

/**
 * Makes a member an administrator because ADMIN_EMAILS lists her address, once she has verified
 * it (the confirmation link), and only the first time for that address: after an administrator
 * removed her, or the account was deleted, ADMIN_EMAILS does nothing (`npm run admin -- grant`
 * restores access). The record and the role are written in one transaction.
 */
export async function grantAdminFromConfig(
  db: Queryable,
  user: { id: string; email: string; emailVerified: boolean; name?: string | null },
  adminEmails: string | null | undefined,
): Promise<ConfiguredAdminResult> {
  if (!isAdminEmail(user.email, adminEmails)) return "not-listed";
  if (!user.emailVerified) return "unverified";
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(adminEmailGrants)
      .values({ email: user.email.trim().toLowerCase(), userId: user.id, event: "granted" })
      .onConflictDoNothing()
      .returning({ email: adminEmailGrants.email });
    if (claimed.length === 0) return "used";
    await grantAdmin(tx, user.id, {
      adminId: null,
      details: { user_email: user.email, user_name: user.name ?? "", source: "ADMIN_EMAILS" },
    });
    return "granted";
  });
}
