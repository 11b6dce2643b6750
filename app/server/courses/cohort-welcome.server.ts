import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { getSiteConfig } from "~/config/env.server";
import type { Database, Queryable } from "~/server/db/client.server";
import { cohortWelcomes, courseEnrolments, profiles, purchases, users } from "~/server/db/schema";
import { queueEmail } from "~/server/email/queue.server";
import { firstWeekWorkouts, readWelcomeSettings, renderCohortWelcome } from "~/server/email/welcome-email.server";
import { startSweep, type Sweep } from "~/server/jobs/sweep-schedule.server";
import { applyOverrides, readOverrideRows } from "~/server/settings/effective-config.server";

// When Learn to Lift's welcome email goes (docs/product.md §18.6, decision 258). Every server sweeps
// every few minutes: a buyer whose cohort starts within WELCOME_DAYS_BEFORE days (or started less
// than a week ago) and who has not had it gets it, through the mail queue. A sale inside that
// window queues it at once, in the sale's own transaction. "Once per buyer and cohort" is the
// primary key of cohort_welcomes, written in the transaction that queues the email: two servers
// sweeping together, a restart mid-sweep or a sale recorded twice queue one email.
//
// Her cohort is the one course_enrolments fixed for her (decision 231), or else the site's next
// cohort; the welcome fixes it too, so the course opens on the day the email named. A fully
// refunded purchase is not a place on the course (docs/product.md §19.1) and gets nothing.

export const WELCOME_DAYS_BEFORE = 4;
/** Until a week after the start: the email carries the first week's workouts. */
const WELCOME_LATEST_AFTER_START_MS = 7 * 86_400_000;
const DAY_MS = 86_400_000;
export const WELCOME_SWEEP_INTERVAL_MS = 5 * 60_000;

export const COHORT_WELCOME_TEMPLATE = "cohort-welcome";

/** The moment the welcome for a cohort starting at `cohortStart` is due. */
export function welcomeDueAt(cohortStart: Date): Date {
  return new Date(cohortStart.getTime() - WELCOME_DAYS_BEFORE * DAY_MS);
}

function inWindow(cohortStart: Date, now: Date): boolean {
  return now.getTime() >= welcomeDueAt(cohortStart).getTime() && now.getTime() < cohortStart.getTime() + WELCOME_LATEST_AFTER_START_MS;
}

async function siteCohortDate(q: Queryable): Promise<string> {
  return applyOverrides(getSiteConfig(), await readOverrideRows(q)).config.nextCohortDate;
}

interface Candidate {
  userId: string;
  purchaseId: string;
  email: string;
  firstName: string | null;
  name: string | null;
  /** Her cohort as stored (course_enrolments), or the site's next cohort. */
  cohort: string;
  pinned: boolean;
}

/** Buyers with a place (paid or partly refunded), each with her cohort; `userId` narrows to one. */
async function candidates(q: Queryable, siteCohort: string, userId?: string): Promise<Candidate[]> {
  const rows = await q
    .select({
      userId: purchases.userId,
      purchaseId: purchases.id,
      email: users.email,
      name: users.name,
      firstName: profiles.firstName,
      enrolledCohort: courseEnrolments.cohortStartsOn,
    })
    .from(purchases)
    .innerJoin(users, eq(users.id, purchases.userId))
    .leftJoin(profiles, eq(profiles.userId, purchases.userId))
    .leftJoin(courseEnrolments, and(eq(courseEnrolments.userId, purchases.userId), eq(courseEnrolments.courseKey, "learn-to-lift")))
    .where(
      and(
        eq(purchases.productKey, "learn-to-lift"),
        inArray(purchases.status, ["paid", "partially_refunded"]),
        isNotNull(purchases.userId),
        userId ? eq(purchases.userId, userId) : undefined,
      ),
    )
    .orderBy(purchases.purchasedAt);
  const seen = new Set<string>();
  const out: Candidate[] = [];
  for (const row of rows) {
    if (!row.userId || seen.has(row.userId)) continue;
    seen.add(row.userId);
    out.push({
      userId: row.userId,
      purchaseId: row.purchaseId,
      email: row.email,
      firstName: row.firstName ?? row.name?.split(/\s+/)[0] ?? null,
      name: row.name,
      cohort: row.enrolledCohort ?? siteCohort,
      pinned: row.enrolledCohort !== null,
    });
  }
  return out;
}

