import { and, eq, isNotNull } from "drizzle-orm";
import { getServerEnv, getSiteConfig } from "~/config/env.server";
import type { Queryable } from "~/server/db/client.server";
import { profiles, purchases, users, type Purchase } from "~/server/db/schema";
import { recordFollowUp } from "~/server/models/follow-ups.server";
import { queueEmail } from "~/server/email/queue.server";
import { queueWelcomeIfDue } from "~/server/courses/cohort-welcome.server";
import {
  renderCancellationConfirmed,
  renderEndedUnpaid,
  renderPlaceGiven,
  renderSubscriptionPaused,
  renderReceipt,
  renderRefundIssued,
  renderRenewalFailed,
  renderRenewalReceipt,
  renderInstalmentReceipt,
  renderPlanEndedUnpaid,
} from "~/server/email/sale-templates.server";
import {
  renderCoachNewSale,
  renderCoachRefund,
  renderCoachRenewalFailed,
  renderCoachSubscriptionEnded,
  type CoachEventData,
} from "~/server/email/coach-templates.server";
import { offerKindOf, type RenderedEmail } from "~/server/email/sale-template-kit.server";
import { applyOverrides, readOverrideRows } from "~/server/settings/effective-config.server";
import { fullName } from "~/utils/names";
import { planProgress, type PlanProgress } from "./instalments.server";

// The emails a payment event sends (docs/product.md §18.2–18.4), queued in the transaction that
// records the event. Each has a dedupe key naming what it is about (the purchase, the invoice, the
// subscription), so the success page and the webhook recording the same purchase, or a provider
// delivering an event twice, queue one email to the member and one to the coach.

interface Member {
  email: string;
  firstName: string | null;
  name: string | null;
}

