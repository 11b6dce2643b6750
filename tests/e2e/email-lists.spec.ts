import fs from "node:fs";
import path from "node:path";
import { axe, expect, test } from "../support/e2e";
import { MAIL_ARRIVAL_MS } from "../support/budgets";

// docs/product.md §6: the email-list action works without JavaScript (a plain HTML post is redirected back
// to its page and form), double opt-in through the emailed link, and the unsubscribe link (page
// with a button, and RFC 8058 one-click). The forms on the pages themselves are tested with those
// pages; the popup's form in exit-popup.spec.ts.

interface Mail {
  raw: string;
  confirmUrl: string;
  unsubscribeUrl: string;
}

function readMail(email: string): Mail | null {
  const dir = path.join(process.env.E2E_DATA_DIR!, "outbox");
  if (!fs.existsSync(dir)) return null;
  for (const file of fs.readdirSync(dir).sort().reverse()) {
    const encoded = fs.readFileSync(path.join(dir, file), "utf8");
    if (!new RegExp(`^To: .*${email.replace(/[.+]/g, "\\$&")}`, "im").test(encoded)) continue;
    // Headers unfolded; the body's quoted-printable soft breaks and escapes undone.
    const split = encoded.search(/\r?\n\r?\n/);
    const headers = encoded.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
    const body = encoded
      .slice(split)
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    const raw = headers + body;
    return {
      raw,
      confirmUrl: /http:\/\/\S+\/email\/confirm\?token=[\w.%-]+/.exec(raw)![0],
      unsubscribeUrl: /http:\/\/\S+\/email\/unsubscribe\?token=[\w%-]+/.exec(raw)![0],
    };
  }
  return null;
}

async function waitForMail(email: string): Promise<Mail> {
  // The server answers first and its job worker sends the email moments later (docs/product.md §18).
  await expect.poll(() => readMail(email), { timeout: MAIL_ARRIVAL_MS }).not.toBeNull();
  return readMail(email)!;
}

const uniqueEmail = (label: string) => `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

test("a form posted without JavaScript is redirected back to its form and the subscriber is stored", async ({ request }) => {
  const email = uniqueEmail("nojs");
  const response = await request.post("/api/email-list", {
    form: { form: "newsletter", first_name: "Ruth", email_address: email, website: "", returnTo: "/community#email-list-newsletter" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  expect(response.headers()["location"]).toBe("/community?email_list=newsletter&email_list_status=ok#email-list-newsletter");

  // Stored: its confirmation email is in the outbox, addressed to the visitor.
  const mail = await waitForMail(email);
  expect(mail.raw).toMatch(/^Subject: Please confirm your subscription$/m);
  expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
});

test("bad input without JavaScript comes back with its message's code and sends nothing", async ({ request }) => {
  const response = await request.post("/api/email-list", {
    form: { form: "waitlist", email_address: "", returnTo: "/build-stronger-foundations-interest#email-list-waitlist" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  expect(response.headers()["location"]).toBe(
    "/build-stronger-foundations-interest?email_list=waitlist&email_list_status=email_required#email-list-waitlist",
  );
});

test("a visitor confirms by the emailed link once; the link then says kindly that it can't be used again", async ({ page, request }) => {
  const email = uniqueEmail("confirm");
  await request.post("/api/email-list", { form: { form: "calendar", email_address: email, returnTo: "/" }, maxRedirects: 0 });
  const mail = await waitForMail(email);

  // The link opens a page that asks first (a mail scanner opening it confirms nobody).
  const first = await page.goto(mail.confirmUrl);
  expect(first?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your subscription");
  await expect(page).toHaveTitle(/Confirm your subscription/);
  let results = await axe(page).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're subscribed. Thank you!");
  results = await axe(page).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);

  const second = await page.goto(mail.confirmUrl);
  expect(second?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link can't be used any more");
  await expect(page.getByText("If you've already confirmed, you're all set")).toBeVisible();

  const mangled = await page.goto("/email/confirm?token=not-a-token");
  expect(mangled?.status()).toBe(400);
});

test("the unsubscribe link shows a button first, then unsubscribes @mobile", async ({ page, request }) => {
  const email = uniqueEmail("leave");
  await request.post("/api/email-list", { form: { form: "newsletter", email_address: email, returnTo: "/" }, maxRedirects: 0 });
  const mail = await waitForMail(email);

  const response = await page.goto(mail.unsubscribeUrl);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unsubscribe from our emails?");
  await expect(page.getByText("l•••@example.com")).toBeVisible();
  const results = await axe(page).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);

  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You've been unsubscribed");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You've been unsubscribed");

  // The confirmation link of an address that has unsubscribed no longer works.
  expect((await page.goto(mail.confirmUrl))?.status()).toBe(410);
});

test("the unsubscribe page's button works without JavaScript", async ({ browser, request }) => {
  const email = uniqueEmail("nojsleave");
  await request.post("/api/email-list", { form: { form: "waitlist", email_address: email, returnTo: "/" }, maxRedirects: 0 });
  const mail = await waitForMail(email);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(mail.unsubscribeUrl);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You've been unsubscribed");
  await context.close();
});

test("one-click unsubscribe (RFC 8058) works with a POST to the List-Unsubscribe address", async ({ request, page }) => {
  const email = uniqueEmail("oneclick");
  await request.post("/api/email-list", { form: { form: "popup", email_address: email, returnTo: "/" }, maxRedirects: 0 });
  const mail = await waitForMail(email);
  const header = /^List-Unsubscribe: <([^>]+)>$/m.exec(mail.raw)![1]!;
  expect(header).toBe(mail.unsubscribeUrl);

  const response = await request.post(header, {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(response.status()).toBe(200);
  await page.goto(mail.unsubscribeUrl);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You've been unsubscribed");
});

test("an unknown unsubscribe link gets a kind 404 page", async ({ page }) => {
  const response = await page.goto(`/email/unsubscribe?token=${"x".repeat(43)}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This unsubscribe link isn't valid");
});
