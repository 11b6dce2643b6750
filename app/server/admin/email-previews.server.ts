import { graceEndsAt } from "~/server/core/payment-grace.server";
import { instalmentPlan } from "~/config/instalments";
import { getServerEnv } from "~/config/env.server";
import type { SiteConfig } from "~/config/site";
import { getDb, type Queryable } from "~/server/db/client.server";
import { adminActivityLog } from "~/server/db/schema";
import {
  renderEmailChangeConfirmation,
  renderEmailChangedNotice,
  renderPasswordChangedNotice,
  renderPasswordResetEmail,
  renderSignInPausedNotice,
  renderVerificationEmail,
} from "~/server/email/auth-emails.server";
import { queueEmail } from "~/server/email/queue.server";
import {
  renderCancellationConfirmed,
  renderInstalmentReceipt,
  renderPlanEndedUnpaid,
  renderReceipt,
  renderRefundIssued,
  renderRenewalFailed,
  renderEndedUnpaid,
  renderPlaceGiven,
  renderSubscriptionPaused,
  renderRenewalReceipt,
  type ReceiptData,
} from "~/server/email/sale-templates.server";
import {
  renderCoachNewSale,
  renderCoachRefund,
  renderCoachRenewalFailed,
  renderCoachSubscriptionEnded,
  type CoachEventData,
} from "~/server/email/coach-templates.server";
import type { RenderedEmail } from "~/server/email/sale-template-kit.server";
import { DEFAULT_WELCOME_SETTINGS, firstWeekWorkouts, readWelcomeSettings, renderCohortWelcome, writeWelcomeSettings, type Workout } from "~/server/email/welcome-email.server";
import { WELCOME_DAYS_BEFORE } from "~/server/courses/cohort-welcome.server";
import { renderConfirmationEmail } from "~/server/lists/emails.server";
import type { WelcomeEmailSettings } from "~/validation/welcome-email";
import { renderDuplicateRefundEmail } from "~/server/payments/duplicate-email.server";
import { renderCheckoutReminder } from "~/server/email/checkout-reminder.server";
import { getEffectiveSiteConfig } from "~/server/settings/effective-config.server";
import { formatLongDate } from "~/utils/format";
import { loadTab } from "./tab-data.server";
import { z } from "~/validation/zod";

// The dashboard's Emails tab (docs/product.md §18.5): every email the site sends, rendered with
// sample data exactly as the real one is, and 'Send me a test' to the administrator's own address.
// The sample links point at the site but carry no working token.

export interface EmailPreview {
  key: string;
  name: string;
  /** Who receives it and when. */
  when: string;
  audience: "Member" | "Coach" | "Subscriber";
  email: RenderedEmail;
}

interface Template {
  key: string;
  name: string;
  when: string;
  audience: EmailPreview["audience"];
  render: (sample: Sample) => RenderedEmail;
}

interface Sample {
  /** The configuration as the site runs it: the Offers tab's prices and cohort date applied. */
  site: SiteConfig;
  cohortStart: Date;
  now: Date;
  /** Learn to Lift's welcome email as the coach has set it, and the course's first week. */
  welcome: WelcomeEmailSettings;
  workouts: Workout[];
}

const SAMPLE_MEMBER = { firstName: "Margaret", name: "Margaret Hale", email: "margaret.hale@example.com" };

function link(path: string): string {
  return `${getServerEnv().SITE_ORIGIN}${path}`;
}

function products(site: SiteConfig) {
  return {
    learnToLift: { productKey: "learn-to-lift", productName: "Learn to Lift", amountPence: site.prices.learnToLift },
    oneToOne: { productKey: `stronger-with-${site.coachSlug}`, productName: `Stronger with ${site.coachName}`, amountPence: site.prices.oneToOne },
    foundations: { productKey: "build-stronger-foundations", productName: "Build Stronger Foundations", amountPence: site.prices.foundations },
  };
}

const inAMonth = (now: Date) => new Date(now.getTime() + 30 * 86_400_000);

