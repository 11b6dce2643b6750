import fs from "node:fs";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getSiteConfig, reloadConfig } from "~/config/env.server";
import { outboxDir, renderEmail, deliverMail } from "~/server/email/mailer.server";
import { makeTempDir } from "../support/processes";
import { startSmtpStandIn, type SmtpStandIn } from "../support/smtp-standin";

// The mailer (app/server/email/mailer.server.ts) for real: nodemailer over SMTP to a local SMTP
// server when SMTP_URL is set, and .eml files in DATA_DIR/outbox without it.

const saved = { ...process.env };
let dataDir: { dir: string; cleanup: () => void };

function setEnv(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  reloadConfig();
}

beforeEach(() => {
  dataDir = makeTempDir("sc-smtp-");
  setEnv({ DATA_DIR: dataDir.dir, SMTP_URL: undefined, MAIL_FROM: undefined });
});

afterEach(() => {
  for (const name of ["DATA_DIR", "SMTP_URL", "MAIL_FROM"]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  reloadConfig();
  dataDir.cleanup();
});

/** A header exactly as written (mailparser folds List-* headers into one structured "list" entry). */
function headerLine(mail: ParsedMail, name: string): string | undefined {
  return mail.headerLines.find((h) => h.key === name)?.line;
}

const unsubscribeUrl = "https://example.com/email/unsubscribe?token=abc123";

function welcome() {
  const { text, html } = renderEmail({
    heading: "Welcome — let's get you stronger",
    paragraphs: ["Thanks for joining. Your first session costs £0.00 — honestly."],
    action: { label: "Open your settings", url: "https://example.com/settings" },
  });
  return { to: "sarah.jones@example.com", subject: "Welcome to the programme — your £20 guide", text, html };
}

describe("over SMTP (SMTP_URL set)", () => {
  let smtp: SmtpStandIn;
  beforeAll(async () => {
    smtp = await startSmtpStandIn();
  });
  afterAll(() => smtp.close());

  it("delivers one message with the site's From, the To, the subject, text and HTML parts and List-Unsubscribe", async () => {
    setEnv({ SMTP_URL: smtp.url });
    const message = welcome();
    await deliverMail({ ...message, unsubscribeUrl });

    const got = await smtp.waitForMessage((m) => m.envelope.to.includes(message.to));
    const site = getSiteConfig();
    expect(got.envelope).toEqual({ from: site.contactEmail, to: [message.to] });
    expect(got.parsed.from?.value).toEqual([{ address: site.contactEmail, name: site.businessName }]);
    expect(got.parsed.to).toMatchObject({ value: [{ address: message.to }] });
    expect(got.parsed.subject).toBe(message.subject);
    expect(got.parsed.text?.trim()).toBe(message.text.trim());
    expect(got.parsed.html).toBe(message.html);
    expect(got.parsed.html).toContain("Open your settings");
    expect(headerLine(got.parsed, "list-unsubscribe")).toBe(`List-Unsubscribe: <${unsubscribeUrl}>`);
    expect(headerLine(got.parsed, "list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    // Nothing was written to the outbox.
    expect(fs.existsSync(outboxDir())).toBe(false);
  });

  it("sends transactional mail without List-Unsubscribe, and uses MAIL_FROM when set", async () => {
    setEnv({ SMTP_URL: smtp.url, MAIL_FROM: '"Jo at Strong" <hello@example.org>' });
    await deliverMail({ to: "claire@example.net", subject: "Reset your password", text: "Use this link: https://example.com/r" });

    const got = await smtp.waitForMessage((m) => m.envelope.to.includes("claire@example.net"));
    expect(got.envelope.from).toBe("hello@example.org");
    expect(got.parsed.from?.value).toEqual([{ address: "hello@example.org", name: "Jo at Strong" }]);
    expect(headerLine(got.parsed, "list-unsubscribe")).toBeUndefined();
    expect(got.parsed.html).toBe(false);
    expect(got.parsed.text?.trim()).toBe("Use this link: https://example.com/r");
  });
});

describe("over SMTP with a login", () => {
  let smtp: SmtpStandIn;
  beforeAll(async () => {
    smtp = await startSmtpStandIn({ auth: { user: "mailer@example.com", pass: "p@ss:word/1" } });
  });
  afterAll(() => smtp.close());

  it("authenticates with the credentials in SMTP_URL", async () => {
    setEnv({ SMTP_URL: smtp.url });
    await deliverMail({ to: "helen@example.org", subject: "Your receipt", text: "Thank you." });
    const got = await smtp.waitForMessage((m) => m.envelope.to.includes("helen@example.org"));
    expect(got.user).toBe("mailer@example.com");
  });

  it("fails loudly when the server refuses the login, and delivers nothing", async () => {
    const url = new URL(smtp.url);
    url.password = "wrong";
    setEnv({ SMTP_URL: url.toString() });
    await expect(deliverMail({ to: "nobody@example.org", subject: "Never sent", text: "x" })).rejects.toMatchObject({
      code: "EAUTH",
    });
    expect(smtp.refusedLogins).toContain("mailer@example.com");
    expect(smtp.messages.some((m) => m.envelope.to.includes("nobody@example.org"))).toBe(false);
  });
});

describe("over SMTPS (implicit TLS)", () => {
  let smtp: SmtpStandIn;
  beforeAll(async () => {
    smtp = await startSmtpStandIn({ secure: true });
  });
  afterAll(() => smtp.close());

  it("delivers through an smtps:// URL", async () => {
    // The stand-in's certificate is self-signed; a real provider's is verified as normal.
    setEnv({ SMTP_URL: `${smtp.url}/?tls.rejectUnauthorized=false` });
    await deliverMail({ to: "lucy@example.com", subject: "Over TLS", text: "Encrypted in transit." });
    const got = await smtp.waitForMessage((m) => m.envelope.to.includes("lucy@example.com"));
    expect(got.parsed.subject).toBe("Over TLS");
  });
});

describe("without SMTP_URL", () => {
  it("writes each message as one .eml file in DATA_DIR/outbox with the same headers and parts", async () => {
    const message = welcome();
    await deliverMail({ ...message, unsubscribeUrl });
    await deliverMail({ to: "second@example.org", subject: "Second", text: "Another one." });

    const dir = path.join(dataDir.dir, "outbox");
    expect(outboxDir()).toBe(path.resolve(dir));
    const files = fs.readdirSync(dir).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith(".eml"))).toBe(true);

    const parsed = await Promise.all(files.map((f) => simpleParser(fs.readFileSync(path.join(dir, f)))));
    const welcomeMail = parsed.find((p) => p.subject === message.subject)!;
    const site = getSiteConfig();
    expect(welcomeMail.from?.value).toEqual([{ address: site.contactEmail, name: site.businessName }]);
    expect(welcomeMail.to).toMatchObject({ value: [{ address: message.to }] });
    expect(welcomeMail.text?.trim()).toBe(message.text.trim());
    expect(welcomeMail.html).toBe(message.html);
    expect(headerLine(welcomeMail, "list-unsubscribe")).toBe(`List-Unsubscribe: <${unsubscribeUrl}>`);
    expect(headerLine(welcomeMail, "list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(headerLine(parsed.find((p) => p.subject === "Second")!, "list-unsubscribe")).toBeUndefined();
  });
});