async function memberOf(q: Queryable, userId: string | null): Promise<Member | null> {
  if (!userId) return null;
  const [row] = await q
    .select({ email: users.email, name: users.name, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const name = fullName(row) || row.name || null;
  return { email: row.email, firstName: row.firstName ?? row.name?.split(/\s+/)[0] ?? null, name };
}

/** The coach's address for notifications: NOTIFY_EMAIL, or the contact address. */
export function coachAddress(): string {
  return getServerEnv().NOTIFY_EMAIL ?? getSiteConfig().contactEmail;
}

async function send(q: Queryable, template: string, to: string, email: RenderedEmail, dedupeKey: string) {
  await queueEmail(q, { template, to, subject: email.subject, text: email.text, html: email.html, attachments: email.attachments, dedupeKey });
}

function coachData(
  purchase: Pick<Purchase, "productKey" | "productName" | "amountCents" | "currency" | "stripeSessionId"> & Partial<Pick<Purchase, "promotionCode" | "discountCents">>,
  member: Member | null,
  at: Date,
  monthly: boolean,
): CoachEventData {
  return {
    promotion: purchase.promotionCode ? { code: purchase.promotionCode, discountPence: purchase.discountCents ?? 0 } : null,
    productKey: purchase.productKey,
    buyerName: member?.name ?? null,
    buyerEmail: member?.email ?? null,
    productName: purchase.productName,
    amountPence: purchase.amountCents,
    currency: purchase.currency,
    monthly,
    transactionId: purchase.stripeSessionId,
    at,
  };
}

/** The cohort start as /learn-to-lift shows it: the Offers tab's date when set (read in `q`). */
async function cohortStart(q: Queryable): Promise<Date> {
  const { config } = applyOverrides(getSiteConfig(), await readOverrideRows(q));
  return new Date(config.nextCohortDate);
}

/** What a receipt (the first, or a renewal's) says about a payment. */
function receiptOf(member: { firstName: string | null }, purchase: Purchase, cohortStartsAt: Date | null, nextPaymentAt: Date | null, plan: PlanProgress | null = null) {
  return {
    plan: plan ? { number: plan.paidCount, count: plan.instalments, balancePence: plan.balancePence, totalPence: plan.totalPence } : null,
    firstName: member.firstName,
    productKey: purchase.productKey,
    productName: purchase.productName,
    amountPence: purchase.amountCents,
    currency: purchase.currency,
    transactionId: purchase.stripeSessionId,
    paidAt: purchase.purchasedAt,
    cohortStart: cohortStartsAt,
    nextPaymentAt,
    promotion: purchase.promotionCode ? { code: purchase.promotionCode, discountPence: purchase.discountCents } : null,
  };
}

/**
 * A new purchase through checkout: her receipt with next steps, and the coach's notification.
 * Only a paid purchase that is not a duplicate (a duplicate gets its refund email instead).
 */
export async function queueSaleEmails(q: Queryable, purchase: Purchase, nextPaymentAt: Date | null): Promise<void> {
  if (purchase.status !== "paid" || purchase.duplicateOfSubscriptionId) return;
  const member = await memberOf(q, purchase.userId);
  const kind = offerKindOf(purchase.productKey);
  const monthly = kind === "one-to-one" || kind === "foundations";
  // A payment plan's first payment: the receipt says which payment it was and what is left.
  const plan = purchase.subscriptionId && !monthly ? await planProgress(q, purchase.subscriptionId) : null;
  if (member) {
    const receipt = renderReceipt(receiptOf(member, purchase, kind === "learn-to-lift" ? await cohortStart(q) : null, nextPaymentAt, plan));
    await send(q, "receipt", member.email, receipt, `receipt:${purchase.id}`);
    // Bought after the welcome's send point: it goes now, not at the next sweep (decision 258).
    if (kind === "learn-to-lift" && purchase.userId) await queueWelcomeIfDue(q, purchase.userId);
  }
  const sale = { ...coachData(purchase, member, purchase.purchasedAt, monthly), plan: plan ? { count: plan.instalments, totalPence: plan.totalPence } : null };
  await send(q, "coach-new-sale", coachAddress(), renderCoachNewSale(sale), `coach-sale:${purchase.id}`);
  // The notice names the day to reply by; the dashboard keeps it as a to-do (decision 259).
  if (kind === "one-to-one") await recordFollowUp(q, purchase);
}

/** A renewal (a paid invoice after the first): her renewal receipt. */
export async function queueRenewalReceipt(q: Queryable, purchase: Purchase, nextPaymentAt: Date | null): Promise<void> {
  if (purchase.status !== "paid") return;
  const member = await memberOf(q, purchase.userId);
  if (!member) return;
  // A payment plan's later payment: 'payment 2 of 3', or the last, after which the course is hers.
  const plan = purchase.subscriptionId ? await planProgress(q, purchase.subscriptionId) : null;
  if (plan) {
    const email = renderInstalmentReceipt(receiptOf(member, purchase, null, plan.complete ? null : nextPaymentAt, plan));
    await send(q, "instalment-receipt", member.email, email, `receipt:${purchase.id}`);
    return;
  }
  const email = renderRenewalReceipt(receiptOf(member, purchase, null, nextPaymentAt));
  await send(q, "renewal-receipt", member.email, email, `receipt:${purchase.id}`);
}

export interface FailedRenewal {
  invoiceId: string;
  userId: string | null;
  productKey: string;
  productName: string;
  amountDuePence: number;
  currency: string;
  at: Date;
  /** Which try of the payment this was (1: the first), and when her grace period ends. */
  attempt: number;
  graceEndsAt: Date | null;
}

/**
 * A renewal payment failed (docs/product.md §8.10): the first failure of an invoice emails her
 * (with the link to update her card and the end of her grace period) and the coach; each later
 * failed retry sends her a reminder, once per try, however often the provider reports it.
 */
export async function queueRenewalFailedEmails(q: Queryable, failed: FailedRenewal): Promise<void> {
  const member = await memberOf(q, failed.userId);
  const reminder = failed.attempt > 1;
  if (member) {
    const email = renderRenewalFailed({
      firstName: member.firstName,
      productName: failed.productName,
      amountPence: failed.amountDuePence,
      currency: failed.currency,
      graceEndsAt: failed.graceEndsAt,
      reminder,
    });
    const key = reminder ? `renewal-failed:${failed.invoiceId}:${failed.attempt}` : `renewal-failed:${failed.invoiceId}`;
    await send(q, reminder ? "renewal-failed-reminder" : "renewal-failed", member.email, email, key);
  }
  if (reminder) return;
  const coach = renderCoachRenewalFailed(
    coachData(
      { productKey: failed.productKey, productName: failed.productName, amountCents: failed.amountDuePence, currency: failed.currency, stripeSessionId: failed.invoiceId },
      member,
      failed.at,
      true,
    ),
  );
  await send(q, "coach-renewal-failed", coachAddress(), coach, `coach-renewal-failed:${failed.invoiceId}`);
}

export interface SubscriptionChange {
  providerSubscriptionId: string;
  userId: string | null;
  productKey: string;
  productName: string;
  /** What changed: she asked to cancel (access until the period's end), it has ended, or it ended unpaid. */
  kind: "cancelled" | "ended" | "unpaid";
  accessEndsAt: Date | null;
  at: Date;
}

/** A cancellation or the end of a subscription: her confirmation (once) and the coach's notice. */
export async function queueSubscriptionEndEmails(q: Queryable, change: SubscriptionChange): Promise<void> {
  // A duplicate's subscription, cancelled by the site itself: her refund email says it all.
  const [duplicate] = await q
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.subscriptionId, change.providerSubscriptionId), isNotNull(purchases.duplicateOfSubscriptionId)))
    .limit(1);
  if (duplicate) return;
  // A payment plan ending after its last payment is the plan done: her last receipt said so.
  const plan = await planProgress(q, change.providerSubscriptionId);
  if (plan?.complete) return;
  const member = await memberOf(q, change.userId);
  const [paid] = await q
    .select({ amountCents: purchases.amountCents, currency: purchases.currency })
    .from(purchases)
    .where(eq(purchases.subscriptionId, change.providerSubscriptionId))
    .orderBy(purchases.purchasedAt)
    .limit(1);
  if (member && plan && change.kind === "unpaid") {
    const email = renderPlanEndedUnpaid({ firstName: member.firstName, productName: change.productName, balancePence: plan.balancePence, totalPence: plan.totalPence });
    await send(q, "plan-ended-unpaid", member.email, email, `cancelled:${change.providerSubscriptionId}`);
  } else if (member && change.kind === "unpaid") {
    const email = renderEndedUnpaid({ firstName: member.firstName, productKey: change.productKey, productName: change.productName });
    await send(q, "subscription-ended-unpaid", member.email, email, `cancelled:${change.providerSubscriptionId}`);
  } else if (member) {
    const email = renderCancellationConfirmed({ firstName: member.firstName, productKey: change.productKey, productName: change.productName, accessEndsAt: change.kind === "cancelled" ? change.accessEndsAt : null });
    await send(q, "cancellation-confirmed", member.email, email, `cancelled:${change.providerSubscriptionId}`);
  }
  const coach = renderCoachSubscriptionEnded({
    ...coachData(
      { productKey: change.productKey, productName: change.productName, amountCents: paid?.amountCents ?? 0, currency: paid?.currency ?? "gbp", stripeSessionId: change.providerSubscriptionId },
      member,
      change.at,
      true,
    ),
    kind: change.kind,
    accessEndsAt: change.accessEndsAt,
    plan: plan ? { count: plan.instalments, totalPence: plan.totalPence, paidCount: plan.paidCount, balancePence: plan.balancePence } : null,
  });
  await send(q, `coach-subscription-${change.kind}`, coachAddress(), coach, `coach-${change.kind}:${change.providerSubscriptionId}`);
}

