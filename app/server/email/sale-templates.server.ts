import { getServerEnv, getSiteConfig } from "~/config/env.server";
import { FOUNDATIONS_KEEP_NOTE } from "~/content/foundations-keep";
import type { EmailAttachment } from "~/server/db/schema";
import { formatLongDate, formatStartsAt } from "~/utils/format";
import { calendarInvite } from "./calendar-invite.server";
import type { EmailSection } from "./layout.server";
import { greeting, money, offerKindOf, render, siteUrl, type OfferKind, type RenderedEmail } from "./sale-template-kit.server";

// The emails that follow a sale (docs/product.md §18.2–18.4): the member's receipt with next
// steps for each offer, and the subscription's lifecycle (renewal, failed renewal, cancellation,
// refund); the coach's notifications are in coach-templates.server.ts. Each template is a pure function of its data and the
// site's configuration, so the dashboard's Emails section previews it with sample data and the
// tests render it with real data. A value that could be missing has a wording of its own: no
// template can print "undefined", "NaN" or a placeholder.

/** The public booking page for the 1-to-1 coaching's first session (the configured Cal.com link). */
export function bookingUrl(): string {
  return `https://cal.com/${getSiteConfig().booking.calLink.replace(/^\/+/, "")}`;
}

const manageSection = (kind: OfferKind = "other"): EmailSection => ({
  heading: "Managing your subscription",
  paragraphs: [
    "You can update your card, see your invoices or cancel at any time from your account settings: choose 'Manage subscription'.",
    // Build Stronger Foundations' course materials are hers for life (decision 255).
    kind === "foundations" ? FOUNDATIONS_KEEP_NOTE : "If you cancel, you keep everything until the end of the month you've paid for.",
  ],
  action: { label: "Open my account settings", url: siteUrl("/settings") },
});

// ─── The member's receipt ───────────────────────────────────────────────────────────────────────

export interface ReceiptData {
  firstName: string | null;
  productKey: string;
  productName: string;
  amountPence: number;
  currency: string;
  /** The checkout session id (or a renewal's invoice id). */
  transactionId: string;
  paidAt: Date;
  /** Learn to Lift: the cohort start as /learn-to-lift shows it (the dashboard's date when set). */
  cohortStart: Date | null;
  /** Monthly offers: when the next payment is due, if the provider has said. */
  nextPaymentAt: Date | null;
  /** The promotion code this payment used and what it took off (pence), if any. */
  promotion?: { code: string; discountPence: number } | null;
  /** A payment plan (docs/product.md §8.11): which payment this was, of how many, and what is left. */
  plan?: { number: number; count: number; balancePence: number; totalPence: number } | null;
}

/** A plan's receipt rows: which payment, what is left, and when the next one is taken. */
function planDetails(data: ReceiptData) {
  const plan = data.plan;
  if (!plan) return [];
  return [
    { label: "Payment plan", value: `Payment ${plan.number} of ${plan.count} (${money(plan.totalPence, data.currency)} in all)` },
    { label: "Still to pay", value: plan.balancePence > 0 ? money(plan.balancePence, data.currency) : "Nothing: the course is paid for" },
    ...(plan.balancePence > 0 && data.nextPaymentAt ? [{ label: "Next payment", value: formatLongDate(data.nextPaymentAt) }] : []),
  ];
}

function receiptDetails(data: ReceiptData, monthly: boolean) {
  const site = getSiteConfig();
  const promotion = data.promotion && data.promotion.discountPence > 0 ? data.promotion : null;
  return [
    { label: "Product", value: data.productName },
    // A discounted payment is this payment's amount, not the monthly price.
    { label: "Amount paid", value: `${money(data.amountPence, data.currency)}${monthly && !promotion ? " a month" : ""}` },
    ...(promotion ? [{ label: "Promotion code", value: `${promotion.code} (you saved ${money(promotion.discountPence, data.currency)})` }] : []),
    { label: "Date", value: formatLongDate(data.paidAt) },
    { label: "Transaction ID", value: data.transactionId },
    ...(monthly && data.nextPaymentAt ? [{ label: "Next payment", value: formatLongDate(data.nextPaymentAt) }] : []),
    { label: "Paid to", value: site.businessName },
  ];
}

