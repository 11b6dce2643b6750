import fs from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadConfig } from "~/config/env.server";
import { action as emailListAction } from "~/routes/api/email-list";
import { action as confirmAction, loader as confirmLoader } from "~/routes/api/email-confirm";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/api/email-unsubscribe";
import { accountLimits, emailSubscribers, jobs } from "~/server/db/schema";
import { rateLimitKey } from "~/server/lists/subscribers.server";
import { hashSecret } from "~/server/lists/tokens.server";
import { EMAIL_LIST_SUCCESS } from "~/validation/email-list";
import { setupTestDatabase } from "../support/db";
import { deliverQueuedEmails, makeQueuedEmailsDue } from "../support/mail";
import { makeTempDir } from "../support/processes";

// docs/product.md §6: the email-list action, double opt-in and unsubscribe, called as React Router
// calls them, against a real database, with the emails read back from the outbox folder.

const t = setupTestDatabase();
const temp = makeTempDir("sc-email-list-");
const SITE = "http://localhost:4999";
const saved = { DATA_DIR: process.env.DATA_DIR, SITE_URL: process.env.SITE_URL, SMTP_URL: process.env.SMTP_URL };

beforeAll(() => {
  process.env.DATA_DIR = temp.dir;
  process.env.SITE_URL = SITE;
  delete process.env.SMTP_URL;
  reloadConfig();
});

afterAll(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  reloadConfig();
  temp.cleanup();
});

// ─── Helpers ────────────────────────────────────────────────────────────────────────────────────

let counter = 0;
/** A fresh address and a fresh IP (documentation ranges) for each use. */
const uniqueEmail = (label = "visitor") => `${label}.${Date.now().toString(36)}${++counter}@example.com`;
const uniqueIp = () => `198.51.100.${(++counter % 250) + 1}`;

/** What React Router makes of a loader's or action's result: data(), a Response, or a thrown Response. */
async function respond(run: () => unknown): Promise<Response> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  if (result instanceof Response) return result;
  const value = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (value?.type === "DataWithResponseInit") return Response.json(value.data, value.init ?? undefined);
  return Response.json(result);
}

interface PostOptions {
  ip?: string | null;
  js?: boolean;
  headers?: Record<string, string>;
}

async function signUp(fields: Record<string, string | undefined>, { ip = uniqueIp(), js = true, headers }: PostOptions = {}) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries({ form: "newsletter", ...fields, ...(js ? { _js: "1" } : {}) })) {
    if (value !== undefined) body.set(key, value);
  }
  const request = new Request(`${SITE}/api/email-list`, { method: "POST", body, headers });
  const response = await respond(() => emailListAction({ request, params: {}, context: { clientIp: ip } } as never));
  // The confirmation is queued with the sign-up; the worker sends it (here, at once).
  await deliverQueuedEmails(t.db);
  return response;
}

/** Opens the emailed confirmation link (GET): the page that asks, changing nothing. */
function openConfirm(url: string, method: "GET" | "HEAD" = "GET") {
  return respond(() => confirmLoader({ request: new Request(url, { method }), url: new URL(url), params: {}, context: {} } as never));
}

