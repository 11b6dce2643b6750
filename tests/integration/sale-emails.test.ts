import { eq, sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getServerEnv, getSiteConfig, reloadConfig } from "~/config/env.server";
import { deleteUserAccount } from "~/server/account/delete-account.server";
import { appSettings, emailMessages, profiles, subscriptions } from "~/server/db/schema";
import { startCheckout } from "~/server/payments/checkout.server";
import { findCustomerId } from "~/server/payments/customers.server";
import { testWebhookSecret } from "~/server/payments/local-secret.server";
import { confirmCheckoutSession } from "~/server/payments/member-payments.server";
import { createTestProvider, getPaymentProvider, setPaymentProvider } from "~/server/payments/registry.server";
import { handleWebhookRequest } from "~/server/payments/webhooks.server";
import { createUser } from "../../scripts/factories";
import { setupTestDatabase } from "../support/db";
import { advanceTestSubscription, declineTestSession, failTestRenewal, payTestSession, setTestCancelAtPeriodEnd } from "../support/payment-providers";
import { deliverQueuedEmails } from "../support/mail";
import { startSmtpStandIn, type CapturedMessage, type SmtpStandIn } from "../support/smtp-standin";

// The emails that follow a sale (docs/product.md §18.2–18.4), through the built-in test checkout
// and its signed webhooks, sent by the mail worker to a real SMTP server.

const t = setupTestDatabase();
const COACH = "coach-notify@example.org";
const saved = { SMTP_URL: process.env.SMTP_URL, NOTIFY_EMAIL: process.env.NOTIFY_EMAIL };
let smtp: SmtpStandIn;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  process.env.SMTP_URL = smtp.url;
  process.env.NOTIFY_EMAIL = COACH;
  reloadConfig();
  setPaymentProvider(createTestProvider());
});
afterAll(async () => {
  setPaymentProvider(null);
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  reloadConfig();
  await smtp.close();
});

const origin = () => getServerEnv().SITE_ORIGIN;

let eventCounter = 0;
/** An event signed as the test checkout signs its own, through the webhook endpoint. */
async function deliverTestEvent(type: string, object: Record<string, unknown>) {
  eventCounter += 1;
  const payload = JSON.stringify({ id: `evt_sale_emails_${Date.now()}_${eventCounter}`, object: "event", type, created: Math.floor(Date.now() / 1000), data: { object } });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: await testWebhookSecret() });
  const response = await handleWebhookRequest(new Request(`${origin()}/api/payments/webhook`, { method: "POST", headers: { "stripe-signature": signature }, body: payload }), getPaymentProvider);
  expect(response.status).toBe(200);
}

async function buyer(firstName = "Margaret", lastName = "Hale") {
  const member = await createUser(t.db);
  await t.db.update(profiles).set({ firstName, lastName }).where(eq(profiles.userId, member.user.id));
  return member;
}

async function bought(productKey: string, member?: Awaited<ReturnType<typeof buyer>>) {
  const who = member ?? (await buyer());
  const started = await startCheckout({ user: who.user, productKey });
  if (!("url" in started)) throw new Error(started.error);
  const sessionId = started.url.split("/").pop()!;
  await payTestSession(sessionId, who.user.id);
  return { ...who, sessionId };
}

async function mailTo(address: string): Promise<CapturedMessage[]> {
  // Every send is done when this resolves, and the stand-in records a message before accepting it.
  await deliverQueuedEmails(t.db);
  return smtp.messages.filter((m) => m.envelope.to.includes(address.toLowerCase()));
}

/** No template slip can reach a reader. */
function expectClean(mail: ParsedMail) {
  for (const part of [mail.subject ?? "", mail.text ?? "", typeof mail.html === "string" ? mail.html : ""]) {
    expect(part).not.toMatch(/undefined|NaN|\{\{|\}\}|\[object Object\]|null/);
  }
  expect(mail.html).toContain('role="presentation"');
  expect(mail.html).toContain(getSiteConfig().businessName);
  expect(mail.text).toContain(getSiteConfig().businessName);
  expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@/);
}

