import { formatLongDate } from "~/utils/format";
import { formatDueDay, oneWorkingDayAfter } from "~/utils/working-days";
import type { EmailSection } from "./layout.server";
import { money, offerKindOf, render, siteUrl, type RenderedEmail } from "./sale-template-kit.server";

// The coach's notifications of what happens to her sales (docs/product.md §18.4): a new sale (with
// the 1-to-1 follow-up to-do), a cancellation or end, a failed renewal, a refund. Pure functions
// of their data, previewed on the Emails tab like the member's.

export interface CoachEventData {
  productKey: string;
  buyerName: string | null;
  buyerEmail: string | null;
  productName: string;
  amountPence: number;
  currency: string;
  monthly: boolean;
  transactionId: string;
  at: Date;
  /** The promotion code the sale used and what it took off (pence), if any. */
  promotion?: { code: string; discountPence: number } | null;
  /** A payment plan (docs/product.md §8.11): its payments and total; when it ended, what was paid and is left. */
  plan?: { count: number; totalPence: number; paidCount?: number; balancePence?: number } | null;
}

/** Where the coach finds the member: the dashboard's Users tab, searched for her address. */
export function memberDashboardUrl(email: string | null): string {
  return siteUrl(email ? `/settings/admin/users?q=${encodeURIComponent(email)}` : "/settings/admin/users");
}

function who(data: Pick<CoachEventData, "buyerName" | "buyerEmail">): string {
  const name = data.buyerName?.trim();
  if (name && data.buyerEmail) return `${name} (${data.buyerEmail})`;
  return name || data.buyerEmail || "A member whose account no longer exists";
}

function coachDetails(data: CoachEventData, amountLabel: string) {
  const promotion = data.promotion && data.promotion.discountPence > 0 ? data.promotion : null;
  return [
    { label: "Product", value: data.productName },
    { label: amountLabel, value: `${money(data.amountPence, data.currency)}${data.monthly && !promotion ? " a month" : ""}` },
    ...(promotion ? [{ label: "Promotion code", value: `${promotion.code} (${money(promotion.discountPence, data.currency)} off)` }] : []),
    ...(data.plan ? [{ label: "Payment plan", value: `${data.plan.count} monthly payments, ${money(data.plan.totalPence, data.currency)} in all` }] : []),
    ...(data.plan?.balancePence ? [{ label: "Still to pay", value: money(data.plan.balancePence, data.currency) }] : []),
    { label: "Member", value: data.buyerName?.trim() || "Not known" },
    { label: "Email", value: data.buyerEmail ?? "Not known" },
    { label: "Transaction ID", value: data.transactionId },
    { label: "Date", value: formatLongDate(data.at) },
  ];
}

/**
 * The to-do a 1-to-1 sale gives the coach (docs/product.md §18.4, decision 259): the checkout
 * promised a personal email within one working day, so the notice names the address and the day.
 */
function oneToOneFollowUp(data: CoachEventData): EmailSection {
  const due = formatDueDay(oneWorkingDayAfter(data.at));
  const first = data.buyerName?.trim().split(/\s+/)[0];
  const whom = first ? `${first}${data.buyerEmail ? ` at ${data.buyerEmail}` : ""}` : (data.buyerEmail ?? "her");
  return {
    heading: `Your to-do: reply by ${due}`,
    paragraphs: [
      `Email ${whom} by ${due} to welcome her personally and say what happens next. Her checkout page promised she'd hear from you within one working day.`,
      "It's on your dashboard's overview until you choose 'Mark done'.",
    ],
    action: { label: "Open my to-dos", url: siteUrl("/settings/admin#follow-ups") },
  };
}

