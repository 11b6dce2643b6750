import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import { getServerEnv, getSiteConfig } from "~/config/env.server";
import type { EmailAttachment } from "~/server/db/schema";
import { logger } from "~/server/core/logger.server";
import { countEmail } from "~/server/metrics/metrics.server";
import { renderLayout } from "./layout.server";

// The transport of transactional email (docs/product.md §18): SMTP through nodemailer when
// SMTP_URL is set; otherwise each message is written as one .eml file in DATA_DIR/outbox/ and its
// subject is logged, so the whole site works offline and tests can read the links out of the
// messages. Only the mail worker (queue.server.ts) calls deliverMail: everything else queues.

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Sent as a List-Unsubscribe header on marketing mail. */
  unsubscribeUrl?: string;
  /** The stable Message-ID, "<id@host>", fixed when the message was queued. */
  messageId?: string;
  attachments?: EmailAttachment[];
}

const state = globalThis as typeof globalThis & { __smtp?: Transporter; __smtpUrl?: string; __eml?: Transporter };

/**
 * Each step of an SMTP conversation gives up well inside the job's lease (5 minutes), so a send
 * that hangs is retried by its own worker and never by a second one while the first still runs.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

// Loaded with the first email, not at start: a server that sends none never holds it (docs/performance.md, Memory).
const loadNodemailer = () => import("nodemailer").then((module) => module.default);

async function smtpTransport(url: string): Promise<Transporter> {
  if (state.__smtp && state.__smtpUrl === url) return state.__smtp;
  state.__smtp = (await loadNodemailer()).createTransport(url, SMTP_TIMEOUTS);
  state.__smtpUrl = url;
  return state.__smtp;
}

async function emlTransport(): Promise<Transporter> {
  return (state.__eml ??= (await loadNodemailer()).createTransport({ streamTransport: true, buffer: true, newline: "unix" }));
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

/** No line break can reach a header: a subject is one line whatever a template was given. */
export function oneLine(value: string): string {
  return value.replace(/[\r\n\u2028\u2029]+/g, " ").replace(/[\u0000-\u001f\u007f]/g, "").trim();
}

/**
 * Sends one message now (SMTP, or the outbox file), counted for the operator's metrics. Throws
 * when the mail server refuses it.
 */
export async function deliverMail(message: MailMessage): Promise<void> {
  try {
    await transmit(message);
  } catch (error) {
    countEmail("failed");
    throw error;
  }
  countEmail("sent");
}

async function transmit(message: MailMessage): Promise<void> {
  const env = getServerEnv();
  const mail = {
    from: fromAddress(),
    to: message.to,
    subject: oneLine(message.subject),
    text: message.text,
    html: message.html,
    messageId: message.messageId,
    attachments: message.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
    headers: message.unsubscribeUrl
      ? { "List-Unsubscribe": `<${message.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
      : undefined,
  };
  if (env.SMTP_URL) {
    await (await smtpTransport(env.SMTP_URL)).sendMail(mail);
    logger.info("email sent", { subject: message.subject });
    return;
  }
  const info = (await (await emlTransport()).sendMail(mail)) as { message: Buffer };
  const dir = outboxDir();
  await fs.mkdir(dir, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomBytes(4).toString("hex")}.eml`;
  await fs.writeFile(path.join(dir, name), info.message);
  logger.info("email written to outbox", { subject: message.subject, file: name });
}

export { escapeHtml } from "./layout.server";

/** An email with one call-to-action button in the site's layout; the text part carries the same. */
export function renderEmail({ heading, paragraphs, action, footer }: {
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
}): { text: string; html: string } {
  return renderLayout({ heading, paragraphs, action, footer });
}
