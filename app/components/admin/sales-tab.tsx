import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import type { SalesFilter, SalesPage, SaleRow, SaleStatus } from "~/server/admin/sales.server";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatLongDate, formatMoney } from "~/utils/format";
import { DownloadIcon } from "./admin-icons";
import { PageLinks } from "./page-links";
import { cursorOf } from "~/utils/page-cursor";
import { tabHref } from "~/utils/admin-tabs";

// docs/product.md §10.11 Sales tab: every payment, newest first, filtered by product and status
// with a GET form (the filter is in the URL, so it works before JavaScript loads and each view has
// an address), fifty to a page, the filter's totals, and the same list as CSV.

const number = new Intl.NumberFormat("en-GB");
const SALES_TAB = tabHref("sales");
const pounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

/** Each status as the coach reads it, and its badge's colour. */
const SALE_STATUS_BADGES: Record<SaleStatus, { label: string; variant: BadgeVariant }> = {
  paid: { label: "Paid", variant: "success" },
  active: { label: "Active", variant: "success" },
  // The badge says the date: 'Cancels on 5 January 2025'.
  cancelling: { label: "Cancels at period end", variant: "warning" },
  past_due: { label: "Past due", variant: "danger" },
  ended: { label: "Ended", variant: "neutral" },
  partly_refunded: { label: "Partly refunded", variant: "warning" },
  refunded: { label: "Refunded", variant: "neutral" },
};

/** A payment's status ('Cancels on 5 January 2025' for a subscription that stops at period end). */
export function SaleStatusBadge({ status, endsAt }: { status: SaleStatus; endsAt: string | null }) {
  const badge = SALE_STATUS_BADGES[status];
  return <Badge variant={badge.variant}>{status === "cancelling" && endsAt ? `Cancels on ${formatLongDate(endsAt)}` : badge.label}</Badge>;
}

export interface SalesTabProps {
  page: SalesPage;
  products: { key: string; name: string }[];
  /** This showing's refund request key (a double click or a retry refunds once). */
  refundKey?: string;
}

function salesHref(filter: Pick<SalesFilter, "product" | "status">, page = 1, base = SALES_TAB, from?: { direction: "older" | "newer"; cursor: string }): string {
  const params = new URLSearchParams();
  if (filter.product) params.set("product", filter.product);
  if (filter.status) params.set("status", filter.status);
  if (page > 1) params.set("page", String(page));
  // Page 1 is the top of the list: no cursor needed.
  if (from && page > 1) params.set(from.direction, from.cursor);
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}

