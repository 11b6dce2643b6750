import { and, eq } from "drizzle-orm";
import { memberFilesPrefix } from "~/server/courses/member-files.server";
import { getDb, type Queryable } from "~/server/db/client.server";
import { ADMIN_ROLE, adminActivityLog, userRoles, users, type AdminActionType } from "~/server/db/schema";
import { eraseEmailsTo } from "~/server/email/queue.server";
import { logger } from "~/server/core/logger.server";
import { recordAdminEmailEvent } from "~/server/models/roles.server";
import { cancelActiveSubscriptions } from "~/server/payments/member-payments.server";
import { getStorage } from "~/server/storage/index.server";

// Deleting an account, by its owner (docs/product.md §9.8 Account Actions) or by an admin
// (docs/product.md §10.6), one way for both (docs/product.md §7.10). The order:
//   1. cancel the member's subscriptions at the provider (outside any transaction; if that fails
//      nothing is deleted, so she is never left billed without an account),
//   2. remove her profile pictures,
//   3. delete the user row and every email to her address (queued or sent; a job whose message
//      is gone sends nothing): the foreign keys cascade to the profile, sessions, accounts,
//      two-factor secrets, login history, roles and payment customer; purchases and
//      subscriptions keep their rows with user_id set to null, for the accounts. An admin's
//      deletion writes its admin_activity_log entry in this same transaction; her shared files'
//      rows go with the user row,
//   4. remove the files the coach shared with her (docs/product.md §10.15) from the storage:
//      after the deletion, so a file shared while it ran is removed too (a share locks her row,
//      so it either commits before the deletion or fails and removes its own file).
// Decisions: docs/decisions/082-settings-account-deletion.md and 112-admin-user-management.md.

export const DELETE_FAILED_MESSAGE = "Failed to delete account. Please contact support.";
export const LAST_ADMIN_MESSAGE =
  "You are the only administrator. Make another member an administrator before deleting your account.";

export type DeleteAccountResult = { ok: true } | { ok: false; reason: "last_admin" | "failed"; message: string };
export type DeleteUserOutcome = "deleted" | "not_found" | "last_admin" | "failed";

export interface DeleteUserOptions {
  /** Replaces the provider call (tests). */
  cancelSubscriptions?: typeof cancelActiveSubscriptions;
  /** An admin's deletion: the activity-log entry written with the deletion. */
  audit?: { adminId: string; details: Record<string, unknown> };
}

class LastAdminError extends Error {}
class NotFoundError extends Error {}

/** Whether the user is the site's only administrator (who may not be deleted, docs/product.md §7.10). */
async function isLastAdmin(db: Queryable, userId: string, lock: boolean): Promise<boolean> {
  const query = db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, ADMIN_ROLE));
  const admins = lock ? await query.for("update") : await query;
  return admins.length === 1 && admins[0]!.userId === userId;
}

/**
 * Deletes an account as docs/product.md §9.8 says. Returns "not_found" when there is no such user, "last_admin"
 * when she is the only administrator, "failed" (logged) when anything else went wrong.
 */
export async function deleteUserAccount(userId: string, options: DeleteUserOptions = {}): Promise<DeleteUserOutcome> {
  const cancel = options.cancelSubscriptions ?? cancelActiveSubscriptions;
  const db = getDb();
  try {
    const [found] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    if (!found) return "not_found";
    if (await isLastAdmin(db, userId, false)) return "last_admin";
  } catch (error) {
    logger.error("account deletion: could not check the account", { error, userId });
    return "failed";
  }

  try {
    await cancel(userId);
  } catch (error) {
    logger.error("account deletion stopped: subscriptions could not be cancelled", { error, userId });
    return "failed";
  }

  try {
    await getStorage().deletePrefix(`profile-pictures/${userId}/`);
    await db.transaction(async (tx) => {
      // Checked again under a lock: two admins deleting the last two admins at once cannot both
      // succeed.
      if (await isLastAdmin(tx, userId, true)) throw new LastAdminError();
      // An administrator's address never becomes one again through ADMIN_EMAILS (docs/product.md §7.10).
      const [admin] = await tx
        .select({ email: users.email })
        .from(userRoles)
        .innerJoin(users, eq(users.id, userRoles.userId))
        .where(and(eq(userRoles.userId, userId), eq(userRoles.role, ADMIN_ROLE)))
        .limit(1);
      if (admin) await recordAdminEmailEvent(tx, admin.email, userId, "deleted");
      const [deleted] = await tx.delete(users).where(eq(users.id, userId)).returning({ email: users.email });
      if (!deleted) throw new NotFoundError();
      // Her mail goes too, queued or sent: e.g. the notice of the subscription cancelled above.
      await eraseEmailsTo(tx, deleted.email);
      if (options.audit) {
        const actionType: AdminActionType = "delete_user";
        await tx.insert(adminActivityLog).values({
          adminId: options.audit.adminId === userId ? null : options.audit.adminId,
          actionType,
          targetUserId: userId,
          details: options.audit.details,
        });
      }
    });
  } catch (error) {
    if (error instanceof LastAdminError) return "last_admin";
    if (error instanceof NotFoundError) return "not_found";
    logger.error("account deletion failed", { error, userId });
    return "failed";
  }
  // Best effort: her rows are gone, so a file left behind is never served; it is logged to remove by hand.
  await getStorage()
    .deletePrefix(memberFilesPrefix(userId))
    .catch((error: unknown) => logger.error("account deletion: could not remove the files shared with her", { error, userId }));
  logger.info(options.audit ? "account deleted by an admin" : "account deleted by its owner", {
    userId,
    adminId: options.audit?.adminId,
  });
  return "deleted";
}

/** A member deleting her own account from /settings. */
export async function deleteOwnAccount(
  userId: string,
  deps: { cancelSubscriptions?: typeof cancelActiveSubscriptions } = {},
): Promise<DeleteAccountResult> {
  const outcome = await deleteUserAccount(userId, { cancelSubscriptions: deps.cancelSubscriptions });
  if (outcome === "deleted") return { ok: true };
  if (outcome === "last_admin") return { ok: false, reason: "last_admin", message: LAST_ADMIN_MESSAGE };
  return { ok: false, reason: "failed", message: DELETE_FAILED_MESSAGE };
}
