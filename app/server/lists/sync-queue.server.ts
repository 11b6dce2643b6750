import type { Queryable } from "~/server/db/client.server";
import { enqueueJob } from "~/server/jobs/queue.server";
import { EMAIL_MARKETING_QUEUE } from "./subscribers.server";

// Queueing for the email-marketing sync (docs/product.md §6), kept apart from the worker's code so the
// sign-up path imports only this. Pass the transaction that makes the change, so the job exists
// exactly when the change does. Payloads carry ids only: the worker reads the current state when
// it runs, so nothing personal waits in the queue and a later change of mind always wins.

export { EMAIL_MARKETING_QUEUE };

export type EmailMarketingPayload = { subscriberId: string } | { userId: string } | { eraseEmail: string };

/** A member to send (or, once she no longer wants mail, to take off the member tag). */
export function queueMemberSync(db: Queryable, userId: string) {
  return enqueueJob(db, EMAIL_MARKETING_QUEUE, { userId } satisfies EmailMarketingPayload);
}

/** An email-list subscriber to send (confirmed) or to unsubscribe at the provider (unsubscribed). */
export function queueSubscriberSync(db: Queryable, subscriberId: string) {
  return enqueueJob(db, EMAIL_MARKETING_QUEUE, { subscriberId } satisfies EmailMarketingPayload);
}

/**
 * An address erased from the site's lists (docs/product.md §10.12): unsubscribed at the provider
 * too. The one payload that carries an address (the row it would name is gone); the worker blanks
 * it once the provider has been told.
 */
export function queueSubscriberErasure(db: Queryable, email: string) {
  return enqueueJob(db, EMAIL_MARKETING_QUEUE, { eraseEmail: email } satisfies EmailMarketingPayload);
}