export function renderReceipt(data: ReceiptData): RenderedEmail {
  const site = getSiteConfig();
  const kind = offerKindOf(data.productKey);
  const amount = money(data.amountPence, data.currency);
  const intro = [greeting(data.firstName)];
  const footer = `Questions? Just reply to this email or write to ${site.contactEmail}. Please keep this email as your receipt.`;

  if (kind === "learn-to-lift") {
    const start = data.cohortStart ? formatStartsAt(data.cohortStart) : null;
    const attachments: EmailAttachment[] | undefined = data.cohortStart
      ? [
          {
            filename: "learn-to-lift.ics",
            contentType: "text/calendar; charset=utf-8; method=PUBLISH",
            content: calendarInvite({
              uid: `learn-to-lift-${data.cohortStart.toISOString().slice(0, 10)}-${data.transactionId}@${new URL(getServerEnv().SITE_ORIGIN).hostname}`,
              start: data.cohortStart,
              durationMinutes: 60,
              summary: `${data.productName} starts`,
              description: `Your ${data.productName} course with ${site.coachName} starts today. Your first week's workouts are in your course: ${siteUrl("/learn/learn-to-lift")}`,
              location: getServerEnv().SITE_ORIGIN,
              url: siteUrl("/learn-to-lift"),
              organiser: { name: site.businessName, email: site.contactEmail },
              stamp: data.paidAt,
            }),
          },
        ]
      : undefined;
    return render(
      `Your place on ${data.productName} is booked: receipt for ${amount}`,
      {
        preheader: start ? `The course starts on ${start}.` : "Your receipt and what happens next.",
        heading: start ? `You're in! ${data.productName} starts on ${start}` : `You're in! Welcome to ${data.productName}`,
        paragraphs: [
          ...intro,
          data.plan
            ? `Thank you for joining ${data.productName}. Your first payment of ${amount} (${data.plan.number} of ${data.plan.count}) has been received and your place is booked. The rest is taken monthly by itself, and it stops after the last payment.`
            : `Thank you for joining ${data.productName}. Your payment of ${amount} has been received and your place is booked.`,
        ],
        details: [...receiptDetails(data, false), ...planDetails(data), ...(start ? [{ label: "Course starts", value: start }] : [])],
        sections: [
          {
            heading: "What happens before it starts",
            bullets: [
              start
                ? `The course starts on ${start}. We've attached a calendar invitation so it's in your diary.`
                : "We'll email you the start date as soon as the next group is confirmed.",
              "A few days before, you'll get a welcome email with your first week's two workouts and the time of the weekly group video call.",
              "You don't need any equipment for the first three weeks: dumbbells come in from week 4, and we'll help you choose the right weight.",
              "Everything stays in your account for life, so you can go back over any lesson whenever you like.",
            ],
            action: { label: "Start learning", url: siteUrl("/learn/learn-to-lift") },
          },
        ],
        footer,
      },
      attachments,
    );
  }

  if (kind === "one-to-one") {
    return render(`Welcome to ${data.productName}: receipt for ${amount} a month`, {
      preheader: "Book your first session and your receipt.",
      heading: `Welcome to ${data.productName}`,
      paragraphs: [
        ...intro,
        `Thank you for choosing 1-to-1 coaching. Your first monthly payment of ${amount} has been received, and I can't wait to get started with you.`,
      ],
      details: receiptDetails(data, true),
      sections: [
        {
          heading: "Your first step: book your first session",
          paragraphs: [
            "Choose a time that suits you for our first 45-minute video session. We'll talk about your body, your week and your goals, and I'll write your programme around them.",
          ],
          action: { label: "Book my first session", url: bookingUrl() },
        },
        {
          heading: "Your coaching page",
          paragraphs: ["Your booking link, how to reach me and the files I share with you are on your coaching page."],
          action: { label: "Open my coaching page", url: siteUrl("/learn/coaching") },
        },
        manageSection(),
      ],
      footer,
    });
  }

  if (kind === "foundations") {
    const sections: EmailSection[] = [
      site.communityUrl
        ? {
            heading: "Join the community",
            paragraphs: [
              "Your membership includes the private community, where the monthly group video calls and accountability check-ins happen. Join now and say hello: everyone there started where you are.",
            ],
            action: { label: "Join the private community", url: site.communityUrl },
          }
        : { heading: "Join the community", paragraphs: ["We'll email you your invitation to the private community shortly."] },
      {
        heading: "Start learning",
        paragraphs: ["Your first lessons are waiting in the members' area. Each one takes 10 to 15 minutes."],
        action: { label: "Start learning", url: siteUrl("/learn/build-stronger-foundations") },
      },
      manageSection("foundations"),
    ];
    return render(`Welcome to ${data.productName}: receipt for ${amount} a month`, {
      preheader: "Join the community and your receipt.",
      heading: `Welcome to ${data.productName}`,
      paragraphs: [...intro, `Thank you for joining ${data.productName}. Your first monthly payment of ${amount} has been received.`],
      details: receiptDetails(data, true),
      sections,
      footer,
    });
  }

  return render(`Your receipt for ${data.productName}: ${amount}`, {
    heading: `Thank you for your purchase`,
    paragraphs: [...intro, `Your payment of ${amount} for ${data.productName} has been received.`],
    details: receiptDetails(data, false),
    action: { label: "View my account", url: siteUrl("/settings") },
    footer,
  });
}

