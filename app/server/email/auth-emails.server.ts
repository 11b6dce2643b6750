import { getServerEnv, getSiteConfig } from "~/config/env.server";
import { getDb, type Queryable } from "~/server/db/client.server";
import { formatDateTime } from "~/utils/format";
import { renderEmail } from "./mailer.server";
import { queueEmail } from "./queue.server";
import type { RenderedEmail } from "./sale-template-kit.server";

// The account emails: confirm an address after sign-up (docs/product.md §7.5: sent, never blocking), reset
// a forgotten password (single use, 1 hour), confirm a new address, and the security notices (the
// old address told of a change with a way to undo it, a changed password, sign-in paused after
// too many wrong passwords). Warm, short, British English; every link is also written out in the
// text part. Each is queued (docs/product.md §18): pass the transaction that makes the change it
// reports; without one, it is queued on its own (Better Auth's callbacks run after their change).

function greeting(name: string | null | undefined): string {
  const first = (name ?? "").trim().split(/\s+/)[0];
  return first ? `Hello ${first},` : "Hello,";
}

export function renderVerificationEmail({ name, url }: { to: string; name?: string | null; url: string }): RenderedEmail {
  const site = getSiteConfig();
  const { text, html } = renderEmail({
    heading: "Please confirm your email address",
    paragraphs: [
      greeting(name),
      `Welcome to ${site.businessName}! We're so glad you're here.`,
      "Please confirm that this is your email address, so we can keep your account safe and make sure our messages reach you. It only takes a moment.",
    ],
    action: { label: "Confirm my email address", url },
    footer: `This link works for 24 hours. If you didn't create an account with ${site.businessName}, you can safely ignore this email.`,
  });
  return { subject: `Please confirm your email address for ${site.businessName}`, text, html };
}

export async function sendVerificationEmail(args: Parameters<typeof renderVerificationEmail>[0], db: Queryable = getDb()) {
  await queueEmail(db, { template: "verify-email", to: args.to, ...renderVerificationEmail(args) });
}

export function renderPasswordResetEmail({ name, url }: { to: string; name?: string | null; url: string }): RenderedEmail {
  const site = getSiteConfig();
  const { text, html } = renderEmail({
    heading: "Reset your password",
    paragraphs: [
      greeting(name),
      `We received a request to reset the password for your ${site.businessName} account.`,
      "Choose a new password with the button below. The link works once and expires in 1 hour.",
    ],
    action: { label: "Choose a new password", url },
    footer: "If you didn't ask to reset your password, you can safely ignore this email: your password won't change.",
  });
  return { subject: `Reset your ${site.businessName} password`, text, html };
}

export async function sendPasswordResetEmail(args: Parameters<typeof renderPasswordResetEmail>[0], db: Queryable = getDb()) {
  await queueEmail(db, { template: "password-reset", to: args.to, ...renderPasswordResetEmail(args) });
}

/** To the new address: the link that confirms an email change (24 hours). */
export function renderEmailChangeConfirmation({ name, url }: { to: string; name?: string | null; url: string }): RenderedEmail {
  const site = getSiteConfig();
  const { text, html } = renderEmail({
    heading: "Please confirm your new email address",
    paragraphs: [
      greeting(name),
      `You asked to use this address for your ${site.businessName} account.`,
      "Please confirm it with the button below. Until you do, we'll keep using your current address.",
    ],
    action: { label: "Confirm my new email address", url },
    footer: "This link works for 24 hours. If you didn't ask for this change, you can safely ignore this email.",
  });
  return { subject: `Please confirm your new email address for ${site.businessName}`, text, html };
}

export async function sendEmailChangeConfirmation(args: Parameters<typeof renderEmailChangeConfirmation>[0], db: Queryable = getDb()) {
  await queueEmail(db, { template: "email-change-confirm", to: args.to, ...renderEmailChangeConfirmation(args) });
}

