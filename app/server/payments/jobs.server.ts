import { z } from "zod";
import { JobError, type JobHandler } from "~/server/jobs/worker.server";
import { expireSessionsAtOldPrices } from "./checkout-sessions.server";
import { resolveDuplicatePayment } from "./duplicates.server";
import { getPaymentProvider } from "./registry.server";
import { scheduleInstalments } from "./instalments.server";
import { PAYMENTS_QUEUE } from "./queue.server";

// The worker's handler for the payments queue (queue.server.ts): each job retries work that could
// not be done at once because the provider was unreachable. A job throws to be retried later.

export { PAYMENTS_QUEUE };

const PaymentsJobSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("resolve-duplicate"), sessionId: z.string().min(1).max(255) }),
  z.object({ kind: z.literal("expire-stale-sessions") }),
  z.object({ kind: z.literal("schedule-instalments"), subscriptionId: z.string().min(1).max(255) }),
]);

export function paymentsJobHandler(): JobHandler {
  return async (job) => {
    const parsed = PaymentsJobSchema.safeParse(job.payload);
    if (!parsed.success) throw new JobError("Not a payments job this site knows", { retryable: false });
    const payload = parsed.data;
    switch (payload.kind) {
      case "resolve-duplicate":
        await resolveDuplicatePayment(await getPaymentProvider(), payload.sessionId);
        return;
      case "schedule-instalments":
        await scheduleInstalments(await getPaymentProvider(), payload.subscriptionId);
        return;
      case "expire-stale-sessions": {
        const { failed } = await expireSessionsAtOldPrices(await getPaymentProvider());
        if (failed > 0) throw new Error(`${failed} checkout session(s) at an old price could not be expired yet`);
        return;
      }
    }
  };
}
