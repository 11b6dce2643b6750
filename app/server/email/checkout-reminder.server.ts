import { getServerEnv, getSiteConfig } from "~/config/env.server";
import { formatMoney } from "~/utils/format";
import { renderLayout } from "./layout.server";
import type { RenderedEmail } from "./sale-template-kit.server";

// The one reminder a member gets about a checkout she started and did not pay (docs/product.md
// §8.6): a day later, only if she agreed to news and offers. Warm and brief, with the way back to
// the same offer and the way to stop such emails. A pure function of its data and the site's
// configuration, so the dashboard's Emails tab previews it and the tests render it.

export interface CheckoutReminderData {
  firstName: string | null;
  productName: string;
  /** What the offer costs, in pence, and whether monthly. */
  amountPence: number;
  currency: string;
  monthly: boolean;
  /** The offer's checkout page on this site, e.g. /learn-to-lift-checkout. */
  checkoutPath: string;
  /** The promotion code she applied, if any: the link fills it in again. */
  promotionCode?: string | null;
}

export const CHECKOUT_REMINDER_TEMPLATE = "checkout-reminder";

export function renderCheckoutReminder(data: CheckoutReminderData): RenderedEmail {
  const site = getSiteConfig();
  const origin = getServerEnv().SITE_ORIGIN;
  const first = (data.firstName ?? "").trim().split(/\s+/)[0];
  const price = `${formatMoney(data.amountPence, data.currency)}${data.monthly ? " a month" : ""}`;
  const subject = `Still thinking about ${data.productName}?`;
  return {
    subject,
    ...renderLayout({
      preheader: `Your place is one step away, whenever you're ready.`,
      heading: subject,
      paragraphs: [
        first ? `Hello ${first},` : "Hello,",
        `You started joining ${data.productName} (${price}) but didn't finish. That's completely fine: nothing was charged, and there's no rush.`,
        "If something held you back (a question about the programme, the timing, or whether it will suit your body right now), reply to this email and tell us: we read every message and we're happy to help you decide.",
        data.promotionCode
          ? `And if you'd simply like to carry on, your checkout is one click away, with your code ${data.promotionCode} filled in.`
          : "And if you'd simply like to carry on, your checkout is one click away.",
      ],
      action: {
        label: `Return to ${data.productName}`,
        url: `${origin}${data.checkoutPath}${data.promotionCode ? `?code=${encodeURIComponent(data.promotionCode)}` : ""}`,
      },
      footer: `You're receiving this because you agreed to news and offers from ${site.businessName}. This is the only reminder we send about it. You can turn these emails off at any time in your account settings (${origin}/settings) or write to ${site.contactEmail}.`,
    }),
  };
}
