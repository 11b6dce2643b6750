import { data } from "react-router";
import { getServerEnv } from "~/config/env.server";
import type { PaymentProvider } from "./provider.server";
import { TestProvider } from "./offline-checkout/provider.server";
import { handleWebhookRequest } from "./webhooks.server";

// The payment provider registry: picks the implementation the configuration asks for. The
// interface is provider.server.ts; Stripe (stripe.server.ts) and the built-in test checkout
// (test/provider.server.ts) each import only that interface. The test provider is handed the
// function that delivers its events (the same webhook handling Stripe's events go through)
// instead of importing the handler, so imports flow one way (docs/architecture.md §2).

const state = globalThis as typeof globalThis & { __paymentProvider?: PaymentProvider };

/** The built-in test checkout, wired to deliver its signed events to the site's webhook handling. */
export function createTestProvider(): TestProvider {
  const provider: TestProvider = new TestProvider((request) => handleWebhookRequest(request, async () => provider));
  return provider;
}

/** Stripe when STRIPE_SECRET_KEY is set, otherwise the built-in test checkout. */
export async function getPaymentProvider(): Promise<PaymentProvider> {
  if (state.__paymentProvider) return state.__paymentProvider;
  const env = getServerEnv();
  let provider: PaymentProvider;
  if (env.STRIPE_SECRET_KEY) {
    const { StripeProvider } = await import("./stripe.server");
    provider = new StripeProvider({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET });
  } else {
    provider = createTestProvider();
  }
  state.__paymentProvider ??= provider;
  return state.__paymentProvider;
}

/** The test checkout when it is the provider in use, otherwise null (its pages are then 404). */
export async function getTestProvider(): Promise<TestProvider | null> {
  const provider = await getPaymentProvider();
  return provider instanceof TestProvider ? provider : null;
}

/** For the test provider's own pages: the provider, or 404 when Stripe is configured instead. */
export async function requireTestProvider(): Promise<TestProvider> {
  const provider = await getTestProvider();
  if (!provider) throw data(null, { status: 404 });
  return provider;
}

/**
 * Installs a provider, or forgets the installed one so the next call follows the configuration.
 * Integration tests install Stripe against its local stand-in this way.
 */
export function setPaymentProvider(provider: PaymentProvider | null): void {
  if (provider) state.__paymentProvider = provider;
  else delete state.__paymentProvider;
}
