import { Link } from "react-router";
import type { Route } from "./+types/payment-success";
import { CheckCircleIcon, CheckIcon, MailIcon } from "~/components/icons";
import { PageHero } from "~/components/page-hero";
import { Alert } from "~/components/ui/alert";
import { Card, CardContent, CardDescription, CardTitle } from "~/components/ui/card";
import { SUCCESS_CARDS, SUCCESS_GAINS } from "~/content/checkout";
import { getSessionUser } from "~/server/auth/session.server";
import { findCatalogueProduct } from "~/server/payments/catalogue.server";
import { confirmCheckoutSession } from "~/server/payments/member-payments.server";
import { formatLongDate, formatMoney } from "~/utils/format";
import { islandsPage, loadAsDocument } from "~/utils/islands-page";
import { useRootData } from "~/utils/root-data";
import { seo } from "~/utils/seo";

// /payment-success (docs/product.md §8.5, §8.4): with ?session_id the server asks the payment provider
// whether that session is paid and is this member's, records the purchase once, and shows what
// was actually bought. Without a session id, a signed-in member, or a paid session of hers,
// nothing is recorded and the page says so plainly.

/** Where a product is delivered: its course, or the 1-to-1 client's coaching page. */
function membersAreaPath(productKey: string): string {
  return productKey === "learn-to-lift" || productKey === "build-stronger-foundations" ? `/learn/${productKey}` : "/learn/coaching";
}

type Outcome =
  | {
      state: "recorded";
      sessionId: string;
      productName: string;
      amount: string;
      monthly: boolean;
      nextPayment: string | null;
      gains: string[];
      learnPath: string | null;
    }
  /** Paid for a monthly offer she already had: the second subscription cancelled, the payment refunded. */
  | { state: "duplicate"; sessionId: string; productName: string; amount: string; refunded: boolean }
  | { state: "no_session" }
  | { state: "signed_out"; sessionId: string }
  | { state: "unpaid"; checkoutPath: string | null }
  | { state: "not_found" }
  | { state: "error" };

// Nothing on this page needs React in the browser: it is one of the pages that do not hydrate.
export const handle = islandsPage;
export const clientLoader = loadAsDocument;

export async function loader({ request, url }: Route.LoaderArgs): Promise<Outcome> {
  const sessionId = url.searchParams.get("session_id")?.trim() || null;
  if (!sessionId) return { state: "no_session" };
  const user = await getSessionUser(request);
  // docs/product.md §8.5: recording is skipped without a session; the provider's webhook records it anyway.
  if (!user) return { state: "signed_out", sessionId };

  const result = await confirmCheckoutSession(sessionId, user.id);
  switch (result.status) {
    case "recorded": {
      const { purchase, subscription } = result;
      const product = findCatalogueProduct(purchase.productKey);
      const live = subscription && subscription.status !== "canceled" && !subscription.cancelAtPeriodEnd;
      return {
        state: "recorded",
        sessionId: purchase.stripeSessionId,
        productName: purchase.productName,
        amount: formatMoney(purchase.amountCents, purchase.currency),
        monthly: subscription !== null,
        nextPayment: live && subscription.currentPeriodEnd ? formatLongDate(subscription.currentPeriodEnd) : null,
        gains: product?.features ?? SUCCESS_GAINS,
        // 'Start learning' goes to what she bought, in the members' area (docs/product.md §19).
        learnPath: product ? membersAreaPath(product.productKey) : null,
      };
    }
    case "duplicate":
      return {
        state: "duplicate",
        sessionId: result.purchase.stripeSessionId,
        productName: result.purchase.productName,
        amount: formatMoney(result.purchase.amountCents, result.purchase.currency),
        refunded: result.resolved,
      };
    case "unpaid":
      return { state: "unpaid", checkoutPath: findCatalogueProduct(result.productKey)?.checkoutPath ?? null };
    case "not_found":
      return { state: "not_found" };
    case "error":
      return { state: "error" };
  }
}

