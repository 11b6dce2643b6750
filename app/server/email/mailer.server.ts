import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { getServerEnv, getSiteConfig } from "~/config/env.server";
import { logger } from "~/server/logger.server";

// Transactional email (DESIGN §2): SMTP through nodemailer when SMTP_URL is set; otherwise each
// message is written as one .eml file in DATA_DIR/outbox/ and its subject is logged, so the whole
// site works offline and tests can read the links out of the messages.

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Sent as a List-Unsubscribe header on marketing mail. */
  unsubscribeUrl?: string;
}

const state = globalThis as typeof globalThis & { __smtp?: Transporter; __smtpUrl?: string; __eml?: Transporter };

function smtpTransport(url: string): Transporter {
  if (state.__smtp && state.__smtpUrl === url) return state.__smtp;
  state.__smtp = nodemailer.createTransport(url);
  state.__smtpUrl = url;
  return state.__smtp;
}

function emlTransport(): Transporter {
  return (state.__eml ??= nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }));
}

export function outboxDir(): string {
  return path.join(getServerEnv().DATA_DIR_ABS, "outbox");
}

function fromAddress(): string {
  const env = getServerEnv();
  if (env.MAIL_FROM) return env.MAIL_FROM;
  const site = getSiteConfig();
  return `"${site.businessName}" <${site.contactEmail}>`;
}

export async function sendMail(message: MailMessage): Promise<void> {
  const env = getServerEnv();
  const mail = {
    from: fromAddress(),
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.unsubscribeUrl
      ? { "List-Unsubscribe": `<${message.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
      : undefined,
  };
  if (env.SMTP_URL) {
    await smtpTransport(env.SMTP_URL).sendMail(mail);
    logger.info("email sent", { subject: message.subject });
    return;
  }
  const info = (await emlTransport().sendMail(mail)) as { message: Buffer };
  const dir = outboxDir();
  await fs.mkdir(dir, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomBytes(4).toString("hex")}.eml`;
  await fs.writeFile(path.join(dir, name), info.message);
  logger.info("email written to outbox", { subject: message.subject, file: name });
}

/** Escapes text for the HTML part of an email. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** A simple, branded HTML wrapper with one call-to-action button; the text part carries the same. */
export function renderEmail({ heading, paragraphs, action, footer }: {
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
}): { text: string; html: string } {
  const site = getSiteConfig();
  const text = [heading, "", ...paragraphs.flatMap((p) => [p, ""]), action ? `${action.label}: ${action.url}\n` : "", footer ?? "", "", site.businessName]
    .join("\n")
    .replace(/\n{3,}/g, "\n\n");
  const button = action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(action.url)}" style="background:#7a3b52;color:#ffffff;padding:14px 24px;border-radius:999px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p>`
    : "";
  const html = `<!doctype html><html lang="en-GB"><body style="margin:0;background:#faf6f1;font-family:Helvetica,Arial,sans-serif;color:#2a2024">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<p style="font-family:Georgia,serif;font-size:20px;color:#7a3b52;margin:0 0 24px">${escapeHtml(site.businessName)}</p>
<h1 style="font-family:Georgia,serif;font-size:26px;line-height:1.3;margin:0 0 16px">${escapeHtml(heading)}</h1>
${paragraphs.map((p) => `<p style="font-size:17px;line-height:1.6;margin:0 0 16px">${escapeHtml(p)}</p>`).join("\n")}
${button}
${footer ? `<p style="font-size:14px;line-height:1.5;color:#5c5157;margin-top:32px">${escapeHtml(footer)}</p>` : ""}
</div></body></html>`;
  return { text, html };
}