/** Presses the page's 'Confirm my subscription' button: a POST of the link's token. */
function confirm(url: string) {
  const body = new URLSearchParams({ token: new URL(url).searchParams.get("token") ?? "" });
  const request = new Request(url, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
  return respond(() => confirmAction({ request, url: new URL(url), params: {}, context: {} } as never));
}

function openUnsubscribe(url: string) {
  return respond(() => unsubscribeLoader({ request: new Request(url), url: new URL(url), params: {}, context: {} } as never));
}

function postUnsubscribe(url: string, body: BodyInit, contentType = "application/x-www-form-urlencoded") {
  const request = new Request(url, { method: "POST", body, headers: { "Content-Type": contentType } });
  return respond(() => unsubscribeAction({ request, url: new URL(request.url), params: {}, context: {} } as never));
}

interface Mail {
  headers: string;
  body: string;
  confirmUrl: string | null;
  unsubscribeUrl: string | null;
}

/** Quoted-printable soft breaks and escapes undone (the .eml's text and HTML parts). */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

/** Every email in the outbox sent to this address, oldest first. */
function mailsTo(email: string): Mail[] {
  const dir = path.join(temp.dir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => fs.readFileSync(path.join(dir, file), "utf8"))
    .map((raw) => {
      const split = raw.search(/\r?\n\r?\n/);
      const headers = raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
      const body = decodeQuotedPrintable(raw.slice(split));
      return {
        headers,
        body,
        confirmUrl: /(http:\/\/\S+\/email\/confirm\?token=[\w.%-]+)/.exec(body)?.[1] ?? null,
        unsubscribeUrl: /(http:\/\/\S+\/email\/unsubscribe\?token=[\w%-]+)/.exec(body)?.[1] ?? null,
      };
    })
    .filter((mail) => new RegExp(`^To: .*${email.replace(/[.+]/g, "\\$&")}`, "im").test(mail.headers));
}

async function rowsFor(email: string) {
  return t.db.select().from(emailSubscribers).where(eq(emailSubscribers.email, email));
}

async function jobsFor(subscriberId: string) {
  return t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.queue, "email-marketing"), sql`${jobs.payload}->>'subscriberId' = ${subscriberId}`));
}

/** Makes the last confirmation email older than the resend interval. */
async function ageConfirmation(email: string, minutes = 5) {
  await t.db
    .update(emailSubscribers)
    .set({ confirmTokenExpiresAt: sql`${emailSubscribers.confirmTokenExpiresAt} - make_interval(mins => ${minutes})` })
    .where(eq(emailSubscribers.email, email));
}

// ─── Validation ─────────────────────────────────────────────────────────────────────────────────

describe("a sign-up with bad input", () => {
  const cases: [string, Record<string, string | undefined>, string, string | undefined][] = [
    ["no email", { email_address: undefined }, "Please enter your email address", "email_address"],
    ["an empty email", { email_address: "   " }, "Please enter your email address", "email_address"],
    ["an invalid email", { email_address: "not-an-email" }, "Please enter a valid email address", "email_address"],
    ["an email without a domain", { email_address: "jo@" }, "Please enter a valid email address", "email_address"],
    ["a 256-character email", { email_address: `${"a".repeat(244)}@example.com` }, "Email must be less than 255 characters", "email_address"],
    ["a 51-character first name", { email_address: "ok@example.com", first_name: "A".repeat(51) }, "First name must be less than 50 characters", "first_name"],
    [
      "a 501-character challenge",
      { form: "interest", email_address: "ok@example.com", biggest_challenge: "x".repeat(501) },
      "Please keep your biggest challenge under 500 characters",
      "biggest_challenge",
    ],
    ["an unknown form", { form: "hacker", email_address: "ok@example.com" }, "Unknown form", undefined],
    // Control characters, NUL among them, are refused in every field (docs/product.md §6.1).
    ["a NUL as the first name", { email_address: "ok@example.com", first_name: "\u0000" }, "First name contains a character that isn't allowed", "first_name"],
    ["an escape code in the first name", { email_address: "ok@example.com", first_name: "Jo\u001b[31m" }, "First name contains a character that isn't allowed", "first_name"],
    ["a NUL in the email", { email_address: "ok\u0000@example.com" }, "Please enter a valid email address", "email_address"],
    [
      "a NUL in the challenge",
      { form: "interest", email_address: "ok@example.com", biggest_challenge: "Sleep\u0000" },
      "Please remove the invisible control characters from your answer.",
      "biggest_challenge",
    ],
  ];

  for (const [name, fields, message, field] of cases) {
    it(`(${name}) gets "${message}", a 400 and changes nothing`, async () => {
      const before = await t.db.$count(emailSubscribers);
      const response = await signUp(fields);
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body).toMatchObject({ ok: false, error: message });
      expect(body.field).toBe(field);
      expect(await t.db.$count(emailSubscribers)).toBe(before);
      expect(mailsTo("ok@example.com")).toHaveLength(0);
    });
  }

  it("without JavaScript is sent back to the form with the message's code, storing nothing", async () => {
    const before = await t.db.$count(emailSubscribers);
    const response = await signUp(
      { form: "waitlist", email_address: "nope", returnTo: "/build-stronger-foundations-interest#email-list-waitlist" },
      { js: false },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(
      "/build-stronger-foundations-interest?email_list=waitlist&email_list_status=email_invalid#email-list-waitlist",
    );
    expect(await t.db.$count(emailSubscribers)).toBe(before);
  });
});

