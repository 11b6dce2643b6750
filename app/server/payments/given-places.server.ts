import { eq } from "drizzle-orm";
import { getDb } from "~/server/db/client.server";
import { adminActivityLog, purchases, users } from "~/server/db/schema";
import { logger } from "~/server/core/logger.server";
import type { GIVE_ACCESS_COURSES } from "~/validation/admin";
import { productNameFor } from "./catalogue.server";
import { queuePlaceGivenEmail } from "./sale-emails.server";

// 'Give access' on the Users tab (docs/product.md §10.3): a free place on a course, given by the
// coach. It is a purchase of £0.00 marked with who gave it, so the members' area opens the course
// by the same rule as a paid one, and Payment History and the Sales tab show 'Given by the coach'.
// Its reference is made of the member and the course, unique like every purchase's, so giving the
// same place twice (a double click, a retry) gives it once.

/** The courses a place can be given on. */
export type GiveableCourse = (typeof GIVE_ACCESS_COURSES)[number];

export const GIVEN_REFERENCE_PREFIX = "given_";

export type GiveOutcome = { ok: true; given: boolean; productName: string; firstName: string | null } | { ok: false; status: 404; message: string };

export async function givePlace(adminId: string, userId: string, productKey: GiveableCourse): Promise<GiveOutcome> {
  const db = getDb();
  return db.transaction(async (tx) => {
    const [member] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, userId));
    if (!member) return { ok: false, status: 404, message: "That member no longer exists. The list has been refreshed." };
    const productName = productNameFor(productKey);
    const [row] = await tx
      .insert(purchases)
      .values({
        userId,
        productKey,
        productName,
        stripeSessionId: `${GIVEN_REFERENCE_PREFIX}${productKey}_${userId}`,
        amountCents: 0,
        currency: "gbp",
        givenBy: adminId,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return { ok: true, given: false, productName, firstName: member.name };
    await tx.insert(adminActivityLog).values({ adminId, actionType: "give_access", targetUserId: userId, details: { summary: `A place on ${productName} given`, productKey } });
    await queuePlaceGivenEmail(tx, row);
    logger.info("payments: a place given by the coach", { userId, productKey, adminId });
    return { ok: true, given: true, productName, firstName: member.name };
  });
}
