import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getSiteConfig } from "~/config/env.server";
import { instalmentPlan } from "~/config/instalments";
import { loadSettings } from "~/server/account/settings.server";
import { loadSales } from "~/server/admin/sales.server";
import { offerAccess } from "~/server/courses/access.server";
import { emailMessages, jobs, paymentCustomers, purchases, subscriptions } from "~/server/db/schema";
import { startCheckout } from "~/server/payments/checkout.server";
import { scheduleInstalments } from "~/server/payments/instalments.server";
import { getPaymentProvider } from "~/server/payments/registry.server";
import type { StripeProvider } from "~/server/payments/stripe.server";
import { pauseFromDashboard, PAUSE_MESSAGES } from "~/server/payments/subscription-actions.server";
import { coachAddress } from "~/server/payments/sale-emails.server";
import { formatMoney } from "~/utils/format";
import { setupAuthEnvironment } from "../support/auth";
import { setupTestDatabase } from "../support/db";
import { activeTestProvider, advanceTestSubscription, deliverStripeEvent, failTestRenewal, useProvider, type ProviderHarness } from "../support/payment-providers";
import { createUser } from "../../scripts/factories";

// Learn to Lift in monthly payments (docs/product.md §8.11): 'Pay in 3 monthly payments' takes
// the first payment at checkout and opens the course at once; the provider takes the other two
// monthly and then the plan stops by itself (Stripe: a subscription schedule with end_behavior
// cancel); the course is hers for life once all three are paid. A payment that fails follows the
// failed-payment path; when the last retry fails the plan stops, what is left to pay is shown to
// her and to the coach, and the course closes (decision 279). With the test checkout and with
// Stripe's API and events (the stand-in).

const t = setupTestDatabase();
setupAuthEnvironment();

const LIFT = "learn-to-lift";
const DAY = 86_400_000;
const sessionIdOf = (url: string) => url.split("/").pop()!;

function price() {
  return getSiteConfig().prices.learnToLift;
}

async function onPlan(provider: ProviderHarness) {
  const member = await createUser(t.db, { firstName: "Joan" });
  const started = await startCheckout({ user: member.user, productKey: LIFT, payInInstalments: true });
  if (!("url" in started)) throw new Error(`checkout refused: ${started.error}`);
  await provider.pay(sessionIdOf(started.url), member.user.id);
  const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id));
  const [customer] = await t.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, member.user.id));
  return { ...member, sessionId: sessionIdOf(started.url), subscriptionId: row!.providerSubscriptionId, customerId: customer!.customerId };
}

async function liftAccess(userId: string, at = new Date()) {
  return offerAccess(t.db, { userId, isAdmin: false }, LIFT, getSiteConfig().coachSlug, at);
}

async function paymentsOf(userId: string) {
  return t.db.select().from(purchases).where(eq(purchases.userId, userId)).orderBy(purchases.purchasedAt);
}

async function emailsTo(to: string, template: string) {
  return t.db.select().from(emailMessages).where(and(eq(emailMessages.toAddress, to), eq(emailMessages.template, template)));
}

async function coachEmails(template: string, about: string) {
  return t.db.select().from(emailMessages).where(and(eq(emailMessages.template, template), like(emailMessages.textBody, `%${about}%`)));
}

describe("the plan's amounts", () => {
  it("add up to the price exactly, the odd pence on the first payment", () => {
    expect(instalmentPlan(30_000, 3)).toEqual({ count: 3, firstPence: 10_000, laterPence: 10_000, totalPence: 30_000 });
    expect(instalmentPlan(29_900, 3)).toEqual({ count: 3, firstPence: 9_968, laterPence: 9_966, totalPence: 29_900 });
    const odd = instalmentPlan(10_001, 3);
    expect(odd.firstPence + 2 * odd.laterPence).toBe(10_001);
  });
});