export default function PaymentSuccess({ loaderData: outcome }: Route.ComponentProps) {
  const { site } = useRootData();
  const confirmed = outcome.state === "recorded" || outcome.state === "no_session" || outcome.state === "signed_out";

  return (
    <main id="main">
      {outcome.state === "duplicate" ? (
        <PageHero
          align="center"
          eyebrow={outcome.refunded ? "Payment refunded" : "Refund under way"}
          title={`You already have ${outcome.productName}`}
          intro="Your subscription carries on exactly as before."
        />
      ) : confirmed ? (
        <PageHero
          align="center"
          eyebrow="Thank you"
          title="Payment Successful"
          intro="Welcome aboard. Here's what happens next."
        />
      ) : (
        <PageHero align="center" title="Payment not confirmed" intro="Nothing has been recorded for this payment." />
      )}

      <div className="container-page flex flex-col gap-12 py-12 sm:py-16">
        <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
          <OutcomeDetails outcome={outcome} contactEmail={site.contactEmail} />
        </div>

        {confirmed ? (
          <>
            <section aria-labelledby="next-steps-heading">
              <h2 id="next-steps-heading" className="text-center text-3xl">
                Your next steps
              </h2>
              <div className="mt-8 grid gap-6 md:grid-cols-3">
                {SUCCESS_CARDS.map((card, i) => (
                  <Card key={card.title}>
                    <CardContent className="flex flex-col gap-3">
                      <CardTitle>{card.title}</CardTitle>
                      <CardDescription>{card.body}</CardDescription>
                      {i === 1 ? (
                        <a href={site.communityUrl} target="_blank" rel="noopener noreferrer" className="link mt-auto font-semibold">
                          {SUCCESS_CARDS[1].link}
                          <span className="sr-only"> (opens in a new tab)</span>
                        </a>
                      ) : null}
                      {i === 2 && outcome.state === "recorded" && outcome.learnPath ? (
                        <Link to={outcome.learnPath} className="btn btn-primary mt-auto">
                          Start learning
                        </Link>
                      ) : null}
                    </CardContent>
                  </Card>
                ))}
              </div>
            </section>

            <section aria-labelledby="gains-heading" className="mx-auto w-full max-w-3xl">
              <h2 id="gains-heading" className="text-3xl">
                What you&apos;ve gained
              </h2>
              <ul className="mt-6 flex flex-col gap-3">
                {(outcome.state === "recorded" ? outcome.gains : SUCCESS_GAINS).map((gain) => (
                  <li key={gain} className="flex items-start gap-3 text-lg text-ink">
                    <CheckIcon className="mt-1 size-5 shrink-0 text-brand-700" strokeWidth={2.5} />
                    <span>{gain}</span>
                  </li>
                ))}
              </ul>
            </section>
          </>
        ) : null}

        <section aria-labelledby="help-heading" className="mx-auto w-full max-w-3xl rounded-3xl bg-sand-100 p-6 sm:p-8">
          <h2 id="help-heading" className="flex items-center gap-3 text-2xl">
            <MailIcon className="size-6 text-brand-700" />
            Can&apos;t find our email?
          </h2>
          <p className="mt-3 text-base text-ink">
            Please check your spam or junk folder, and add <a href={`mailto:${site.contactEmail}`} className="link">{site.contactEmail}</a>{" "}
            to your contacts. If nothing has arrived within an hour, contact support at the same address and we&apos;ll
            help straight away.
          </p>
        </section>

        <div className="flex flex-wrap justify-center gap-4">
          <Link to="/" className="btn btn-primary btn-lg">
            Return to Home
          </Link>
          <Link to="/contact" className="btn btn-outline btn-lg">
            Contact Support
          </Link>
        </div>
      </div>
    </main>
  );
}

