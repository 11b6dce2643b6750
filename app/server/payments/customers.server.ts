import { and, eq } from "drizzle-orm";
import { getDb } from "~/server/db/client.server";
import { paymentCustomers, type PaymentProviderName } from "~/server/db/schema";
import type { PaymentProvider, PaymentUser } from "./provider.server";

// One provider customer per member (and provider): created at her first checkout, then reused,
// so her payments, subscriptions and the Customer Portal all hang off one customer.

export async function findCustomerId(userId: string, provider: PaymentProviderName): Promise<string | null> {
  const [row] = await getDb()
    .select({ customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)));
  return row?.customerId ?? null;
}

/** The member's customer at the provider, created there the first time. */
export async function ensureCustomer(provider: PaymentProvider, user: PaymentUser): Promise<string> {
  const existing = await findCustomerId(user.id, provider.name);
  if (existing) return existing;
  const created = await provider.createCustomer(user);
  // Two checkouts started at once may both create one: the first stored wins and is used by both.
  await getDb()
    .insert(paymentCustomers)
    .values({ userId: user.id, provider: provider.name, customerId: created.id })
    .onConflictDoNothing();
  const stored = await findCustomerId(user.id, provider.name);
  if (!stored) throw new Error("The payment customer could not be stored");
  return stored;
}
