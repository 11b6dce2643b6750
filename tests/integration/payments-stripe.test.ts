import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getServerEnv, reloadConfig } from "~/config/env.server";
import { CHECKOUT_MESSAGES } from "~/content/checkout";
import { paymentCustomers, purchases, subscriptions } from "~/server/db/schema";
import { startCheckout } from "~/server/payments/checkout.server";
import { getPaymentProvider, setPaymentProvider } from "~/server/payments/registry.server";
import { confirmCheckoutSession } from "~/server/payments/member-payments.server";
import { StripeProvider } from "~/server/payments/stripe.server";
import { billingPortalUrl, cancelActiveSubscriptions } from "~/server/payments/member-payments.server";
import { setupTestDatabase } from "../support/db";
import { createUser, findProduct } from "../../scripts/factories";
import { startStripeStandin, type StripeStandin } from "../support/stripe-standin";

// The Stripe provider through the real Stripe SDK, against a local stand-in of Stripe's API that
// records and checks what the SDK sends (docs/architecture.md §1).

const t = setupTestDatabase();
let standin: StripeStandin;
let provider: StripeProvider;

beforeAll(async () => {
  standin = await startStripeStandin();
  provider = new StripeProvider({
    secretKey: standin.secretKey,
    webhookSecret: "whsec_standin",
    host: standin.host,
    port: standin.port,
    protocol: standin.protocol,
    maxNetworkRetries: 0,
  });
  setPaymentProvider(provider);
});

afterAll(async () => {
  setPaymentProvider(null);
  await standin?.close();
});

beforeEach(() => standin.reset());

const origin = () => getServerEnv().SITE_ORIGIN;
const sessionIdOf = (url: string) => url.split("/").pop()!;

describe("creating a checkout session at Stripe", () => {
  it("sends a one-time offer in payment mode with the catalogue's price in GBP, her metadata and both urls", async () => {
    const { user } = await createUser(t.db);
    const product = findProduct("learn-to-lift");

    const result = await startCheckout({ user, productKey: "learn-to-lift" });

    expect(result).toEqual({ url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/) });
    const [sent] = standin.requestsTo("POST", "/v1/checkout/sessions");
    expect(sent?.params).toMatchObject({
      mode: "payment",
      customer: expect.stringMatching(/^cus_/),
      client_reference_id: user.id,
      metadata: { userId: user.id, productKey: "learn-to-lift" },
      payment_intent_data: { metadata: { userId: user.id, productKey: "learn-to-lift" } },
      success_url: `${origin()}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin()}/learn-to-lift-checkout?cancelled=true`,
      line_items: [
        {
          quantity: "1",
          price_data: { currency: "gbp", unit_amount: String(product.pricePence), product_data: { name: "Learn to Lift" } },
        },
      ],
    });
    expect((sent?.params.line_items as Array<{ price_data: Record<string, unknown> }>)[0]!.price_data.recurring).toBeUndefined();
    expect(sent?.params.subscription_data).toBeUndefined();
  });

  it("sends a monthly offer in subscription mode with a monthly recurring price", async () => {
    const { user } = await createUser(t.db);
    const product = findProduct("build-stronger-foundations");

    const result = await startCheckout({ user, productKey: product.productKey });

    expect("url" in result).toBe(true);
    const [sent] = standin.requestsTo("POST", "/v1/checkout/sessions");
    expect(sent?.params).toMatchObject({
      mode: "subscription",
      metadata: { userId: user.id, productKey: product.productKey },
      subscription_data: { metadata: { userId: user.id, productKey: product.productKey } },
      cancel_url: `${origin()}/build-stronger-foundations-checkout?cancelled=true`,
      line_items: [
        {
          price_data: {
            currency: "gbp",
            unit_amount: String(product.pricePence),
            recurring: { interval: "month" },
          },
        },
      ],
    });
    expect(sent?.params.payment_intent_data).toBeUndefined();
  });

  it("creates one Stripe customer per member and reuses it", async () => {
    const { user } = await createUser(t.db);

    await startCheckout({ user, productKey: "learn-to-lift" });
    await startCheckout({ user, productKey: "build-stronger-foundations" });

    const created = standin.requestsTo("POST", "/v1/customers");
    expect(created).toHaveLength(1);
    expect(created[0]?.params).toMatchObject({ email: user.email, metadata: { userId: user.id } });
    const customers = standin.requestsTo("POST", "/v1/checkout/sessions").map((r) => r.params.customer);
    expect(new Set(customers).size).toBe(1);
    const stored = await t.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, user.id));
    expect(stored).toEqual([expect.objectContaining({ provider: "stripe", customerId: customers[0] })]);
  });

  it("answers the documented alert when Stripe refuses, and when no url comes back", async () => {
    const { user } = await createUser(t.db);
    standin.setFailure("POST", "/v1/checkout/sessions", { status: 400, type: "invalid_request_error", message: "No." });
    expect(await startCheckout({ user, productKey: "learn-to-lift" })).toMatchObject({
      error: CHECKOUT_MESSAGES.providerError,
    });

    standin.setFailure("POST", "/v1/checkout/sessions", null);
    standin.omitSessionUrl = true;
    expect(await startCheckout({ user, productKey: "learn-to-lift" })).toMatchObject({
      error: CHECKOUT_MESSAGES.missingUrl,
    });
  });

  it("refuses a product that is not in the catalogue without calling Stripe", async () => {
    const { user } = await createUser(t.db);
    expect(await startCheckout({ user, productKey: "free-money" })).toMatchObject({ error: CHECKOUT_MESSAGES.unexpected });
    expect(standin.requests).toHaveLength(0);
  });
});

