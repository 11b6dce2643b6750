import type { Database } from "~/server/db/client.server";
import { logger } from "~/server/core/logger.server";
import { expireSessionsAtOldPrices } from "./checkout-sessions.server";
import { getPaymentProvider } from "./registry.server";
import { enqueuePaymentsJob, settlePaymentsJobs } from "./queue.server";

/**
 * The coach has just changed a price (Offers tab): every open checkout session at the old price
 * is expired at the provider, at once, so it cannot be paid at the old price (decision 186). One
 * the provider cannot be reached for is retried by the payments job queue; until then, a member
 * who pays it pays the price she was shown. Never throws: the price change itself is saved.
 */
export async function expireCheckoutsAtOldPrices(db: Database): Promise<void> {
  try {
    const { failed } = await expireSessionsAtOldPrices(await getPaymentProvider());
    if (failed === 0) {
      await settlePaymentsJobs(db, { kind: "expire-stale-sessions" });
      return;
    }
  } catch (error) {
    logger.error("payments: could not expire checkout sessions after a price change", { error });
  }
  await enqueuePaymentsJob(db, { kind: "expire-stale-sessions" }).catch((error: unknown) =>
    logger.error("payments: could not queue the expiry of checkout sessions at an old price", { error }),
  );
}
