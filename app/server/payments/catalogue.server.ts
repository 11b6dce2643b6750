import { eq } from "drizzle-orm";
import type { Product } from "~/config/catalogue";
import { getSiteConfig } from "~/config/env.server";
import type { Queryable } from "~/server/db/client.server";
import { users } from "~/server/db/schema";

// Small lookups shared by the payment code: the catalogue (DESIGN D1, the one source of names and
// prices) and whether a user id from a provider's metadata is still one of our members.

export function catalogue(): Product[] {
  return getSiteConfig().catalogue;
}

export function findCatalogueProduct(productKey: string | null | undefined): Product | null {
  if (!productKey) return null;
  return catalogue().find((p) => p.productKey === productKey) ?? null;
}

/** The name shown for a product key: the catalogue's, or the key itself if it has since gone. */
export function productNameFor(productKey: string): string {
  return findCatalogueProduct(productKey)?.name ?? productKey;
}

/** The id if that member still exists (metadata may outlive an account, DESIGN D10), else null. */
export async function existingUserId(q: Queryable, userId: string | null | undefined): Promise<string | null> {
  if (!userId) return null;
  const [row] = await q.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row?.id ?? null;
}
