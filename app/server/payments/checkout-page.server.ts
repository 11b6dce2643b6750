import { data, redirect } from "react-router";
import { CONFIRM_SECOND_PURCHASE } from "~/content/checkout";
import { requireUser } from "~/server/auth/guards.server";
import { getSessionUser } from "~/server/auth/session.server";
import { readForm } from "~/server/http/form-action.server";
import { startCheckout } from "./checkout.server";
import { findCatalogueProduct } from "./catalogue.server";
import { findRunningSubscription, ownsProduct } from "./queries.server";

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
}

export interface CheckoutActionData {
  error: string;
}

export async function checkoutLoader({ request, url }: { request: Request; url: URL }, productKey: string): Promise<CheckoutLoaderData> {
  const user = await getSessionUser(request);
  const cancelled = url.searchParams.get("cancelled") === "true";
  const mode = findCatalogueProduct(productKey)?.mode;
  const alreadySubscribed = user && mode === "monthly" ? (await findRunningSubscription(user.id, productKey)) !== null : false;
  const alreadyOwned = user && mode === "one_time" ? await ownsProduct(user.id, productKey) : false;
  return { signedIn: user !== null, email: user?.email ?? null, cancelled, alreadySubscribed, alreadyOwned };
}

/**
 * 'Complete Your Purchase': a real form post (it works before JavaScript loads). The product is
 * the page's, never the browser's choice; the member is the session's. On success the browser
 * goes to the provider's hosted page in the same tab (docs/product.md §8.2).
 */
export async function checkoutAction({ request, url }: { request: Request; url: URL }, productKey: string) {
  const user = await requireUser(request);
  const read = await readForm(request);
  if (!read.ok) return data<CheckoutActionData>({ error: read.message }, { status: read.status });
  const confirmSecondPurchase = read.form.get(CONFIRM_SECOND_PURCHASE.name) === CONFIRM_SECOND_PURCHASE.value;
  // startCheckout refuses a monthly offer she already has, and a course she already has unless
  // she confirmed a second purchase (409): every way in goes through it.
  const result = await startCheckout({ user, productKey, from: url.pathname, confirmSecondPurchase });
  if ("url" in result) throw redirect(result.url);
  const refused = result.code === "already_subscribed" || result.code === "already_owned";
  return data<CheckoutActionData>({ error: result.error }, { status: refused ? 409 : 502 });
}
