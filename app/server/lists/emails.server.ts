import { getServerEnv, getSiteConfig } from "~/config/env.server";
import type { Queryable } from "~/server/db/client.server";
import { escapeHtml, renderEmail } from "~/server/email/mailer.server";
import { queueEmail } from "~/server/email/queue.server";
import type { EmailListForm } from "~/validation/email-list";

// The double opt-in email (docs/product.md §6). Every email to a subscriber carries the unsubscribe link
// in its footer and in the List-Unsubscribe header (RFC 8058 one-click, set by the mailer).
// NOTE: the visitor's own words (first name, biggest challenge) are never put into the email, so
// the sign-up form can't be used to send somebody else a message of a stranger's choosing.

/** What each form signs the visitor up for, as the email names it. */
const SIGNED_UP_FOR: Record<EmailListForm, string> = {
  popup: "menopause fitness tips by email",
  lead_capture: "the free menopause strength guide",
  calendar: "the free 28-day workout calendar",
  newsletter: "the newsletter",
  waitlist: "the Build Stronger Foundations waitlist",
  interest: "news about the next Learn to Lift cohort",
};

export function siteUrl(path: string): string {
  return `${getServerEnv().SITE_ORIGIN}${path}`;
}

export function confirmUrl(token: string): string {
  return siteUrl(`/email/confirm?token=${encodeURIComponent(token)}`);
}

export function unsubscribeUrl(token: string): string {
  return siteUrl(`/email/unsubscribe?token=${encodeURIComponent(token)}`);
}

/** The footer line with the unsubscribe link, as a real link in the HTML part. */
function withUnsubscribeLink(html: string, url: string): string {
  const escaped = escapeHtml(url);
  return html.replace(`Unsubscribe: ${escaped}`, `<a href="${escaped}" style="color:#7a3b52">Unsubscribe</a>`);
}

/** The double opt-in email for one sign-up (its links carry the tokens). */
export function renderConfirmationEmail({
  form,
  confirmToken,
  unsubscribeToken,
}: {
  form: EmailListForm;
  confirmToken: string;
  unsubscribeToken: string;
}): { subject: string; text: string; html: string; unsubscribeUrl: string } {
  const site = getSiteConfig();
  const host = new URL(getServerEnv().SITE_ORIGIN).host;
  const unsubscribe = unsubscribeUrl(unsubscribeToken);
  const { text, html } = renderEmail({
    heading: "One quick step: please confirm your email",
    paragraphs: [
      `Thank you for signing up for ${SIGNED_UP_FOR[form]} from ${site.businessName}. Please confirm that this is your email address by pressing the button below.`,
      "The link works once and expires in 7 days. If you signed up more than once, use the link in the newest email.",
      "If you didn't sign up, you needn't do anything: without your confirmation you won't hear from us again.",
    ],
    action: { label: "Confirm my subscription", url: confirmUrl(confirmToken) },
    footer: `You're receiving this email because this address was entered in a sign-up form on ${host}. Unsubscribe: ${unsubscribe}`,
  });
  return { subject: "Please confirm your subscription", text, html: withUnsubscribeLink(html, unsubscribe), unsubscribeUrl: unsubscribe };
}

/** Queues the confirmation email (docs/product.md §18) in `db`. */
export async function sendConfirmationEmail(
  db: Queryable,
  { to, ...details }: { to: string; form: EmailListForm; confirmToken: string; unsubscribeToken: string },
): Promise<void> {
  await queueEmail(db, { template: "list-confirm", to, ...renderConfirmationEmail(details) });
}