// ─── The subscription's lifecycle, to the member ────────────────────────────────────────────────

export function renderRenewalReceipt(data: ReceiptData): RenderedEmail {
  const site = getSiteConfig();
  const amount = money(data.amountPence, data.currency);
  return render(`Your ${data.productName} subscription has renewed: receipt for ${amount}`, {
    preheader: `Thank you: ${amount} received.`,
    heading: `Your ${data.productName} subscription has renewed`,
    paragraphs: [greeting(data.firstName), `Thank you for another month with us. Your payment of ${amount} has been received.`],
    details: receiptDetails(data, true),
    sections: [manageSection()],
    footer: `Questions? Just reply to this email or write to ${site.contactEmail}. Please keep this email as your receipt.`,
  });
}

/** A payment plan's later payment (docs/product.md §8.11): which one, and what is left; the last says it is done. */
export function renderInstalmentReceipt(data: ReceiptData): RenderedEmail {
  const site = getSiteConfig();
  const amount = money(data.amountPence, data.currency);
  const plan = data.plan ?? { number: 0, count: 0, balancePence: 0, totalPence: data.amountPence };
  const last = plan.balancePence <= 0;
  return render(last ? `${data.productName} is paid for: receipt for your last payment of ${amount}` : `${data.productName}: payment ${plan.number} of ${plan.count} received (${amount})`, {
    preheader: last ? "That was your last payment. The course is yours for life." : `Thank you: ${amount} received.`,
    heading: last ? `${data.productName} is all paid for` : `Payment ${plan.number} of ${plan.count} received`,
    paragraphs: [
      greeting(data.firstName),
      last
        ? `Your last payment of ${amount} for ${data.productName} has been received. That's the whole course paid for: nothing more will be taken, and everything in it is yours for life.`
        : `Your payment of ${amount} for ${data.productName} has been received: payment ${plan.number} of ${plan.count}. The next one is taken by itself${data.nextPaymentAt ? ` on ${formatLongDate(data.nextPaymentAt)}` : ""}.`,
    ],
    details: [...receiptDetails(data, false), ...planDetails(data)],
    action: { label: "Go to my course", url: siteUrl("/learn/learn-to-lift") },
    footer: `Questions? Just reply to this email or write to ${site.contactEmail}. Please keep this email as your receipt.`,
  });
}

/**
 * A payment plan stopped because a payment still failed after the last retry (docs/product.md
 * §8.11): what is left to pay, that the course is closed until it is settled, and how.
 */
