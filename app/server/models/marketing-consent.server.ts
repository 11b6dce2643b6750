import { eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { marketingConsents, type MarketingConsentSource } from "~/server/db/schema";

// Consent to news and offers by email (docs/product.md §9.4; docs/decisions/256-marketing-consent-recorded.md):
// every choice, given or withdrawn, is kept with the exact wording she saw and the time, in the
// transaction that changes her switch. Service emails (receipts, security, password reset,
// course emails) need no consent and never look here.

export async function recordMarketingConsent(
  q: Queryable,
  consent: { userId: string; given: boolean; wording: string; source: MarketingConsentSource },
): Promise<void> {
  await q.insert(marketingConsents).values(consent);
}

/** Whether her latest recorded choice gives consent (no record: she never opted in). */
export async function hasMarketingConsent(q: Queryable, userId: string): Promise<boolean> {
  const result = await q.execute<{ given: boolean }>(sql`select ${marketingConsentGiven(sql`${userId}`)} as "given"`);
  return result.rows[0]?.given === true;
}

/**
 * The rule itself, to use inside a query: true where the member `userId` names (a column of the
 * query, or a value) last said yes; false where she said no or never chose. Sweeps use it in their
 * query rather than fetch everyone and then filter.
 */
export function marketingConsentGiven(userId: AnyColumn | SQL): SQL {
  return sql`coalesce((select ${marketingConsents.given} from ${marketingConsents} where ${marketingConsents.userId} = ${userId} order by ${marketingConsents.createdAt} desc, ${marketingConsents.id} desc limit 1), false)`;
}

/** Her consent records for 'Download my data', oldest first. */
export function listMarketingConsents(q: Queryable, userId: string) {
  return q
    .select({ given: marketingConsents.given, wording: marketingConsents.wording, source: marketingConsents.source, recorded_at: marketingConsents.createdAt })
    .from(marketingConsents)
    .where(eq(marketingConsents.userId, userId))
    .orderBy(marketingConsents.createdAt);
}
