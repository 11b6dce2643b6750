import { and, eq, inArray } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { purchases, subscriptions, type CourseKey, type SubscriptionStatus } from "~/server/db/schema";
import { graceDays as paymentGraceDays, graceEndsAt } from "~/server/core/payment-grace.server";

// Who may open what in the members' area (docs/product.md §19.1). Every page, lesson, file and
// video route asks here first, on the server:
// - Learn to Lift: a paid (or partly refunded) purchase, for life; a fully refunded one gives nothing;
//   paid through a payment plan (docs/product.md §8.11), it is open from the first payment, closes
//   like a subscription when a payment is failing past the grace period or the plan stopped with
//   payments still to make, and is hers for life once every payment is made;
// - a subscription that ended because its payment still failed after the last retry ends when the
//   grace period did (or when it ended, if sooner), not at the end of the month it never paid for;
// - Build Stronger Foundations and 1-to-1 coaching: a subscription that is running (active or
//   trialing), or whose payment is failing for less than the grace period (PAYMENT_GRACE_DAYS from
//   the first failure, docs/product.md §8.10), or one cancelled whose paid period has not ended
//   yet; after that access stops, and a new subscription (or the payment going through) brings it back;
// - Build Stronger Foundations' course materials are hers for life: once her paid period has
//   ended she keeps the lessons published by its end ("kept"); the community and new lessons end
//   with the subscription (docs/decisions/255-foundations-materials-kept-after-cancelling.md);
// - a subscription the coach paused is open to the end of the month she paid for and closed from
//   then until it resumes (docs/product.md §10.11);
// - a place the coach gave ('Give access': a £0.00 purchase marked given_by) opens the course for
//   good, Learn to Lift and Build Stronger Foundations alike;
// - an administrator sees everything ('Preview as a member').

export type MemberOffer = CourseKey | "one-to-one";

export type Access =
  /** She may open it; `until` is when it stops (a cancelled subscription), null for no end. */
  | { state: "open"; until: Date | null; preview: boolean }
  /** She had it: it stopped on `endedAt`. */
  | { state: "ended"; endedAt: Date }
  /** Her subscription ended on `endedAt`; the course materials published by then are still hers. */
  | { state: "kept"; endedAt: Date }
  | { state: "none" };

/** The statuses in which a subscription is being paid for. */
const RUNNING: readonly SubscriptionStatus[] = ["active", "trialing"];
/** Its payment is failing while the provider retries it: open for the grace period (docs/product.md §8.10). */
const FAILING: readonly SubscriptionStatus[] = ["past_due", "unpaid"];

export interface AccessSubject {
  userId: string;
  isAdmin: boolean;
}

/** The product key of an offer in the catalogue. */
export function productKeyOf(offer: MemberOffer, coachSlug: string): string {
  return offer === "one-to-one" ? `stronger-with-${coachSlug}` : offer;
}

/** What access needs to know of one subscription. */
export interface SubscriptionAccessRow {
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  pastDueSince?: Date | null;
  pausedFrom?: Date | null;
  pausedUntil?: Date | null;
  canceledAt?: Date | null;
  endedForNonPayment?: boolean;
}

