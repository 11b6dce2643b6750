import type { ReactNode } from "react";
import type { AuthSuccess } from "~/utils/auth-result";
import { CHECKOUT_AUTH_ATTRIBUTE, type CheckoutAuthProps } from "~/utils/checkout-auth";
import { AuthForm } from "./auth-form";

// A checkout's sign-up / log-in panel for a visitor (docs/product.md §8.2). The checkout pages do
// not hydrate: the server writes this form, which works as a plain form (the /auth action signs her
// up or in and starts the payment at once), and the checkout script brings the same React form to
// life in the browser the first time she reaches for it (app/islands/checkout.ts). Both sides
// render `CheckoutAuthForm` with the props the server wrote into the container, so the markup
// matches exactly.

/** The form itself: what the server writes and what the browser hydrates. */
export function CheckoutAuthForm({ props, onSuccess }: { props: CheckoutAuthProps; onSuccess?: (result: AuthSuccess) => void }) {
  return (
    <AuthForm
      sourceLabel={props.sourceLabel}
      submitText={props.submitText}
      skipRedirect
      intent={props.intent}
      idPrefix={props.idPrefix}
      onSuccess={onSuccess}
    />
  );
}

/** The server's side: the form in a container that carries its props to the browser. */
export function CheckoutAuth({ props, afterAuth }: { props: CheckoutAuthProps; afterAuth: ReactNode }) {
  return (
    <>
      <div {...{ [CHECKOUT_AUTH_ATTRIBUTE]: JSON.stringify(props) }}>
        <CheckoutAuthForm props={props} />
      </div>
      {afterAuth}
    </>
  );
}
