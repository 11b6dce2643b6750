import { and, desc, eq, gt, gte, lte, ne, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database, Queryable } from "~/server/db/client.server";
import { checkoutReminders, checkoutSessions, profiles, purchases, users } from "~/server/db/schema";
import { CHECKOUT_REMINDER_TEMPLATE, renderCheckoutReminder } from "~/server/email/checkout-reminder.server";
import { queueEmail } from "~/server/email/queue.server";
import { startSweep, type Sweep } from "~/server/jobs/sweep-schedule.server";
import { marketingConsentGiven } from "~/server/models/marketing-consent.server";
import { findEffectiveProduct } from "./catalogue.server";

// A checkout left unpaid (docs/product.md §8.6; decision 274): a day after a member started paying
// for an offer and did not finish, one email brings her back to the same offer, if she agreed to
// news and offers. Every server sweeps every few minutes; the reminder's row, written in the
// transaction that queues the email, keeps it to one per checkout whatever the sweeps.
//
// A checkout is reminded when all of these hold:
// - it was started at least REMIND_AFTER_MS ago and at most REMIND_UNTIL_MS ago (after a long
//   outage, an attempt from weeks ago is not worth an email);
// - it is her latest checkout for that offer, and not paid (no purchase of the offer since);
// - she has not been reminded about that offer in the last OFFER_QUIET_MS;
// - her email notifications are on and her latest choice about news and offers is yes.

export const REMIND_AFTER_MS = 24 * 3_600_000;
export const REMIND_UNTIL_MS = 7 * 86_400_000;
export const OFFER_QUIET_MS = 30 * 86_400_000;
export const CHECKOUT_REMINDER_SWEEP_INTERVAL_MS = 5 * 60_000;

interface Candidate {
  sessionId: string;
  userId: string;
  productKey: string;
  promotionCode: string | null;
  email: string;
  firstName: string | null;
}

async function candidates(q: Queryable, now: Date): Promise<Candidate[]> {
  const newer = alias(checkoutSessions, "newer");
  const at = (ms: number) => new Date(now.getTime() - ms);
  return q
    .select({
      sessionId: checkoutSessions.id,
      userId: checkoutSessions.userId,
      productKey: checkoutSessions.productKey,
      promotionCode: checkoutSessions.promotionCode,
      email: users.email,
      firstName: profiles.firstName,
    })
    .from(checkoutSessions)
    .innerJoin(users, eq(users.id, checkoutSessions.userId))
    .innerJoin(profiles, eq(profiles.userId, checkoutSessions.userId))
    .where(
      and(
        ne(checkoutSessions.status, "complete"),
        lte(checkoutSessions.createdAt, at(REMIND_AFTER_MS)),
        gt(checkoutSessions.createdAt, at(REMIND_UNTIL_MS)),
        eq(profiles.emailNotifications, true),
        // In the query, not after it: a page of members who said no must not hide one who said yes.
        marketingConsentGiven(checkoutSessions.userId),
        notExists(
          q
            .select({ one: sql`1` })
            .from(newer)
            .where(and(eq(newer.userId, checkoutSessions.userId), eq(newer.productKey, checkoutSessions.productKey), gt(newer.createdAt, checkoutSessions.createdAt))),
        ),
        notExists(
          q
            .select({ one: sql`1` })
            .from(purchases)
            .where(and(eq(purchases.userId, checkoutSessions.userId), eq(purchases.productKey, checkoutSessions.productKey), gte(purchases.purchasedAt, checkoutSessions.createdAt))),
        ),
        notExists(
          q
            .select({ one: sql`1` })
            .from(checkoutReminders)
            .where(
              and(
                eq(checkoutReminders.userId, checkoutSessions.userId),
                eq(checkoutReminders.productKey, checkoutSessions.productKey),
                gt(checkoutReminders.sentAt, at(OFFER_QUIET_MS)),
              ),
            ),
        ),
      ),
    )
    .orderBy(desc(checkoutSessions.createdAt))
    .limit(200);
}

/** Queues the reminders that are due at `now`; returns how many it queued. */
export async function queueDueCheckoutReminders(db: Database, now: Date = new Date()): Promise<number> {
  let queued = 0;
  for (const candidate of await candidates(db, now)) {
    // The offer as the site sells it today (the Offers tab's price); an offer no longer sold gets nothing.
    const product = await findEffectiveProduct(candidate.productKey);
    if (!product) continue;
    const sent = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(checkoutReminders)
        .values({ sessionId: candidate.sessionId, userId: candidate.userId, productKey: candidate.productKey, sentAt: now })
        .onConflictDoNothing()
        .returning({ sessionId: checkoutReminders.sessionId });
      if (!row) return false;
      const email = renderCheckoutReminder({
        firstName: candidate.firstName,
        productName: product.name,
        amountPence: product.pricePence,
        currency: product.currency,
        monthly: product.mode === "monthly",
        checkoutPath: product.checkoutPath,
        // The code she applied goes back with her (the page says if it no longer applies).
        promotionCode: candidate.promotionCode,
      });
      await queueEmail(tx, { template: CHECKOUT_REMINDER_TEMPLATE, to: candidate.email, ...email, dedupeKey: `checkout-reminder:${candidate.sessionId}` });
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}

/** Every server sweeps (the rows keep it to one reminder per checkout). */
export function startCheckoutReminderSchedule(getDb: () => Database, intervalMs = CHECKOUT_REMINDER_SWEEP_INTERVAL_MS): Sweep {
  return startSweep("checkout reminders", () => queueDueCheckoutReminders(getDb()), intervalMs);
}
