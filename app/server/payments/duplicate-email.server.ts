import { getServerEnv, getSiteConfig } from "~/config/env.server";
import type { Queryable } from "~/server/db/client.server";
import { renderEmail } from "~/server/email/mailer.server";
import { queueEmail } from "~/server/email/queue.server";

// The one email about a duplicate subscription: she paid for a monthly offer she already had, and
// the second payment was refunded and its subscription cancelled. Queued in the transaction that
// records the refund (docs/product.md §18).

export interface DuplicateRefundEmail {
  to: string;
  firstName: string | null;
  productName: string;
  /** Formatted, e.g. "£20.00". */
  amount: string;
  /** Formatted, e.g. "5 January 2027". */
  paidOn: string;
}

export function renderDuplicateRefundEmail({ firstName, productName, amount, paidOn }: Omit<DuplicateRefundEmail, "to">) {
  const site = getSiteConfig();
  const name = firstName?.trim().split(/\s+/)[0];
  const { text, html } = renderEmail({
    heading: "We've refunded your second payment",
    paragraphs: [
      name ? `Hello ${name},` : "Hello,",
      `You already have ${productName}, so the second payment of ${amount} you made on ${paidOn} has been refunded in full and the extra subscription cancelled. Nothing has been charged twice.`,
      "Your existing subscription carries on exactly as before. A refund usually reaches your card within 5 to 10 working days.",
    ],
    action: { label: "View your account", url: `${getServerEnv().SITE_ORIGIN}/settings` },
    footer: `If you meant to buy a second place, for a friend perhaps, just reply or write to ${site.contactEmail} and we'll sort it out.`,
  });
  return { subject: `Your second ${productName} payment has been refunded`, text, html };
}

export async function sendDuplicateRefundEmail(db: Queryable, { to, ...details }: DuplicateRefundEmail) {
  await queueEmail(db, { template: "duplicate-refund", to, ...renderDuplicateRefundEmail(details) });
}
