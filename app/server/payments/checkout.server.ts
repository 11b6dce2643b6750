import { alreadyOwnedMessage, alreadySubscribedMessage, checkoutErrorMessage, PLAN_MESSAGES, type CheckoutErrorCode } from "~/content/checkout";
import { instalmentPlan } from "~/config/instalments";
import { recordCheckoutStarted } from "~/server/analytics/record.server";
import { logger } from "~/server/core/logger.server";
import { getDb } from "~/server/db/client.server";
import { findEffectiveProduct } from "./catalogue.server";
import { expireSession, recordOpenSession, settleOpenSession } from "./checkout-sessions.server";
import { ensureCustomer } from "./customers.server";
import { cancelUrl, PaymentProviderError, successUrl, type PaymentUser } from "./provider.server";
import { findRunningSubscription, ownsProduct } from "./queries.server";
import { getPaymentProvider } from "./registry.server";
import {
  attachUseToSession,
  checkPromotion,
  dropUse,
  LIMITED_CODE_SESSION_MS,
  promotionAtProvider,
  promotionTerms,
  refusalMessage,
  reservePromotionUse,
} from "./promotions.server";

// Starting a payment (docs/product.md §8.2): the server creates the provider's checkout session
// for a catalogue product and the signed-in member, and the browser is sent to its url in the same
// tab (docs/product.md §8.2). Used by the checkout pages' action and, right after sign-up or log-in on a
// checkout page, by the auth form's action: the rules below hold whichever of them calls it
// (docs/security.md "Payments").

export type StartCheckoutResult = { url: string } | { error: string; code: CheckoutErrorCode };

export interface StartCheckoutInput {
  /** The signed-in member (the auth layer's user: id and email at least). */
  user: PaymentUser;
  productKey: string;
  /** The path of the page that asked for it, for the log. */
  from?: string;
  /** She ticked 'buy it again' for a one-time course she already has (docs/product.md §8.1). */
  confirmSecondPurchase?: boolean;
  /** The promotion code she applied on the checkout page, if any (docs/product.md §8.9). */
  promotionCode?: string | null;
  /** She chose 'Pay in 3 monthly payments' (docs/product.md §8.11). */
  payInInstalments?: boolean;
  /** Her visitor hash of the day when she may be counted (docs/analytics.md: 'Checkout started'). */
  visitor?: string | null;
}

/**
 * Creates a checkout session and returns its url, or an error with the message to show. In order:
 * - a monthly offer she already has running is refused ('You already have …'): never billed twice;
 * - a one-time course she already has is refused ('You already have … a second, separate
 *   purchase …') unless she confirmed that she means to buy it again;
 * - her session already open for the offer, at today's price, is reused (a second tab, a double
 *   click); one at an old price is expired at the provider first;
 * - otherwise a new session; if another request opened one for her at the same moment, hers is
 *   used and this one expired, so she never has two open.
 * - a promotion code must apply to the offer now (the refusal says why, and nothing starts); one
 *   use of it is reserved for the new session, under the code's lock (payments/promotions.server.ts).
 * The docs/product.md §8.2 alerts cover the rest: the provider refused ('There was an issue processing…'), gave
 * no url ('Unable to create payment session…'), or anything else ('An unexpected error…').
 * Never throws.
 */
