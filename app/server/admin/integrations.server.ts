import { sql } from "drizzle-orm";
import { getServerEnv, getSiteConfig } from "~/config/env.server";
import { emailSubscribers, jobs } from "~/server/db/schema";
import { loadMailFigures, retryFailedEmails, type MailFigures } from "~/server/email/queue.server";
import { retryFailedJobs } from "~/server/jobs/queue.server";
import { emailMarketingProviderName, type EmailMarketingProviderName } from "~/server/lists/kit.server";
import { EMAIL_MARKETING_QUEUE } from "~/server/lists/sync-queue.server";
import { getDb, type Queryable } from "~/server/db/client.server";
import { loadTab } from "./tab-data.server";
import { z } from "~/validation/zod";

// The Integrations tab of /settings/admin (docs/product.md §10.8): the email-marketing sync's live
// figures, counted in the database at each load, and the community platform's link.

export interface IntegrationsData {
  emailMarketing: {
    /** "kit" when KIT_API_KEY is set, otherwise "local" (subscribers stay in our own table). */
    provider: EmailMarketingProviderName;
    /** Addresses on at least one email list, confirmed or awaiting confirmation (not unsubscribed). */
    subscribers: number;
    /** Addresses that confirmed at least one list. */
    confirmed: number;
    /** Sync jobs waiting or in progress (members and subscribers). */
    queued: number;
    /** Sync jobs that used up their attempts and wait for 'Retry failed'. */
    failed: number;
    /** When a sync job last finished successfully (ISO), or null. */
    lastSuccessfulSyncAt: string | null;
    subscribersUrl: string | null;
  };
  community: { url: string | null; membersUrl: string | null };
  /** The site's own mail (docs/product.md §18): how it is sent and the queue's figures. */
  mail: MailFigures & { transport: "smtp" | "outbox" };
}

/** docs/product.md §10.8: the form of 'Retry failed' (the only thing the tab posts). */
export const RETRY_FAILED_INTENT = "retry-failed";
/** 'Retry failed' on the Email delivery card. */
export const RETRY_FAILED_MAIL_INTENT = "retry-failed-mail";

/** The tab's two 'Retry failed' forms. */
export const RetryFailedSchema = z.object({ intent: z.enum([RETRY_FAILED_INTENT, RETRY_FAILED_MAIL_INTENT], { error: "Unknown action." }) });

export async function loadIntegrationsData(db: Queryable): Promise<IntegrationsData> {
  // Two small aggregate queries: the subscribers table, and the queue's rows (served by the
  // jobs (queue, status, run_at) index).
  const [lists] = (
    await db.execute<{ subscribers: number; confirmed: number }>(sql`
      select
        count(distinct ${emailSubscribers.email}) filter (where ${emailSubscribers.status} <> 'unsubscribed')::int as subscribers,
        count(distinct ${emailSubscribers.email}) filter (where ${emailSubscribers.status} = 'confirmed')::int as confirmed
      from ${emailSubscribers}`)
  ).rows;
  const [queue] = (
    await db.execute<{ queued: number; failed: number; last_done: string | Date | null }>(sql`
      select
        count(*) filter (where ${jobs.status} in ('queued', 'running'))::int as queued,
        count(*) filter (where ${jobs.status} = 'failed')::int as failed,
        max(${jobs.completedAt}) filter (where ${jobs.status} = 'done') as last_done
      from ${jobs}
      where ${jobs.queue} = ${EMAIL_MARKETING_QUEUE}`)
  ).rows;
  const site = getSiteConfig();
  const lastDone = queue?.last_done ? new Date(queue.last_done) : null;
  return {
    emailMarketing: {
      provider: emailMarketingProviderName(getServerEnv()),
      subscribers: Number(lists?.subscribers ?? 0),
      confirmed: Number(lists?.confirmed ?? 0),
      queued: Number(queue?.queued ?? 0),
      failed: Number(queue?.failed ?? 0),
      lastSuccessfulSyncAt: lastDone ? lastDone.toISOString() : null,
      subscribersUrl: site.emailMarketing.subscribersUrl ?? null,
    },
    community: { url: site.communityUrl ?? null, membersUrl: site.communityMembersUrl ?? null },
    mail: { ...(await loadMailFigures(db)), transport: getServerEnv().SMTP_URL ? "smtp" : "outbox" },
  };
}

/** 'Retry failed': the failed email-marketing syncs go back in the queue. Returns how many. */
export function retryFailedSyncs(db: Queryable = getDb()): Promise<number> {
  return retryFailedJobs(db, EMAIL_MARKETING_QUEUE);
}

/** 'Retry failed' for mail: messages that gave up go back in the queue. Returns how many. */
export function retryFailedMail(db: Queryable = getDb()): Promise<number> {
  return retryFailedEmails(db);
}

// ─── For the dashboard's routes (app/routes/admin/), with the site's database ───────────────────

export function loadIntegrationsTab(): Promise<IntegrationsData | null> {
  return loadTab("integrations", (db) => loadIntegrationsData(db));
}