/** Learn to Lift in monthly payments at her price (docs/product.md §8.11), for the plan's emails. */
function samplePlan(site: SiteConfig) {
  return instalmentPlan(site.prices.learnToLift, 3);
}

type SampleProduct = ReturnType<typeof products>[keyof ReturnType<typeof products>];

/** A sample member's receipt for a product: paid now, by the sample member; the rest as given. */
function sampleReceipt(product: SampleProduct, now: Date, rest: Partial<ReceiptData> & Pick<ReceiptData, "transactionId">): ReceiptData {
  return { ...product, firstName: SAMPLE_MEMBER.firstName, currency: "gbp", paidAt: now, cohortStart: null, nextPaymentAt: null, ...rest };
}

/** A sample event for the coach's notices: the sample member, on a product, now; the rest as given. */
function sampleSale(product: SampleProduct, now: Date, rest: Partial<CoachEventData> & Pick<CoachEventData, "transactionId" | "monthly">): CoachEventData {
  return { ...product, buyerName: SAMPLE_MEMBER.name, buyerEmail: SAMPLE_MEMBER.email, currency: "gbp", at: now, ...rest };
}

const TEMPLATES: Template[] = [
  {
    key: "receipt-learn-to-lift",
    name: "Receipt: Learn to Lift",
    when: "After a Learn to Lift payment, with a calendar invitation for the cohort start",
    audience: "Member",
    render: ({ site, cohortStart, now }) =>
      renderReceipt(sampleReceipt(products(site).learnToLift, now, { transactionId: "cs_test_sample_learn_to_lift", cohortStart })),
  },
  {
    key: "cohort-welcome",
    name: "Welcome: Learn to Lift",
    when: `${WELCOME_DAYS_BEFORE} days before her cohort starts (at once if she buys later), with her first week's two workouts and the group call. Your words and the call are set below.`,
    audience: "Member",
    render: ({ cohortStart, welcome, workouts }) =>
      renderCohortWelcome({ firstName: SAMPLE_MEMBER.firstName, productName: "Learn to Lift", cohortStart, workouts, settings: welcome }),
  },
  {
    key: "receipt-one-to-one",
    name: "Receipt: 1-to-1 coaching",
    when: "After the first 1-to-1 coaching payment, with the booking link",
    audience: "Member",
    render: ({ site, now }) =>
      renderReceipt(sampleReceipt(products(site).oneToOne, now, { transactionId: "cs_test_sample_one_to_one", nextPaymentAt: inAMonth(now) })),
  },
  {
    key: "receipt-foundations",
    name: "Receipt: Build Stronger Foundations",
    when: "After the first Build Stronger Foundations payment, with the community link",
    audience: "Member",
    render: ({ site, now }) =>
      renderReceipt(sampleReceipt(products(site).foundations, now, { transactionId: "cs_test_sample_foundations", nextPaymentAt: inAMonth(now) })),
  },
  {
    key: "renewal-receipt",
    name: "Renewal receipt",
    when: "Each monthly payment after the first",
    audience: "Member",
    render: ({ site, now }) =>
      renderRenewalReceipt(sampleReceipt(products(site).foundations, now, { transactionId: "in_sample_renewal", nextPaymentAt: inAMonth(now) })),
  },
  {
    key: "receipt-learn-to-lift-plan",
    name: "Receipt: Learn to Lift in monthly payments",
    when: "After the first of the monthly payments for Learn to Lift: which payment it was and what is left",
    audience: "Member",
    render: ({ site, cohortStart, now }) => {
      const plan = samplePlan(site);
      const sample = { transactionId: "cs_test_sample_learn_to_lift_plan", amountPence: plan.firstPence, cohortStart, nextPaymentAt: inAMonth(now) };
      return renderReceipt(sampleReceipt(products(site).learnToLift, now, { ...sample, plan: { number: 1, count: plan.count, balancePence: plan.totalPence - plan.firstPence, totalPence: plan.totalPence } }));
    },
  },
  {
    key: "instalment-receipt",
    name: "Monthly payment receipt (payment plan)",
    when: "Each later payment of a payment plan; the last one says the course is paid for",
    audience: "Member",
    render: ({ site, now }) => {
      const plan = samplePlan(site);
      const sample = { transactionId: "in_sample_instalment", amountPence: plan.laterPence, nextPaymentAt: inAMonth(now) };
      return renderInstalmentReceipt(sampleReceipt(products(site).learnToLift, now, { ...sample, plan: { number: 2, count: plan.count, balancePence: plan.laterPence, totalPence: plan.totalPence } }));
    },
  },
  {
    key: "plan-ended-unpaid",
    name: "Payment plan stopped unpaid",
    when: "A payment plan's payment still fails after the last retry: what is left to pay, and the course closed until it is settled",
    audience: "Member",
    render: ({ site }) => {
      const plan = samplePlan(site);
      return renderPlanEndedUnpaid({ firstName: SAMPLE_MEMBER.firstName, productName: "Learn to Lift", balancePence: plan.totalPence - plan.firstPence, totalPence: plan.totalPence });
    },
  },
  {
    key: "renewal-failed",
    name: "Failed renewal",
    when: "A monthly payment is declined",
    audience: "Member",
    render: ({ site, now }) =>
      renderRenewalFailed({
        firstName: SAMPLE_MEMBER.firstName,
        productName: products(site).foundations.productName,
        amountPence: products(site).foundations.amountPence,
        currency: "gbp",
        graceEndsAt: graceEndsAt(now),
      }),
  },
  {
    key: "renewal-failed-reminder",
    name: "Failed renewal: reminder",
    when: "The payment provider's next try of a declined payment fails too",
    audience: "Member",
    render: ({ site, now }) =>
      renderRenewalFailed({
        firstName: SAMPLE_MEMBER.firstName,
        productName: products(site).foundations.productName,
        amountPence: products(site).foundations.amountPence,
        currency: "gbp",
        graceEndsAt: graceEndsAt(new Date(now.getTime() - 3 * 86_400_000)),
        reminder: true,
      }),
  },
  {
    key: "subscription-paused",
    name: "Subscription paused",
    when: "The coach pauses a member's subscription from the Sales tab",
    audience: "Member",
    render: ({ site, now }) =>
      renderSubscriptionPaused({
        firstName: SAMPLE_MEMBER.firstName,
        productKey: "build-stronger-foundations",
        productName: products(site).foundations.productName,
        pausedFrom: inAMonth(now),
        pausedUntil: inAMonth(inAMonth(now)),
      }),
  },
  {
    key: "place-given",
    name: "A place given by the coach",
    when: "The coach gives a member a free place on a course (the Users tab's 'Give access')",
    audience: "Member",
    render: ({ site }) => renderPlaceGiven({ firstName: SAMPLE_MEMBER.firstName, productKey: "learn-to-lift", productName: products(site).learnToLift.productName }),
  },
  {
    key: "subscription-ended-unpaid",
    name: "Subscription ended unpaid",
    when: "The last try of a declined payment fails and the subscription ends",
    audience: "Member",
    render: ({ site }) => renderEndedUnpaid({ firstName: SAMPLE_MEMBER.firstName, productKey: "build-stronger-foundations", productName: products(site).foundations.productName }),
  },
  {
    key: "cancellation-confirmed",
    name: "Cancellation confirmed",
    when: "She cancels a subscription (access runs to the end of the paid month)",
    audience: "Member",
    render: ({ site, now }) => renderCancellationConfirmed({ firstName: SAMPLE_MEMBER.firstName, productKey: "build-stronger-foundations", productName: products(site).foundations.productName, accessEndsAt: inAMonth(now) }),
  },
  {
    key: "refund-issued",
    name: "Refund issued",
    when: "A payment is refunded at the payment provider",
    audience: "Member",
    render: ({ site }) =>
      renderRefundIssued({ firstName: SAMPLE_MEMBER.firstName, productName: products(site).learnToLift.productName, refundedPence: products(site).learnToLift.amountPence, currency: "gbp", transactionId: "cs_test_sample_learn_to_lift", full: true }),
  },
  {
    key: "duplicate-refund",
    name: "Second payment refunded",
    when: "She paid twice for a monthly offer she already had",
    audience: "Member",
    render: ({ site, now }) => ({ ...renderDuplicateRefundEmail({ firstName: SAMPLE_MEMBER.firstName, productName: products(site).foundations.productName, amount: "£20.00", paidOn: formatLongDate(now) }) }),
  },
  {
    key: "checkout-reminder",
    name: "Reminder: a checkout left unpaid",
    when: `A day after she started paying for an offer and did not finish, once, only if she agreed to news and offers`,
    audience: "Member",
    render: ({ site }) =>
      renderCheckoutReminder({
        firstName: SAMPLE_MEMBER.firstName,
        productName: "Learn to Lift",
        amountPence: site.prices.learnToLift,
        currency: "gbp",
        monthly: false,
        checkoutPath: "/learn-to-lift-checkout",
      }),
  },
  {
    key: "coach-new-sale",
    name: "New sale",
    when: "Every purchase through checkout",
    audience: "Coach",
    render: ({ site, now }) =>
      renderCoachNewSale(sampleSale(products(site).oneToOne, now, { monthly: true, transactionId: "cs_test_sample_one_to_one" })),
  },
  {
    key: "coach-subscription-cancelled",
    name: "Subscription cancelled",
    when: "A member cancels a subscription",
    audience: "Coach",
    render: ({ site, now }) =>
      renderCoachSubscriptionEnded({ ...sampleSale(products(site).foundations, now, { monthly: true, transactionId: "sub_sample" }), kind: "cancelled", accessEndsAt: inAMonth(now) }),
  },
  {
    key: "coach-subscription-ended",
    name: "Subscription ended",
    when: "A subscription's last paid month is over",
    audience: "Coach",
    render: ({ site, now }) =>
      renderCoachSubscriptionEnded({ ...sampleSale(products(site).foundations, now, { monthly: true, transactionId: "sub_sample" }), kind: "ended", accessEndsAt: now }),
  },
  {
    key: "coach-subscription-unpaid",
    name: "Subscription ended unpaid",
    when: "A member's subscription ends because her payment failed after the last retry",
    audience: "Coach",
    render: ({ site, now }) =>
      renderCoachSubscriptionEnded({ ...sampleSale(products(site).foundations, now, { monthly: true, transactionId: "sub_sample" }), kind: "unpaid", accessEndsAt: now }),
  },
  {
    key: "coach-plan-unpaid",
    name: "Payment plan ended unpaid",
    when: "A member's payment plan stops because a payment failed after the last retry, with what is left to pay",
    audience: "Coach",
    render: ({ site, now }) => {
      const plan = samplePlan(site);
      const sale = sampleSale(products(site).learnToLift, now, { monthly: false, transactionId: "sub_sample_plan", amountPence: plan.laterPence });
      return renderCoachSubscriptionEnded({ ...sale, kind: "unpaid", accessEndsAt: now, plan: { count: plan.count, totalPence: plan.totalPence, paidCount: 1, balancePence: plan.totalPence - plan.firstPence } });
    },
  },
  {
    key: "coach-renewal-failed",
    name: "Renewal failed",
    when: "A member's monthly payment is declined",
    audience: "Coach",
    render: ({ site, now }) =>
      renderCoachRenewalFailed(sampleSale(products(site).foundations, now, { monthly: true, transactionId: "in_sample_failed" })),
  },
  {
    key: "coach-refund",
    name: "Refund",
    when: "A payment is refunded",
    audience: "Coach",
    render: ({ site, now }) =>
      renderCoachRefund({ ...sampleSale(products(site).learnToLift, now, { monthly: false, transactionId: "cs_test_sample_learn_to_lift" }), full: true }),
  },
  {
    key: "verify-email",
    name: "Confirm your email address",
    when: "After sign-up, and when she asks for it again",
    audience: "Member",
    render: () => renderVerificationEmail({ to: SAMPLE_MEMBER.email, name: SAMPLE_MEMBER.name, url: link("/verify-email?token=sample") }),
  },
  {
    key: "password-reset",
    name: "Reset your password",
    when: "'Forgot your password?'",
    audience: "Member",
    render: () => renderPasswordResetEmail({ to: SAMPLE_MEMBER.email, name: SAMPLE_MEMBER.name, url: link("/reset-password?token=sample") }),
  },
  {
    key: "password-changed",
    name: "Password changed",
    when: "After a password change or reset",
    audience: "Member",
    render: ({ now }) => renderPasswordChangedNotice({ to: SAMPLE_MEMBER.email, name: SAMPLE_MEMBER.name, how: "changed", at: now }),
  },
  {
    key: "email-change-confirm",
    name: "Confirm a new email address",
    when: "She asks to change her email address (to the new one)",
    audience: "Member",
    render: () => renderEmailChangeConfirmation({ to: SAMPLE_MEMBER.email, name: SAMPLE_MEMBER.name, url: link("/email-change/confirm?token=sample") }),
  },
  {
    key: "email-changed",
    name: "Email address changed",
    when: "The change is confirmed (to the old address, with a way to undo it)",
    audience: "Member",
    render: ({ now }) => renderEmailChangedNotice({ to: SAMPLE_MEMBER.email, name: SAMPLE_MEMBER.name, newEmail: "margaret.new@example.com", undoUrl: link("/email-change/undo?token=sample"), at: now }),
  },
  {
    key: "sign-in-paused",
    name: "Logging in paused",
    when: "Too many wrong passwords for her account",
    audience: "Member",
    render: () => renderSignInPausedNotice({ to: SAMPLE_MEMBER.email, name: SAMPLE_MEMBER.name, minutes: 15 }),
  },
  {
    key: "list-confirm",
    name: "Confirm your subscription",
    when: "A sign-up to an email list (double opt-in)",
    audience: "Subscriber",
    render: () => {
      const { subject, text, html } = renderConfirmationEmail({ form: "newsletter", confirmToken: "sample", unsubscribeToken: "sample" });
      return { subject, text, html };
    },
  },
];