/** Subscription rows → access: the best of her subscriptions to the offer. */
export function accessFromSubscriptions(
  rows: readonly SubscriptionAccessRow[],
  now: Date,
  graceDays = paymentGraceDays(),
): Access {
  let best: Access = { state: "none" };
  for (const row of rows) {
    const end = row.currentPeriodEnd;
    let access: Access;
    const paused = row.pausedUntil && row.pausedUntil.getTime() > now.getTime() ? { from: row.pausedFrom ?? now, until: row.pausedUntil } : null;
    if (RUNNING.includes(row.status) && paused) {
      // Paused by the coach: open to the end of the month she paid for, closed until it resumes.
      access = paused.from.getTime() > now.getTime() ? { state: "open", until: paused.from, preview: false } : { state: "ended", endedAt: paused.from };
    } else if (RUNNING.includes(row.status)) {
      access = { state: "open", until: row.cancelAtPeriodEnd ? end : null, preview: false };
    } else if (FAILING.includes(row.status) && row.pastDueSince) {
      // Her card is being retried: she keeps it for the grace period from the first failure.
      const graceEnd = graceEndsAt(row.pastDueSince, graceDays);
      access = graceEnd.getTime() > now.getTime() ? { state: "open", until: graceEnd, preview: false } : { state: "ended", endedAt: graceEnd };
    } else if (row.status === "canceled" && end) {
      const until = row.endedForNonPayment ? unpaidEnd(row, end, graceDays) : end;
      access = until.getTime() > now.getTime() ? { state: "open", until, preview: false } : { state: "ended", endedAt: until };
    } else {
      continue;
    }
    best = better(best, access);
  }
  return best;
}

/** Ended unpaid: access stops at the grace period's end or at the ending, whichever came first. */
function unpaidEnd(row: { pastDueSince?: Date | null; canceledAt?: Date | null }, periodEnd: Date, graceDays: number): Date {
  const ends = [periodEnd, row.canceledAt, row.pastDueSince ? graceEndsAt(row.pastDueSince, graceDays) : null].filter((d): d is Date => d instanceof Date);
  return new Date(Math.min(...ends.map((d) => d.getTime())));
}

function better(a: Access, b: Access): Access {
  const rank = (x: Access) => (x.state === "open" ? (x.until === null ? 3 : 2) : x.state === "ended" || x.state === "kept" ? 1 : 0);
  if (rank(b) > rank(a)) return b;
  if (rank(b) < rank(a)) return a;
  // Same kind: the later end wins.
  if (a.state === "open" && b.state === "open") return (b.until?.getTime() ?? 0) > (a.until?.getTime() ?? 0) ? b : a;
  if (a.state === "ended" && b.state === "ended") return b.endedAt > a.endedAt ? b : a;
  return a;
}

/**
 * Build Stronger Foundations promises lifetime access to its course materials: an ended
 * subscription keeps the lessons published by the end of her paid period (decision 255).
 */
export function keepMaterials(access: Access): Access {
  return access.state === "ended" ? { state: "kept", endedAt: access.endedAt } : access;
}

/** Her access to one offer, now. */
export async function offerAccess(q: Queryable, subject: AccessSubject, offer: MemberOffer, coachSlug: string, now = new Date()): Promise<Access> {
  return (await allAccess(q, subject, coachSlug, now))[offer];
}

/** Her access to every offer, in two queries. */
export async function allAccess(q: Queryable, subject: AccessSubject, coachSlug: string, now = new Date()): Promise<Record<MemberOffer, Access>> {
  if (subject.isAdmin) {
    const preview: Access = { state: "open", until: null, preview: true };
    return { "learn-to-lift": preview, "build-stronger-foundations": preview, "one-to-one": preview };
  }
  const oneToOneKey = productKeyOf("one-to-one", coachSlug);
  const [bought, subs] = await Promise.all([
    q
      .select({ productKey: purchases.productKey, givenBy: purchases.givenBy, subscriptionId: purchases.subscriptionId })
      .from(purchases)
      .where(
        and(
          eq(purchases.userId, subject.userId),
          inArray(purchases.productKey, ["learn-to-lift", "build-stronger-foundations"]),
          inArray(purchases.status, ["paid", "partially_refunded"]),
        ),
      ),
    q
      .select({
        providerSubscriptionId: subscriptions.providerSubscriptionId,
        productKey: subscriptions.productKey,
        status: subscriptions.status,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
        pastDueSince: subscriptions.pastDueSince,
        pausedFrom: subscriptions.pausedFrom,
        pausedUntil: subscriptions.pausedUntil,
        canceledAt: subscriptions.canceledAt,
        endedForNonPayment: subscriptions.endedForNonPayment,
        instalments: subscriptions.instalments,
      })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, subject.userId), inArray(subscriptions.productKey, ["learn-to-lift", "build-stronger-foundations", oneToOneKey]))),
  ]);
  // A place the coach gave on Build Stronger Foundations is open for good (docs/product.md §10.3);
  // otherwise it is the subscription's.
  const givenFoundations = bought.some((row) => row.productKey === "build-stronger-foundations" && row.givenBy !== null);
  return {
    "learn-to-lift": learnToLiftAccess(
      bought.filter((row) => row.productKey === "learn-to-lift"),
      subs.filter((row) => row.productKey === "learn-to-lift"),
      now,
    ),
    "build-stronger-foundations": givenFoundations
      ? { state: "open", until: null, preview: false }
      : keepMaterials(
          accessFromSubscriptions(
            subs.filter((row) => row.productKey === "build-stronger-foundations"),
            now,
          ),
        ),
    "one-to-one": accessFromSubscriptions(
      subs.filter((row) => row.productKey === oneToOneKey),
      now,
    ),
  };
}

