import type { SessionUser } from "~/server/auth/session.server";
import { getSiteConfig } from "~/config/env.server";
import { getDb, type Database } from "~/server/db/client.server";
import { logger } from "~/server/logger.server";
import type { OffersResetTarget } from "~/validation/offers";
import { runAdminAction, type AdminActionOutcome } from "./actions.server";
import { loadActivityLog, type ActivityEntry } from "./activity.server";
import { getContentSite } from "~/server/content/blocks.server";
import { receiveLessonVideo } from "./course-video.server";
import { loadContentData, runContentAction, type ContentActionOutcome, type ContentTabData } from "./content.server";
import { loadCoursesData, runCoursesAction, type CoursesActionOutcome, type CoursesTabData } from "./courses.server";
import { loadIntegrationsData, retryFailedMail, retryFailedSyncs, type IntegrationsData } from "./integrations.server";
import { loadMemberFilesData, runMemberFilesAction, type MemberFilesActionOutcome, type MemberFilesData } from "./member-files.server";
import { membersCsvStream } from "./members-csv.server";
import { adminActivityLog } from "~/server/db/schema";
import { readWelcomeSettings, writeWelcomeSettings } from "~/server/email/welcome-email.server";
import type { WelcomeEmailSettings } from "~/validation/welcome-email";
import { loadOpenFollowUps, markFollowUpDone, type FollowUpView } from "./follow-ups.server";
import { listEmailPreviews, sendTestEmail, type EmailPreview } from "./email-previews.server";
import { changeOffers, currentCohortDate, loadOffersData, resetOffer, type OfferChange, type OffersChangeInput, type OffersData } from "./offers.server";
import { loadSales, parseSalesFilter, salesCsvStream, type SalesFilter, type SalesPage } from "./sales.server";
import { loadStats, loadWeeklyChart } from "./stats.server";
import { eraseSubscriber, loadSubscribers, subscribersCsvStream, type SubscriberPage } from "./subscribers.server";
import { searchMembers, type MemberPage } from "./users.server";

// What the admin routes ask of the database, in one place: the routes never reach for it
// themselves (docs/architecture.md §2). The modules below take the database as a parameter, so
// tests hand them their own; this one hands them the site's.

/**
 * What every tab of the dashboard shows above it (docs/product.md §10.1, §10.16): the figures, the
 * chart and the follow-up to-dos. A failure is logged only; that part then says it is unavailable.
 */
export async function loadOverview(): Promise<{
  stats: Awaited<ReturnType<typeof loadStats>> | null;
  chart: Awaited<ReturnType<typeof loadWeeklyChart>> | null;
  followUps: FollowUpView[] | null;
}> {
  const db = getDb();
  const stats = await loadStats(db).catch((error: unknown) => {
    logger.error("admin: could not load the stats", { error });
    return null;
  });
  const chart = await loadWeeklyChart(db).catch((error: unknown) => {
    logger.error("admin: could not load the weekly chart", { error });
    return null;
  });
  return { stats, chart, followUps: await loadFollowUps() };
}

/**
 * One tab's data, or null when it could not be read (logged; the tab then says so). `tab` names
 * it in the log.
 */
export async function loadTab<T>(tab: string, read: (db: Database) => Promise<T>): Promise<T | null> {
  try {
    return await read(getDb());
  } catch (error) {
    logger.error("admin: could not load a tab", { error, tab });
    return null;
  }
}

/** The Users tab's page of members (docs/product.md §10.2). */
export function loadMembersTab(search: { query: string; page: number }): Promise<MemberPage | null> {
  return loadTab("users", (db) => searchMembers(db, search));
}

export function loadActivityTab(): Promise<ActivityEntry[] | null> {
  return loadTab("activity", (db) => loadActivityLog(db));
}

export function loadIntegrationsTab(): Promise<IntegrationsData | null> {
  return loadTab("integrations", (db) => loadIntegrationsData(db));
}

export function loadEmailsTab(): Promise<EmailPreview[] | null> {
  return loadTab("emails", () => listEmailPreviews());
}

export function loadSalesTab(filter: SalesFilter): Promise<SalesPage | null> {
  return loadTab("sales", (db) => loadSales(db, filter));
}

export function loadSubscribersTab(search: { query: string; page: number }): Promise<SubscriberPage | null> {
  return loadTab("subscribers", (db) => loadSubscribers(db, search));
}

/** One of the Users tab's actions (docs/product.md §10.3–§10.6). */
export function runUsersTabAction(admin: SessionUser, form: FormData): Promise<AdminActionOutcome> {
  return runAdminAction(getDb(), admin, form);
}

/** The Content tab (docs/product.md §10.13), read now. */
export async function loadContentTab(): Promise<ContentTabData> {
  return loadContentData(getDb(), await getContentSite());
}

