import type { AuthIntent } from "./auth-result";

// What the server and the browser share about a checkout's sign-up / log-in panel
// (components/checkout-auth.tsx writes it, islands/checkout.ts brings it to life). Kept apart
// from the component so the page's small script does not pull in the form and React.

export interface CheckoutAuthProps {
  sourceLabel: string;
  submitText: string;
  /** Posted along as `intent.*` (the product, an applied promotion code). */
  intent: AuthIntent;
  /** The stem of the form's ids; the form itself is `<idPrefix>-form`. */
  idPrefix: string;
  /** The page's path and query as the server saw them (where the form sends her back to). */
  path: string;
}

/** The data attribute holding the props, as read by the browser script. */
export const CHECKOUT_AUTH_ATTRIBUTE = "data-checkout-auth";
/** The form that starts the payment once she is signed in (posted as a whole document). */
export const AFTER_AUTH_ATTRIBUTE = "data-after-auth";

export function checkoutAuthFormId(idPrefix: string): string {
  return `${idPrefix}-form`;
}