describe("confirming a payment on /payment-success", () => {
  it("records a paid session of hers once, with the amount Stripe charged", async () => {
    const { user } = await createUser(t.db);
    const result = await startCheckout({ user, productKey: "learn-to-lift" });
    const sessionId = sessionIdOf((result as { url: string }).url);

    expect(await confirmCheckoutSession(sessionId, user.id)).toEqual({ status: "unpaid", productKey: "learn-to-lift" });
    standin.completeSession(sessionId);

    const first = await confirmCheckoutSession(sessionId, user.id);
    const second = await confirmCheckoutSession(sessionId, user.id);

    expect(first).toMatchObject({
      status: "recorded",
      purchase: { productName: "Learn to Lift", amountCents: 30000, currency: "gbp", stripeSessionId: sessionId },
    });
    expect(second).toMatchObject({ status: "recorded", purchase: { id: (first as { purchase: { id: string } }).purchase.id } });
    const rows = await t.db.select().from(purchases).where(eq(purchases.stripeSessionId, sessionId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.paymentIntentId).toMatch(/^pi_/);
  });

  it("refuses another member's session and an unknown one, recording nothing", async () => {
    const owner = await createUser(t.db);
    const other = await createUser(t.db);
    const result = await startCheckout({ user: owner.user, productKey: "learn-to-lift" });
    const sessionId = sessionIdOf((result as { url: string }).url);
    standin.completeSession(sessionId);

    expect(await confirmCheckoutSession(sessionId, other.user.id)).toEqual({ status: "not_found" });
    expect(await confirmCheckoutSession("cs_test_doesnotexist123", other.user.id)).toEqual({ status: "not_found" });
    expect(await confirmCheckoutSession("../../etc/passwd", other.user.id)).toEqual({ status: "not_found" });
    expect(await t.db.select().from(purchases).where(eq(purchases.stripeSessionId, sessionId))).toHaveLength(0);
  });

  it("records a subscription with its status and period end", async () => {
    const { user } = await createUser(t.db);
    const result = await startCheckout({ user, productKey: "build-stronger-foundations" });
    const sessionId = sessionIdOf((result as { url: string }).url);
    const session = standin.completeSession(sessionId);

    const confirmed = await confirmCheckoutSession(sessionId, user.id);

    expect(confirmed).toMatchObject({ status: "recorded", purchase: { amountCents: 2000, productName: "Build Stronger Foundations" } });
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, session.subscription as string));
    expect(row).toMatchObject({ userId: user.id, status: "active", cancelAtPeriodEnd: false, productKey: "build-stronger-foundations" });
    expect(row?.currentPeriodEnd?.getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
  });

  it("says so when Stripe cannot be reached", async () => {
    const { user } = await createUser(t.db);
    standin.setFailure("GET", /^\/v1\/checkout\/sessions\//, { status: 500 });
    expect(await confirmCheckoutSession("cs_test_abcdefghijklmnop", user.id)).toEqual({ status: "error" });
  });
});

describe("managing and cancelling subscriptions", () => {
  it("opens Stripe's Customer Portal for her customer, returning to the settings page", async () => {
    const { user } = await createUser(t.db);
    expect(await billingPortalUrl(user.id, `${origin()}/settings`)).toBeNull();

    await startCheckout({ user, productKey: "build-stronger-foundations" });
    const url = await billingPortalUrl(user.id, `${origin()}/settings`);

    expect(url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/bps_/);
    const [sent] = standin.requestsTo("POST", "/v1/billing_portal/sessions");
    const [customer] = await t.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, user.id));
    expect(sent?.params).toEqual({ customer: customer?.customerId, return_url: `${origin()}/settings` });
  });

  it("cancels every live subscription at Stripe before an account is deleted (docs/product.md §9.8)", async () => {
    const { user } = await createUser(t.db);
    const a = await startCheckout({ user, productKey: "build-stronger-foundations" });
    const b = await startCheckout({ user, productKey: `stronger-with-jo` });
    for (const r of [a, b]) {
      const id = sessionIdOf((r as { url: string }).url);
      standin.completeSession(id);
      await confirmCheckoutSession(id, user.id);
    }

    const { canceled } = await cancelActiveSubscriptions(user.id);

    expect(canceled).toHaveLength(2);
    expect(standin.requestsTo("DELETE", /^\/v1\/subscriptions\//).map((r) => r.path.split("/").pop()).sort()).toEqual(
      [...canceled].sort(),
    );
    const rows = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(rows.map((r) => r.status)).toEqual(["canceled", "canceled"]);
    // Nothing left to cancel the second time.
    expect((await cancelActiveSubscriptions(user.id)).canceled).toEqual([]);
  });
});

describe("choosing the provider", () => {
  it("is Stripe when STRIPE_SECRET_KEY is set, otherwise the built-in test checkout", async () => {
    const saved = { key: process.env.STRIPE_SECRET_KEY, secret: process.env.STRIPE_WEBHOOK_SECRET };
    try {
      delete process.env.STRIPE_SECRET_KEY;
      reloadConfig();
      setPaymentProvider(null);
      expect((await getPaymentProvider()).name).toBe("test");

      process.env.STRIPE_SECRET_KEY = "sk_test_from_the_environment";
      process.env.STRIPE_WEBHOOK_SECRET = "whsec_from_the_environment";
      reloadConfig();
      setPaymentProvider(null);
      const chosen = await getPaymentProvider();
      expect(chosen.name).toBe("stripe");
      expect(await chosen.webhookSecret()).toBe("whsec_from_the_environment");
    } finally {
      for (const [name, value] of [["STRIPE_SECRET_KEY", saved.key], ["STRIPE_WEBHOOK_SECRET", saved.secret]] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      reloadConfig();
      setPaymentProvider(provider);
    }
  });
});