/** One of the Content tab's actions. */
export async function runContentTabAction(adminId: string, form: FormData): Promise<ContentActionOutcome> {
  return runContentAction(adminId, form, await getContentSite());
}

export function loadOffersTab(): Promise<OffersData> {
  return loadOffersData(getDb());
}

export function offersCohortDate(): Promise<string> {
  return currentCohortDate(getDb());
}

export function saveOffers(adminId: string, input: OffersChangeInput): Promise<OfferChange[]> {
  return changeOffers(getDb(), adminId, input);
}

export function resetOfferToInstalled(adminId: string, target: OffersResetTarget): Promise<OfferChange[]> {
  return resetOffer(getDb(), adminId, target);
}

export function retryFailedEmailSyncs(): Promise<number> {
  return retryFailedSyncs(getDb());
}

export function retryFailedEmails(): Promise<number> {
  return retryFailedMail(getDb());
}

/** The products a sale can be of, for the Sales tab's filter (the catalogue's order). */
export function saleProducts(): { key: string; name: string }[] {
  return getSiteConfig().catalogue.map((p) => ({ key: p.productKey, name: p.name }));
}

/** The Sales tab's filter from the URL (docs/product.md §10.11); unknown values are ignored. */
export function salesFilterFrom(url: URL): SalesFilter {
  return parseSalesFilter(url, saleProducts().map((p) => p.key));
}

export function salesCsv(filter: SalesFilter): ReadableStream<Uint8Array> {
  return salesCsvStream(getDb(), filter);
}

export function subscribersCsv(query: string): ReadableStream<Uint8Array> {
  return subscribersCsvStream(getDb(), query);
}

/** The Subscribers view's 'Delete': an erasure request (docs/product.md §10.12). */
export function eraseEmailSubscriber(adminId: string, subscriberId: string): Promise<number> {
  return eraseSubscriber(getDb(), adminId, subscriberId);
}

export function membersCsv(): ReadableStream<Uint8Array> {
  return membersCsvStream(getDb());
}

/** The Emails tab's 'Send me a test': one sample of `key` queued to the administrator's own address. */
export function sendTestEmailToAdmin(key: string, adminEmail: string): Promise<boolean> {
  return sendTestEmail(getDb(), key, adminEmail);
}

/** The Courses tab (docs/product.md §10.14), read now. */
export function loadCoursesTab(): Promise<CoursesTabData> {
  return loadCoursesData(getDb());
}

/** A lesson's video from the Courses tab, read as it arrives (course-video.server.ts). */
export function receiveCourseVideo(adminId: string, request: Request): Promise<CoursesActionOutcome> {
  return receiveLessonVideo(adminId, request);
}

/** One of the Courses tab's actions. */
export function runCoursesTabAction(adminId: string, form: FormData): Promise<CoursesActionOutcome> {
  return runCoursesAction(adminId, form);
}

/** One member's shared files (docs/product.md §10.15), or null when there is no such member. */
export function loadMemberFiles(userId: string): Promise<MemberFilesData | null> {
  return loadMemberFilesData(getDb(), userId, getSiteConfig().coachSlug);
}

/** 'Share with …' or a shared file's 'Delete'. */
export function runMemberFilesTabAction(adminId: string, form: FormData): Promise<MemberFilesActionOutcome> {
  return runMemberFilesAction(getDb(), adminId, form, getSiteConfig().coachSlug);
}

/** The overview's 1-to-1 follow-up to-dos (docs/product.md §10.16); null when they could not be read. */
export async function loadFollowUps(): Promise<FollowUpView[] | null> {
  return loadOpenFollowUps(getDb()).catch((error: unknown) => {
    logger.error("admin: could not load the follow-up to-dos", { error });
    return null;
  });
}

/** 'Mark done' on a follow-up to-do. */
export function completeFollowUp(id: string, adminId: string): Promise<"done" | "already" | "missing"> {
  return markFollowUpDone(getDb(), id, adminId);
}

/** The Emails tab's welcome email settings (docs/product.md §18.6): hers, or the installed ones. */
export function loadWelcomeEmailSettings(): Promise<WelcomeEmailSettings & { saved: boolean }> {
  return readWelcomeSettings(getDb());
}

/** Saves them, with a line in the activity log. */
export async function saveWelcomeEmailSettings(adminId: string, settings: WelcomeEmailSettings): Promise<void> {
  await getDb().transaction(async (tx) => {
    await writeWelcomeSettings(tx, settings);
    await tx.insert(adminActivityLog).values({ adminId, actionType: "update_welcome_email", details: { callDay: settings.callDay, callTime: settings.callTime } });
  });
}