export async function startCheckout({
  user,
  productKey,
  from,
  confirmSecondPurchase = false,
  promotionCode = null,
  payInInstalments = false,
  visitor = null,
}: StartCheckoutInput): Promise<StartCheckoutResult> {
  const fail = (code: CheckoutErrorCode, error?: unknown, message = checkoutErrorMessage(code)): StartCheckoutResult => {
    logger[code === "provider_error" || code === "unexpected" ? "error" : "warn"]("payments: checkout not started", {
      code,
      productKey,
      userId: user.id,
      from,
      promotionCode,
      error,
    });
    return { error: message, code };
  };
  let reservation: string | null = null;

  try {
    // The price the admin set last (Offers tab), not the one installed: what the page showed.
    const product = await findEffectiveProduct(productKey);
    if (!product) return fail("unknown_product");
    const alreadySubscribed = () => fail("already_subscribed", undefined, alreadySubscribedMessage(product.name));
    const alreadyOwned = () => fail("already_owned", undefined, alreadyOwnedMessage(product.name));
    if (product.mode === "monthly" && (await findRunningSubscription(user.id, productKey))) return alreadySubscribed();
    if (product.mode === "one_time" && !confirmSecondPurchase && (await ownsProduct(user.id, productKey))) return alreadyOwned();
    // A payment plan: only where the offer has one, and at the full price (a code is for paying in one go).
    if (payInInstalments && !product.instalments) return fail("plan_refused", undefined, PLAN_MESSAGES.unavailable);
    if (payInInstalments && promotionCode) return fail("plan_refused", undefined, PLAN_MESSAGES.withCode);
    const plan = payInInstalments && product.instalments ? instalmentPlan(product.pricePence, product.instalments) : undefined;

    const promotion = promotionCode ? await checkPromotion(promotionCode, product, user.id) : null;
    if (promotion && !promotion.ok) return fail("promotion_refused", undefined, promotion.message);
    const discount = promotion?.ok ? { code: promotion.pricing.code, discountPence: promotion.pricing.discountPence } : null;

    const provider = await getPaymentProvider();
    const open = await settleOpenSession(provider, user.id, product, discount, plan?.count ?? null);
    if (open.kind === "reuse") return { url: open.url };
    // She paid her open session a moment ago (its webhook is on its way): she has it now.
    if (open.kind === "paid" && product.mode === "monthly") return alreadySubscribed();
    if (open.kind === "paid" && !confirmSecondPurchase) return alreadyOwned();

    const customerId = await ensureCustomer(provider, user);
    // A code with a limit: a shorter session, so an unpaid one gives its use back sooner.
    const expiresAt = promotion?.ok && promotion.promotion.maxUses !== null ? new Date(Date.now() + LIMITED_CODE_SESSION_MS) : undefined;
    if (promotion?.ok) {
      const reserved = await reservePromotionUse(promotion.promotion.id, product, user.id, expiresAt ?? new Date(Date.now() + 24 * 3_600_000));
      if (!reserved.ok) return fail("promotion_refused", undefined, refusalMessage(reserved.reason, product));
      reservation = reserved.useId;
    }
    const session = await provider.createCheckoutSession({
      product,
      customerId,
      userId: user.id,
      successUrl: successUrl(),
      cancelUrl: cancelUrl(product),
      expiresAt,
      ...(plan ? { instalments: plan } : {}),
      ...(promotion?.ok
        ? {
            discount: {
              terms: promotionTerms(promotion.promotion, product.currency),
              amountPence: promotion.pricing.discountPence,
              atProvider: await promotionAtProvider(provider, promotion.promotion, product.currency),
            },
          }
        : {}),
    });
    if (reservation) await attachUseToSession(reservation, session.id, session.expiresAt ?? expiresAt ?? new Date(Date.now() + 24 * 3_600_000));
    reservation = null;
    if (!session.url) return fail("missing_url");
    const other = await recordOpenSession({
      id: session.id,
      provider: provider.name,
      userId: user.id,
      product,
      url: session.url,
      expiresAt: session.expiresAt,
      discount,
      instalments: plan?.count ?? null,
    });
    if (other) {
      // Another tab opened one at the same moment: she uses that one, and this one can never be paid.
      await expireSession(provider, { id: session.id, provider: provider.name }).catch((error: unknown) =>
        logger.warn("payments: could not expire a second checkout session opened at the same moment", { sessionId: session.id, error }),
      );
      if (other.url) return { url: other.url };
    }
    if (visitor) {
      await recordCheckoutStarted(getDb(), session.id, product.productKey, visitor).catch((error: unknown) =>
        logger.warn("analytics: could not record a checkout started", { sessionId: session.id, error }),
      );
    }
    return { url: session.url };
  } catch (error) {
    // The session was never created: the use reserved for it is given back at once.
    if (reservation) await dropUse(reservation).catch((dropError: unknown) => logger.warn("payments: could not give back a promotion use", { dropError }));
    return fail(error instanceof PaymentProviderError ? "provider_error" : "unexpected", error);
  }
}