export function SalesTab({ page, products, refundKey }: SalesTabProps) {
  const { filter, totals } = page;
  const filtered = Boolean(filter.product || filter.status);
  return (
    <Card>
      <CardHeader className="gap-4 px-4 sm:flex-row sm:items-start sm:justify-between sm:px-8">
        <div className="flex flex-col gap-2">
          <CardTitle as="h3">Sales</CardTitle>
          <CardDescription>
            Every payment, newest first: one-off purchases, first months and renewals.
          </CardDescription>
        </div>
        <a href={salesHref(filter, 1, "/settings/admin/sales.csv")} download className="btn btn-outline btn-sm self-start">
          <DownloadIcon className="size-4.5" />
          Export sales (CSV)
        </a>
      </CardHeader>
      <CardContent className="flex flex-col gap-6 px-4 sm:px-8">
        <Form method="get" action={SALES_TAB} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" aria-label="Filter sales">
          <label className="flex flex-col gap-1.5 text-sm font-semibold text-ink">
            Product
            <select name="product" defaultValue={filter.product} className="min-h-12 rounded-xl border border-line-strong bg-white px-3 text-base font-normal text-ink shadow-xs focus-visible:border-brand-700 focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none">
              <option value="">All products</option>
              {products.map((p) => (
                <option key={p.key} value={p.key}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1.5 text-sm font-semibold text-ink">
            Status
            <select name="status" defaultValue={filter.status} className="min-h-12 rounded-xl border border-line-strong bg-white px-3 text-base font-normal text-ink shadow-xs focus-visible:border-brand-700 focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none">
              <option value="">All statuses</option>
              {(Object.keys(SALE_STATUS_BADGES) as SaleStatus[]).map((value) => (
                <option key={value} value={value}>
                  {SALE_STATUS_BADGES[value].label}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" variant="secondary">
            Show
          </Button>
        </Form>

        <p className="rounded-2xl bg-sand-50 px-4 py-3 text-base text-ink" role="status">
          <span className="font-semibold">{number.format(totals.count)}</span> {totals.count === 1 ? "payment" : "payments"}
          {filtered ? " match" + (totals.count === 1 ? "es" : "") + " the filter" : " in all"}, <span className="font-semibold">{pounds.format(totals.netPence / 100)}</span> after refunds.
        </p>

        {page.rows.length > 0 ? (
          <>
            <ul className="flex flex-col divide-y divide-sand-200 rounded-2xl border border-sand-200" aria-label="Payments">
              {page.rows.map((row, i) => (
                <SaleItem
                  key={row.id}
                  row={row}
                  refundKey={refundKey}
                  // A subscription is cancelled from its newest payment on the page only.
                  cancellable={
                    row.subscriptionId !== null &&
                    (row.status === "active" || row.status === "past_due" || row.status === "cancelling") &&
                    !page.rows.slice(0, i).some((earlier) => earlier.subscriptionId === row.subscriptionId)
                  }
                />
              ))}
            </ul>
            <PageLinks
              label="Pages of payments"
              page={filter.page}
              previous={page.hasPrevious ? salesHref(filter, filter.page - 1, SALES_TAB, { direction: "newer", cursor: cursorOf(page.rows[0]!) }) : null}
              next={page.hasNext ? salesHref(filter, filter.page + 1, SALES_TAB, { direction: "older", cursor: cursorOf(page.rows.at(-1)!) }) : null}
              labels={{ previous: "Newer", next: "Older" }}
            />
          </>
        ) : (
          <p className="rounded-2xl border border-dashed border-sand-300 bg-sand-50 px-4 py-10 text-center text-ink-muted">
            {filtered ? "No payments match this filter." : "No payments yet."}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/** A payment plan's progress (docs/product.md §8.11): '1 of 3 paid, £200.00 to pay', or paid in full. */
function planBadge(plan: NonNullable<SaleRow["plan"]>): string {
  if (plan.complete) return `Payment plan: all ${plan.instalments} paid`;
  return `Payment plan: ${plan.paidCount} of ${plan.instalments} paid, ${formatMoney(plan.balancePence)} to pay`;
}

function SaleItem({ row, refundKey, cancellable = false }: { row: SaleRow; refundKey?: string; cancellable?: boolean }) {
  const who = row.memberName ?? row.memberEmail;
  const left = row.amountPence - row.refundedPence;
  return (
    <li className="flex flex-col gap-2 px-3 py-4 sm:flex-row sm:flex-wrap sm:items-center sm:gap-4 sm:px-4">
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-semibold">{row.productName}</span>
          {row.given ? <Badge variant="accent">Given by the coach</Badge> : <SaleStatusBadge status={row.status} endsAt={row.endsAt} />}
          {row.pausedUntil ? <Badge variant="neutral">Paused until {formatLongDate(row.pausedUntil)}</Badge> : null}
          {row.plan ? <Badge variant="neutral">{planBadge(row.plan)}</Badge> : null}
        </p>
        <p className="text-sm text-ink-muted">
          {row.memberEmail ? (
            <Link to={`/settings/admin/users?q=${encodeURIComponent(row.memberEmail)}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
              {who}
            </Link>
          ) : (
            "Account deleted"
          )}
          {" · "}
          <time dateTime={row.purchasedAt}>{formatLongDate(row.purchasedAt)}</time>
        </p>
      </div>
      <p className="shrink-0 text-left text-lg font-semibold tabular-nums sm:text-right">
        {formatMoney(row.amountPence, row.currency)}
        {row.promotionCode ? (
          <span className="block text-sm font-normal text-ink-muted">
            {row.promotionCode}: {formatMoney(row.discountPence, row.currency)} off
          </span>
        ) : null}
        {row.refundedPence > 0 ? (
          <span className="block text-sm font-normal text-ink-muted">{formatMoney(row.refundedPence, row.currency)} refunded</span>
        ) : null}
      </p>
      {(refundKey && left > 0 && !row.given) || cancellable ? (
        <div className="flex w-full flex-col gap-3 sm:basis-full">
          {refundKey && left > 0 && !row.given ? <RefundForm row={row} left={left} refundKey={refundKey} /> : null}
          {/* A payment plan is not paused: a pause would leave its last payments untaken. */}
          {cancellable && row.status === "active" && !row.pausedUntil && !row.plan ? <PauseForm row={row} /> : null}
          {cancellable ? <CancelForm row={row} /> : null}
        </div>
      ) : null}
    </li>
  );
}

/**
 * One of the Sales tab's actions on a payment (docs/product.md §10.11): a button that opens in
 * place a plain form (it works before JavaScript loads) with its own fields, a box to tick that
 * says what will happen (the server checks it too) and the button that does it.
 */
function ConfirmAction({
  label,
  intent,
  hidden,
  confirmId,
  confirmText,
  submitLabel,
  destructive = true,
  children,
}: {
  label: string;
  intent: string;
  hidden: Record<string, string>;
  confirmId: string;
  confirmText: ReactNode;
  submitLabel: string;
  destructive?: boolean;
  children?: ReactNode;
}) {
  return (
    <details className="group w-full">
      <summary className="btn btn-outline btn-sm w-fit cursor-pointer list-none">{label}</summary>
      <Form method="post" className="mt-3 flex flex-col gap-3 rounded-2xl border border-sand-200 bg-sand-50 p-4">
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {children}
        <label htmlFor={confirmId} className="flex items-start gap-3 text-sm text-ink">
          <input id={confirmId} type="checkbox" name="confirm" value="yes" required className="mt-0.5 size-5 shrink-0 accent-brand-700" />
          <span>{confirmText}</span>
        </label>
        <Button type="submit" variant={destructive ? "destructive" : "primary"} size="sm" className="w-fit">
          {submitLabel}
        </Button>
      </Form>
    </details>
  );
}

/**
 * 'Refund' (docs/product.md §8.7): how much (all that is left unless she says less); the page's
 * request key makes a double click refund once.
 */
function RefundForm({ row, left, refundKey }: { row: SaleRow; left: number; refundKey: string }) {
  const id = `refund-${row.id}`;
  return (
    <ConfirmAction
      label="Refund"
      intent="refund"
      hidden={{ purchaseId: row.id, requestKey: refundKey }}
      confirmId={`${id}-confirm`}
      confirmText={`Yes, refund this payment to ${row.memberName ?? row.memberEmail ?? "her"}'s card. It cannot be undone, and she gets an email to say so.`}
      submitLabel="Confirm refund"
    >
      <label htmlFor={`${id}-amount`} className="text-sm font-semibold text-ink">
        Amount to refund in pounds
      </label>
      <p id={`${id}-hint`} className="-mt-2 text-sm text-ink-muted">
        Leave it empty to refund all that is left ({formatMoney(left, row.currency)}).
      </p>
      <Input id={`${id}-amount`} name="amount" inputMode="decimal" autoComplete="off" aria-describedby={`${id}-hint`} className="max-w-48" />
    </ConfirmAction>
  );
}

/**
 * 'Cancel subscription' (docs/product.md §10.11): at the end of the paid period (the default) or
 * now. The provider ends it; its events email her. A payment plan's payments stop the same way.
 */
function CancelForm({ row }: { row: SaleRow }) {
  const what = row.plan ? "payment plan" : "subscription";
  return (
    <ConfirmAction
      label={`Cancel ${what}`}
      intent="cancel-subscription"
      hidden={{ subscriptionId: row.subscriptionId ?? "" }}
      confirmId={`cancel-${row.id}-confirm`}
      confirmText={`Yes, cancel ${row.memberName ?? row.memberEmail ?? "her"}'s ${row.productName} ${what}. She gets an email to say so.`}
      submitLabel="Confirm cancellation"
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-ink">When it ends</legend>
        {row.status !== "cancelling" ? (
          <label className="flex items-center gap-3 text-sm text-ink">
            <input type="radio" name="when" value="period_end" defaultChecked className="size-5 accent-brand-700" />
            At the end of the month she has paid for
          </label>
        ) : null}
        <label className="flex items-center gap-3 text-sm text-ink">
          <input type="radio" name="when" value="now" defaultChecked={row.status === "cancelling"} className="size-5 accent-brand-700" />
          Now (her access ends today; nothing is refunded)
        </label>
      </fieldset>
    </ConfirmAction>
  );
}

/**
 * 'Pause' (docs/product.md §10.11): no payments for 1 to 3 months from the end of the month she
 * has paid for, then it carries on by itself.
 */
function PauseForm({ row }: { row: SaleRow }) {
  return (
    <ConfirmAction
      label="Pause"
      intent="pause-subscription"
      hidden={{ subscriptionId: row.subscriptionId ?? "" }}
      confirmId={`pause-${row.id}-confirm`}
      confirmText={`Yes, pause ${row.memberName ?? row.memberEmail ?? "her"}'s ${row.productName} subscription. No payments are taken during the pause, and she gets an email to say so.`}
      submitLabel="Confirm pause"
      destructive={false}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-ink">For how long, from the end of the month she has paid for</legend>
        {[1, 2, 3].map((months) => (
          <label key={months} className="flex items-center gap-3 text-sm text-ink">
            <input type="radio" name="months" value={months} defaultChecked={months === 1} className="size-5 accent-brand-700" />
            {months === 1 ? "1 month" : `${months} months`}
          </label>
        ))}
      </fieldset>
    </ConfirmAction>
  );
}
