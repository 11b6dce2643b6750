import { eq } from "drizzle-orm";
import { getDb } from "~/server/db/client.server";
import { ADMIN_ROLE, userRoles, users } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { cancelActiveSubscriptions } from "~/server/payments/subscriptions.server";
import { getStorage } from "~/server/storage/index.server";

// A member deleting her own account (SPEC §2 Account Actions, DESIGN D9 and D10). The order:
//   1. cancel her subscriptions at the provider (outside any transaction; if that fails nothing
//      is deleted, so she is never left billed without an account),
//   2. remove her profile pictures,
//   3. delete the user row: the foreign keys cascade to the profile, sessions, accounts,
//      two-factor secrets, login history, roles and payment customer; purchases and
//      subscriptions keep their rows with user_id set to null, for the accounts.
// Decision: docs/decisions/082-settings-account-deletion.md.

export const DELETE_FAILED_MESSAGE = "Failed to delete account. Please contact support.";
export const LAST_ADMIN_MESSAGE =
  "You are the only administrator. Make another member an administrator before deleting your account.";

export type DeleteAccountResult = { ok: true } | { ok: false; reason: "last_admin" | "failed"; message: string };

class LastAdminError extends Error {}

/** Whether she is the site's only administrator (who may not delete herself, D9). */
async function isLastAdmin(userId: string, lock: boolean, db = getDb()): Promise<boolean> {
  const query = db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, ADMIN_ROLE));
  const admins = lock ? await query.for("update") : await query;
  return admins.length === 1 && admins[0]!.userId === userId;
}

export async function deleteOwnAccount(
  userId: string,
  deps: { cancelSubscriptions?: typeof cancelActiveSubscriptions } = {},
): Promise<DeleteAccountResult> {
  const cancel = deps.cancelSubscriptions ?? cancelActiveSubscriptions;
  try {
    if (await isLastAdmin(userId, false)) return { ok: false, reason: "last_admin", message: LAST_ADMIN_MESSAGE };
  } catch (error) {
    logger.error("account deletion: could not check roles", { error, userId });
    return { ok: false, reason: "failed", message: DELETE_FAILED_MESSAGE };
  }

  try {
    await cancel(userId);
  } catch (error) {
    logger.error("account deletion stopped: subscriptions could not be cancelled", { error, userId });
    return { ok: false, reason: "failed", message: DELETE_FAILED_MESSAGE };
  }

  try {
    await getStorage().deletePrefix(`profile-pictures/${userId}/`);
    await getDb().transaction(async (tx) => {
      // Checked again under a lock: two admins deleting themselves at once cannot both succeed.
      if (await isLastAdmin(userId, true, tx)) throw new LastAdminError();
      await tx.delete(users).where(eq(users.id, userId));
    });
  } catch (error) {
    if (error instanceof LastAdminError) return { ok: false, reason: "last_admin", message: LAST_ADMIN_MESSAGE };
    logger.error("account deletion failed", { error, userId });
    return { ok: false, reason: "failed", message: DELETE_FAILED_MESSAGE };
  }
  logger.info("account deleted by its owner", { userId });
  return { ok: true };
}