export function renderPlanEndedUnpaid(data: { firstName: string | null; productName: string; balancePence: number; totalPence: number }): RenderedEmail {
  const site = getSiteConfig();
  const balance = money(data.balancePence, "gbp");
  return render(`Your ${data.productName} payment plan has stopped: ${balance} still to pay`, {
    preheader: `We couldn't take your payment, so ${balance} of ${money(data.totalPence, "gbp")} is still to pay.`,
    heading: `Your ${data.productName} payment plan has stopped`,
    paragraphs: [
      greeting(data.firstName),
      `We tried your card several times for your ${data.productName} payment, but it didn't go through, so your payment plan has stopped and nothing more will be taken automatically.`,
      `${balance} of the ${money(data.totalPence, "gbp")} is still to pay, and the course is closed until it's settled. Your progress is kept.`,
      `Just reply to this email or write to ${site.contactEmail}, and ${site.coachName} will sort it out with you: it's usually only an old card.`,
    ],
    details: [
      { label: "Course", value: data.productName },
      { label: "Still to pay", value: balance },
    ],
    action: { label: "Open my account settings", url: siteUrl("/settings") },
    footer: `Questions? Just reply to this email or write to ${site.contactEmail}.`,
  });
}

export interface RenewalFailedData {
  firstName: string | null;
  productName: string;
  amountPence: number;
  currency: string;
  /** Her access lasts until then while the card is retried (docs/product.md §8.10); null if unknown. */
  graceEndsAt?: Date | null;
  /** A reminder after a further failed retry (not the first notice). */
  reminder?: boolean;
}

export function renderRenewalFailed(data: RenewalFailedData): RenderedEmail {
  const site = getSiteConfig();
  const amount = money(data.amountPence, data.currency);
  const grace = data.graceEndsAt ? formatLongDate(data.graceEndsAt) : null;
  return render(data.reminder ? `Reminder: please update your card for ${data.productName}` : `We couldn't take your ${data.productName} payment`, {
    preheader: "Please update your card to keep your place.",
    heading: data.reminder ? "Your payment still hasn't gone through" : "Your monthly payment didn't go through",
    paragraphs: [
      greeting(data.firstName),
      data.reminder
        ? `We tried again to take your payment of ${amount} for ${data.productName}, and your card was declined again.`
        : `We tried to take this month's payment of ${amount} for ${data.productName}, but your card was declined. This happens: a card expires, or a bank is being careful.`,
      `${grace ? `You keep full access until ${grace} while we try again. ` : "Your subscription is still running for now. "}Please update your card in your account settings (choose 'Update my card'), and we'll take the payment automatically.`,
    ],
    action: { label: "Update my card", url: siteUrl("/settings") },
    footer: `If you'd like a hand, just reply to this email or write to ${site.contactEmail}.`,
  });
}

export interface CancellationData {
  firstName: string | null;
  productKey: string;
  productName: string;
  /** When her access ends (the end of the period she has paid for); null if it has ended. */
  accessEndsAt: Date | null;
}