/** The key of a cohort: its start as an ISO instant, however the date was written. */
function cohortKey(cohort: string): string | null {
  const start = new Date(cohort);
  return Number.isNaN(start.getTime()) ? null : start.toISOString();
}

/** Queues her welcome in `q` unless she has had it for this cohort. True when it was queued now. */
async function welcomeOne(q: Queryable, candidate: Candidate, now: Date): Promise<boolean> {
  const key = cohortKey(candidate.cohort);
  if (!key || !inWindow(new Date(key), now)) return false;
  const [claimed] = await q
    .insert(cohortWelcomes)
    .values({ userId: candidate.userId, cohortStartsOn: key, purchaseId: candidate.purchaseId })
    .onConflictDoNothing()
    .returning({ userId: cohortWelcomes.userId });
  if (!claimed) return false;
  // The email names the start: her course opens on that day whatever the next cohort becomes (decision 231).
  if (!candidate.pinned) {
    await q.insert(courseEnrolments).values({ userId: candidate.userId, courseKey: "learn-to-lift", cohortStartsOn: candidate.cohort }).onConflictDoNothing();
  }
  const email = renderCohortWelcome({
    firstName: candidate.firstName,
    productName: "Learn to Lift",
    cohortStart: new Date(key),
    workouts: await firstWeekWorkouts(q),
    settings: await readWelcomeSettings(q),
  });
  await queueEmail(q, { template: COHORT_WELCOME_TEMPLATE, to: candidate.email, subject: email.subject, text: email.text, html: email.html, dedupeKey: `cohort-welcome:${candidate.userId}:${key}` });
  return true;
}

/** A Learn to Lift sale inside the window: her welcome at once, in the sale's transaction. */
export async function queueWelcomeIfDue(q: Queryable, userId: string, now = new Date()): Promise<boolean> {
  const [candidate] = await candidates(q, await siteCohortDate(q), userId);
  return candidate ? welcomeOne(q, candidate, now) : false;
}

/** The sweep: every buyer whose welcome is due and not yet queued, each in its own transaction. */
export async function queueDueWelcomeEmails(db: Database, now = new Date()): Promise<number> {
  const site = await siteCohortDate(db);
  const due = (await candidates(db, site)).filter((c) => {
    const key = cohortKey(c.cohort);
    return key !== null && inWindow(new Date(key), now);
  });
  if (due.length === 0) return 0;
  const had = await db
    .select({ userId: cohortWelcomes.userId, cohort: cohortWelcomes.cohortStartsOn })
    .from(cohortWelcomes)
    .where(inArray(cohortWelcomes.userId, due.map((c) => c.userId)));
  const done = new Set(had.map((h) => `${h.userId} ${h.cohort}`));
  let queued = 0;
  for (const candidate of due) {
    if (done.has(`${candidate.userId} ${cohortKey(candidate.cohort)}`)) continue;
    if (await db.transaction((tx) => welcomeOne(tx, candidate, now))) queued += 1;
  }
  return queued;
}

export type WelcomeSchedule = Sweep;

/** Runs the sweep soon after start and then every WELCOME_SWEEP_INTERVAL_MS (startup.server.ts). */
export function startWelcomeSchedule(getDb: () => Database, intervalMs = WELCOME_SWEEP_INTERVAL_MS): WelcomeSchedule {
  return startSweep("welcome emails", () => queueDueWelcomeEmails(getDb()), intervalMs);
}
