import { data, redirect, type AppLoadContext } from "react-router";
import { CONFIRM_SECOND_PURCHASE } from "~/content/checkout";
import { PLAN_FIELD, PLAN_INSTALMENTS } from "~/config/instalments";
import { getServerEnv } from "~/config/env.server";
import { checkoutVisitor } from "~/server/analytics/record.server";
import { requireUser } from "~/server/auth/guards.server";
import { clientIpOf } from "~/server/core/client-ip.server";
import { getDb } from "~/server/db/client.server";
import { getSessionUser } from "~/server/auth/session.server";
import { readForm } from "~/server/http/form-action.server";
import { startCheckout } from "./checkout.server";
import { findEffectiveProduct } from "./catalogue.server";
import { findRunningSubscription, ownsProduct } from "./queries.server";
import { checkPromotion } from "./promotions.server";
import { PROMOTION_CODE_FIELD, PROMOTION_CODE_INPUT_MAX, type PromotionPricing } from "~/validation/promotion-code";

// The loader and action shared by the three checkout pages (docs/product.md §8.1).

export interface CheckoutLoaderData {
  signedIn: boolean;
  email: string | null;
  /** ?cancelled=true: she came back from the payment page without paying. */
  cancelled: boolean;
  /** She already has this monthly offer running: buying it again would bill her twice. */
  alreadySubscribed: boolean;
  /** She already has this one-time course: a second purchase needs her confirmation. */
  alreadyOwned: boolean;
  /** The promotion code applied (`?code=`), with the price it gives (docs/product.md §8.9). */
  promotion: PromotionPricing | null;
  /** Why the code in the address does not apply (the full price stands), and the code as typed. */
  promotionError: string | null;
  promotionTyped: string;
}

export interface CheckoutActionData {
  error: string;
}

export async function checkoutLoader({ request, url }: { request: Request; url: URL }, productKey: string): Promise<CheckoutLoaderData> {
  const user = await getSessionUser(request);
  const cancelled = url.searchParams.get("cancelled") === "true";
  const product = await findEffectiveProduct(productKey);
  const mode = product?.mode;
  const alreadySubscribed = user && mode === "monthly" ? (await findRunningSubscription(user.id, productKey)) !== null : false;
  const alreadyOwned = user && mode === "one_time" ? await ownsProduct(user.id, productKey) : false;
  // 'Apply' is a GET of this page with ?code=, so a link with the code fills it in too.
  const promotionTyped = (url.searchParams.get(PROMOTION_CODE_FIELD) ?? "").trim().slice(0, PROMOTION_CODE_INPUT_MAX);
  const check = promotionTyped && product ? await checkPromotion(promotionTyped, product, user?.id) : null;
  return {
    signedIn: user !== null,
    email: user?.email ?? null,
    cancelled,
    alreadySubscribed,
    alreadyOwned,
    promotion: check?.ok ? check.pricing : null,
    promotionError: check && !check.ok ? check.message : null,
    promotionTyped,
  };
}

/**
 * 'Complete Your Purchase': a real form post (it works before JavaScript loads). The product is
 * the page's, never the browser's choice; the member is the session's. On success the browser
 * goes to the provider's hosted page in the same tab (docs/product.md §8.2).
 */
export async function checkoutAction({ request, url, context }: { request: Request; url: URL; context?: AppLoadContext }, productKey: string) {
  const user = await requireUser(request);
  const read = await readForm(request);
  if (!read.ok) return data<CheckoutActionData>({ error: read.message }, { status: read.status });
  const confirmSecondPurchase = read.form.get(CONFIRM_SECOND_PURCHASE.name) === CONFIRM_SECOND_PURCHASE.value;
  const code = read.form.get(PROMOTION_CODE_FIELD);
  const promotionCode = typeof code === "string" && code.trim() !== "" ? code.slice(0, PROMOTION_CODE_INPUT_MAX) : null;
  // startCheckout refuses a monthly offer she already has, and a course she already has unless
  // she confirmed a second purchase (409), and a code that does not apply (400): every way in goes through it.
  const payInInstalments = read.form.get(PLAN_FIELD) === PLAN_INSTALMENTS;
  const visitor = await checkoutVisitor(getDb(), request, clientIpOf(context), getServerEnv().SITE_ORIGIN);
  const result = await startCheckout({ user, productKey, from: url.pathname, confirmSecondPurchase, promotionCode, payInInstalments, visitor });
  if ("url" in result) throw redirect(result.url);
  const refused = result.code === "already_subscribed" || result.code === "already_owned";
  const bad = result.code === "promotion_refused" || result.code === "plan_refused";
  return data<CheckoutActionData>({ error: result.error }, { status: bad ? 400 : refused ? 409 : 502 });
}