describe("a receipt for each purchase", () => {
  it("Learn to Lift: £300, the cohort date from the Offers tab, a calendar invitation; one receipt when the success page and the webhook both record it", async () => {
    await t.db.insert(appSettings).values({ key: "offers.next_cohort_date", value: "2027-03-01T09:00:00.000Z" }).onConflictDoUpdate({ target: appSettings.key, set: { value: "2027-03-01T09:00:00.000Z" } });
    const { user, sessionId } = await bought("learn-to-lift");
    // The success page records the same purchase the webhook already did.
    expect(await confirmCheckoutSession(sessionId, user.id)).toMatchObject({ status: "recorded" });
    expect(await confirmCheckoutSession(sessionId, user.id)).toMatchObject({ status: "recorded" });

    const mails = await mailTo(user.email);
    expect(mails).toHaveLength(1);
    const receipt = mails[0]!.parsed;
    expectClean(receipt);
    expect(receipt.subject).toBe("Your place on Learn to Lift is booked: receipt for £300.00");
    expect(receipt.text).toContain("Hello Margaret,");
    expect(receipt.text).toContain("Amount paid: £300.00");
    expect(receipt.text).toContain(`Transaction ID: ${sessionId}`);
    expect(receipt.text).toContain("Course starts: Monday 1 March 2027 at 9:00am");
    expect(receipt.text).toContain("What happens before it starts".toUpperCase());
    expect(receipt.html).toContain("Learn to Lift starts on Monday 1 March 2027 at 9:00am");
    const [invite] = receipt.attachments;
    expect(invite?.contentType).toBe("text/calendar");
    expect(invite?.filename).toBe("learn-to-lift.ics");
    const ics = invite!.content.toString("utf8");
    expect(ics).toMatch(/\r\nDTSTART:20270301T090000Z\r\n/);
    expect(ics).toContain("SUMMARY:Learn to Lift starts");
    expect(ics).toContain(`LOCATION:${origin().replace(/[;,]/g, "\\$&")}`);
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);

    const coach = (await mailTo(COACH)).filter((m) => m.parsed.text?.includes(sessionId));
    expect(coach).toHaveLength(1);
    expectClean(coach[0]!.parsed);
    expect(coach[0]!.parsed.subject).toBe("New sale: Learn to Lift, £300.00");
    expect(coach[0]!.parsed.text).toContain(`Margaret Hale (${user.email})`);
    expect(coach[0]!.parsed.text).toContain(`${origin()}/settings/admin/users?q=${encodeURIComponent(user.email)}`);
  });

  it("1-to-1 coaching: £477 a month, the booking link and how to manage it", async () => {
    const { user, sessionId } = await bought(`stronger-with-${getSiteConfig().coachSlug}`);
    const [receipt] = (await mailTo(user.email)).map((m) => m.parsed);
    expectClean(receipt!);
    expect(receipt!.subject).toBe(`Welcome to Stronger with ${getSiteConfig().coachName}: receipt for £477.00 a month`);
    expect(receipt!.text).toContain("Amount paid: £477.00 a month");
    expect(receipt!.text).toContain(`Transaction ID: ${sessionId}`);
    expect(receipt!.text).toContain(`Book my first session: https://cal.com/${getSiteConfig().booking.calLink}`);
    expect(receipt!.text).toContain(`Open my account settings: ${origin()}/settings`);
    expect(receipt!.text).toMatch(/Next payment: \d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(receipt!.attachments).toHaveLength(0);
  });

  it("Build Stronger Foundations: £20 a month, the community link and how to manage it", async () => {
    const { user } = await bought("build-stronger-foundations");
    const [receipt] = (await mailTo(user.email)).map((m) => m.parsed);
    expectClean(receipt!);
    expect(receipt!.text).toContain("Amount paid: £20.00 a month");
    expect(receipt!.text).toContain(`Join the private community: ${getSiteConfig().communityUrl}`);
    expect(receipt!.text).toContain(`Open my account settings: ${origin()}/settings`);
  });

  it("no receipt for a declined or abandoned payment", async () => {
    const member = await buyer();
    const started = await startCheckout({ user: member.user, productKey: "learn-to-lift" });
    if (!("url" in started)) throw new Error(started.error);
    const sessionId = started.url.split("/").pop()!;
    expect(await declineTestSession(sessionId, member.user.id)).toBe(true);
    expect(await confirmCheckoutSession(sessionId, member.user.id)).toMatchObject({ status: "unpaid" });
    expect(await mailTo(member.user.email)).toHaveLength(0);
    expect((await mailTo(COACH)).filter((m) => m.parsed.text?.includes(sessionId))).toHaveLength(0);
  });

  it("a name with markup or line breaks cannot break a header or add HTML", async () => {
    const member = await buyer("<script>alert(1)</script>\r\nBcc: victim@example.org", "O'Brien <b>x</b>");
    const { sessionId } = await bought("learn-to-lift", member);
    const [receipt] = (await mailTo(member.user.email)).map((m) => m.parsed);
    expect(receipt!.bcc).toBeUndefined();
    expect(receipt!.html).not.toContain("<script>");
    expect(receipt!.html).toContain("Hello &lt;script&gt;alert(1)&lt;/script&gt;,");
    const [coach] = (await mailTo(COACH)).filter((m) => m.parsed.text?.includes(sessionId));
    expect(coach!.parsed.html).not.toContain("<b>x</b>");
    expect(coach!.envelope.to).toEqual([COACH]);
  });
});

