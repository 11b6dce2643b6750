import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/test-checkout";
import { AlertTriangleIcon } from "~/components/icons";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { requireUser } from "~/server/auth/guards.server";
import { findEffectiveProduct } from "~/server/payments/catalogue.server";
import { findCustomerId } from "~/server/payments/customers.server";
import { getTestProvider } from "~/server/payments/registry.server";
import { findOwnTestSession, TEST_BILLING_PORTAL_PATH } from "~/server/payments/test-provider.server";
import { formatLongDate, formatMoney } from "~/utils/format";
import { seo } from "~/utils/seo";

// /test-checkout/:sessionId: the built-in test checkout's hosted payment page (no Stripe key set),
// clearly marked TEST MODE. 'Pay' completes the session and sends Stripe's signed events to the
// site's webhook handling, then goes to the success address; 'Decline' refuses the card and lets
// her try again; 'Cancel' goes back to the checkout page. Only the member who owns the session
// may see or pay it.
//
// /test-checkout/billing-portal is the test provider's stand-in for Stripe's Customer Portal:
// cancel at period end, resume, and (test mode only) jump to the next billing date.

const PORTAL_ID = TEST_BILLING_PORTAL_PATH.split("/").pop()!;
const notFound = () => data(null, { status: 404 });

async function ensureTestProvider() {
  const provider = await getTestProvider();
  if (!provider) throw notFound();
  return provider;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const provider = await ensureTestProvider();
  if (params.sessionId === PORTAL_ID) {
    const customerId = await findCustomerId(user.id, "test");
    const subscriptions = customerId ? await provider.listSubscriptions(customerId) : [];
    return {
      kind: "portal" as const,
      email: user.email,
      subscriptions: subscriptions.map((s) => ({
        id: s.id,
        productName: s.productName,
        amount: formatMoney(s.amount, s.currency),
        status: s.status,
        cancelAtPeriodEnd: s.cancelAtPeriodEnd,
        periodEnd: formatLongDate(s.currentPeriodEnd),
        canceledAt: s.canceledAt ? formatLongDate(s.canceledAt) : null,
      })),
    };
  }
  const session = await findOwnTestSession(params.sessionId, user.id);
  if (!session) throw notFound();
  const expired = session.status === "expired" || (session.status === "open" && session.expiresAt.getTime() <= Date.now());
  // Expired because the coach changed the price since it was opened (decision 186)?
  const current = expired ? await findEffectiveProduct(session.productKey) : null;
  return {
    kind: "checkout" as const,
    email: user.email,
    session: {
      productName: session.productName,
      amount: formatMoney(session.amountTotal, session.currency),
      monthly: session.mode === "subscription",
      status: expired ? ("expired" as const) : session.status,
      priceChanged: current !== null && (current.pricePence !== session.amountTotal || current.currency !== session.currency),
      cancelUrl: session.cancelUrl,
    },
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const provider = await ensureTestProvider();
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    // Not a form at all (a broken or foreign body): refused, nothing changes.
    return data({ declined: false }, { status: 400 });
  }
  const intent = form.get("intent");

  if (params.sessionId === PORTAL_ID) {
    const customerId = await findCustomerId(user.id, "test");
    const subscriptionId = String(form.get("subscriptionId") ?? "");
    if (!customerId || !subscriptionId) throw notFound();
    if (intent === "cancel") await provider.setCancelAtPeriodEnd(customerId, subscriptionId, true);
    else if (intent === "resume") await provider.setCancelAtPeriodEnd(customerId, subscriptionId, false);
    else if (intent === "advance") await provider.advance(customerId, subscriptionId);
    else if (intent === "fail-renewal") await provider.failRenewal(customerId, subscriptionId);
    throw redirect(TEST_BILLING_PORTAL_PATH);
  }

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

function TestModeBanner() {
  return (
    <div className="border-b border-warning-200 bg-warning-50">
      <p className="container-page flex flex-wrap items-center gap-3 py-3 text-base text-warning-800">
        <Badge variant="warning" className="text-sm tracking-wider">
          TEST MODE
        </Badge>
        This is the site&apos;s built-in test checkout. No card is charged and no money moves.
      </p>
    </div>
  );
}

export default function TestCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <main id="main" className="bg-sand-50">
      <TestModeBanner />
      {loaderData.kind === "portal" ? (
        <Portal subscriptions={loaderData.subscriptions} email={loaderData.email} busy={busy} />
      ) : (
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
                    {loaderData.session.monthly ? <span className="text-base font-normal text-ink-muted"> per month</span> : null}
                  </dd>
                </div>
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
      )}
    </main>
  );
}

