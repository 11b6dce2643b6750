import { and, eq } from "drizzle-orm";
import { getDb } from "~/server/db/client.server";
import { testCheckoutSessions, testSubscriptions, type SubscriptionStatus, type TestCheckoutSession } from "~/server/db/schema";

// The test provider's own records (its test_* tables) and the addresses of its pages.

/** Where the test provider's checkout page for a session lives. */
export function testCheckoutPath(sessionId: string): string {
  return `/test-checkout/${sessionId}`;
}

/** The test provider's stand-in for Stripe's Customer Portal. */
export const TEST_BILLING_PORTAL_PATH = "/test-checkout/billing-portal";

export const LIVE_STATUSES: SubscriptionStatus[] = ["active", "trialing", "past_due", "unpaid", "incomplete", "paused"];

export async function findTestSession(id: string): Promise<TestCheckoutSession | null> {
  const [row] = await getDb().select().from(testCheckoutSessions).where(eq(testCheckoutSessions.id, id));
  return row ?? null;
}

/** The session as its owner sees it on the test checkout page, or null (absent, or not hers). */
export async function findOwnTestSession(id: string, userId: string): Promise<TestCheckoutSession | null> {
  const row = await findTestSession(id);
  return row && row.metadata.userId === userId ? row : null;
}

/** The success address for a session, with {CHECKOUT_SESSION_ID} filled in as Stripe does. */
export function completedSuccessUrl(row: TestCheckoutSession): string {
  return row.successUrl.replaceAll("{CHECKOUT_SESSION_ID}", row.id);
}

export type TestPayResult =
  | { outcome: "paid"; redirectTo: string }
  | { outcome: "expired" }
  | { outcome: "not_found" };

export async function ownTestSubscription(customerId: string, subscriptionId: string) {
  const [row] = await getDb()
    .select()
    .from(testSubscriptions)
    .where(and(eq(testSubscriptions.id, subscriptionId), eq(testSubscriptions.customerId, customerId)));
  return row ?? null;
}
