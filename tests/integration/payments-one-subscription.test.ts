import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { alreadySubscribedMessage } from "~/content/checkout";
import { loader as successLoader } from "~/routes/offers/payment-success";
import { action as authAction } from "~/routes/api/auth-form";
import { getDb } from "~/server/db/client.server";
import { adminActivityLog, checkoutSessions, jobs, purchases, subscriptions } from "~/server/db/schema";
import { JobWorker } from "~/server/jobs/worker.server";
import { startCheckout } from "~/server/payments/checkout.server";
import { PAYMENTS_QUEUE, paymentsJobHandler } from "~/server/payments/jobs.server";
import { confirmCheckoutSession } from "~/server/payments/member-payments.server";
import type { AuthActionResult } from "~/utils/auth-result";
import { answer, CookieJar, formRequest, getRequest, nextTestIp, outboxFor, routeArgs, setupAuthEnvironment } from "../support/auth";
import { setupTestDatabase } from "../support/db";
import { createUser } from "../../scripts/factories";
import { deliverStripeEvent, useProvider, type ProviderName } from "../support/payment-providers";

// One active subscription per monthly offer per member (docs/security.md "Payments"): checked
// inside the one function that starts a checkout, whatever page or form called it; a member's open
// session for the offer is reused rather than a second one opened; and when a payment completes it
// is checked again under a database lock, so a duplicate paid in another tab, or two payments
// completing at the same moment, end with one subscription: the other is cancelled and refunded,
// she is told on /payment-success and by email, and the admin sees it in the activity log. Each
// rule with the built-in test checkout and with Stripe (the real SDK against the local stand-in).

const t = setupTestDatabase();
const env = setupAuthEnvironment();

const FOUNDATIONS = "build-stronger-foundations";
const PRICE = 2000;

async function member() {
  const created = await createUser(t.db, { firstName: "Helen", lastName: "Duplicate" });
  return created;
}

async function signIn(email: string, password: string) {
  const result = await answer<AuthActionResult>(() =>
    authAction(routeArgs(formRequest("/auth", { js: "1", mode: "log-in", email, password }), nextTestIp())),
  );
  expect(result.data).toMatchObject({ ok: true, kind: "signed-in" });
  return new CookieJar().store(result.headers);
}

const sessionIdOf = (url: string) => url.split("/").pop()!;

async function liveSubscriptions(userId: string) {
  const rows = await t.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.productKey, FOUNDATIONS)));
  return rows.filter((r) => !["canceled", "incomplete", "incomplete_expired"].includes(r.status));
}

async function purchasesOf(userId: string) {
  return t.db.select().from(purchases).where(eq(purchases.userId, userId));
}

