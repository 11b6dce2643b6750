import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/test-billing-portal";
import { TestModeBanner } from "~/components/test-mode-banner";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { requireUser } from "~/server/auth/guards.server";
import { formIntent, readForm } from "~/server/http/form-action.server";
import { findCustomerId } from "~/server/payments/customers.server";
import { requireTestProvider } from "~/server/payments/registry.server";
import { TEST_BILLING_PORTAL_PATH } from "~/server/payments/offline-checkout/records.server";
import { formatLongDate, formatMoney } from "~/utils/format";
import { seo } from "~/utils/seo";

// /test-checkout/billing-portal: the built-in test checkout's stand-in for Stripe's Customer Portal,
// where /settings/billing sends a member when no Stripe key is set (docs/product.md §8.6). She can
// cancel at period end and resume; in test mode she can also jump to the next billing date, or make
// that renewal fail, which sends the same signed events Stripe would. Only her own subscriptions.

const PORTAL_INTENTS = ["cancel", "resume", "advance", "fail-renewal", "fail-finally"] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const provider = await requireTestProvider();
  const customerId = await findCustomerId(user.id, "test");
  const subscriptions = customerId ? await provider.listSubscriptions(customerId) : [];
  return {
    email: user.email,
    subscriptions: subscriptions.map((s) => ({
      id: s.id,
      productName: s.productName,
      amount: formatMoney(s.amount, s.currency),
      /** A payment plan's payments still to take (null: an ordinary subscription). */
      paymentsLeft: s.paymentsLeft,
      status: s.status,
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      periodEnd: formatLongDate(s.currentPeriodEnd),
      canceledAt: s.canceledAt ? formatLongDate(s.canceledAt) : null,
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const provider = await requireTestProvider();
  const read = await readForm(request);
  // Not a form at all (a broken or foreign body): refused, nothing changes.
  if (!read.ok) return new Response(null, { status: read.status });
  const intent = formIntent(read.form, PORTAL_INTENTS);
  const customerId = await findCustomerId(user.id, "test");
  const subscriptionId = String(read.form.get("subscriptionId") ?? "");
  if (!customerId || !subscriptionId) return new Response(null, { status: 404 });
  if (!intent) return new Response(null, { status: 400 });
  if (intent === "cancel") await provider.setCancelAtPeriodEnd(customerId, subscriptionId, true);
  else if (intent === "resume") await provider.setCancelAtPeriodEnd(customerId, subscriptionId, false);
  else if (intent === "advance") await provider.advance(customerId, subscriptionId);
  else if (intent === "fail-finally") await provider.failFinally(customerId, subscriptionId);
  else await provider.failRenewal(customerId, subscriptionId);
  throw redirect(TEST_BILLING_PORTAL_PATH);
}

export default function TestBillingPortal({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <main id="main" className="bg-sand-50">
      <TestModeBanner />
      <Portal subscriptions={loaderData.subscriptions} email={loaderData.email} busy={navigation.state !== "idle"} />
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
  paymentsLeft: number | null;
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
                      : sub.paymentsLeft === 0
                        ? `Payment plan: every payment taken; it ends by itself on ${sub.periodEnd}.`
                        : sub.paymentsLeft !== null
                          ? `Payment plan: ${sub.paymentsLeft} more ${sub.paymentsLeft === 1 ? "payment" : "payments"}, the next on ${sub.periodEnd}.`
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
                        {sub.cancelAtPeriodEnd ? "Simulate the period's end" : "Simulate renewal"}
                      </Button>
                      {sub.cancelAtPeriodEnd ? null : (
                        <Button type="submit" name="intent" value="fail-renewal" variant="ghost" disabled={busy}>
                          {sub.status === "past_due" ? "Simulate another failed retry" : "Simulate failed renewal"}
                        </Button>
                      )}
                      {sub.status === "past_due" ? (
                        <Button type="submit" name="intent" value="fail-finally" variant="ghost" disabled={busy}>
                          Simulate the last retry failing
                        </Button>
                      ) : null}
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

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    noindex: true,
    title: "Manage your subscriptions (TEST MODE)",
    description: "The site's built-in test checkout for trying purchases without a card. No money moves.",
  });
}
