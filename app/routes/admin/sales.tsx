import { randomUUID } from "node:crypto";
import { data } from "react-router";
import type { Route } from "./+types/sales";
import { AdminNotice } from "~/components/admin/admin-notice";
import { SalesTab } from "~/components/admin/sales-tab";
import { TabFailed } from "~/components/admin/tab-failed";
import { loadSalesTab, saleProducts, salesFilterFrom } from "~/server/admin/sales.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { formIntent, parseForm, readForm } from "~/server/http/form-action.server";
import { redirectWithToast } from "~/server/core/toast.server";
import { refundPurchase } from "~/server/payments/refunds.server";
import { cancelFromDashboard, pauseFromDashboard } from "~/server/payments/subscription-actions.server";
import { formatMoney } from "~/utils/format";
import { CancelSubscriptionSchema, PauseSubscriptionSchema, RefundSchema } from "~/validation/sales-actions";

// /settings/admin/sales: the Sales tab (docs/product.md §10.11), every payment newest first, filtered
// by product and status in the URL (?product=…&status=…&page=…); the CSV is ./sales-export.ts.
// Its forms: 'Refund' on a payment (docs/product.md §8.7), intent=refund with purchaseId, amount
// (pounds; empty for all that is left), confirm=yes and the page's request key, so a double click
// or a retry refunds once (payments/refunds.server.ts); 'Cancel subscription' (§10.11),
// intent=cancel-subscription with subscriptionId, when=period_end|now and confirm=yes; 'Pause',
// intent=pause-subscription with subscriptionId, months=1|2|3 and confirm=yes.


export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  // A key per showing of the tab: each refund form posts it with the payment's id.
  return { sales: await loadSalesTab(salesFilterFrom(url)), products: saleProducts(), refundKey: randomUUID() };
}

export async function action({ request, url }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const read = await readForm(request);
  if (!read.ok) return data({ error: read.message }, { status: read.status });
  const back = `${url.pathname}${url.search}`;
  if (formIntent(read.form, ["cancel-subscription"]) === "cancel-subscription") {
    const cancel = parseForm(read.form, CancelSubscriptionSchema);
    if (!cancel.ok) return data({ error: cancel.error }, { status: 400 });
    const cancelled = await cancelFromDashboard(admin.id, cancel.data.subscriptionId, cancel.data.when);
    if (!cancelled.ok) return data({ error: cancelled.message }, { status: cancelled.status });
    return redirectWithToast(back, { title: "Subscription cancelled", description: `${cancelled.summary}. She gets an email to say so.`, variant: "success" }, { status: 303 });
  }
  if (formIntent(read.form, ["pause-subscription"]) === "pause-subscription") {
    const pause = parseForm(read.form, PauseSubscriptionSchema);
    if (!pause.ok) return data({ error: pause.error }, { status: 400 });
    const paused = await pauseFromDashboard(admin.id, pause.data.subscriptionId, pause.data.months);
    if (!paused.ok) return data({ error: paused.message }, { status: paused.status });
    return redirectWithToast(back, { title: "Subscription paused", description: `${paused.summary}. She gets an email to say so.`, variant: "success" }, { status: 303 });
  }
  const parsed = parseForm(read.form, RefundSchema);
  if (!parsed.ok) return data({ error: parsed.error }, { status: 400 });
  const { purchaseId, amountPence, requestKey } = parsed.data;
  const outcome = await refundPurchase({ purchaseId, amountPence, adminId: admin.id, requestKey: `${requestKey}:${purchaseId}` });
  if (!outcome.ok) return data({ error: outcome.message }, { status: outcome.status });
  return redirectWithToast(
    back,
    {
      title: outcome.repeated ? "Already refunded" : "Refund made",
      description: `${formatMoney(outcome.amount)} of ${outcome.productName} ${outcome.repeated ? "was already refunded from this page" : "is on its way back to her card. She gets an email to say so"}.`,
      variant: outcome.repeated ? "info" : "success",
    },
    { status: 303 },
  );
}

export default function SalesRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { sales, products, refundKey } = loaderData;
  return (
    <>
      {actionData && "error" in actionData ? <AdminNotice title="Nothing was changed" message={actionData.error} /> : null}
      {sales ? <SalesTab page={sales} products={products} refundKey={refundKey} /> : <TabFailed tab="sales" />}
    </>
  );
}