for (const name of ["test", "stripe"] as ProviderName[]) {
  describe(`with the ${name === "test" ? "built-in test checkout" : "Stripe provider"}`, () => {
    const provider = useProvider(name, () => t.db);

    describe("starting a checkout", () => {
      it("refuses a monthly offer she already has, in the one function every entry point calls", async () => {
        const { user } = await member();
        const first = await startCheckout({ user, productKey: FOUNDATIONS });
        await provider.pay(sessionIdOf((first as { url: string }).url), user.id);
        const before = provider.standin?.requestsTo("POST", "/v1/checkout/sessions").length;

        const again = await startCheckout({ user, productKey: FOUNDATIONS });

        expect(again).toEqual({ code: "already_subscribed", error: alreadySubscribedMessage("Build Stronger Foundations") });
        if (provider.standin) expect(provider.standin.requestsTo("POST", "/v1/checkout/sessions")).toHaveLength(before!);
        expect(await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, user.id))).toHaveLength(1);
      });

      it("sends a second tab to the session already open for the offer, rather than opening another", async () => {
        const { user } = await member();
        const first = (await startCheckout({ user, productKey: FOUNDATIONS })) as { url: string };
        const second = (await startCheckout({ user, productKey: FOUNDATIONS })) as { url: string };

        expect(second.url).toBe(first.url);
        if (provider.standin) expect(provider.standin.requestsTo("POST", "/v1/checkout/sessions")).toHaveLength(1);
        const open = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, user.id));
        expect(open).toEqual([expect.objectContaining({ id: sessionIdOf(first.url), status: "open", amountCents: PRICE })]);

        // Paying in one tab completes the other: the second tab has nothing left to pay.
        await provider.pay(sessionIdOf(first.url), user.id);
        expect(await provider.sessionStatus(sessionIdOf(second.url))).toBe("complete");
        expect(await provider.subscriptionsAtProvider(user.id)).toHaveLength(1);
      });

      it("two tabs starting at the same moment end with one session open at the provider", async () => {
        const { user } = await member();
        const results = (await Promise.all([
          startCheckout({ user, productKey: FOUNDATIONS }),
          startCheckout({ user, productKey: FOUNDATIONS }),
        ])) as { url: string }[];

        expect(results[1]!.url).toBe(results[0]!.url);
        const created = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, user.id));
        const statuses = await Promise.all(created.map((row) => provider.sessionStatus(row.id)));
        expect(statuses.filter((s) => s === "open")).toHaveLength(1);
        expect(created.filter((row) => row.status === "open").map((row) => row.id)).toEqual([sessionIdOf(results[0]!.url)]);
      });

      it("does not reuse a session another member opened", async () => {
        const a = await member();
        const b = await member();
        const first = (await startCheckout({ user: a.user, productKey: FOUNDATIONS })) as { url: string };
        const second = (await startCheckout({ user: b.user, productKey: FOUNDATIONS })) as { url: string };
        expect(second.url).not.toBe(first.url);
      });
    });

    describe("when a payment completes", () => {
      it("a second subscription paid in another tab is cancelled and refunded; she is told, and the admin sees it", async () => {
        const { user } = await member();
        // Two sessions opened in two tabs before either was paid (as before this rule existed).
        const tabA = await provider.openSessionDirectly(user, FOUNDATIONS);
        const tabB = await provider.openSessionDirectly(user, FOUNDATIONS);

        await provider.pay(tabA, user.id);
        await provider.pay(tabB, user.id);

        // One subscription is left running, at the provider and in the site's records.
        const atProvider = await provider.subscriptionsAtProvider(user.id);
        expect(atProvider.map((s) => s.status)).toEqual(["active", "canceled"]);
        expect(await liveSubscriptions(user.id)).toEqual([expect.objectContaining({ providerSubscriptionId: atProvider[0]!.id })]);
        // The duplicate's payment is refunded in full, once; the first payment is not touched.
        expect(await provider.refunds(user.id)).toEqual([{ sessionId: tabB, amount: PRICE }]);
        const rows = await purchasesOf(user.id);
        expect(rows.find((p) => p.stripeSessionId === tabA)).toMatchObject({ status: "paid", refundedAmountCents: 0 });
        expect(rows.find((p) => p.stripeSessionId === tabB)).toMatchObject({
          status: "refunded",
          refundedAmountCents: PRICE,
          duplicateOfSubscriptionId: atProvider[0]!.id,
          duplicateResolvedAt: expect.any(Date),
        });

        // /payment-success tells her, for the duplicate; the first payment's page is as before.
        const jar = await signIn(user.email, "LiftHeavy2025");
        const page = await answer<Record<string, unknown>>(() => successLoader(routeArgs(getRequest(`/payment-success?session_id=${tabB}`, { jar }))));
        expect(page.data).toMatchObject({
          state: "duplicate",
          sessionId: tabB,
          productName: "Build Stronger Foundations",
          amount: "£20.00",
          refunded: true,
        });
        const first = await answer<Record<string, unknown>>(() => successLoader(routeArgs(getRequest(`/payment-success?session_id=${tabA}`, { jar }))));
        expect(first.data).toMatchObject({ state: "recorded", sessionId: tabA });

        // An email says the same, once.
        const mail = (await outboxFor(env.dataDir, user.email)).filter((m) => /refund/i.test(m.subject));
        expect(mail).toHaveLength(1);
        expect(mail[0]!.subject).toBe("Your second Build Stronger Foundations payment has been refunded");
        expect(mail[0]!.text).toContain("£20.00");

        // The admin's activity log records it against her.
        const log = await t.db.select().from(adminActivityLog).where(eq(adminActivityLog.targetUserId, user.id));
        expect(log).toEqual([
          expect.objectContaining({
            actionType: "refund_duplicate_subscription",
            adminId: null,
            details: expect.objectContaining({
              user_email: user.email,
              product_key: FOUNDATIONS,
              session_id: tabB,
              summary: expect.stringContaining("refunded £20.00"),
            }),
          }),
        ]);

        // Visiting the page again, or the provider telling us again, changes nothing more.
        await answer(() => successLoader(routeArgs(getRequest(`/payment-success?session_id=${tabB}`, { jar }))));
        expect(await confirmCheckoutSession(tabB, user.id)).toMatchObject({ status: "duplicate", resolved: true });
        expect(await provider.refunds(user.id)).toHaveLength(1);
        expect(await t.db.select().from(adminActivityLog).where(eq(adminActivityLog.targetUserId, user.id))).toHaveLength(1);
      });

      it("two payments completing at the same moment still leave one active subscription", async () => {
        const { user } = await member();
        const tabA = await provider.openSessionDirectly(user, FOUNDATIONS);
        const tabB = await provider.openSessionDirectly(user, FOUNDATIONS);

        if (name === "test") {
          await Promise.all([provider.pay(tabA, user.id), provider.pay(tabB, user.id)]);
        } else {
          // Stripe took both payments; its webhooks and her two success pages arrive together.
          const a = provider.standin!.completeSession(tabA);
          const b = provider.standin!.completeSession(tabB);
          await Promise.all([
            deliverStripeEvent("checkout.session.completed", a),
            deliverStripeEvent("checkout.session.completed", b),
            confirmCheckoutSession(tabA, user.id),
            confirmCheckoutSession(tabB, user.id),
          ]);
        }

        expect(await liveSubscriptions(user.id)).toHaveLength(1);
        const atProvider = await provider.subscriptionsAtProvider(user.id);
        expect(atProvider.map((s) => s.status).sort()).toEqual(["active", "canceled"]);
        const refunds = await provider.refunds(user.id);
        expect(refunds).toHaveLength(1);
        const rows = await purchasesOf(user.id);
        expect(rows.map((p) => p.status).sort()).toEqual(["paid", "refunded"]);
        expect(rows.find((p) => p.status === "refunded")?.stripeSessionId).toBe(refunds[0]!.sessionId);
      });

      it("a one-time offer bought twice is not treated as a duplicate subscription", async () => {
        const { user } = await member();
        const a = await provider.openSessionDirectly(user, "learn-to-lift");
        const b = await provider.openSessionDirectly(user, "learn-to-lift");
        await provider.pay(a, user.id);
        await provider.pay(b, user.id);
        expect((await purchasesOf(user.id)).map((p) => p.status)).toEqual(["paid", "paid"]);
        expect(await provider.refunds(user.id)).toEqual([]);
      });

      it("a new subscription after the first has ended is not a duplicate", async () => {
        const { user } = await member();
        const first = (await startCheckout({ user, productKey: FOUNDATIONS })) as { url: string };
        await provider.pay(sessionIdOf(first.url), user.id);
        const { cancelActiveSubscriptions } = await import("~/server/payments/member-payments.server");
        await cancelActiveSubscriptions(user.id);

        const second = (await startCheckout({ user, productKey: FOUNDATIONS })) as { url: string };
        await provider.pay(sessionIdOf(second.url), user.id);

        expect(await liveSubscriptions(user.id)).toHaveLength(1);
        expect(await provider.refunds(user.id)).toEqual([]);
        expect(await confirmCheckoutSession(sessionIdOf(second.url), user.id)).toMatchObject({ status: "recorded" });
      });
    });

    if (name === "stripe") {
      it("a refund Stripe cannot make at once is retried by the job queue; meanwhile the page says it is on its way", async () => {
        const { user } = await member();
        const tabA = await provider.openSessionDirectly(user, FOUNDATIONS);
        const tabB = await provider.openSessionDirectly(user, FOUNDATIONS);
        await provider.pay(tabA, user.id);
        provider.standin!.setFailure("POST", "/v1/refunds", { status: 500 });
        await provider.pay(tabB, user.id);

        expect(await confirmCheckoutSession(tabB, user.id)).toMatchObject({ status: "duplicate", resolved: false });
        expect(await provider.refunds(user.id)).toEqual([]);
        const jobsFor = async () =>
          (await t.db.select().from(jobs).where(eq(jobs.queue, PAYMENTS_QUEUE))).filter((j) => (j.payload as { sessionId?: string }).sessionId === tabB);
        expect(await jobsFor()).toEqual([expect.objectContaining({ status: "queued", payload: { kind: "resolve-duplicate", sessionId: tabB } })]);

        provider.standin!.setFailure("POST", "/v1/refunds", null);
        const worker = new JobWorker({ getDb, handlers: { [PAYMENTS_QUEUE]: paymentsJobHandler() }, now: () => new Date(Date.now() + 3 * 3_600_000) });
        // One job ran: the jobs of the duplicates earlier tests resolved at once were settled then.
        expect(await worker.runOnce()).toMatchObject({ done: 1 });

        expect(await provider.refunds(user.id)).toEqual([{ sessionId: tabB, amount: PRICE }]);
        expect(await confirmCheckoutSession(tabB, user.id)).toMatchObject({ status: "duplicate", resolved: true });
        expect(await liveSubscriptions(user.id)).toHaveLength(1);
        expect((await jobsFor()).map((j) => j.status)).toEqual(["done"]);
      });
    }
  });
}
