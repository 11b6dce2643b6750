import { useEffect, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
import { CheckoutAuthForm } from "~/components/checkout-auth";
import { Toaster } from "~/components/ui/toaster";
import { PLAN_FIELD, PLAN_INSTALMENTS } from "~/config/instalments";
import type { AuthSuccess } from "~/utils/auth-result";
import { AFTER_AUTH_ATTRIBUTE, CHECKOUT_AUTH_ATTRIBUTE, type CheckoutAuthProps } from "~/utils/checkout-auth";
import { sendAuthForm } from "./auth-form-request";

// The checkout's sign-up / log-in form brought to life (app/islands/checkout.ts loads this chunk
// the first time she reaches for the form): React hydrates the markup the server wrote, in a
// memory router whose one action sends the form to /api/auth-form. Once she is signed in, the
// page's hidden purchase form is posted, as the 'Complete Your Purchase' button would: the answer
// is the payment provider's page.

function Hydrated({ onReady, children }: { onReady: () => void; children: ReactNode }) {
  useEffect(() => onReady(), [onReady]);
  return children;
}

function startPayment(container: HTMLElement, result: AuthSuccess) {
  const form = container.parentElement?.querySelector<HTMLFormElement>(`form[${AFTER_AUTH_ATTRIBUTE}]`);
  if (!form) {
    window.location.reload();
    return;
  }
  if (result.intent?.[PLAN_FIELD] === PLAN_INSTALMENTS) {
    const plan = document.createElement("input");
    plan.type = "hidden";
    plan.name = PLAN_FIELD;
    plan.value = PLAN_INSTALMENTS;
    form.append(plan);
  }
  form.submit();
}

let toasterMounted = false;

/** Hydrates one checkout's auth form; `onReady` is called once React has taken it over. */
export function hydrateCheckoutAuth(container: HTMLElement, onReady: () => void): void {
  const props = JSON.parse(container.getAttribute(CHECKOUT_AUTH_ATTRIBUTE) ?? "") as CheckoutAuthProps;
  const router = createMemoryRouter(
    [
      { path: "/auth", action: sendAuthForm },
      {
        path: "*",
        element: (
          <Hydrated onReady={onReady}>
            <CheckoutAuthForm props={props} onSuccess={(result) => startPayment(container, result)} />
          </Hydrated>
        ),
      },
    ],
    { initialEntries: [props.path] },
  );
  hydrateRoot(container, <RouterProvider router={router} />);
  if (!toasterMounted) {
    toasterMounted = true;
    const region = document.createElement("div");
    document.body.append(region);
    createRoot(region).render(<Toaster />);
  }
}
