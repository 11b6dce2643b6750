import { setTimeout as sleep } from "node:timers/promises";
import { getDb, type Transaction } from "~/server/db/client.server";
import { logger } from "~/server/core/logger.server";

// Payments' transactions on PostgreSQL can meet at the same rows: a payment's webhook and her
// success page record the same purchase, two tabs' payments claim the same offer, a refund and a
// subscription event touch the same subscription, and every one of them moves her profile's
// settings_version (a trigger). PostgreSQL then aborts one of two transactions waiting on each
// other (a deadlock) or a serialisation failure; the aborted one changed nothing and is simply run
// again.

const RETRYABLE_CODES = new Set(["40P01", "40001"]); // deadlock_detected, serialization_failure
const ATTEMPTS = 4;

function sqlState(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/** `db.transaction(fn)`, run again (up to four times in all) when PostgreSQL aborts it for a deadlock. */
export async function paymentsTransaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await getDb().transaction(fn);
    } catch (error) {
      const code = sqlState(error);
      if (attempt >= ATTEMPTS || !code || !RETRYABLE_CODES.has(code)) throw error;
      logger.warn("payments: transaction aborted by the database, running it again", { code, attempt });
      await sleep(10 * attempt + Math.floor(Math.random() * 40));
    }
  }
}