/**
 * Learn to Lift: paid in one go (or given) it is hers for life; through a payment plan it is hers
 * for life once every payment is made, and until then it follows the plan's subscription.
 */
function learnToLiftAccess(
  bought: readonly { subscriptionId: string | null }[],
  plans: readonly (SubscriptionAccessRow & { providerSubscriptionId: string; instalments: number | null })[],
  now: Date,
): Access {
  const forLife: Access = { state: "open", until: null, preview: false };
  if (bought.length === 0) return { state: "none" };
  if (bought.some((row) => row.subscriptionId === null)) return forLife;
  let best: Access = { state: "none" };
  for (const subscriptionId of new Set(bought.map((row) => row.subscriptionId))) {
    const plan = plans.find((row) => row.providerSubscriptionId === subscriptionId);
    const paid = bought.filter((row) => row.subscriptionId === subscriptionId).length;
    // Not a plan (a payment recorded before its subscription was), or every payment made.
    if (!plan?.instalments || paid >= plan.instalments) return forLife;
    best = better(best, accessFromSubscriptions([plan], now));
  }
  return best;
}

/** An offer's access as plain data for a page: the dates as ISO strings. */
export type AccessSummary =
  | { state: "open"; until: string | null }
  | { state: "ended"; endedAt: string }
  | { state: "kept"; endedAt: string }
  | { state: "none" };

export function summariseAccess(access: Access): AccessSummary {
  if (access.state === "open") return { state: "open", until: access.until?.toISOString() ?? null };
  if (access.state === "ended" || access.state === "kept") return { state: access.state, endedAt: access.endedAt.toISOString() };
  return { state: "none" };
}

/**
 * The 1-to-1 coaching of each of these members, from her own subscriptions (an administrator's
 * preview plays no part): what the Users tab says about the files shared with her (docs/product.md
 * §10.15). One query for the page of members.
 */
export async function coachingAccessOf(q: Queryable, userIds: readonly string[], coachSlug: string, now = new Date()): Promise<Map<string, Access>> {
  const found = new Map<string, Access>();
  if (userIds.length === 0) return found;
  const rows = await q
    .select({
      userId: subscriptions.userId,
      status: subscriptions.status,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      pastDueSince: subscriptions.pastDueSince,
      pausedFrom: subscriptions.pausedFrom,
      pausedUntil: subscriptions.pausedUntil,
    })
    .from(subscriptions)
    .where(and(inArray(subscriptions.userId, [...userIds]), eq(subscriptions.productKey, productKeyOf("one-to-one", coachSlug))));
  for (const userId of userIds) {
    found.set(
      userId,
      accessFromSubscriptions(
        rows.filter((row) => row.userId === userId),
        now,
      ),
    );
  }
  return found;
}
