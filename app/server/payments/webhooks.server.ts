import { eq } from "drizzle-orm";
import { getDb, type Transaction } from "~/server/db/client.server";
import { purchases, webhookEvents, type PaymentProviderName } from "~/server/db/schema";
import { logger } from "~/server/core/logger.server";
import type { PaymentProvider, SubscriptionInfo } from "./provider.server";
import { markSessionClosed } from "./checkout-sessions.server";
import { resolveDuplicateNow } from "./duplicates.server";
import { recordCompletedCheckout, recordFailedInvoice, recordPaidInvoice, recordRefund } from "./purchases.server";
import {
  readCharge,
  readCheckoutSession,
  readInvoice,
  readSubscription,
  StripeEventSchema,
  type StripeEventEnvelope,
} from "./stripe-objects.server";
import { applySubscriptionState } from "./subscriptions.server";
import { scheduleInstalmentsNow } from "./instalments.server";
import { paymentsTransaction } from "./transaction.server";
import { loadStripe } from "./stripe-library.server";

// POST /api/payments/webhook: Stripe's webhooks, or the test checkout's, which are signed and
// shaped the same. The signature is checked on the raw body (Stripe's `t=…,v1=…` HMAC-SHA256,
// at most five minutes old); each event is stored by its id and processed once, in one
// transaction with its effects (docs/product.md §8.4). A repeat is acknowledged and changes nothing.

/** Stripe's default tolerance: a signature older than this is refused (replay protection). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "cache-control": "no-store" } });

export type WebhookOutcome = "processed" | "duplicate";

/**
 * Handles one webhook request. `getProvider` gives the provider in use (the registry's, passed by
 * the route; the test provider passes itself), so this module never imports the registry.
 */
export async function handleWebhookRequest(request: Request, getProvider: () => Promise<PaymentProvider>): Promise<Response> {
  if (request.method !== "POST") {
    return new Response("Method Not Allowed", { status: 405, headers: { allow: "POST" } });
  }
  const signature = request.headers.get("stripe-signature");
  const payload = await request.text();
  if (!signature) return json({ error: "Missing Stripe-Signature header" }, 400);

  let provider: PaymentProvider;
  let secret: string;
  try {
    provider = await getProvider();
    secret = await provider.webhookSecret();
  } catch (error) {
    logger.error("payments: webhook secret unavailable", { error });
    return json({ error: "Webhook endpoint is not configured" }, 500);
  }

  const stripe = await loadStripe();
  let event: StripeEventEnvelope;
  try {
    const verified = stripe.webhooks.constructEvent(payload, signature, secret, SIGNATURE_TOLERANCE_SECONDS);
    event = StripeEventSchema.parse(verified);
  } catch (error) {
    logger.warn("payments: webhook refused", { reason: error instanceof Error ? error.message : String(error) });
    return json({ error: "Invalid signature or payload" }, 400);
  }

  try {
    const outcome = await processWebhookEvent(provider, event);
    return json({ received: true, duplicate: outcome === "duplicate" }, 200);
  } catch (error) {
    // Not stored: the provider retries later and the event is processed then.
    logger.error("payments: webhook processing failed", { eventId: event.id, type: event.type, error });
    return json({ error: "Processing failed" }, 500);
  }
}

/** What an event needs from the provider, fetched before the transaction opens. */
interface Prepared {
  subscription?: SubscriptionInfo | null;
  refundInvoiceId?: string | null;
}

async function prepare(provider: PaymentProvider, event: StripeEventEnvelope): Promise<Prepared> {
  const object = event.data.object;
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = readCheckoutSession(object);
      if (session.paid && session.subscriptionId) {
        return { subscription: session.expandedSubscription ?? (await provider.retrieveSubscription(session.subscriptionId)) };
      }
      return {};
    }
    case "charge.refunded": {
      const charge = readCharge(object);
      if (!charge.paymentIntentId) return {};
      const [known] = await getDb()
        .select({ id: purchases.id })
        .from(purchases)
        .where(eq(purchases.paymentIntentId, charge.paymentIntentId));
      if (known) return {};
      return { refundInvoiceId: charge.invoiceId ?? (await provider.findInvoiceForPaymentIntent(charge.paymentIntentId)) };
    }
    default:
      return {};
  }
}

/** What is left to do once the event's transaction has committed: duplicates to refund at once. */
interface AfterCommit {
  duplicateSessions: string[];
  /** Payment plans whose first payment was just recorded: their end to schedule at the provider. */
  plansToSchedule: string[];
}

async function apply(tx: Transaction, provider: PaymentProviderName, event: StripeEventEnvelope, prepared: Prepared, after: AfterCommit) {
  const object = event.data.object;
  const created = new Date(event.created * 1000);
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = readCheckoutSession(object);
      if (!session.paid) return; // e.g. a bank debit still pending: its async_payment_succeeded records it
      const completed = await recordCompletedCheckout(tx, provider, session, prepared.subscription ?? null, {
        stateAt: created,
        purchasedAt: created,
      });
      if (completed.duplicatePending) after.duplicateSessions.push(session.id);
      if (completed.planToSchedule) after.plansToSchedule.push(completed.planToSchedule);
      return;
    }
    case "checkout.session.expired":
      await markSessionClosed(tx, readCheckoutSession(object).id, "expired", created);
      return;
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.paused":
    case "customer.subscription.resumed": {
      const subscription = readSubscription(object);
      if (event.type === "customer.subscription.deleted") subscription.status = "canceled";
      await applySubscriptionState(tx, provider, subscription, created);
      return;
    }
    case "invoice.paid":
      await recordPaidInvoice(tx, provider, readInvoice(object));
      return;
    case "invoice.payment_failed":
      await recordFailedInvoice(tx, readInvoice(object), created);
      return;
    case "charge.refunded": {
      const charge = readCharge(object);
      const matched = await recordRefund(tx, charge, prepared.refundInvoiceId ?? null, created);
      if (!matched) logger.warn("payments: refund for a payment we have no purchase for", { chargeId: charge.id });
      return;
    }
    default:
      // Acknowledged and stored, nothing else: the provider may send events we never asked for.
      return;
  }
}

/** Stores the event and applies it, once. Exported for tests that bypass HTTP. */
export async function processWebhookEvent(provider: PaymentProvider, event: StripeEventEnvelope): Promise<WebhookOutcome> {
  const db = getDb();
  const [seen] = await db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.id, event.id));
  if (seen) return "duplicate";
  const prepared = await prepare(provider, event);
  let after: AfterCommit = { duplicateSessions: [], plansToSchedule: [] };
  const outcome = await paymentsTransaction(async (tx): Promise<WebhookOutcome> => {
    after = { duplicateSessions: [], plansToSchedule: [] }; // afresh if the transaction is run again
    const now = new Date();
    // NOTE: the insert is the lock: a second delivery racing this one waits on the primary key
    // and then finds the event already there.
    const inserted = await tx
      .insert(webhookEvents)
      .values({
        id: event.id,
        provider: provider.name,
        type: event.type,
        eventCreatedAt: new Date(event.created * 1000),
        payload: event,
        receivedAt: now,
        processedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (inserted.length === 0) return "duplicate";
    await apply(tx, provider.name, event, prepared, after);
    return "processed";
  });
  // NOTE: outside the transaction: it calls the provider (and the test provider's events write to
  // the database themselves). A failure is retried by the job queued with the finding.
  for (const sessionId of after.duplicateSessions) await resolveDuplicateNow(provider, sessionId);
  for (const subscriptionId of after.plansToSchedule) await scheduleInstalmentsNow(provider, subscriptionId);
  return outcome;
}