// ─── Bots ───────────────────────────────────────────────────────────────────────────────────────

describe("bot protection", () => {
  it("answers a filled honeypot as if successful, but stores and sends nothing", async () => {
    const email = uniqueEmail("bot");
    const ip = uniqueIp();
    const response = await signUp({ email_address: email, website: "http://spam.example" }, { ip });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, message: EMAIL_LIST_SUCCESS });
    expect(await rowsFor(email)).toHaveLength(0);
    expect(mailsTo(email)).toHaveLength(0);
    expect(await t.db.select().from(accountLimits).where(eq(accountLimits.key, rateLimitKey(ip)))).toHaveLength(0);
  });

  it("allows 5 sign-ups per 10 minutes per IP, then answers 429 with a clear message", async () => {
    const ip = "203.0.113.77";
    for (let i = 0; i < 5; i++) {
      const ok = await signUp({ email_address: uniqueEmail("limit") }, { ip });
      expect(ok.status, `sign-up ${i + 1}`).toBe(200);
    }
    const email = uniqueEmail("limited");
    const refused = await signUp({ email_address: email }, { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({
      ok: false,
      error: "You've signed up several times in a short while. Please wait 10 minutes and try again.",
    });
    expect(await rowsFor(email)).toHaveLength(0);
    expect(mailsTo(email)).toHaveLength(0);

    // Another visitor is not affected.
    expect((await signUp({ email_address: uniqueEmail("other") }, { ip: "203.0.113.78" })).status).toBe(200);

    // Once the window has passed, the first IP may sign up again.
    await t.db
      .update(accountLimits)
      .set({ windowStartedAt: new Date(Date.now() - 11 * 60 * 1000) })
      .where(eq(accountLimits.key, rateLimitKey(ip)));
    expect((await signUp({ email_address: email }, { ip })).status).toBe(200);
  });

  it("counts IPv6 and IPv4-mapped addresses as one visitor each", async () => {
    const ip = "::ffff:203.0.113.90";
    for (let i = 0; i < 5; i++) expect((await signUp({ email_address: uniqueEmail("v6") }, { ip })).status).toBe(200);
    expect((await signUp({ email_address: uniqueEmail("v6") }, { ip: "203.0.113.90" })).status).toBe(429);
  });

  it("counts the addresses of one IPv6 /64 as one visitor", async () => {
    for (let i = 1; i <= 5; i++) expect((await signUp({ email_address: uniqueEmail("v6net") }, { ip: `2001:db8:77:1::${i}` })).status).toBe(200);
    expect((await signUp({ email_address: uniqueEmail("v6net") }, { ip: "2001:db8:77:1:ffff:ffff:ffff:fffe" })).status).toBe(429);
    // The next /64 is somebody else.
    expect((await signUp({ email_address: uniqueEmail("v6net") }, { ip: "2001:db8:77:2::1" })).status).toBe(200);
  });

  it("refuses a post from another site's page", async () => {
    const email = uniqueEmail("csrf");
    const response = await signUp({ email_address: email }, { headers: { Origin: "https://evil.example" } });
    expect(response.status).toBe(403);
    expect(await rowsFor(email)).toHaveLength(0);
  });
});

// ─── Double opt-in ──────────────────────────────────────────────────────────────────────────────

