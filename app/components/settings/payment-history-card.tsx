import type { SettingsPurchase, SettingsSubscription } from "~/server/account/settings.server";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDateTime, formatLongDate, formatMoney, truncateSessionId } from "~/utils/format";
import { SETTINGS_TEXT } from "./settings-form";
import { useRootData } from "~/utils/root-data";

/** docs/product.md §9.7 Payment History (docs/product.md §14.5 formats) and her monthly subscriptions. */
export function PaymentHistoryCard({ purchases, subscriptions }: { purchases: SettingsPurchase[]; subscriptions: SettingsSubscription[] }) {
  const { site } = useRootData();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Payment History</CardTitle>
        <CardDescription>Everything you have bought from us.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {purchases.length > 0 ? (
          // What she bought is delivered in the members' area (docs/product.md §19).
          <p>
            <a href="/learn" className="btn btn-primary btn-sm">
              My courses
            </a>
          </p>
        ) : null}
        {purchases.length === 0 ? (
          <p className="text-ink-muted">{SETTINGS_TEXT.noPurchases}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-sand-200" aria-label="Purchases">
            {purchases.map((purchase) => (
              <li key={purchase.id} className="flex flex-wrap items-start justify-between gap-3 py-3 first:pt-0 last:pb-0">
                <div className="flex min-w-0 flex-col gap-1">
                  <span className="font-semibold">{purchase.productName}</span>
                  <time dateTime={purchase.purchasedAt} className="text-sm text-ink-muted">
                    {formatDateTime(purchase.purchasedAt)}
                  </time>
                  <span className="font-mono text-xs break-all text-ink-muted">{truncateSessionId(purchase.stripeSessionId)}</span>
                  {purchase.promotion ? (
                    <span className="text-sm text-ink-muted">
                      Promotion code <span className="font-semibold text-ink">{purchase.promotion.code}</span>: you saved{" "}
                      {formatMoney(purchase.promotion.discountCents, purchase.currency)}
                    </span>
                  ) : null}
                </div>
                {purchase.given ? (
                  <div className="flex items-center gap-2">
                    <Badge variant="accent">Given by the coach</Badge>
                  </div>
                ) : (
                  <div className="flex items-center gap-2">
                    <span className="font-semibold">{formatMoney(purchase.amountCents, purchase.currency)}</span>
                    <Badge variant="neutral">{purchase.currency.toUpperCase()}</Badge>
                    {purchase.refunded ? <Badge variant="warning">Refunded</Badge> : null}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        {subscriptions.length > 0 ? (
          <section aria-labelledby="settings-subscriptions" className="flex flex-col gap-3 border-t border-sand-200 pt-6">
            <h3 id="settings-subscriptions" className="font-display text-xl font-semibold">
              {subscriptions.some((sub) => sub.plan) ? "Subscriptions and payment plans" : "Subscriptions"}
            </h3>
            {subscriptions
              .filter((sub) => sub.paymentFailingUntil)
              .map((sub) => (
                <Alert key={sub.id} variant="warning" title={`Your ${sub.productName} payment didn't go through`}>
                  Please update your card with &lsquo;Update my card&rsquo; below and we&apos;ll take the payment automatically. You keep
                  full access until {formatLongDate(sub.paymentFailingUntil!)}.
                </Alert>
              ))}
            {subscriptions
              .filter((sub) => sub.plan && !sub.plan.complete && sub.status === "canceled" && sub.plan.balancePence > 0)
              .map((sub) => (
                <Alert key={sub.id} variant="warning" title={`Your ${sub.productName} payment plan has stopped`}>
                  {formatMoney(sub.plan!.balancePence)} of {formatMoney(sub.plan!.totalPence)} is still to pay, so the course is closed for now and your
                  progress is kept. Please write to{" "}
                  <a className="link" href={`mailto:${site.contactEmail}`}>
                    {site.contactEmail}
                  </a>{" "}
                  and we&apos;ll sort it out together.
                </Alert>
              ))}
            <ul className="flex flex-col gap-3">
              {subscriptions.map((sub) => (
                <li key={sub.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold">{sub.productName}</span>
                  <span className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
                    <Badge variant={sub.plan?.complete || (sub.status === "active" && !sub.ends) ? "success" : "neutral"}>{sub.statusLabel}</Badge>
                    {sub.plan ? (
                      <span>{planLine(sub)}</span>
                    ) : sub.periodEnd ? (
                      <span>
                        {sub.status === "canceled" ? "Ended" : sub.ends ? "Ends" : "Renews"} {formatLongDate(sub.periodEnd)}
                      </span>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
            <form method="post" action="/settings/billing">
              <Button type="submit" size="sm" variant={subscriptions.some((sub) => sub.paymentFailingUntil) ? "primary" : "outline"}>
                {subscriptions.some((sub) => sub.paymentFailingUntil) ? "Update my card" : "Manage subscription"}
              </Button>
            </form>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** A payment plan's line (docs/product.md §8.11): how far through it she is, what is left and when the next payment is. */
function planLine(sub: SettingsSubscription): string {
  const plan = sub.plan!;
  if (plan.complete) return `All ${plan.instalments} payments made: the course is yours for life`;
  const made = `${plan.paidCount} of ${plan.instalments} payments made, ${formatMoney(plan.balancePence)} still to pay`;
  return sub.status !== "canceled" && !sub.ends && sub.periodEnd ? `${made}. Next payment ${formatLongDate(sub.periodEnd)}.` : made;
}