describe("with the built-in test checkout", () => {
  const provider = useProvider("test", () => t.db);

  it("three payments: the course opens with the first, each is receipted, and after the third it is hers for life and the plan stops by itself", async () => {
    const plan = instalmentPlan(price(), 3);
    const joan = await onPlan(provider);

    // The first payment: the course is open, her receipt and the coach's notice say it is 1 of 3.
    const [first] = await paymentsOf(joan.user.id);
    expect(first).toMatchObject({ productKey: LIFT, amountCents: plan.firstPence, subscriptionId: joan.subscriptionId });
    expect(await liftAccess(joan.user.id)).toEqual({ state: "open", until: null, preview: false });
    const [receipt] = await emailsTo(joan.user.email, "receipt");
    expect(receipt?.textBody).toContain(`Payment 1 of 3 (${formatMoney(price())} in all)`);
    expect(receipt?.textBody).toContain(formatMoney(price() - plan.firstPence));
    expect((await coachEmails("coach-new-sale", joan.user.email))[0]?.subject).toContain("(1 of 3)");

    // Her settings and the Sales tab show how far through it she is.
    const settings = await loadSettings(joan.user.id);
    expect(settings?.subscriptions[0]).toMatchObject({ statusLabel: "Payment plan", plan: { instalments: 3, paidCount: 1, balancePence: price() - plan.firstPence, complete: false } });
    const sales = await loadSales(t.db, { product: LIFT, status: "", page: 1 });
    expect(sales.rows.find((r) => r.memberEmail === joan.user.email)?.plan).toMatchObject({ paidCount: 1, balancePence: price() - plan.firstPence });

    // The coach cannot pause a plan: its last payments would never be taken.
    expect(await pauseFromDashboard(joan.user.id, joan.subscriptionId, 1)).toEqual({ ok: false, status: 409, message: PAUSE_MESSAGES.plan });

    // The second and third payments, at the later amount.
    expect(await advanceTestSubscription(joan.customerId, joan.subscriptionId)).toBe(true);
    expect(await advanceTestSubscription(joan.customerId, joan.subscriptionId)).toBe(true);
    const all = await paymentsOf(joan.user.id);
    expect(all.map((p) => p.amountCents)).toEqual([plan.firstPence, plan.laterPence, plan.laterPence]);
    expect(all.reduce((sum, p) => sum + p.amountCents, 0)).toBe(price());
    const instalmentReceipts = await emailsTo(joan.user.email, "instalment-receipt");
    expect(instalmentReceipts.map((m) => m.subject).sort()).toEqual(
      [`Learn to Lift: payment 2 of 3 received (${formatMoney(plan.laterPence)})`, `Learn to Lift is paid for: receipt for your last payment of ${formatMoney(plan.laterPence)}`].sort(),
    );
    expect(await emailsTo(joan.user.email, "renewal-receipt")).toHaveLength(0);
    expect((await t.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, joan.subscriptionId)))[0]?.planCompletedAt).not.toBeNull();

    // The plan's end: no fourth payment; it stops by itself, with no 'subscription ended' email.
    expect(await advanceTestSubscription(joan.customerId, joan.subscriptionId)).toBe(true);
    expect(await paymentsOf(joan.user.id)).toHaveLength(3);
    expect(await provider.subscriptionsAtProvider(joan.user.id)).toEqual([{ id: joan.subscriptionId, status: "canceled" }]);
    expect(await emailsTo(joan.user.email, "cancellation-confirmed")).toHaveLength(0);
    expect(await coachEmails("coach-subscription-ended", joan.user.email)).toHaveLength(0);

    // Hers for life, shown as paid in full.
    expect(await liftAccess(joan.user.id, new Date(Date.now() + 400 * DAY))).toEqual({ state: "open", until: null, preview: false });
    const after = await loadSettings(joan.user.id);
    expect(after?.subscriptions[0]).toMatchObject({ statusLabel: "Paid in full", plan: { paidCount: 3, balancePence: 0, complete: true } });
    const paidSales = await loadSales(t.db, { product: LIFT, status: "paid", page: 1 });
    expect(paidSales.rows.filter((r) => r.memberEmail === joan.user.email)).toHaveLength(3);
  });

  it("a payment that fails: grace period, then the last retry fails: the plan stops, the balance is shown to her and the coach, and the course closes", async () => {
    const plan = instalmentPlan(price(), 3);
    const joan = await onPlan(provider);
    expect(await failTestRenewal(joan.customerId, joan.subscriptionId)).toBe(true);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, joan.subscriptionId));
    expect(row?.status).toBe("past_due");
    expect(await emailsTo(joan.user.email, "renewal-failed")).toHaveLength(1);
    const graceEnd = new Date(row!.pastDueSince!.getTime() + 7 * DAY);
    expect(await liftAccess(joan.user.id, new Date(graceEnd.getTime() - 60_000))).toEqual({ state: "open", until: graceEnd, preview: false });
    expect(await liftAccess(joan.user.id, new Date(graceEnd.getTime() + 60_000))).toEqual({ state: "ended", endedAt: graceEnd });

    expect(await (await activeTestProvider()).failFinally(joan.customerId, joan.subscriptionId)).toBe(true);
    const balance = price() - plan.firstPence;
    const [stopped] = await emailsTo(joan.user.email, "plan-ended-unpaid");
    expect(stopped?.subject).toBe(`Your Learn to Lift payment plan has stopped: ${formatMoney(balance)} still to pay`);
    expect(await emailsTo(joan.user.email, "subscription-ended-unpaid")).toHaveLength(0);
    const [coach] = await coachEmails("coach-subscription-unpaid", joan.user.email);
    expect(coach?.subject).toBe(`Payment plan ended unpaid: Learn to Lift, ${formatMoney(balance)} still to pay`);
    expect(coach?.toAddress).toBe(coachAddress());

    const settings = await loadSettings(joan.user.id);
    expect(settings?.subscriptions[0]).toMatchObject({ statusLabel: "Stopped", plan: { paidCount: 1, balancePence: balance, complete: false } });
    expect((await liftAccess(joan.user.id)).state).toBe("ended");
    const sales = await loadSales(t.db, { product: LIFT, status: "ended", page: 1 });
    expect(sales.rows.find((r) => r.memberEmail === joan.user.email)?.plan).toMatchObject({ balancePence: balance, complete: false });
  });

  it("a plan is refused with a promotion code, and for an offer that has none", async () => {
    const member = await createUser(t.db);
    const withCode = await startCheckout({ user: member.user, productKey: LIFT, payInInstalments: true, promotionCode: "SPRING10" });
    expect(withCode).toMatchObject({ code: "plan_refused" });
    const monthly = await startCheckout({ user: member.user, productKey: "build-stronger-foundations", payInInstalments: true });
    expect(monthly).toMatchObject({ code: "plan_refused" });
    expect(await paymentsOf(member.user.id)).toHaveLength(0);
  });

  it("paying in one go and the plan are different checkouts: choosing the other never reuses the open one", async () => {
    const member = await createUser(t.db);
    const full = (await startCheckout({ user: member.user, productKey: LIFT })) as { url: string };
    const again = (await startCheckout({ user: member.user, productKey: LIFT })) as { url: string };
    expect(again.url).toBe(full.url);
    const byPlan = (await startCheckout({ user: member.user, productKey: LIFT, payInInstalments: true })) as { url: string };
    expect(byPlan.url).not.toBe(full.url);
    expect(await provider.sessionStatus(sessionIdOf(full.url))).toBe("expired");
  });
});