describe("double opt-in", () => {
  it("stores a pending subscriber, emails a single-use link, and confirming queues exactly one job", async () => {
    const email = uniqueEmail("jane");
    const response = await signUp({ form: "calendar", email_address: ` ${email} `, first_name: " Jane " });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, message: "Success! Now check your email to confirm your subscription." });

    const [row] = await rowsFor(email);
    expect(row).toMatchObject({ email, firstName: "Jane", form: "calendar", status: "pending", confirmedAt: null });
    expect(row!.ipAddress).toMatch(/^198\.51\.100\./);
    const expiresInDays = (row!.confirmTokenExpiresAt!.getTime() - Date.now()) / 86_400_000;
    expect(expiresInDays).toBeGreaterThan(6.9);
    expect(expiresInDays).toBeLessThanOrEqual(7);

    const [mail] = mailsTo(email);
    expect(mail).toBeDefined();
    expect(mail!.headers).toMatch(/^Subject: Please confirm your subscription$/m);
    expect(mail!.confirmUrl).toMatch(new RegExp(`^${SITE}/email/confirm\\?token=`));
    // Only a hash of the token is stored.
    const token = new URL(mail!.confirmUrl!).searchParams.get("token")!;
    const secret = token.split(".")[1]!;
    expect(row!.confirmTokenHash).toBe(hashSecret(secret));
    expect(JSON.stringify(row)).not.toContain(secret);

    // Opening the link (as a mail scanner does, GET or HEAD) only asks: nothing is confirmed or queued.
    for (const method of ["HEAD", "GET"] as const) {
      const opened = await openConfirm(mail!.confirmUrl!, method);
      expect(opened.status).toBe(200);
      expect(await opened.json()).toEqual({ state: "ask", email: "j•••@example.com" });
    }
    expect((await rowsFor(email))[0]).toMatchObject({ status: "pending", confirmedAt: null });
    expect(await jobsFor(row!.id)).toHaveLength(0);

    // The button's post confirms, then sends her on to the thank-you, which changes nothing.
    const confirmed = await confirm(mail!.confirmUrl!);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("Location")).toBe("/email/confirm?confirmed=1");
    const thanks = await openConfirm(`${SITE}/email/confirm?confirmed=1`);
    expect(thanks.status).toBe(200);
    expect(await thanks.json()).toEqual({ state: "confirmed" });
    const [after] = await rowsFor(email);
    expect(after).toMatchObject({ status: "confirmed", confirmTokenHash: null });
    expect(after!.confirmedAt).toBeInstanceOf(Date);
    const queued = await jobsFor(after!.id);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ queue: "email-marketing", status: "queued", payload: { subscriberId: after!.id } });

    // The same link again is refused kindly, and queues nothing more.
    const again = await confirm(mail!.confirmUrl!);
    expect(again.status).toBe(410);
    expect(await again.json()).toEqual({ state: "invalid", reason: "invalid" });
    expect((await openConfirm(mail!.confirmUrl!)).status).toBe(410);
    expect(await jobsFor(after!.id)).toHaveLength(1);
  });

  it("refuses an expired link, a changed link and a mangled one with a 4xx", async () => {
    const email = uniqueEmail("late");
    await signUp({ email_address: email });
    const url = mailsTo(email)[0]!.confirmUrl!;

    const changed = url.slice(0, -3) + (url.endsWith("AAA") ? "BBB" : "AAA");
    expect((await confirm(changed)).status).toBe(410);
    expect((await confirm(`${SITE}/email/confirm?token=garbage`)).status).toBe(400);
    expect((await confirm(`${SITE}/email/confirm`)).status).toBe(400);
    expect((await openConfirm(changed)).status).toBe(410);
    expect((await openConfirm(`${SITE}/email/confirm?token=garbage`)).status).toBe(400);

    await t.db
      .update(emailSubscribers)
      .set({ confirmTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailSubscribers.email, email));
    expect((await confirm(url)).status).toBe(410);
    const [row] = await rowsFor(email);
    expect(row!.status).toBe("pending");
    expect(await jobsFor(row!.id)).toHaveLength(0);
  });

  it("re-sends the link to a pending address with the same answer, one row, and only the newest link works", async () => {
    const email = uniqueEmail("again");
    await signUp({ email_address: email });
    const first = mailsTo(email)[0]!.confirmUrl!;

    // Moments later: the same answer, but no second email (an address can't be flooded).
    const soon = await signUp({ email_address: email.toUpperCase() });
    expect(await soon.json()).toEqual({ ok: true, message: EMAIL_LIST_SUCCESS });
    expect(mailsTo(email)).toHaveLength(1);

    await ageConfirmation(email);
    const later = await signUp({ email_address: email, first_name: "Mo" });
    expect(await later.json()).toEqual({ ok: true, message: EMAIL_LIST_SUCCESS });
    const mails = mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(await rowsFor(email)).toHaveLength(1);
    expect((await rowsFor(email))[0]!.firstName).toBe("Mo");

    expect((await confirm(first)).status).toBe(410);
    expect((await confirm(mails[1]!.confirmUrl!)).status).toBe(303);
  });

  it("answers a confirmed address the same way, without an email or a second job", async () => {
    const email = uniqueEmail("done");
    await signUp({ email_address: email });
    await confirm(mailsTo(email)[0]!.confirmUrl!);
    await ageConfirmation(email);

    const response = await signUp({ email_address: email });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, message: EMAIL_LIST_SUCCESS });
    expect(mailsTo(email)).toHaveLength(1);
    const [row] = await rowsFor(email);
    expect(row!.status).toBe("confirmed");
    expect(await jobsFor(row!.id)).toHaveLength(1);
  });

  it("keeps one row per address and form", async () => {
    const email = uniqueEmail("both");
    await signUp({ form: "newsletter", email_address: email });
    await signUp({ form: "interest", email_address: email, biggest_challenge: "Finding the time" });
    const rows = await rowsFor(email);
    expect(rows.map((r) => r.form).sort()).toEqual(["interest", "newsletter"]);
    expect(rows.find((r) => r.form === "interest")!.biggestChallenge).toBe("Finding the time");
    // Only the interest form asks for (and keeps) a challenge.
    const other = uniqueEmail("nochallenge");
    await signUp({ form: "newsletter", email_address: other, biggest_challenge: "sneaked in" });
    expect((await rowsFor(other))[0]!.biggestChallenge).toBeNull();
  });

  // Behaviour changed on purpose (docs/product.md §18): the confirmation is queued with the
  // sign-up, so a mail-server outage no longer fails it; the email waits and is sent once.
  it("signs up at once while the mail server is down, and the confirmation is sent once it answers", async () => {
    const email = uniqueEmail("smtpdown");
    process.env.SMTP_URL = "smtp://127.0.0.1:9";
    reloadConfig();
    try {
      const response = await signUp({ email_address: email });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ ok: true });
      expect(mailsTo(email)).toHaveLength(0);
    } finally {
      delete process.env.SMTP_URL;
      reloadConfig();
    }
    await makeQueuedEmailsDue(t.db);
    await deliverQueuedEmails(t.db);
    expect(mailsTo(email)).toHaveLength(1);
    await makeQueuedEmailsDue(t.db);
    await deliverQueuedEmails(t.db);
    expect(mailsTo(email)).toHaveLength(1);
  });
});