describe("the subscription's lifecycle", () => {
  async function subscribed() {
    const member = await bought("build-stronger-foundations");
    const customerId = (await findCustomerId(member.user.id, "test"))!;
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id));
    await mailTo(member.user.email); // the first receipt
    return { ...member, customerId, subscriptionId: row!.providerSubscriptionId };
  }

  it("a renewal sends a renewal receipt; a failed renewal asks her to update her card and tells the coach, once", async () => {
    const { user, customerId, subscriptionId } = await subscribed();
    await advanceTestSubscription(customerId, subscriptionId);
    const renewal = (await mailTo(user.email)).slice(1);
    expect(renewal.map((m) => m.parsed.subject)).toEqual(["Your Build Stronger Foundations subscription has renewed: receipt for £20.00"]);
    expectClean(renewal[0]!.parsed);
    expect(renewal[0]!.parsed.text).toMatch(/Transaction ID: in_/);

    expect(await failTestRenewal(customerId, subscriptionId)).toBe(true);
    const failed = (await mailTo(user.email)).slice(2);
    expect(failed.map((m) => m.parsed.subject)).toEqual(["We couldn't take your Build Stronger Foundations payment"]);
    expectClean(failed[0]!.parsed);
    expect(failed[0]!.parsed.text).toContain(`Update my card: ${origin()}/settings`);
    const coachFailed = (await mailTo(COACH)).filter((m) => m.parsed.subject === "Renewal failed: Build Stronger Foundations" && m.parsed.text?.includes(user.email));
    expect(coachFailed).toHaveLength(1);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, subscriptionId));
    expect(row!.status).toBe("past_due");
  });

  it("a cancellation confirms the date access ends, and the coach hears of the cancellation and the end", async () => {
    const { user, customerId, subscriptionId } = await subscribed();
    await setTestCancelAtPeriodEnd(customerId, subscriptionId, true);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, subscriptionId));
    const ends = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" }).format(row!.currentPeriodEnd!);
    const cancelled = (await mailTo(user.email)).slice(1);
    expect(cancelled.map((m) => m.parsed.subject)).toEqual(["Your Build Stronger Foundations subscription is cancelled"]);
    expectClean(cancelled[0]!.parsed);
    // Its course materials are hers for life; what the subscription pays for ends (decision 255).
    expect(cancelled[0]!.parsed.text).toContain(`new lessons end on ${ends}`);
    expect(cancelled[0]!.parsed.text).toContain(`The lessons and worksheets published until ${ends} are yours to keep`);

    await advanceTestSubscription(customerId, subscriptionId); // the period ends
    expect((await mailTo(user.email)).slice(1)).toHaveLength(1); // told once
    const coach = (await mailTo(COACH)).filter((m) => m.parsed.text?.includes(user.email));
    expect(coach.map((m) => m.parsed.subject)).toEqual([
      "New sale: Build Stronger Foundations, £20.00 a month",
      "Subscription cancelled: Build Stronger Foundations",
      "Subscription ended: Build Stronger Foundations",
    ]);
  });

  it("deleting her account ends the subscription without mailing her afterwards; the coach hears it ended", async () => {
    const { user, subscriptionId } = await subscribed();
    expect(await deleteUserAccount(user.id)).toBe("deleted");
    // Her mail goes with her account: nothing more reaches the address she erased.
    expect(await mailTo(user.email)).toHaveLength(1); // the receipt, sent before
    expect(await t.db.select().from(emailMessages).where(sql`lower(${emailMessages.toAddress}) = ${user.email.toLowerCase()}`)).toEqual([]);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, subscriptionId));
    expect(row!.status).toBe("canceled");
    const coach = (await mailTo(COACH)).filter((m) => m.parsed.subject === "Subscription ended: Build Stronger Foundations");
    expect(coach.length).toBeGreaterThanOrEqual(1);
  });

  it("a refund tells her and the coach, once per refund", async () => {
    const { user, sessionId } = await bought("learn-to-lift");
    const [session] = await t.db.execute<{ payment_intent_id: string }>(
      // The payment the refund is for, as the provider knows it.
      (await import("drizzle-orm")).sql`select payment_intent_id from purchases where stripe_session_id = ${sessionId}`,
    ).then((r) => r.rows);
    const charge = { id: "ch_refund_test", object: "charge", amount: 30000, amount_refunded: 30000, refunded: true, payment_intent: session!.payment_intent_id, currency: "gbp", created: Math.floor(Date.now() / 1000) };
    await deliverTestEvent("charge.refunded", charge);
    await deliverTestEvent("charge.refunded", charge); // a second delivery (another event id)
    const refunds = (await mailTo(user.email)).filter((m) => m.parsed.subject?.startsWith("Your refund"));
    expect(refunds).toHaveLength(1);
    expectClean(refunds[0]!.parsed);
    expect(refunds[0]!.parsed.subject).toBe("Your refund of £300.00 for Learn to Lift");
    const coach = (await mailTo(COACH)).filter((m) => m.parsed.subject === "Refund: £300.00 for Learn to Lift" && m.parsed.text?.includes(user.email));
    expect(coach).toHaveLength(1);
  });
});