export function renderCancellationConfirmed(data: CancellationData): RenderedEmail {
  const site = getSiteConfig();
  const ends = data.accessEndsAt ? formatLongDate(data.accessEndsAt) : null;
  return render(`Your ${data.productName} subscription is cancelled`, {
    preheader: ends ? `You keep access until ${ends}.` : "Your subscription has ended.",
    heading: `Your ${data.productName} subscription is cancelled`,
    paragraphs: [
      greeting(data.firstName),
      ends
        ? `We've cancelled your ${data.productName} subscription as you asked. Nothing more will be charged, and ${
            offerKindOf(data.productKey) === "foundations"
              ? // Its course materials are hers for life (decision 255): only what the subscription pays for ends.
                `the private community, its check-ins and new lessons end on ${ends}. The lessons and worksheets published until ${ends} are yours to keep: they stay in your members' area whenever you want them.`
              : `you keep full access until ${ends}.`
          }`
        : `Your ${data.productName} subscription has ended. Nothing more will be charged.${
            offerKindOf(data.productKey) === "foundations" ? " The lessons and worksheets published while you were a member are yours to keep: they stay in your members' area whenever you want them." : ""
          }`,
      "Thank you for being part of it. If you change your mind, you can start again from your account settings at any time.",
    ],
    action: { label: "Open my account settings", url: siteUrl("/settings") },
    footer: `Was there something we could do better? Just reply to this email or write to ${site.contactEmail}: we read every message.`,
  });
}

/** Her subscription ended because her card still failed after the last retry (docs/product.md §8.10). */
export function renderEndedUnpaid(data: Pick<CancellationData, "firstName" | "productKey" | "productName">): RenderedEmail {
  const site = getSiteConfig();
  return render(`Your ${data.productName} subscription has ended`, {
    preheader: "We couldn't take your payment, so your subscription has stopped.",
    heading: `Your ${data.productName} subscription has ended`,
    paragraphs: [
      greeting(data.firstName),
      `We tried your card several times for your ${data.productName} payment, but it didn't go through, so your subscription has now ended and nothing more will be charged.${
        offerKindOf(data.productKey) === "foundations" ? " The lessons and worksheets published while you were a member are yours to keep." : ""
      }`,
      "If it was just an old card, you're very welcome back: you can join again from the offer's page whenever you're ready, and reply to this email if you'd like a hand.",
    ],
    action: { label: "Open my account settings", url: siteUrl("/settings") },
    footer: `Questions? Just reply to this email or write to ${site.contactEmail}.`,
  });
}

/** A free place on a course, given by the coach (docs/product.md §10.3). */
export function renderPlaceGiven(data: { firstName: string | null; productKey: string; productName: string }): RenderedEmail {
  const site = getSiteConfig();
  return render(`${site.coachName} has given you a place on ${data.productName}`, {
    preheader: "Nothing to pay: it's ready for you in your members' area.",
    heading: `Your place on ${data.productName} is ready`,
    paragraphs: [
      greeting(data.firstName),
      `${site.coachName} has given you a place on ${data.productName}. There's nothing to pay: it's yours, and it's waiting in your members' area.`,
      "Start whenever you're ready, and reply to this email if you have any questions along the way.",
    ],
    action: { label: "Open my courses", url: siteUrl(`/learn/${data.productKey}`) },
    footer: `Questions? Just reply to this email or write to ${site.contactEmail}.`,
  });
}

/** Her subscription paused by the coach (docs/product.md §10.11). */
export function renderSubscriptionPaused(data: { firstName: string | null; productKey: string; productName: string; pausedFrom: Date | null; pausedUntil: Date }): RenderedEmail {
  const site = getSiteConfig();
  const from = data.pausedFrom ? formatLongDate(data.pausedFrom) : null;
  const until = formatLongDate(data.pausedUntil);
  return render(`Your ${data.productName} subscription is paused until ${until}`, {
    preheader: "No payments until then; it carries on by itself.",
    heading: `Your ${data.productName} subscription is paused`,
    paragraphs: [
      greeting(data.firstName),
      `As agreed, your ${data.productName} subscription is taking a break. ${from ? `You keep everything until ${from}; after that ` : ""}no payments are taken until ${until}, when it starts again by itself at the usual price.`,
      offerKindOf(data.productKey) === "foundations"
        ? "The lessons and worksheets published while you were a member stay yours throughout."
        : "Your programme will be waiting for you when you're back.",
      "If you'd like to come back sooner or stop altogether, just reply to this email.",
    ],
    action: { label: "Open my account settings", url: siteUrl("/settings") },
    footer: `Questions? Just reply to this email or write to ${site.contactEmail}.`,
  });
}

export interface RefundData {
  firstName: string | null;
  productName: string;
  refundedPence: number;
  currency: string;
  transactionId: string;
  full: boolean;
}

export function renderRefundIssued(data: RefundData): RenderedEmail {
  const site = getSiteConfig();
  const amount = money(data.refundedPence, data.currency);
  return render(`Your refund of ${amount} for ${data.productName}`, {
    preheader: "It usually reaches your card within 5 to 10 working days.",
    heading: "We've issued your refund",
    paragraphs: [
      greeting(data.firstName),
      data.full
        ? `We've refunded your payment for ${data.productName} in full: ${amount}.`
        : `We've refunded ${amount} of your payment for ${data.productName}.`,
      "A refund usually reaches your card within 5 to 10 working days, depending on your bank.",
    ],
    details: [
      { label: "Product", value: data.productName },
      { label: "Refunded", value: amount },
      { label: "Transaction ID", value: data.transactionId },
      { label: "Refunded by", value: site.businessName },
    ],
    footer: `Questions? Just reply to this email or write to ${site.contactEmail}.`,
  });
}

// ─── The coach's notifications ──────────────────────────────────────────────────────────────────
