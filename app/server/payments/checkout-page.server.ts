import { data, redirect } from "react-router";
import { requireUser } from "~/server/auth/guards.server";
import { getSessionUser } from "~/server/auth/session.server";
import { startCheckout } from "./checkout.server";
import { findRunningSubscription } from "./queries.server";

// The loader and action shared by the three checkout pages (docs/product.md §8.1).

export interface CheckoutLoaderData {
  signedIn: boolean;
  email: string | null;
  /** ?cancelled=true: she came back from the payment page without paying. */
  cancelled: boolean;
  /** She already has this monthly offer running: buying it again would bill her twice. */
  alreadySubscribed: boolean;
}

export interface CheckoutActionData {
  error: string;
}

export async function checkoutLoader({ request, url }: { request: Request; url: URL }, productKey: string): Promise<CheckoutLoaderData> {
  const user = await getSessionUser(request);
  const cancelled = url.searchParams.get("cancelled") === "true";
  const alreadySubscribed = user ? (await findRunningSubscription(user.id, productKey)) !== null : false;
  return { signedIn: user !== null, email: user?.email ?? null, cancelled, alreadySubscribed };
}

/**
 * 'Complete Your Purchase': a real form post (it works before JavaScript loads). The product is
 * the page's, never the browser's choice; the member is the session's. On success the browser
 * goes to the provider's hosted page in the same tab (docs/product.md §8.2).
 */
export async function checkoutAction({ request, url }: { request: Request; url: URL }, productKey: string) {
  const user = await requireUser(request);
  // startCheckout refuses a monthly offer she already has (409): every way in goes through it.
  const result = await startCheckout({ user, productKey, from: url.pathname });
  if ("url" in result) throw redirect(result.url);
  return data<CheckoutActionData>({ error: result.error }, { status: result.code === "already_subscribed" ? 409 : 502 });
}