/** A refund recorded on a purchase: her confirmation and the coach's notice, once per amount. */
export async function queueRefundEmails(q: Queryable, purchase: Purchase, at: Date): Promise<void> {
  if (purchase.duplicateOfSubscriptionId || purchase.refundedAmountCents <= 0) return;
  const member = await memberOf(q, purchase.userId);
  const full = purchase.refundedAmountCents >= purchase.amountCents;
  const key = `${purchase.id}:${purchase.refundedAmountCents}`;
  if (member) {
    const email = renderRefundIssued({
      firstName: member.firstName,
      productName: purchase.productName,
      refundedPence: purchase.refundedAmountCents,
      currency: purchase.currency,
      transactionId: purchase.stripeSessionId,
      full,
    });
    await send(q, "refund-issued", member.email, email, `refund:${key}`);
  }
  const coach = renderCoachRefund({ ...coachData({ ...purchase, amountCents: purchase.refundedAmountCents }, member, at, false), full });
  await send(q, "coach-refund", coachAddress(), coach, `coach-refund:${key}`);
}

/** A free place given by the coach (docs/product.md §10.3): her welcome to the course, once. */
export async function queuePlaceGivenEmail(q: Queryable, purchase: Purchase): Promise<void> {
  const member = await memberOf(q, purchase.userId);
  if (!member) return;
  const email = renderPlaceGiven({ firstName: member.firstName, productKey: purchase.productKey, productName: purchase.productName });
  await send(q, "place-given", member.email, email, `place-given:${purchase.id}`);
}

/** A pause of her subscription began (docs/product.md §10.11): when payments stop and start again. */
export async function queueSubscriptionPausedEmail(
  q: Queryable,
  pause: { providerSubscriptionId: string; userId: string | null; productKey: string; productName: string; pausedFrom: Date | null; pausedUntil: Date },
): Promise<void> {
  const member = await memberOf(q, pause.userId);
  if (!member) return;
  const email = renderSubscriptionPaused({ firstName: member.firstName, productKey: pause.productKey, productName: pause.productName, pausedFrom: pause.pausedFrom, pausedUntil: pause.pausedUntil });
  await send(q, "subscription-paused", member.email, email, `paused:${pause.providerSubscriptionId}:${pause.pausedUntil.toISOString()}`);
}
