import { eq } from "drizzle-orm";
import { z } from "zod";
import { SUBSCRIBER_FORM_LABELS } from "~/content/subscriber-labels";
import type { Queryable } from "~/server/db/client.server";
import { emailSubscribers, jobs, profiles, users, type EmailListForm, type Job } from "~/server/db/schema";
import { JobError, type JobHandler } from "~/server/jobs/worker.server";
import { logger } from "~/server/core/logger.server";
import { hasMarketingConsent } from "~/server/models/marketing-consent.server";
import { emailMarketingProvider, type EmailMarketingProvider } from "./kit.server";
import { EMAIL_MARKETING_QUEUE } from "./sync-queue.server";

// The email-marketing sync (docs/product.md §6): the handler the job worker runs for each job of the
// "email-marketing" queue. A job names a subscriber or a member; the handler reads her as she is
// NOW, not as she was when the job was queued, and does what that state asks
// (docs/decisions/122-email-marketing-sync.md):
//   subscriber confirmed        → sent to the provider, tagged with the form she used
//   subscriber unsubscribed     → unsubscribed at the provider (if she is there)
//   subscriber pending / gone   → nothing (she never confirmed, or the row is gone)
//   member who opted in         → sent, tagged "Member": her switch is on and her latest recorded
//                                 consent gives it (docs/decisions/256-marketing-consent-recorded.md)
//   member otherwise            → the "Member" tag taken off (if she is there); nothing sent
//   member gone / not active    → nothing
//   erased address              → unsubscribed at the provider, then the address blanked in the job
// A payload that is neither fails the job at once (kept for an admin to see, never dropped).

export { EMAIL_MARKETING_QUEUE };

/** The provider's tag for each form (docs/product.md §6.1's email-list forms): the form's name, as the dashboard shows it; and for members. */
export const FORM_TAGS: Record<EmailListForm, string> = SUBSCRIBER_FORM_LABELS;
export const MEMBER_TAG = "Member";

const PayloadSchema = z.union([
  z.object({ subscriberId: z.uuid() }).strict(),
  z.object({ userId: z.string().min(1).max(200) }).strict(),
  z.object({ eraseEmail: z.email().max(320) }).strict(),
]);

export type SyncOutcome = "sent" | "unsubscribed" | "untagged" | "skipped" | "erased";

export async function syncSubscriber(db: Queryable, provider: EmailMarketingProvider, subscriberId: string): Promise<SyncOutcome> {
  const [subscriber] = await db.select().from(emailSubscribers).where(eq(emailSubscribers.id, subscriberId)).limit(1);
  if (!subscriber || subscriber.status === "pending") return "skipped";
  if (subscriber.status === "unsubscribed") {
    await provider.unsubscribe(subscriber.email);
    return "unsubscribed";
  }
  await provider.subscribe({ email: subscriber.email, firstName: subscriber.firstName }, [FORM_TAGS[subscriber.form]]);
  return "sent";
}

export async function syncMember(db: Queryable, provider: EmailMarketingProvider, userId: string): Promise<SyncOutcome> {
  const [member] = await db
    .select({ email: users.email, firstName: profiles.firstName, emailNotifications: profiles.emailNotifications, accountStatus: profiles.accountStatus })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, userId))
    .limit(1);
  if (!member || member.accountStatus !== "active") return "skipped";
  // Only a recorded opt-in sends her: a switch on without one (never asked) counts as off.
  if (!member.emailNotifications || !(await hasMarketingConsent(db, userId))) {
    await provider.removeTag(member.email, MEMBER_TAG);
    return "untagged";
  }
  await provider.subscribe({ email: member.email, firstName: member.firstName }, [MEMBER_TAG]);
  return "sent";
}

/** Runs one email-marketing job against the given provider. */
export async function runEmailMarketingJob(job: Job, db: Queryable, provider: EmailMarketingProvider): Promise<SyncOutcome> {
  const parsed = PayloadSchema.safeParse(job.payload);
  if (!parsed.success) throw new JobError("Not an email-marketing job: the payload names no subscriber or member", { retryable: false });
  const payload = parsed.data;
  if ("eraseEmail" in payload) {
    await provider.unsubscribe(payload.eraseEmail);
    // The address was the job's only content: it goes now that the provider has been told.
    await db.update(jobs).set({ payload: { erased: true } }).where(eq(jobs.id, job.id));
    logger.info("email-marketing sync", { jobId: job.id, provider: provider.name, kind: "erasure", outcome: "erased" });
    return "erased";
  }
  const outcome = "subscriberId" in payload ? await syncSubscriber(db, provider, payload.subscriberId) : await syncMember(db, provider, payload.userId);
  logger.info("email-marketing sync", { jobId: job.id, provider: provider.name, kind: "subscriberId" in payload ? "subscriber" : "member", outcome });
  return outcome;
}

/** The worker's handler: the provider the environment configures (Kit, or local). */
export function emailMarketingHandler(provider?: (db: Queryable) => EmailMarketingProvider): JobHandler {
  return async (job, { db }) => {
    await runEmailMarketingJob(job, db, provider ? provider(db) : emailMarketingProvider(db));
  };
}