export const EMAIL_PREVIEW_KEYS = TEMPLATES.map((t) => t.key) as [string, ...string[]];

/** The Emails tab's 'Send me a test' form: which email (the address is always hers). */
export const SendTestEmailSchema = z.object({
  intent: z.literal("send-test", { error: "Unknown action." }),
  key: z.enum(EMAIL_PREVIEW_KEYS, { error: "Unknown email." }),
});

async function sample(): Promise<Sample> {
  const site = await getEffectiveSiteConfig();
  const db = getDb();
  const [welcome, workouts] = await Promise.all([readWelcomeSettings(db).catch(() => DEFAULT_WELCOME_SETTINGS), firstWeekWorkouts(db).catch(() => [])]);
  return { site, cohortStart: new Date(site.nextCohortDate), now: new Date(), welcome, workouts };
}

/** Every template, rendered with sample data. */
export async function listEmailPreviews(): Promise<EmailPreview[]> {
  const data = await sample();
  return TEMPLATES.map((t) => ({ key: t.key, name: t.name, when: t.when, audience: t.audience, email: t.render(data) }));
}

/** 'Send me a test': the template with sample data, to the administrator's own address. */
export async function sendTestEmail(db: Queryable, key: string, to: string): Promise<boolean> {
  const template = TEMPLATES.find((t) => t.key === key);
  if (!template) return false;
  const email = template.render(await sample());
  await queueEmail(db, { template: `test:${template.key}`, to, ...email, subject: `[Test] ${email.subject}` });
  return true;
}

// ─── For the dashboard's routes (app/routes/admin/), with the site's database ───────────────────

export function loadEmailsTab(): Promise<EmailPreview[] | null> {
  return loadTab("emails", () => listEmailPreviews());
}

/** The Emails tab's 'Send me a test': one sample of `key` queued to the administrator's own address. */
export function sendTestEmailToAdmin(key: string, adminEmail: string): Promise<boolean> {
  return sendTestEmail(getDb(), key, adminEmail);
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
