import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadConfig } from "~/config/env.server";
import { action as authAction } from "~/routes/api/auth-form";
import { settleAuthBackgroundTasks } from "~/server/auth/context.server";
import { emailMessages, jobs } from "~/server/db/schema";
import { EMAIL_QUEUE, emailJobHandler, loadMailFigures, queueEmail } from "~/server/email/queue.server";
import type { AuthActionResult } from "~/utils/auth-result";
import { setupTestDatabase } from "../support/db";
import { answer, formRequest, nextTestIp, routeArgs, setupAuthEnvironment, TEST_PASSWORD, uniqueEmail } from "../support/auth";
import { deliverQueuedEmails, makeQueuedEmailsDue } from "../support/mail";
import { startSmtpStandIn, type SmtpStandIn } from "../support/smtp-standin";

// Every transactional email goes through the durable job queue (docs/product.md §18): queued with
// the change, sent by the worker to a real SMTP server, retried while that server is down, and
// sent once whatever the retries do.

const t = setupTestDatabase();
setupAuthEnvironment();

let smtp: SmtpStandIn;

function useSmtp(url: string | undefined) {
  if (url === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = url;
  reloadConfig();
}

beforeAll(async () => {
  smtp = await startSmtpStandIn();
});
afterAll(async () => {
  useSmtp("");
  await smtp.close();
});

function signUp(email: string) {
  const fields = { mode: "sign-up", js: "1", firstName: "Margaret", lastName: "Hale", email, password: TEST_PASSWORD, terms: "on" };
  return answer<AuthActionResult>(() => authAction(routeArgs(formRequest("/auth", fields), nextTestIp())));
}

describe("the mail server down during a sign-up", () => {
  it("signs her up at once, and the verification email arrives once after the server returns", async () => {
    const first = await startSmtpStandIn();
    const port = first.port;
    await first.close(); // the mail server is down
    useSmtp(`smtp://127.0.0.1:${port}`);
    const email = uniqueEmail("outage");
    const result = await signUp(email);
    expect(result.data).toMatchObject({ ok: true, kind: "signed-up" });
    await settleAuthBackgroundTasks();
    // The request never talked to the mail server: the email is queued, not yet tried.
    const [queued] = await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, email));
    expect(queued).toMatchObject({ template: "verify-email", status: "queued", attempts: 0 });

    // The worker tries and fails: the message waits, and the coach's figures say so.
    await deliverQueuedEmails(t.db);
    const [waiting] = await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, email));
    expect(waiting).toMatchObject({ template: "verify-email", status: "queued", attempts: 1 });
    expect(waiting!.lastError).toMatch(/ECONNREFUSED|ESOCKET|connect/i);
    const figures = await loadMailFigures(t.db);
    expect(figures.failing).toBeGreaterThanOrEqual(1);
    expect(figures.lastError?.message).toMatch(/ECONNREFUSED|ESOCKET|connect/i);

    // The server comes back where it was; the next retry delivers, once.
    const back = await startSmtpStandIn({ port });
    try {
      await makeQueuedEmailsDue(t.db);
      await deliverQueuedEmails(t.db);
      const got = await back.waitForMessage((m) => m.envelope.to.includes(email));
      expect(got.parsed.subject).toMatch(/^Please confirm your email address for /);
      expect(got.parsed.text).toMatch(/\/verify-email\?token=/);
      expect(got.parsed.messageId).toBe(waiting!.messageId);

      await makeQueuedEmailsDue(t.db);
      await deliverQueuedEmails(t.db);
      expect(back.messages.filter((m) => m.envelope.to.includes(email))).toHaveLength(1);
    } finally {
      await back.close();
    }
    const [sent] = await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, email));
    expect(sent).toMatchObject({ status: "sent", textBody: null, htmlBody: null, lastError: null });
    expect((await loadMailFigures(t.db)).sentToday).toBeGreaterThanOrEqual(1);
  });
});

describe("sent once", () => {
  it("a job run again after the message went out (a lease that expired late) sends nothing more", async () => {
    useSmtp(smtp.url);
    const to = uniqueEmail("once");
    const id = await queueEmail(t.db, { template: "test", to, subject: "Once only", text: "Hello." });
    await deliverQueuedEmails(t.db);
    await smtp.waitForMessage((m) => m.envelope.to.includes(to));
    // The same message's job again, as a reclaimed job would be.
    const handler = emailJobHandler();
    const [again] = await t.db.insert(jobs).values({ queue: EMAIL_QUEUE, payload: { emailId: id } }).returning();
    // The stand-in records a message before it accepts it, so a second send would be here by now.
    await handler(again!, { db: t.db, now: new Date() });
    expect(smtp.messages.filter((m) => m.envelope.to.includes(to))).toHaveLength(1);
  });

  it("a message another worker is sending right now is left to it", async () => {
    useSmtp(smtp.url);
    const to = uniqueEmail("busy");
    const id = await queueEmail(t.db, { template: "test", to, subject: "Busy", text: "Hello." });
    await t.db.update(emailMessages).set({ status: "sending", sendingAt: new Date() }).where(eq(emailMessages.id, id!));
    const [job] = await t.db.insert(jobs).values({ queue: EMAIL_QUEUE, payload: { emailId: id } }).returning();
    await expect(emailJobHandler()(job!, { db: t.db, now: new Date() })).rejects.toThrow(/Another worker/);
    expect(smtp.messages.filter((m) => m.envelope.to.includes(to))).toHaveLength(0);
  });

  it("queues one message per dedupe key", async () => {
    const to = uniqueEmail("dedupe");
    const first = await queueEmail(t.db, { template: "test", to, subject: "One", text: "x", dedupeKey: `test:${to}` });
    const second = await queueEmail(t.db, { template: "test", to, subject: "Two", text: "x", dedupeKey: `test:${to}` });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    expect(await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, to))).toHaveLength(1);
  });
});

describe("headers", () => {
  it("a subject or address with a line break cannot add a header", async () => {
    useSmtp(smtp.url);
    const to = uniqueEmail("crlf");
    await queueEmail(t.db, { template: "test", to, subject: "Hello\r\nBcc: victim@example.org\r\n\r\n<b>x</b>", text: "Body." });
    await deliverQueuedEmails(t.db);
    const got = await smtp.waitForMessage((m) => m.envelope.to.includes(to));
    expect(got.envelope.to).toEqual([to]);
    expect(got.parsed.bcc).toBeUndefined();
    expect(got.parsed.headers.has("bcc")).toBe(false);
    expect(got.parsed.subject).toBe("Hello Bcc: victim@example.org <b>x</b>");
  });
});

describe("the Integrations tab's mail figures", () => {
  it("count queued, sent today and failing messages, with the last error", async () => {
    const { loadIntegrationsData } = await import("~/server/admin/integrations.server");
    const data = await loadIntegrationsData(t.db);
    const figures = await loadMailFigures(t.db);
    expect(data.mail).toMatchObject({ ...figures, transport: expect.stringMatching(/^(smtp|outbox)$/) });
    const to = uniqueEmail("figure");
    await queueEmail(t.db, { template: "test", to, subject: "Counted", text: "x" });
    expect((await loadMailFigures(t.db)).queued).toBe(figures.queued + 1);
  });
});
