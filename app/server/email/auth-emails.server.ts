import { getSiteConfig } from "~/config/env.server";
import { renderEmail, sendMail } from "./mailer.server";

// The account emails: confirm an address after sign-up (DESIGN D17: sent, never blocking), and
// reset a forgotten password (single use, 1 hour). Warm, short, British English; every link is
// also written out in the text part.

function greeting(name: string | null | undefined): string {
  const first = (name ?? "").trim().split(/\s+/)[0];
  return first ? `Hello ${first},` : "Hello,";
}

export async function sendVerificationEmail({ to, name, url }: { to: string; name?: string | null; url: string }) {
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
  await sendMail({ to, subject: `Please confirm your email address for ${site.businessName}`, text, html });
}

export async function sendPasswordResetEmail({ to, name, url }: { to: string; name?: string | null; url: string }) {
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
  await sendMail({ to, subject: `Reset your ${site.businessName} password`, text, html });
}
