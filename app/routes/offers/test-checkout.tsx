import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/test-checkout";
import { AlertTriangleIcon } from "~/components/icons";
import { TestModeBanner } from "~/components/test-mode-banner";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { requireUser } from "~/server/auth/guards.server";
import { findEffectiveProduct } from "~/server/payments/catalogue.server";
import { requireTestProvider } from "~/server/payments/registry.server";
import { findOwnTestSession } from "~/server/payments/offline-checkout/records.server";
import { formIntent, readForm } from "~/server/http/form-action.server";
import { formatMoney } from "~/utils/format";
import type { Product } from "~/config/catalogue";
import { instalmentPlan } from "~/config/instalments";
import { readPlan } from "~/server/payments/stripe-objects.server";
import { seo } from "~/utils/seo";

// /test-checkout/:sessionId: the built-in test checkout's hosted payment page (no Stripe key set),
// clearly marked TEST MODE. 'Pay' completes the session and sends Stripe's signed events to the
// site's webhook handling, then goes to the success address; 'Decline' refuses the card and lets
// her try again; 'Cancel' goes back to the checkout page. Only the member who owns the session
// may see or pay it.
// The test billing portal has its own route (test-billing-portal.tsx).

const notFound = () => data(null, { status: 404 });

/** What a session at today's price would charge now: the price, or a plan's first payment. */
function firstPayment(product: Product, plan: { instalments: number; totalPence: number } | null): number {
  return plan ? instalmentPlan(product.pricePence, plan.instalments).firstPence : product.pricePence;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  await requireTestProvider();
  const session = await findOwnTestSession(params.sessionId, user.id);
  if (!session) throw notFound();
  const expired = session.status === "expired" || (session.status === "open" && session.expiresAt.getTime() <= Date.now());
  // Expired because the coach changed the price since it was opened (decision 186)?
  const current = expired ? await findEffectiveProduct(session.productKey) : null;
  const plan = readPlan(session.metadata);
  return {
    email: user.email,
    session: {
      productName: session.productName,
      amount: formatMoney(session.amountTotal, session.currency),
      monthly: session.mode === "subscription",
      status: expired ? ("expired" as const) : session.status,
      // Before any promotion's discount: the price the session was opened at.
      priceChanged: current !== null && (firstPayment(current, plan) !== (session.amountSubtotal ?? session.amountTotal) || current.currency !== session.currency),
      // A payment plan's first payment (docs/product.md §8.11): which one this is, and the whole.
      plan: plan ? { count: plan.instalments, total: formatMoney(plan.totalPence, session.currency) } : null,
      discount: session.discount ? { code: session.discount.code, amount: formatMoney((session.amountSubtotal ?? session.amountTotal) - session.amountTotal, session.currency) } : null,
      cancelUrl: session.cancelUrl,
    },
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const provider = await requireTestProvider();
  const read = await readForm(request);
  // Not a form at all (a broken or foreign body): refused, nothing changes.
  if (!read.ok) return data({ declined: false }, { status: read.status });
  const intent = formIntent(read.form, ["pay", "decline", "cancel"] as const);

  const session = await findOwnTestSession(params.sessionId, user.id);
  if (!session) throw notFound();
  switch (intent) {
    case "pay": {
      const result = await provider.pay(session.id, user.id);
      if (result.outcome === "paid") throw redirect(result.redirectTo);
      return { declined: false };
    }
    case "decline":
      await provider.decline(session.id, user.id);
      return { declined: true };
    case "cancel":
      throw redirect(session.cancelUrl);
    default:
      return data({ declined: false }, { status: 400 });
  }
}

export default function TestCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <main id="main" className="bg-sand-50">
      <TestModeBanner />
      <div className="container-page py-12 sm:py-16">
        <div className="mx-auto max-w-xl">
          <h1 className="text-3xl sm:text-4xl">Test checkout</h1>
          <p className="mt-2 text-lg text-ink-muted">Paying as {loaderData.email}</p>
          <div className="mt-8 rounded-3xl border border-sand-200 bg-white p-6 shadow-md sm:p-8">
            <dl className="flex flex-col gap-3 text-lg">
              <div className="flex justify-between gap-4">
                <dt className="text-ink-muted">Product</dt>
                <dd className="text-right font-semibold">{loaderData.session.productName}</dd>
              </div>
              <div className="flex justify-between gap-4 border-t border-sand-200 pt-3">
                <dt className="text-ink-muted">Amount</dt>
                <dd className="text-right font-display text-2xl font-semibold">
                  {loaderData.session.amount}
                  {loaderData.session.plan ? (
                    <span className="block text-base font-normal text-ink-muted">
                      today, payment 1 of {loaderData.session.plan.count} ({loaderData.session.plan.total} in all)
                    </span>
                  ) : loaderData.session.monthly && !loaderData.session.discount ? (
                    <span className="text-base font-normal text-ink-muted"> per month</span>
                  ) : null}
                </dd>
              </div>
              {loaderData.session.discount ? (
                <div className="flex justify-between gap-4">
                  <dt className="text-ink-muted">Promotion code</dt>
                  <dd className="text-right">
                    {loaderData.session.discount.code}: {loaderData.session.discount.amount} off
                  </dd>
                </div>
              ) : null}
            </dl>

            {actionData?.declined && loaderData.session.status === "open" ? (
              <Alert variant="destructive" title="Payment declined" className="mt-6">
                Your card was declined and no money has been taken. You can try again with Pay, or Cancel to go back to
                the checkout page.
              </Alert>
            ) : null}

            {loaderData.session.status === "open" ? (
              <Form method="post" className="mt-8 flex flex-col gap-3 sm:flex-row">
                <Button type="submit" name="intent" value="pay" size="lg" className="sm:flex-1" disabled={busy}>
                  Pay
                </Button>
                <Button type="submit" name="intent" value="decline" variant="outline" size="lg" disabled={busy}>
                  Decline
                </Button>
                <Button type="submit" name="intent" value="cancel" variant="ghost" size="lg" disabled={busy}>
                  Cancel
                </Button>
              </Form>
            ) : loaderData.session.status === "complete" ? (
              <Alert variant="success" className="mt-6" title="This payment is complete">
                <Form method="post">
                  <button type="submit" name="intent" value="pay" className="link font-semibold">
                    Continue to your confirmation
                  </button>
                </Form>
              </Alert>
            ) : (
              <Alert variant="warning" className="mt-6" title="This checkout session has expired">
                {loaderData.session.priceChanged ? `The price of ${loaderData.session.productName} has changed since this page was opened. ` : null}
                Nothing has been charged.{" "}
                <a href={loaderData.session.cancelUrl.replace(/\?cancelled=true$/, "")} className="link font-semibold">
                  Start again from the checkout page
                </a>
                .
              </Alert>
            )}
          </div>
          <p className="mt-6 flex items-start gap-3 text-sm text-ink-muted">
            <AlertTriangleIcon className="mt-0.5 size-5 shrink-0 text-warning-700" />
            With a Stripe key configured, members pay on Stripe&apos;s own checkout page instead of this one.
          </p>
        </div>
      </div>
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    noindex: true,
    title: "Test checkout (TEST MODE)",
    description: "The site's built-in test checkout for trying purchases without a card. No money moves.",
  });
}
