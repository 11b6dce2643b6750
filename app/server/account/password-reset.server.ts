import { eq } from "drizzle-orm";
import { getAuth } from "~/server/auth/instance.server";
import { getDb } from "~/server/db/client.server";
import { users } from "~/server/db/schema";
import { RESET_TOKEN_PATTERN } from "~/validation/password-reset";

// The reset link's token (docs/product.md §7.6): Better Auth keeps it, hashed, for an hour.

/** The account a reset token belongs to, or null if the link is unknown, used or expired. */
export async function accountForResetToken(token: string): Promise<{ id: string; email: string } | null> {
  if (!RESET_TOKEN_PATTERN.test(token)) return null;
  const context = await getAuth().$context;
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!verification || verification.expiresAt < new Date()) return null;
  const [user] = await getDb().select({ id: users.id, email: users.email }).from(users).where(eq(users.id, verification.value)).limit(1);
  return user ?? null;
}
