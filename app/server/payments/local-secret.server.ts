import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb, type Database } from "~/server/db/client.server";
import { appSettings } from "~/server/db/schema";

// The built-in test checkout signs its webhook events with a secret of its own, in Stripe's
// `whsec_…` form. It is created once and kept in the database (not in memory or a file), so every
// server of the site signs and verifies with the same one (docs/architecture.md §1: servers keep no state).

const KEY = "payments.test_webhook_secret";
const cache = new WeakMap<Database, string>();

export async function testWebhookSecret(db: Database = getDb()): Promise<string> {
  const known = cache.get(db);
  if (known) return known;
  await db
    .insert(appSettings)
    .values({ key: KEY, value: `whsec_${randomBytes(24).toString("hex")}` })
    .onConflictDoNothing({ target: appSettings.key });
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, KEY));
  const secret = typeof row?.value === "string" ? row.value : null;
  if (!secret) throw new Error(`The setting ${KEY} is not a string`);
  cache.set(db, secret);
  return secret;
}
