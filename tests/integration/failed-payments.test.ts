import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getServerEnv, getSiteConfig } from "~/config/env.server";
import { loadSettings } from "~/server/account/settings.server";
import { loadSales } from "~/server/admin/sales.server";
import { offerAccess } from "~/server/courses/access.server";
import { emailMessages, paymentCustomers, subscriptions } from "~/server/db/schema";
import { startCheckout } from "~/server/payments/checkout.server";
import { coachAddress } from "~/server/payments/sale-emails.server";
import { formatLongDate } from "~/utils/format";
import { setupAuthEnvironment } from "../support/auth";
import { setupTestDatabase } from "../support/db";
import { activeTestProvider, advanceTestSubscription, deliverStripeEvent, failTestRenewal, useProvider, type ProviderHarness } from "../support/payment-providers";
import { createUser } from "../../scripts/factories";

// A renewal that fails (docs/product.md §8.10): she is emailed at once with the way to update her
// card and the date her grace period ends, her settings say so, the Sales tab shows 'Past due', she
// keeps access for the grace period (7 days unless PAYMENT_GRACE_DAYS says otherwise) and loses it
// after, each further failed retry reminds her, and when the last retry fails the subscription
// ends, she is told and the coach is notified; paying at last brings everything back. With the
// test checkout's 'Simulate failed renewal' and with Stripe's events (the stand-in's subscription).

const t = setupTestDatabase();
setupAuthEnvironment();

const FOUNDATIONS = "build-stronger-foundations";
const DAY = 86_400_000;
const sessionIdOf = (url: string) => url.split("/").pop()!;

async function subscribed(provider: ProviderHarness) {
  const member = await createUser(t.db, { firstName: "Anne" });
  const started = (await startCheckout({ user: member.user, productKey: FOUNDATIONS })) as { url: string };
  await provider.pay(sessionIdOf(started.url), member.user.id);
  const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id));
  const [customer] = await t.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, member.user.id));
  return { ...member, subscriptionId: row!.providerSubscriptionId, customerId: customer!.customerId };
}

async function emailsTo(to: string, template: string) {
  return t.db.select().from(emailMessages).where(and(eq(emailMessages.toAddress, to), eq(emailMessages.template, template)));
}

async function access(userId: string, at: Date) {
  return offerAccess(t.db, { userId, isAdmin: false }, FOUNDATIONS, getSiteConfig().coachSlug, at);
}

async function subscriptionRow(providerSubscriptionId: string) {
  const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
  return row!;
}

