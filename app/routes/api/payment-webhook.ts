import type { Route } from "./+types/payment-webhook";
import { getPaymentProvider } from "~/server/payments/registry.server";
import { handleWebhookRequest } from "~/server/payments/webhooks.server";

// POST /api/payments/webhook: the payment provider's events (Stripe's, or the built-in test
// checkout's, signed the same way). The body is read raw: the signature is over its exact bytes.

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { allow: "POST" } });
}

export function action({ request }: Route.ActionArgs) {
  return handleWebhookRequest(request, getPaymentProvider);
}