/** To the old address, once the change is confirmed: what changed, and the undo link (24 hours). */
export function renderEmailChangedNotice({ name, newEmail, undoUrl, at }: { to: string; name?: string | null; newEmail: string; undoUrl: string; at: Date }): RenderedEmail {
  const site = getSiteConfig();
  const { text, html } = renderEmail({
    heading: "Your email address has been changed",
    paragraphs: [
      greeting(name),
      `On ${formatDateTime(at)} (UK time), the email address of your ${site.businessName} account was changed from this address to ${newEmail}.`,
      "If that was you, there's nothing more to do.",
      "If it wasn't you, please use the button below within 24 hours: it puts this address back, signs you out on every device and lets you choose a new password, so your account is yours again.",
    ],
    action: { label: "This wasn't me: undo the change", url: undoUrl },
    footer: `If the link has expired, please reply to this email or write to ${site.contactEmail} and we'll help you straight away.`,
  });
  return { subject: `Your ${site.businessName} email address has been changed`, text, html };
}

export async function sendEmailChangedNotice(args: Parameters<typeof renderEmailChangedNotice>[0], db: Queryable = getDb()) {
  await queueEmail(db, { template: "email-changed", to: args.to, ...renderEmailChangedNotice(args) });
}

/** To the account's address after a password change or reset. */
export function renderPasswordChangedNotice({ name, how, at }: { to: string; name?: string | null; how: "changed" | "reset"; at: Date }): RenderedEmail {
  const site = getSiteConfig();
  const resetUrl = `${getServerEnv().SITE_ORIGIN}/auth?mode=forgot-password`;
  const { text, html } = renderEmail({
    heading: "Your password has been changed",
    paragraphs: [
      greeting(name),
      how === "reset"
        ? `On ${formatDateTime(at)} (UK time), the password of your ${site.businessName} account was reset with a link we emailed to this address.`
        : `On ${formatDateTime(at)} (UK time), the password of your ${site.businessName} account was changed in your account settings.`,
      "Every other device has been signed out. If that was you, there's nothing more to do.",
      "If it wasn't you, please choose a new password straight away with the button below, and let us know.",
    ],
    action: { label: "Choose a new password", url: resetUrl },
    footer: `Questions? Just reply to this email or write to ${site.contactEmail}.`,
  });
  return { subject: `Your ${site.businessName} password has been changed`, text, html };
}

export async function sendPasswordChangedNotice(args: Parameters<typeof renderPasswordChangedNotice>[0], db: Queryable = getDb()) {
  await queueEmail(db, { template: "password-changed", to: args.to, ...renderPasswordChangedNotice(args) });
}

/** To the account's address when too many wrong passwords have paused sign-in to it. */
export function renderSignInPausedNotice({ name, minutes }: { to: string; name?: string | null; minutes: number }): RenderedEmail {
  const site = getSiteConfig();
  const resetUrl = `${getServerEnv().SITE_ORIGIN}/auth?mode=forgot-password`;
  const { text, html } = renderEmail({
    heading: "We've paused logging in to your account",
    paragraphs: [
      greeting(name),
      `Someone has just tried to log in to your ${site.businessName} account with the wrong password many times. To keep your account safe, we've paused logging in with a password for ${minutes} minutes.`,
      "If it was you, you can wait and try again, or choose a new password now with the button below: that lets you straight back in.",
      "If it wasn't you, your password kept them out. Choosing a new, unique password is a good idea all the same.",
    ],
    action: { label: "Choose a new password", url: resetUrl },
    footer: `Questions? Just reply to this email or write to ${site.contactEmail}.`,
  });
  return { subject: `Logging in to your ${site.businessName} account is paused`, text, html };
}

export async function sendSignInPausedNotice(args: Parameters<typeof renderSignInPausedNotice>[0], db: Queryable = getDb()) {
  await queueEmail(db, { template: "sign-in-paused", to: args.to, ...renderSignInPausedNotice(args) });
}
