import { checkoutErrorMessage, type CheckoutErrorCode } from "~/content/checkout";
import { logger } from "~/server/logger.server";
import { findEffectiveProduct } from "./catalogue.server";
import { ensureCustomer } from "./customers.server";
import {
  cancelUrl,
  getPaymentProvider,
  PaymentProviderError,
  successUrl,
  type PaymentUser,
} from "./provider.server";

// Starting a payment (SPEC §7 create-payment): the server creates the provider's checkout session
// for a catalogue product and the signed-in member, and the browser is sent to its url in the same
// tab (DESIGN D4). Used by the checkout pages' action and, right after sign-up or log-in on a
// checkout page, by the auth form's action.

export type StartCheckoutResult = { url: string } | { error: string; code: CheckoutErrorCode };

export interface StartCheckoutInput {
  /** The signed-in member (the auth layer's user: id and email at least). */
  user: PaymentUser;
  productKey: string;
  /** The path of the page that asked for it, for the log. */
  from?: string;
}

/**
 * Creates a checkout session and returns its url, or an error with the SPEC §8 message to show:
 * the provider refused ('There was an issue processing…'), gave no url ('Unable to create payment
 * session…'), or anything else went wrong ('An unexpected error occurred…'). Never throws.
 */
export async function startCheckout({ user, productKey, from }: StartCheckoutInput): Promise<StartCheckoutResult> {
  const fail = (code: CheckoutErrorCode, error?: unknown): StartCheckoutResult => {
    logger[code === "provider_error" || code === "unexpected" ? "error" : "warn"]("payments: checkout not started", {
      code,
      productKey,
      userId: user.id,
      from,
      error,
    });
    return { error: checkoutErrorMessage(code), code };
  };

  try {
    // The price the admin set last (Offers tab), not the one installed: what the page showed.
    const product = await findEffectiveProduct(productKey);
    if (!product) return fail("unknown_product");
    const provider = await getPaymentProvider();
    const customerId = await ensureCustomer(provider, user);
    const session = await provider.createCheckoutSession({
      product,
      customerId,
      userId: user.id,
      successUrl: successUrl(),
      cancelUrl: cancelUrl(product),
    });
    if (!session.url) return fail("missing_url");
    return { url: session.url };
  } catch (error) {
    return fail(error instanceof PaymentProviderError ? "provider_error" : "unexpected", error);
  }
}
