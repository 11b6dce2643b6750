import fs from "node:fs";
import path from "node:path";
import { signInAsAdmin } from "../support/admin-e2e";
import { axe, expect, type Locator, type Page, test } from "../support/e2e";
import { E2E_LONG_TEST_MS, RETRY_STEP_MS, SYNC_MS } from "../support/budgets";

// The Integrations tab of /settings/admin in a real browser (docs/product.md §10.8, §6.6): a
// visitor confirms a newsletter sign-up, the server's own worker processes the sync (the test
// server runs without KIT_API_KEY, so the "local" provider), and the administrator sees the
// email-marketing card with what happens to sign-ups, the figures, the disabled 'Retry failed'
// and the link to the subscribers, and the community card with its link and advice. The figures are the server's
// whole database (other specs add subscribers at the same time), so they are checked as at least
// this test's own.

/** The confirmation link of the latest email-list message to this address in the outbox. */
function confirmLink(email: string): string | null {
  const dir = path.join(process.env.E2E_DATA_DIR!, "outbox");
  if (!fs.existsSync(dir)) return null;
  for (const file of fs.readdirSync(dir).sort().reverse()) {
    const raw = fs.readFileSync(path.join(dir, file), "utf8");
    if (!new RegExp(`^To: .*${email.replace(/[.+]/g, "\\$&")}`, "im").test(raw)) continue;
    const body = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return /http:\/\/\S+\/email\/confirm\?token=[\w.%-]+/.exec(body)?.[0] ?? null;
  }
  return null;
}

function card(page: Page, title: string): Locator {
  return page.getByRole("region", { name: title });
}

/** The number shown under a figure's label. */
async function figure(region: Locator, label: string): Promise<number> {
  const value = await region.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]").innerText();
  return Number(value.replace(/,/g, ""));
}

test("the administrator sees the email-marketing and community cards on the Integrations tab @mobile", async ({ page, request }, testInfo) => {
  test.setTimeout(E2E_LONG_TEST_MS);

  // A visitor joins the newsletter and confirms: the server queues and processes her sync.
  const email = `e2e-integrations-${testInfo.project.name}-${Date.now().toString(36)}@example.com`;
  const signup = await request.post("/api/email-list", {
    form: { form: "newsletter", first_name: "Ruth", email_address: email, website: "", returnTo: "/" },
    maxRedirects: 0,
  });
  expect(signup.status()).toBe(303);
  await expect.poll(() => confirmLink(email)).not.toBeNull();
  // The link's page asks; its button posts the token and leads to the thank-you (docs/product.md §6.3).
  const link = new URL(confirmLink(email)!);
  const confirmed = await request.post(link.pathname + link.search, { form: { token: link.searchParams.get("token")! }, maxRedirects: 0 });
  expect(confirmed.status()).toBe(303);

  await signInAsAdmin(page, testInfo);
  await page.goto("/settings/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await page.getByRole("tab", { name: "Integrations" }).click();
  await expect(page).toHaveURL(/\/settings\/admin\/integrations$/);

  const mail = card(page, "Email marketing");
  await expect(mail.getByRole("heading", { name: "Email marketing" })).toBeVisible();
  // The test server has no KIT_API_KEY: the card says, in the coach's words, that nobody is added
  // to Kit, where sign-ups are kept, and what to do.
  await expect(mail.getByText("Kit not connected")).toBeVisible();
  await expect(mail.getByText("Kit isn't connected, so nobody is added to your Kit account.", { exact: false })).toBeVisible();
  await expect(mail.getByText("ask whoever looks after your website to add your Kit API key", { exact: false })).toBeVisible();
  await expect(mail.getByText(/server functions/i)).toHaveCount(0);

  expect(await figure(mail, "Subscribers")).toBeGreaterThanOrEqual(1);
  expect(await figure(mail, "Confirmed")).toBeGreaterThanOrEqual(1);
  expect(await figure(mail, "Queued")).toBeGreaterThanOrEqual(0);
  expect(await figure(mail, "Failed")).toBe(0);

  // The worker polls every few seconds: her sync is processed, with the time shown like
  // '5 January 2025, 13:45'.
  await expect(async () => {
    await page.reload();
    await expect(card(page, "Email marketing").locator("time")).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2}$/, { timeout: RETRY_STEP_MS });
  }).toPass({ timeout: SYNC_MS });

  // Nothing failed, so there is nothing to retry.
  await expect(mail.getByRole("button", { name: "Retry failed" })).toBeDisabled();
  await expect(mail.getByText("No syncs have failed.")).toBeVisible();

  const subscribers = mail.getByRole("link", { name: "View subscribers (opens in a new tab)" });
  await expect(subscribers).toHaveAttribute("href", "https://app.kit.com/subscribers");
  await expect(subscribers).toHaveAttribute("target", "_blank");
  await expect(subscribers).toHaveAttribute("rel", /noopener/);

  const community = card(page, "Community platform");
  await expect(community.getByText("Invite your most engaged community members to create an account here", { exact: false })).toBeVisible();
  const members = community.getByRole("link", { name: "View community members (opens in a new tab)" });
  await expect(members).toHaveAttribute("href", "https://strongwithjo.circle.so/members");
  await expect(members).toHaveAttribute("target", "_blank");
  await expect(members).toHaveAttribute("rel", /noopener/);

  const results = await axe(page).include("#main").analyze();
  expect(results.violations).toEqual([]);
});

test("'Retry failed' is refused to a visitor on the server", async ({ request }) => {
  const response = await request.post("/settings/admin/integrations", { form: { intent: "retry-failed" }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
  // Signed out: the log-in form, then the dashboard (docs/product.md §7.10).
  expect(response.headers().location).toBe("/auth?mode=log-in&redirectTo=%2Fsettings%2Fadmin");
});
