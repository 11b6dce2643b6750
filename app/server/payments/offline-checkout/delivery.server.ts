import { loadStripe } from "~/server/payments/stripe-library.server";
import { logger } from "~/server/core/logger.server";
import { testWebhookSecret } from "../local-secret.server";
import { siteOrigin } from "../provider.server";
import { testId, unix } from "./stripe-shapes.server";

/** How the test provider's events reach the site: the webhook handling, given by the registry. */
export type DeliverWebhook = (request: Request) => Promise<Response>;

/**
 * Sends one event to the site's webhook handling exactly as Stripe would: an event envelope in
 * Stripe's shape, signed with Stripe's scheme, verified by the same handler that serves
 * /api/payments/webhook. Says whether the site took it; a failure is logged.
 */
export async function deliverTestEvent(deliver: DeliverWebhook, type: string, object: Record<string, unknown>): Promise<boolean> {
  const event = {
    id: testId("evt"),
    object: "event",
    api_version: (await loadStripe()).API_VERSION,
    created: unix(new Date()),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
  const payload = JSON.stringify(event, null, 2);
  const signature = (await loadStripe()).webhooks.generateTestHeaderString({ payload, secret: await testWebhookSecret() });
  const response = await deliver(
    new Request(`${siteOrigin()}/api/payments/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
      body: payload,
    }),
  );
  if (!response.ok) {
    logger.error("test checkout: webhook delivery failed", { type, eventId: event.id, status: response.status });
  }
  return response.ok;
}