function OutcomeDetails({ outcome, contactEmail }: { outcome: Outcome; contactEmail: string }) {
  switch (outcome.state) {
    case "recorded":
      return (
        <div className="rounded-3xl border border-success-200 bg-white p-6 shadow-sm sm:p-8">
          <p className="flex items-center gap-3 font-display text-xl font-semibold text-ink">
            <CheckCircleIcon className="size-6 text-success-700" />
            Your payment has been received
          </p>
          <dl className="mt-5 flex flex-col gap-2 text-base">
            <div className="flex flex-wrap gap-x-2">
              <dt className="font-semibold">Transaction ID:</dt>
              <dd className="break-all font-mono text-sm leading-6">{outcome.sessionId}</dd>
            </div>
            <div className="flex flex-wrap gap-x-2">
              <dt className="font-semibold">Product:</dt>
              <dd>
                {outcome.productName} - {outcome.amount}
                {outcome.monthly ? " per month" : null}
              </dd>
            </div>
          </dl>
          {outcome.monthly ? (
            <p className="mt-4 text-base text-ink-muted">
              {outcome.nextPayment ? `Your next payment is due on ${outcome.nextPayment}. ` : null}
              You can manage or cancel your subscription at any time from your{" "}
              <Link to="/settings" className="link">
                account settings
              </Link>
              .
            </p>
          ) : null}
        </div>
      );
    case "duplicate":
      return (
        <>
          <Alert
            variant={outcome.refunded ? "success" : "info"}
            role="status"
            title={outcome.refunded ? "Your second payment has been refunded" : "We're refunding your second payment"}
          >
            {outcome.refunded ? (
              <>
                You already had a {outcome.productName} subscription, so this second payment of {outcome.amount} has been
                refunded in full and the extra subscription cancelled. Nothing has been charged twice. A refund usually
                reaches your card within 5 to 10 working days, and we&apos;ve emailed you the details.
              </>
            ) : (
              <>
                You already had a {outcome.productName} subscription, so this second payment of {outcome.amount} is being
                refunded in full and the extra subscription cancelled. Nothing will be charged twice: we&apos;ll email you
                as soon as the refund is on its way.
              </>
            )}
          </Alert>
          <div className="rounded-3xl border border-sand-200 bg-white p-6 shadow-sm sm:p-8">
            <dl className="flex flex-col gap-2 text-base">
              <div className="flex flex-wrap gap-x-2">
                <dt className="font-semibold">Transaction ID:</dt>
                <dd className="break-all font-mono text-sm leading-6">{outcome.sessionId}</dd>
              </div>
            </dl>
            <p className="mt-4 text-base text-ink-muted">
              Both payments, and the subscription you keep, are in your{" "}
              <Link to="/settings" className="link">
                account settings
              </Link>
              .
            </p>
          </div>
        </>
      );
    case "no_session":
      return (
        <Alert variant="info" role="status">
          This link has no payment reference, so nothing new has been recorded here. Every purchase you make is listed
          under Payment History in your{" "}
          <Link to="/settings" className="link">
            account settings
          </Link>
          .
        </Alert>
      );
    case "signed_out":
      return (
        <Alert variant="info" role="status" title="Please log in to see this payment">
          You&apos;re not logged in, so this page can&apos;t show or record the payment. If you paid, it&apos;s recorded
          automatically: log in and you&apos;ll find it under Payment History in your account settings.{" "}
          <Link
            to={`/auth?${new URLSearchParams({ mode: "log-in", redirectTo: `/payment-success?session_id=${outcome.sessionId}` })}`}
            className="link font-semibold"
          >
            Log in
          </Link>
        </Alert>
      );
    case "unpaid":
      return (
        <Alert variant="warning" title="This payment was not completed">
          Nothing has been charged and nothing has been recorded.
          {outcome.checkoutPath ? (
            <>
              {" "}
              <Link to={outcome.checkoutPath} className="link font-semibold">
                Return to the checkout
              </Link>{" "}
              to try again when you&apos;re ready.
            </>
          ) : null}
        </Alert>
      );
    case "not_found":
      return (
        <Alert variant="warning" title="We couldn't find this payment on your account">
          Nothing has been recorded. If you were charged, please email{" "}
          <a href={`mailto:${contactEmail}`} className="link">
            {contactEmail}
          </a>{" "}
          with the time of your payment and we&apos;ll sort it out.
        </Alert>
      );
    case "error":
      return (
        <Alert variant="destructive" title="We couldn't confirm your payment just now">
          Our payment provider didn&apos;t answer. Please refresh this page in a minute. If you paid, your purchase is
          recorded automatically and appears under Payment History in your account settings.
        </Alert>
      );
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    noindex: true,
    title: "Payment Successful",
    description: "Your payment was successful. Here is what happens next.",
  });
}
