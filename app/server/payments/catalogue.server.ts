import { eq } from "drizzle-orm";
import type { Product } from "~/config/catalogue";
import type { Queryable } from "~/server/db/client.server";
import { users } from "~/server/db/schema";

import { getEffectiveSiteConfig, peekEffectiveSiteConfig } from "~/server/settings/effective-config.server";

// Small lookups shared by the payment code: the catalogue (docs/product.md §5.1, the one source of names and
// prices) and whether a user id from a provider's metadata is still one of our members.
//
// Prices (and the next cohort date) can be changed by the admin at run time (the Offers tab), so
// anything that charges or shows a price reads the effective catalogue: `effectiveCatalogue()` /
// `findEffectiveProduct()`. Names, features and paths never change at run time, so the
// synchronous lookups below serve them (the success page, names stored on purchases).

/** The catalogue with the admin's current prices. */
export async function effectiveCatalogue(): Promise<Product[]> {
  return (await getEffectiveSiteConfig()).catalogue;
}

/** A product with its current price, or null if the key is not one of the catalogue's. */
export async function findEffectiveProduct(productKey: string | null | undefined): Promise<Product | null> {
  if (!productKey) return null;
  return (await effectiveCatalogue()).find((p) => p.productKey === productKey) ?? null;
}

/**
 * The catalogue as last read, without a database query: for code inside a transaction (a query
 * on another connection there could wait for the rows the transaction holds).
 * Its prices are at most a few seconds old.
 */
export function catalogue(): Product[] {
  return peekEffectiveSiteConfig().catalogue;
}

/** A product's name, features and paths (and its price as last read: see `catalogue()`). */
export function findCatalogueProduct(productKey: string | null | undefined): Product | null {
  if (!productKey) return null;
  return catalogue().find((p) => p.productKey === productKey) ?? null;
}

/** The name shown for a product key: the catalogue's, or the key itself if it has since gone. */
export function productNameFor(productKey: string): string {
  return findCatalogueProduct(productKey)?.name ?? productKey;
}

/** The id if that member still exists (metadata may outlive an account, docs/product.md §9.8), else null. */
export async function existingUserId(q: Queryable, userId: string | null | undefined): Promise<string | null> {
  if (!userId) return null;
  const [row] = await q.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row?.id ?? null;
}
