import Stripe from "stripe";
import { logger } from "~/server/core/logger.server";
import {
  PaymentProviderError,
  type CheckoutSessionInfo,
  type CreateCheckoutSessionInput,
  type PaymentProvider,
  type PaymentUser,
  type PromotionTerms,
  type ProviderPromotion,
  type RefundPaymentInput,
  type SubscriptionInfo,
} from "./provider.server";
import { isLiveSubscriptionStatus, PLAN_METADATA, readCheckoutSession, readSubscription } from "./stripe-objects.server";
import type { Product } from "~/config/catalogue";
import { evenPlan, type InstalmentPlan } from "~/config/instalments";
import { formatMoney } from "~/utils/format";
import { fullName } from "~/utils/names";

// Stripe Checkout, Customer Portal and subscriptions through the official SDK. `host`, `port`
// and `protocol` exist so the integration tests can point the real SDK at a local stand-in of
// Stripe's API (tests/support/stripe-standin.ts); in production they are left unset.

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret?: string;
  host?: string;
  port?: number;
  protocol?: "http" | "https";
  /** Retries on network errors and 5xx (Stripe's SDK retries idempotently). Default 2. */
  maxNetworkRetries?: number;
}

function displayName(user: PaymentUser): string | undefined {
  return fullName(user) || user.name?.trim() || undefined;
}

/**
 * A product as one Checkout line item, priced inline (no Price objects to keep in step with the
 * Offers tab): a one-off payment, or a monthly subscription. The checkout and the doctor's probe of
 * each price (app/server/ops/doctor.server.ts) both use it, so the doctor asks Stripe exactly what
 * a checkout will.
 */
export function stripeLineItem(product: Product, plan?: InstalmentPlan): Stripe.Checkout.SessionCreateParams.LineItem {
  return {
    quantity: 1,
    price_data: {
      currency: product.currency,
      // A payment plan's first payment, monthly: the subscription schedule stops it after the last.
      unit_amount: plan ? plan.firstPence : product.pricePence,
      product_data: { name: product.name, metadata: { productKey: product.productKey } },
      ...(product.mode === "monthly" || plan ? { recurring: { interval: "month" as const } } : {}),
    },
  };
}

/** What Stripe's page says above its button for a payment plan, so she never reads it as a subscription. */
export function planPageNote(plan: InstalmentPlan): string {
  const later = `${plan.count - 1} more monthly payments of ${formatMoney(plan.laterPence)}`;
  return `${formatMoney(plan.firstPence)} today, then ${later}. It stops by itself after the last one: ${formatMoney(plan.totalPence)} in all.`;
}

function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing";
}

/** Runs a Stripe call, turning the SDK's errors into PaymentProviderError (logged, never shown). */
async function call<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      logger.error(`stripe: ${what} failed`, { type: error.type, code: error.code, message: error.message });
      throw new PaymentProviderError(`Stripe: ${what} failed (${error.type})`, { cause: error });
    }
    throw error;
  }
}

export class StripeProvider implements PaymentProvider {
  readonly name = "stripe" as const;
  readonly stripe: Stripe;
  readonly #webhookSecret: string | undefined;