interface PortalSubscription {
  id: string;
  productName: string;
  amount: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  periodEnd: string;
  canceledAt: string | null;
}

function Portal({ subscriptions, email, busy }: { subscriptions: PortalSubscription[]; email: string; busy: boolean }) {
  return (
    <div className="container-page py-12 sm:py-16">
      <div className="mx-auto max-w-2xl">
        <h1 className="text-3xl sm:text-4xl">Manage your subscriptions</h1>
        <p className="mt-2 text-lg text-ink-muted">Billing for {email}</p>
        {subscriptions.length === 0 ? (
          <p className="mt-8 rounded-3xl border border-sand-200 bg-white p-6 text-lg">You have no subscriptions.</p>
        ) : (
          <ul className="mt-8 flex flex-col gap-6">
            {subscriptions.map((sub) => {
              const live = sub.status !== "canceled";
              return (
                <li key={sub.id} className="rounded-3xl border border-sand-200 bg-white p-6 shadow-sm sm:p-8">
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <h2 className="text-2xl">{sub.productName}</h2>
                    <Badge variant={!live ? "neutral" : sub.cancelAtPeriodEnd || sub.status === "past_due" ? "warning" : "success"}>
                      {!live ? "Cancelled" : sub.cancelAtPeriodEnd ? "Cancels at period end" : sub.status === "past_due" ? "Payment failed" : "Active"}
                    </Badge>
                  </div>
                  <p className="mt-3 text-base text-ink">
                    {sub.amount} per month.{" "}
                    {!live
                      ? `Ended on ${sub.canceledAt ?? sub.periodEnd}.`
                      : sub.cancelAtPeriodEnd
                        ? `Ends on ${sub.periodEnd}; you won't be charged again.`
                        : `Renews on ${sub.periodEnd}.`}
                  </p>
                  {live ? (
                    <Form method="post" className="mt-5 flex flex-wrap gap-3">
                      <input type="hidden" name="subscriptionId" value={sub.id} />
                      {sub.cancelAtPeriodEnd ? (
                        <Button type="submit" name="intent" value="resume" disabled={busy}>
                          Resume subscription
                        </Button>
                      ) : (
                        <Button type="submit" name="intent" value="cancel" variant="outline" disabled={busy}>
                          Cancel at period end
                        </Button>
                      )}
                      {/* TEST MODE: the events Stripe sends at the next billing date, through the
                          same signed webhook path (docs/product.md §8.6). */}
                      <Button type="submit" name="intent" value="advance" variant="ghost" disabled={busy}>
                        Simulate renewal
                      </Button>
                      {sub.cancelAtPeriodEnd ? null : (
                        <Button type="submit" name="intent" value="fail-renewal" variant="ghost" disabled={busy}>
                          Simulate failed renewal
                        </Button>
                      )}
                    </Form>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        <p className="mt-8">
          <Link to="/settings" className="link font-semibold">
            Return to account settings
          </Link>
        </p>
      </div>
    </div>
  );
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const portal = loaderData?.kind === "portal";
  return seo(matches, {
    noindex: true,
    title: portal ? "Manage your subscriptions (TEST MODE)" : "Test checkout (TEST MODE)",
    description: "The site's built-in test checkout for trying purchases without a card. No money moves.",
  });
}