describe("with the Stripe provider", () => {
  const provider = useProvider("stripe", () => t.db);

  function invoicePaid(sub: Record<string, unknown>, amount: number, id: string, periodEnd: number) {
    return {
      id,
      object: "invoice",
      customer: sub.customer,
      billing_reason: "subscription_cycle",
      amount_paid: amount,
      amount_due: amount,
      currency: "gbp",
      status: "paid",
      created: Math.floor(Date.now() / 1000),
      payment_intent: `pi_${id.slice(3)}`,
      parent: { type: "subscription_details", subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      lines: { object: "list", data: [{ period: { start: periodEnd - 30 * 86_400, end: periodEnd }, metadata: sub.metadata }] },
      status_transitions: { paid_at: Math.floor(Date.now() / 1000) },
    };
  }

  it("the checkout is a monthly subscription at the first payment's price; the site then puts it on a schedule that takes three payments and cancels", async () => {
    const plan = instalmentPlan(price(), 3);
    const joan = await onPlan(provider);
    const standin = provider.standin!;
    const [created] = standin.requestsTo("POST", "/v1/checkout/sessions");
    expect(created?.params).toMatchObject({
      mode: "subscription",
      line_items: [{ price_data: { unit_amount: String(plan.firstPence), recurring: { interval: "month" } } }],
      metadata: { productKey: LIFT, instalments: "3", planTotalPence: String(price()) },
      subscription_data: { metadata: { instalments: "3" } },
    });

    // The schedule: made from the subscription once, then set to three months and cancel.
    const sub = standin.subscriptions.get(joan.subscriptionId)!;
    expect(sub.schedule).toBeTruthy();
    const schedule = standin.schedules.get(String(sub.schedule))!;
    expect(schedule.end_behavior).toBe("cancel");
    const phases = schedule.phases as { start_date: number; end_date: number; items: Record<string, unknown>[] }[];
    const months = (a: number, b: number) => {
      const start = new Date(a * 1000);
      const end = new Date(b * 1000);
      return (end.getUTCFullYear() - start.getUTCFullYear()) * 12 + end.getUTCMonth() - start.getUTCMonth();
    };
    expect(months(phases[0]!.start_date, phases.at(-1)!.end_date)).toBe(3);
    expect(await t.db.select().from(jobs).where(and(eq(jobs.queue, "payments"), eq(jobs.status, "queued")))).toHaveLength(0);

    // Done once: a repeated try (the job's retry) makes no second schedule.
    await scheduleInstalments(await getPaymentProvider(), joan.subscriptionId);
    expect(standin.requestsTo("POST", "/v1/subscription_schedules")).toHaveLength(1);

    // Stripe's renewals: two more payments, then its schedule cancels the subscription.
    const now = Math.floor(Date.now() / 1000);
    await deliverStripeEvent("invoice.paid", invoicePaid(sub, plan.laterPence, "in_plan_second_0001", now + 60 * 86_400));
    await deliverStripeEvent("invoice.paid", invoicePaid(sub, plan.laterPence, "in_plan_third_00001", now + 90 * 86_400));
    await deliverStripeEvent("customer.subscription.deleted", { ...sub, status: "canceled", canceled_at: now + 90 * 86_400, ended_at: now + 90 * 86_400 });
    expect((await paymentsOf(joan.user.id)).map((p) => p.amountCents)).toEqual([plan.firstPence, plan.laterPence, plan.laterPence]);
    expect(await liftAccess(joan.user.id, new Date(Date.now() + 400 * DAY))).toEqual({ state: "open", until: null, preview: false });
    expect(await emailsTo(joan.user.email, "cancellation-confirmed")).toHaveLength(0);
  });

  it("a price that does not divide by three: the first phase keeps its price and a second phase charges the later payments, at Stripe's product", async () => {
    const plan = instalmentPlan(29_900, 3);
    const standin = provider.standin!;
    // A subscription at Stripe that the site has not scheduled (made at the stand-in directly).
    const member = await createUser(t.db);
    const session = standin.completeSession(await provider.openSessionDirectly(member.user, "build-stronger-foundations"));
    const subscriptionId = String(session.subscription);
    await (await getPaymentProvider()).scheduleInstalments(subscriptionId, plan);

    const sub = standin.subscriptions.get(subscriptionId)!;
    const schedule = standin.schedules.get(String(sub.schedule))!;
    expect(schedule.end_behavior).toBe("cancel");
    const phases = schedule.phases as { start_date: number; end_date: number; items: { price?: string; price_data?: Record<string, unknown> }[] }[];
    const item = (sub.items as { data: { price: { id: string; product: string } }[] }).data[0]!;
    expect(phases).toHaveLength(2);
    expect(phases[0]!.items[0]!.price).toBe(item.price.id);
    expect(phases[1]!.items[0]!.price_data).toMatchObject({ product: item.price.product, unit_amount: String(plan.laterPence), recurring: { interval: "month" } });
    expect(phases[1]!.start_date).toBe(phases[0]!.end_date);
  });

  it("the stand-in refuses what Stripe refuses: a second schedule for the same subscription, and the retired `iterations`", async () => {
    const standin = provider.standin!;
    const member = await createUser(t.db);
    const session = standin.completeSession(await provider.openSessionDirectly(member.user, "build-stronger-foundations"));
    const stripe = (await getPaymentProvider()) as StripeProvider;
    const schedule = await stripe.stripe.subscriptionSchedules.create({ from_subscription: String(session.subscription) });
    await expect(stripe.stripe.subscriptionSchedules.create({ from_subscription: String(session.subscription) })).rejects.toThrow(/already attached to a schedule/);
    await expect(
      stripe.stripe.subscriptionSchedules.update(schedule.id, { phases: [{ items: [{ price: "price_x", quantity: 1 }], iterations: 3 } as never] }),
    ).rejects.toThrow(/unknown parameter/);
  });
});