  constructor(options: StripeProviderOptions) {
    this.stripe = new Stripe(options.secretKey, {
      host: options.host,
      port: options.port,
      protocol: options.protocol,
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: "strong-coaching-site" },
    });
    this.#webhookSecret = options.webhookSecret;
    if (!options.webhookSecret) {
      logger.warn("STRIPE_WEBHOOK_SECRET is not set: Stripe's webhooks will be refused until it is");
    }
  }

  async createCustomer(user: PaymentUser) {
    const customer = await call("create customer", () =>
      this.stripe.customers.create({ email: user.email, name: displayName(user), metadata: { userId: user.id } }),
    );
    return { id: customer.id };
  }

  async createCheckoutSession({ product, customerId, userId, successUrl, cancelUrl, discount, expiresAt, instalments }: CreateCheckoutSessionInput) {
    const subscription = product.mode === "monthly" || instalments !== undefined;
    const metadata: Record<string, string> = { userId, productKey: product.productKey };
    if (discount) metadata.promotionCode = discount.terms.code;
    if (instalments) {
      metadata[PLAN_METADATA.instalments] = String(instalments.count);
      metadata[PLAN_METADATA.total] = String(instalments.totalPence);
    }
    const promotion = discount?.atProvider;
    const session = await call("create checkout session", () =>
      this.stripe.checkout.sessions.create({
        mode: subscription ? "subscription" : "payment",
        customer: customerId,
        client_reference_id: userId,
        line_items: [stripeLineItem(product, instalments)],
        metadata,
        ...(instalments ? { custom_text: { submit: { message: planPageNote(instalments) } } } : {}),
        // Copied onto the subscription or payment intent, so their own events carry them too.
        ...(subscription ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
        // The code is applied by the site, never typed on Stripe's page (no allow_promotion_codes):
        // only a code the site has checked for this offer reaches Stripe.
        ...(promotion ? { discounts: [promotion.promotionCodeId ? { promotion_code: promotion.promotionCodeId } : { coupon: promotion.couponId }] } : {}),
        ...(expiresAt ? { expires_at: Math.floor(expiresAt.getTime() / 1000) } : {}),
        success_url: successUrl,
        cancel_url: cancelUrl,
      }),
    );
    return { id: session.id, url: session.url, expiresAt: session.expires_at ? new Date(session.expires_at * 1000) : null };
  }

  async ensurePromotion(terms: PromotionTerms): Promise<ProviderPromotion> {
    // NOTE: keyed on the site's promotion id, so a retry or two servers at once create one of each.
    const coupon = await call("create coupon", () =>
      this.stripe.coupons.create(
        {
          name: terms.code,
          ...(terms.percentOff !== null ? { percent_off: terms.percentOff } : { amount_off: terms.amountOffPence ?? 0, currency: terms.currency }),
          duration: terms.duration,
          ...(terms.duration === "repeating" ? { duration_in_months: terms.durationMonths ?? 1 } : {}),
          metadata: { promotionId: terms.id },
        },
        { idempotencyKey: `promotion-coupon-${terms.id}` },
      ),
    );
    try {
      const code = await this.stripe.promotionCodes.create(
        {
          promotion: { type: "coupon", coupon: coupon.id },
          code: terms.code,
          ...(terms.maxUses !== null ? { max_redemptions: terms.maxUses } : {}),
          ...(terms.expiresAt && terms.expiresAt.getTime() > Date.now() ? { expires_at: Math.floor(terms.expiresAt.getTime() / 1000) } : {}),
          metadata: { promotionId: terms.id },
        },
        { idempotencyKey: `promotion-code-${terms.id}` },
      );
      return { couponId: coupon.id, promotionCodeId: code.id };
    } catch (error) {
      // The Stripe account already has an active code with these letters (made in Stripe's own
      // screens): the coupon alone carries the discount, so her checkout still works.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        logger.warn("stripe: promotion code refused; the checkout uses its coupon instead", { code: terms.code, message: error.message });
        return { couponId: coupon.id, promotionCodeId: null };
      }
      return call("create promotion code", () => Promise.reject(error));
    }
  }

  async deactivatePromotion(atProvider: ProviderPromotion): Promise<void> {
    if (atProvider.promotionCodeId) {
      const id = atProvider.promotionCodeId;
      await call("turn off promotion code", () => this.stripe.promotionCodes.update(id, { active: false }));
    }
  }

  async expireCheckoutSession(id: string): Promise<CheckoutSessionInfo | null> {
    try {
      return readCheckoutSession(await this.stripe.checkout.sessions.expire(id, {}, { idempotencyKey: `expire-${id}` }));
    } catch (error) {
      if (isMissing(error)) return null;
      // Stripe refuses to expire a session that is no longer open (paid, or expired already):
      // what matters is how it stands now.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        const current = await this.retrieveCheckoutSession(id);
        if (current && current.status !== "open") return current;
      }
      return call("expire checkout session", () => Promise.reject(error));
    }
  }

  async refundCheckoutSession(session: CheckoutSessionInfo, reason: "duplicate") {
    const paymentIntent = session.paymentIntentId ?? (session.invoiceId ? await this.#invoicePaymentIntent(session.invoiceId) : null);
    if (!paymentIntent) throw new PaymentProviderError(`Stripe: no payment to refund for checkout session ${session.id}`);
    const refund = await call("refund", () =>
      this.stripe.refunds.create(
        { payment_intent: paymentIntent, reason, metadata: { checkoutSessionId: session.id, ...(session.userId ? { userId: session.userId } : {}) } },
        // NOTE: the same key for every attempt, so a retry after a lost answer never refunds twice.
        { idempotencyKey: `refund-${reason}-${session.id}` },
      ),
    );
    return { id: refund.id, amount: refund.amount };
  }

  async refundPayment(input: RefundPaymentInput) {
    const paymentIntent = input.paymentIntentId ?? (input.invoiceId ? await this.#invoicePaymentIntent(input.invoiceId) : null);
    if (!paymentIntent) throw new PaymentProviderError("Stripe: no payment intent to refund");
    const refund = await call("refund", () =>
      this.stripe.refunds.create(
        { payment_intent: paymentIntent, amount: input.amount, reason: "requested_by_customer", metadata: input.metadata },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return { id: refund.id, amount: refund.amount };
  }

  /** The payment intent that paid an invoice (API 2025-03-31 on: through the invoice's payments). */
  async #invoicePaymentIntent(invoiceId: string): Promise<string | null> {
    const list = await call("list invoice payments", () => this.stripe.invoicePayments.list({ invoice: invoiceId, limit: 10 }));
    for (const payment of list.data) {
      if (payment.status !== "paid") continue;
      const intent = payment.payment?.payment_intent;
      if (intent) return typeof intent === "string" ? intent : intent.id;
    }
    return null;
  }

  async retrieveCheckoutSession(id: string): Promise<CheckoutSessionInfo | null> {
    try {
      return readCheckoutSession(await this.stripe.checkout.sessions.retrieve(id));
    } catch (error) {
      if (isMissing(error)) return null;
      return call("retrieve checkout session", () => Promise.reject(error));
    }
  }

  async retrieveSubscription(id: string): Promise<SubscriptionInfo | null> {
    try {
      return readSubscription(await this.stripe.subscriptions.retrieve(id));
    } catch (error) {
      if (isMissing(error)) return null;
      return call("retrieve subscription", () => Promise.reject(error));
    }
  }

  async listLiveSubscriptions(customerId: string): Promise<SubscriptionInfo[]> {
    const found: SubscriptionInfo[] = [];
    await call("list subscriptions", async () => {
      for await (const sub of this.stripe.subscriptions.list({ customer: customerId, status: "all", limit: 100 })) {
        const info = readSubscription(sub);
        if (isLiveSubscriptionStatus(info.status)) found.push(info);
      }
    });
    return found;
  }

  async cancelSubscription(id: string): Promise<void> {
    try {
      await this.stripe.subscriptions.cancel(id);
    } catch (error) {
      // Already gone at Stripe: nothing left to cancel.
      if (isMissing(error)) return;
      // Stripe refuses to cancel a canceled subscription: done already (a retry, or both sides).
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        const current = await this.retrieveSubscription(id);
        if (current?.status === "canceled") return;
      }
      await call("cancel subscription", () => Promise.reject(error));
    }
  }

  async cancelAtPeriodEnd(id: string): Promise<void> {
    await call("cancel subscription at period end", () => this.stripe.subscriptions.update(id, { cancel_at_period_end: true }, { idempotencyKey: `cancel-at-period-end-${id}` }));
  }

  /**
   * A payment plan's subscription (started by Checkout at the first payment's price) put on a
   * subscription schedule: its phases take the plan's payments (the later ones at their own price
   * when the first carries odd pence) and `end_behavior: cancel` ends it after the last. The
   * schedule is made from the subscription once (idempotency key; a subscription already on a
   * schedule is not made again) and then set (its own key), so a retry does the same thing.
   */
  async scheduleInstalments(subscriptionId: string, plan: InstalmentPlan): Promise<void> {
    const sub = await call("retrieve subscription", () => this.stripe.subscriptions.retrieve(subscriptionId));
    const existing = sub.schedule ? (typeof sub.schedule === "string" ? sub.schedule : sub.schedule.id) : null;
    const schedule = existing
      ? await call("retrieve subscription schedule", () => this.stripe.subscriptionSchedules.retrieve(existing))
      : await call("create subscription schedule", () =>
          this.stripe.subscriptionSchedules.create({ from_subscription: subscriptionId }, { idempotencyKey: `instalments-schedule-${subscriptionId}` }),
        );
    if (schedule.end_behavior === "cancel") return; // set already
    const current = schedule.phases[0];
    const item = sub.items.data[0];
    if (!current || !item) throw new PaymentProviderError(`Stripe: subscription ${subscriptionId} has no phase or item to schedule`);
    const price = item.price;
    const productId = typeof price.product === "string" ? price.product : price.product.id;
    const first = { items: [{ price: price.id, quantity: 1 }], start_date: current.start_date };
    const phases: Stripe.SubscriptionScheduleUpdateParams.Phase[] = evenPlan(plan)
      ? [{ ...first, duration: { interval: "month", interval_count: plan.count } }]
      : [
          { ...first, duration: { interval: "month", interval_count: 1 } },
          {
            items: [{ price_data: { currency: price.currency, product: productId, unit_amount: plan.laterPence, recurring: { interval: "month" } }, quantity: 1 }],
            duration: { interval: "month", interval_count: plan.count - 1 },
          },
        ];
    await call("set subscription schedule", () =>
      this.stripe.subscriptionSchedules.update(
        schedule.id,
        { end_behavior: "cancel", phases, metadata: { subscriptionId, [PLAN_METADATA.instalments]: String(plan.count) } },
        { idempotencyKey: `instalments-phases-${schedule.id}` },
      ),
    );
  }

  async pauseSubscription(id: string, resumesAt: Date): Promise<void> {
    const resumes = Math.floor(resumesAt.getTime() / 1000);
    await call("pause subscription", () =>
      this.stripe.subscriptions.update(id, { pause_collection: { behavior: "void", resumes_at: resumes } }, { idempotencyKey: `pause-${id}-${resumes}` }),
    );
  }

  async createBillingPortalSession({ customerId, returnUrl }: { customerId: string; returnUrl: string }) {
    const session = await call("create billing portal session", () =>
      this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
    );
    return { url: session.url };
  }

  async findInvoiceForPaymentIntent(paymentIntentId: string): Promise<string | null> {
    const list = await call("list invoice payments", () =>
      this.stripe.invoicePayments.list({ payment: { type: "payment_intent", payment_intent: paymentIntentId }, limit: 1 }),
    );
    const invoice = list.data[0]?.invoice;
    if (!invoice) return null;
    return typeof invoice === "string" ? invoice : (invoice.id ?? null);
  }

  async webhookSecret(): Promise<string> {
    if (!this.#webhookSecret) throw new PaymentProviderError("STRIPE_WEBHOOK_SECRET is not set");
    return this.#webhookSecret;
  }
}
