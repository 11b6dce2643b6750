import { eq } from "drizzle-orm";
import { getDb, type Queryable } from "~/server/db/client.server";
import { users, verifications } from "~/server/db/schema";
import { sendPasswordChangedNotice } from "~/server/email/auth-emails.server";
import { logger } from "~/server/core/logger.server";

// What follows a new password, however it was set (the reset link or the Security card):
// every outstanding reset link of the account stops working, and the account's address is told.

/**
 * Voids every outstanding password-reset link of the account. Better Auth keeps each link as a
 * verifications row whose value is the user id (the identifier is a hash of the token, so the
 * rows cannot be told apart by it); the same holds for a two-factor sign-in still waiting for
 * its code, which a new password rightly ends too.
 */
export async function voidPasswordResetLinks(db: Queryable, userId: string): Promise<number> {
  const removed = await db.delete(verifications).where(eq(verifications.value, userId)).returning({ id: verifications.id });
  return removed.length;
}

/**
 * After a password change or reset: the old links go before the answer is sent, and the email
 * telling her is returned as a task to run in the background.
 */
export async function afterPasswordChange(userId: string, how: "changed" | "reset"): Promise<() => Promise<void>> {
  const db = getDb();
  const voided = await voidPasswordResetLinks(db, userId);
  if (voided > 0) logger.info("password changed: outstanding reset links voided", { userId, voided });
  const at = new Date();
  return async () => {
    const [user] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
    if (user) await sendPasswordChangedNotice({ to: user.email, name: user.name, how, at });
  };
}