// ─── No JavaScript ──────────────────────────────────────────────────────────────────────────────

describe("a form posted without JavaScript", () => {
  it("is redirected back to its page and form with the outcome, and the subscriber is stored", async () => {
    const email = uniqueEmail("nojs");
    const response = await signUp(
      { form: "newsletter", email_address: email, returnTo: "/community?ref=nav#email-list-newsletter" },
      { js: false },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(
      "/community?ref=nav&email_list=newsletter&email_list_status=ok#email-list-newsletter",
    );
    expect((await rowsFor(email))[0]).toMatchObject({ form: "newsletter", status: "pending" });
    expect(mailsTo(email)).toHaveLength(1);
  });

  for (const returnTo of ["https://evil.example/x", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", ""]) {
    it(`never goes back to another site (${JSON.stringify(returnTo)})`, async () => {
      const response = await signUp({ email_address: uniqueEmail("redirect"), returnTo }, { js: false });
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/?email_list=newsletter&email_list_status=ok");
    });
  }
});

// ─── Unsubscribe ────────────────────────────────────────────────────────────────────────────────

describe("the unsubscribe link", () => {
  it("is in every email, as a link and as RFC 8058 one-click headers", async () => {
    const email = uniqueEmail("headers");
    await signUp({ email_address: email });
    const [mail] = mailsTo(email);
    const [row] = await rowsFor(email);
    const url = `${SITE}/email/unsubscribe?token=${row!.unsubscribeToken}`;
    expect(mail!.unsubscribeUrl).toBe(url);
    expect(mail!.headers).toContain(`List-Unsubscribe: <${url}>`);
    expect(mail!.headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  });

  it("shows a page that asks first (GET changes nothing), then unsubscribes from every list on POST", async () => {
    const email = uniqueEmail("leaver");
    await signUp({ form: "newsletter", email_address: email });
    await signUp({ form: "waitlist", email_address: email });
    const mails = mailsTo(email);
    await confirm(mails[0]!.confirmUrl!);

    const page = await openUnsubscribe(mails[0]!.unsubscribeUrl!);
    expect(page.status).toBe(200);
    expect(await page.json()).toEqual({ state: "ask", email: expect.stringMatching(/^l•••@example\.com$/) });
    expect((await rowsFor(email)).map((r) => r.status).sort()).toEqual(["confirmed", "pending"]);

    const token = new URL(mails[0]!.unsubscribeUrl!).searchParams.get("token")!;
    const done = await postUnsubscribe(`${SITE}/email/unsubscribe?token=${token}`, new URLSearchParams({ token }));
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ state: "done" });
    const rows = await rowsFor(email);
    expect(rows.map((r) => r.status)).toEqual(["unsubscribed", "unsubscribed"]);
    expect(rows.every((r) => r.unsubscribedAt instanceof Date && r.confirmTokenHash === null)).toBe(true);

    // The pending list's confirmation link no longer works, and the page now says it's done.
    expect((await confirm(mails[1]!.confirmUrl!)).status).toBe(410);
    expect(await (await openUnsubscribe(mails[0]!.unsubscribeUrl!)).json()).toMatchObject({ state: "done" });
  });

  it("works with a one-click POST from the mail provider", async () => {
    const email = uniqueEmail("oneclick");
    await signUp({ email_address: email });
    const url = mailsTo(email)[0]!.unsubscribeUrl!;
    const response = await postUnsubscribe(url, "List-Unsubscribe=One-Click");
    expect(response.status).toBe(200);
    expect((await rowsFor(email))[0]!.status).toBe("unsubscribed");

    const multipart = new FormData();
    multipart.set("List-Unsubscribe", "One-Click");
    expect((await respond(() => unsubscribeAction({ request: new Request(url, { method: "POST", body: multipart }), url: new URL(url), params: {}, context: {} } as never))).status).toBe(200);
  });

  it("answers an unknown link with a kind 404 page", async () => {
    expect((await openUnsubscribe(`${SITE}/email/unsubscribe?token=${"A".repeat(43)}`)).status).toBe(404);
    expect((await openUnsubscribe(`${SITE}/email/unsubscribe`)).status).toBe(404);
    expect((await postUnsubscribe(`${SITE}/email/unsubscribe?token=nope`, "List-Unsubscribe=One-Click")).status).toBe(404);
  });

  it("lets an unsubscribed address sign up again through a fresh confirmation", async () => {
    const email = uniqueEmail("returner");
    await signUp({ email_address: email });
    await confirm(mailsTo(email)[0]!.confirmUrl!);
    await postUnsubscribe(mailsTo(email)[0]!.unsubscribeUrl!, "List-Unsubscribe=One-Click");
    await ageConfirmation(email);

    const response = await signUp({ email_address: email });
    expect(await response.json()).toEqual({ ok: true, message: EMAIL_LIST_SUCCESS });
    const mails = mailsTo(email);
    expect(mails).toHaveLength(2);
    // Still unsubscribed until the new link is used.
    expect((await rowsFor(email))[0]!.status).toBe("unsubscribed");
    expect((await confirm(mails[1]!.confirmUrl!)).status).toBe(303);
    const [row] = await rowsFor(email);
    expect(row).toMatchObject({ status: "confirmed", unsubscribedAt: null });
    // Queued for the email-marketing sync: the first confirmation, the unsubscription, the second confirmation.
    expect(await jobsFor(row!.id)).toHaveLength(3);
  });
});
