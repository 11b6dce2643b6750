import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { Database } from "~/server/db/client.server";
import { paymentCustomers, testCheckoutSessions, testSubscriptions } from "~/server/db/schema";
import { findEffectiveProduct } from "~/server/payments/catalogue.server";
import { ensureCustomer } from "~/server/payments/customers.server";
import { cancelUrl, successUrl, type PaymentUser } from "~/server/payments/provider.server";
import { createTestProvider, getPaymentProvider, getTestProvider, setPaymentProvider } from "~/server/payments/registry.server";
import { StripeProvider } from "~/server/payments/stripe.server";
import type { TestProvider } from "~/server/payments/offline-checkout/provider.server";
import { handleWebhookRequest } from "~/server/payments/webhooks.server";
import { startStripeStandin, type StripeStandin } from "./stripe-standin";

// The two payment providers behind one small harness, so a payment rule can be proved with the
// built-in test checkout (no keys) and with Stripe (the real SDK against the local stand-in of its
// API) by the same test: pay a session as the member would on the provider's page, and read what
// the provider itself holds (its sessions, subscriptions and refunds).

export type ProviderName = "test" | "stripe";

export const WEBHOOK_SECRET = "whsec_harness_0123456789abcdef";

export interface ProviderHarness {
  readonly name: ProviderName;
  /** The Stripe stand-in (Stripe only). */
  readonly standin: StripeStandin | null;
  /**
   * A checkout session made at the provider directly, as one opened in another tab before the
   * site knew of it (a session started before this rule existed, or by a second server).
   */
  openSessionDirectly(user: PaymentUser, productKey: string): Promise<string>;
  /**
   * The member pays on the provider's page: the test checkout's Pay, or Stripe completing the
   * session and sending checkout.session.completed to the webhook endpoint.
   */
  pay(sessionId: string, userId: string): Promise<void>;
  /** The session's status at the provider. */
  sessionStatus(sessionId: string): Promise<"open" | "complete" | "expired" | null>;
  /** Her subscriptions at the provider, oldest first. */
  subscriptionsAtProvider(userId: string): Promise<{ id: string; status: string }[]>;
  /** Refunds the provider has made to her: the payment (session) each refunded, and how much. */
  refunds(userId: string): Promise<{ sessionId: string; amount: number }[]>;
}

/** Signs and posts a Stripe event to the site's webhook handling, as Stripe does. */
export async function deliverStripeEvent(type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`,
    object: "event",
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: null,
    type,
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const response = await handleWebhookRequest(
    new Request("http://localhost/api/payments/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    }),
    getPaymentProvider,
  );
  if (!response.ok) throw new Error(`The webhook answered ${response.status}: ${await response.text()}`);
}

/**
 * Installs the provider for the file's tests (and the Stripe stand-in, reset before each test).
 * Use it inside a `describe` per provider.
 */
export function useProvider(name: ProviderName, db: () => Database): ProviderHarness {
  let standin: StripeStandin | null = null;

  beforeAll(async () => {
    if (name === "stripe") {
      standin = await startStripeStandin();
      setPaymentProvider(
        new StripeProvider({
          secretKey: standin.secretKey,
          webhookSecret: WEBHOOK_SECRET,
          host: standin.host,
          port: standin.port,
          protocol: standin.protocol,
          maxNetworkRetries: 0,
        }),
      );
    } else {
      setPaymentProvider(createTestProvider());
    }
  });
  beforeEach(() => standin?.reset());
  afterAll(async () => {
    setPaymentProvider(null);
    await standin?.close();
  });

  async function customerOf(userId: string) {
    const [row] = await db().select().from(paymentCustomers).where(eq(paymentCustomers.userId, userId));
    return row?.customerId ?? null;
  }

  return {
    name,
    get standin() {
      return standin;
    },
    async openSessionDirectly(user, productKey) {
      const provider = await getPaymentProvider();
      const product = (await findEffectiveProduct(productKey))!;
      const customerId = await ensureCustomer(provider, user);
      const session = await provider.createCheckoutSession({
        product,
        customerId,
        userId: user.id,
        successUrl: successUrl(),
        cancelUrl: cancelUrl(product),
      });
      return session.id;
    },
    async pay(sessionId, userId) {
      if (name === "test") {
        const result = await (await activeTestProvider()).pay(sessionId, userId);
        if (result.outcome !== "paid") throw new Error(`The test checkout did not take the payment: ${result.outcome}`);
        return;
      }
      const session = standin!.completeSession(sessionId);
      await deliverStripeEvent("checkout.session.completed", session);
    },
    async sessionStatus(sessionId) {
      if (name === "stripe") return (standin!.sessions.get(sessionId)?.status as "open" | "complete" | "expired" | undefined) ?? null;
      const [row] = await db().select().from(testCheckoutSessions).where(eq(testCheckoutSessions.id, sessionId));
      if (!row) return null;
      return row.status === "open" && row.expiresAt.getTime() <= Date.now() ? "expired" : row.status;
    },
    async subscriptionsAtProvider(userId) {
      const customerId = await customerOf(userId);
      if (name === "stripe") {
        return [...standin!.subscriptions.values()]
          .filter((s) => s.customer === customerId)
          .sort((a, b) => Number(a.created) - Number(b.created))
          .map((s) => ({ id: String(s.id), status: String(s.status) }));
      }
      if (!customerId) return [];
      const rows = await db().select().from(testSubscriptions).where(eq(testSubscriptions.customerId, customerId));
      return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((s) => ({ id: s.id, status: s.status }));
    },
    async refunds(userId) {
      if (name === "stripe") {
        return standin!.refunds
          .map((r) => ({ sessionId: standin!.sessionForPaymentIntent(String(r.payment_intent)) ?? "", amount: Number(r.amount) }))
          .filter((r) => (standin!.sessions.get(r.sessionId)?.metadata as Record<string, string> | undefined)?.userId === userId);
      }
      const rows = await db().select().from(testCheckoutSessions);
      return rows.filter((r) => r.refundedAt && r.metadata.userId === userId).map((r) => ({ sessionId: r.id, amount: r.amountTotal }));
    },
  };
}

// ─── The test checkout's page, as the member uses it ──────────────────────────────────────────────

/** The built-in test checkout in use (the registry's); a test that installed Stripe gets an error. */
export async function activeTestProvider(): Promise<TestProvider> {
  const provider = await getTestProvider();
  if (!provider) throw new Error("The test checkout is not the payment provider in use");
  return provider;
}

/** 'Pay' on the test checkout page. */
export async function payTestSession(sessionId: string, userId: string) {
  return (await activeTestProvider()).pay(sessionId, userId);
}

/** 'Decline' on the test checkout page. */
export async function declineTestSession(sessionId: string, userId: string) {
  return (await activeTestProvider()).decline(sessionId, userId);
}

/** Cancel at period end, or resume, on the test billing portal. */
export async function setTestCancelAtPeriodEnd(customerId: string, subscriptionId: string, cancel: boolean) {
  return (await activeTestProvider()).setCancelAtPeriodEnd(customerId, subscriptionId, cancel);
}

/** The test billing portal's 'Simulate failed renewal'. */
export async function failTestRenewal(customerId: string, subscriptionId: string) {
  return (await activeTestProvider()).failRenewal(customerId, subscriptionId);
}

/** The test billing portal's jump to the next billing date. */
export async function advanceTestSubscription(customerId: string, subscriptionId: string) {
  return (await activeTestProvider()).advance(customerId, subscriptionId);
}