describe("with the built-in test checkout", () => {
  const provider = useProvider("test", () => t.db);

  it("a failed renewal: emailed at once with the grace date, shown in settings and as Past due, access for 7 days, a reminder per retry, and back to normal once paid", async () => {
    const anne = await subscribed(provider);
    expect(await failTestRenewal(anne.customerId, anne.subscriptionId)).toBe(true);

    const row = await subscriptionRow(anne.subscriptionId);
    expect(row.status).toBe("past_due");
    const graceEnd = new Date(row.pastDueSince!.getTime() + 7 * DAY);
    const [first] = await emailsTo(anne.user.email, "renewal-failed");
    expect(first?.textBody).toContain(`You keep full access until ${formatLongDate(graceEnd)} while we try again.`);
    expect(first?.textBody).toContain(`Update my card: ${getServerEnv().SITE_ORIGIN}/settings`);
    expect((await emailsTo(coachAddress(), "coach-renewal-failed")).filter((m) => m.textBody?.includes(anne.user.email))).toHaveLength(1);

    const settings = await loadSettings(anne.user.id);
    expect(settings?.subscriptions[0]).toMatchObject({ status: "past_due", paymentFailingUntil: graceEnd.toISOString() });
    const sales = await loadSales(t.db, { product: FOUNDATIONS, status: "past_due", page: 1 });
    expect(sales.rows.some((r) => r.memberEmail === anne.user.email)).toBe(true);

    // The grace period, on a clock the test sets.
    expect(await access(anne.user.id, new Date(graceEnd.getTime() - 60_000))).toEqual({ state: "open", until: graceEnd, preview: false });
    // Build Stronger Foundations keeps what was published by then (decision 255); the rest has ended.
    expect(await access(anne.user.id, new Date(graceEnd.getTime() + 60_000))).toEqual({ state: "kept", endedAt: graceEnd });

    // The provider's next try fails too: a reminder to her, nothing more to the coach.
    expect(await failTestRenewal(anne.customerId, anne.subscriptionId)).toBe(true);
    const reminders = await emailsTo(anne.user.email, "renewal-failed-reminder");
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.subject).toBe("Reminder: please update your card for Build Stronger Foundations");
    expect((await subscriptionRow(anne.subscriptionId)).pastDueSince).toEqual(row.pastDueSince);
    expect((await emailsTo(coachAddress(), "coach-renewal-failed")).filter((m) => m.textBody?.includes(anne.user.email))).toHaveLength(1);

    // She updates her card and the payment goes through: running again, no grace date.
    expect(await advanceTestSubscription(anne.customerId, anne.subscriptionId)).toBe(true);
    const paid = await subscriptionRow(anne.subscriptionId);
    expect(paid).toMatchObject({ status: "active", pastDueSince: null });
    expect(await access(anne.user.id, new Date(graceEnd.getTime() + DAY))).toEqual({ state: "open", until: null, preview: false });
  });

  it("the last retry fails: the subscription ends, she is told, and the coach is notified", async () => {
    const anne = await subscribed(provider);
    await failTestRenewal(anne.customerId, anne.subscriptionId);
    expect(await (await activeTestProvider()).failFinally(anne.customerId, anne.subscriptionId)).toBe(true);
    const row = await subscriptionRow(anne.subscriptionId);
    expect(row).toMatchObject({ status: "canceled", endedForNonPayment: true });
    const [ended] = await emailsTo(anne.user.email, "subscription-ended-unpaid");
    expect(ended?.subject).toBe("Your Build Stronger Foundations subscription has ended");
    expect(await emailsTo(anne.user.email, "cancellation-confirmed")).toHaveLength(0);
    const coach = await t.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.template, "coach-subscription-unpaid"), like(emailMessages.textBody, `%${anne.user.email}%`)));
    expect(coach).toHaveLength(1);
    expect(coach[0]?.subject).toBe("Subscription ended unpaid: Build Stronger Foundations");
  });
});

describe("with the Stripe provider", () => {
  const provider = useProvider("stripe", () => t.db);

  it("Stripe's invoice.payment_failed and past-due subscription, then its deletion for non-payment", async () => {
    const anne = await subscribed(provider);
    const sub = provider.standin!.subscriptions.get(anne.subscriptionId)!;
    const invoice = {
      id: "in_failed_renewal_0001",
      object: "invoice",
      customer: sub.customer,
      billing_reason: "subscription_cycle",
      amount_paid: 0,
      amount_due: 2000,
      currency: "gbp",
      status: "open",
      created: Math.floor(Date.now() / 1000),
      attempt_count: 1,
      next_payment_attempt: Math.floor(Date.now() / 1000) + 3 * 86_400,
      parent: { type: "subscription_details", subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      lines: { object: "list", data: [] },
    };
    await deliverStripeEvent("invoice.payment_failed", invoice);
    sub.status = "past_due";
    await deliverStripeEvent("customer.subscription.updated", sub);
    expect(await emailsTo(anne.user.email, "renewal-failed")).toHaveLength(1);
    const row = await subscriptionRow(anne.subscriptionId);
    expect(row.pastDueSince).not.toBeNull();
    expect((await access(anne.user.id, new Date())).state).toBe("open");

    await deliverStripeEvent("invoice.payment_failed", { ...invoice, attempt_count: 2 });
    expect(await emailsTo(anne.user.email, "renewal-failed-reminder")).toHaveLength(1);

    await deliverStripeEvent("customer.subscription.deleted", {
      ...sub,
      status: "canceled",
      canceled_at: Math.floor(Date.now() / 1000),
      ended_at: Math.floor(Date.now() / 1000),
      cancellation_details: { reason: "payment_failed" },
    });
    expect(await subscriptionRow(anne.subscriptionId)).toMatchObject({ status: "canceled", endedForNonPayment: true });
    expect(await emailsTo(anne.user.email, "subscription-ended-unpaid")).toHaveLength(1);
  });
});