export function renderCoachNewSale(data: CoachEventData): RenderedEmail {
  const amount = money(data.amountPence, data.currency);
  const oneToOne = offerKindOf(data.productKey) === "one-to-one";
  const due = oneToOne ? formatDueDay(oneWorkingDayAfter(data.at)) : null;
  const plan = data.plan ? ` (the first of ${data.plan.count} monthly payments, ${money(data.plan.totalPence, data.currency)} in all)` : "";
  return render(`New sale: ${data.productName}, ${amount}${data.monthly ? " a month" : ""}${data.plan ? ` (1 of ${data.plan.count})` : ""}`, {
    preheader: due ? `${who(data)} has just bought ${data.productName}. Reply by ${due}.` : `${who(data)} has just bought ${data.productName}.`,
    heading: `New sale: ${data.productName}`,
    paragraphs: [
      `${who(data)} has just bought ${data.productName} for ${amount}${data.monthly ? " a month" : ""}${plan}.`,
      oneToOne ? "She's been sent the link to book her first session." : "She's been sent her receipt and what happens next.",
    ],
    details: [...coachDetails(data, "Amount"), ...(due ? [{ label: "Reply by", value: due }] : [])],
    ...(oneToOne ? { sections: [oneToOneFollowUp(data)] } : {}),
    action: { label: "See her in the dashboard", url: memberDashboardUrl(data.buyerEmail) },
  });
}

/** She cancelled (access to the period's end); it ended; or it ended because the last retry of its payment failed. */
export type SubscriptionEndKind = "cancelled" | "ended" | "unpaid";

export function renderCoachSubscriptionEnded(data: CoachEventData & { kind: SubscriptionEndKind; accessEndsAt: Date | null }): RenderedEmail {
  const ends = data.accessEndsAt ? formatLongDate(data.accessEndsAt) : null;
  const cancelled = data.kind === "cancelled";
  const unpaid = data.kind === "unpaid";
  if (data.plan && unpaid) {
    const balance = money(data.plan.balancePence ?? 0, data.currency);
    return render(`Payment plan ended unpaid: ${data.productName}, ${balance} still to pay`, {
      heading: `A ${data.productName} payment plan has stopped`,
      paragraphs: [
        `${who(data)}'s payment plan for ${data.productName} has stopped because a payment still failed after the last retry. ${data.plan.paidCount ?? 0} of ${data.plan.count} payments were made; ${balance} of ${money(data.plan.totalPence, data.currency)} is still to pay.`,
        "Her course is closed until it's settled, and she has been asked to get in touch. Once she has paid you, 'Give access' on her row in the dashboard opens it again.",
      ],
      details: coachDetails({ ...data, monthly: false }, "Each payment"),
      action: { label: "See her in the dashboard", url: memberDashboardUrl(data.buyerEmail) },
    });
  }
  return render(`${cancelled ? "Subscription cancelled" : unpaid ? "Subscription ended unpaid" : "Subscription ended"}: ${data.productName}`, {
    heading: cancelled ? `A ${data.productName} subscription was cancelled` : `A ${data.productName} subscription has ended`,
    paragraphs: [
      cancelled
        ? `${who(data)} has cancelled ${data.productName}.${ends ? ` Her access ends on ${ends}.` : ""}`
        : unpaid
          ? `${who(data)}'s ${data.productName} subscription has ended because her payment still failed after the last retry. She no longer has access, and she has been told how to join again. A personal note from you may be what brings her back.`
          : `${who(data)}'s ${data.productName} subscription has ended, and she no longer has access.`,
    ],
    details: coachDetails(data, "Monthly amount"),
    action: { label: "See her in the dashboard", url: memberDashboardUrl(data.buyerEmail) },
  });
}

export function renderCoachRenewalFailed(data: CoachEventData): RenderedEmail {
  return render(`Renewal failed: ${data.productName}`, {
    heading: `A ${data.productName} renewal failed`,
    paragraphs: [
      `The monthly payment from ${who(data)} for ${data.productName} was declined. She's been emailed a link to update her card; the payment provider will try again.`,
    ],
    details: coachDetails(data, "Amount due"),
    action: { label: "See her in the dashboard", url: memberDashboardUrl(data.buyerEmail) },
  });
}

export function renderCoachRefund(data: CoachEventData & { full: boolean }): RenderedEmail {
  const amount = money(data.amountPence, data.currency);
  return render(`Refund: ${amount} for ${data.productName}`, {
    heading: `A ${data.productName} payment was refunded`,
    paragraphs: [`${data.full ? "The full payment" : "Part of the payment"} from ${who(data)} for ${data.productName} was refunded: ${amount}.`],
    details: coachDetails({ ...data, monthly: false }, "Refunded"),
    action: { label: "See her in the dashboard", url: memberDashboardUrl(data.buyerEmail) },
  });
}
