import { signInAsAdmin, toast } from "../support/admin-e2e";
import { emailWithSubject, signUpAndPay } from "../support/checkout-e2e";
import { axe, expect, type Browser, test, type TestInfo } from "../support/e2e";
import { ROUND_TRIP_MS } from "../support/budgets";

// The coach's money actions on the dashboard, end to end on the test checkout (docs/product.md
// §10.3, §10.11): she pauses a member's subscription, then cancels it now, from the Sales tab, and
// gives her a free place on Learn to Lift from the Users tab; each asks for a ticked confirmation,
// goes through the payment provider, shows on the member's side and emails her.

async function memberContext(browser: Browser, testInfo: TestInfo) {
  return browser.newContext({ baseURL: testInfo.project.use.baseURL, extraHTTPHeaders: testInfo.project.use.extraHTTPHeaders });
}

test("pause, cancel now and give access: confirmed, done through the provider, seen by the member and emailed", async ({ page, browser }, testInfo) => {
  test.slow(); // a sign-up, a payment and four dashboard round trips
  const member = await memberContext(browser, testInfo);
  const her = await member.newPage();
  const email = `money-actions-${testInfo.project.name}-${Date.now()}@example.com`;
  await signUpAndPay(her, "/build-stronger-foundations-checkout", { firstName: "Rose", lastName: "Actions", email });

  await signInAsAdmin(page, testInfo);
  await page.goto("/settings/admin/sales");
  // Her payment: the row whose member link searches for her address.
  const sale = page
    .getByRole("listitem")
    .filter({ has: page.locator(`a[href*="${encodeURIComponent(email)}"]`) })
    .filter({ hasText: "Build Stronger Foundations" });
  await expect(sale.getByText("Active", { exact: true })).toBeVisible();

  // Pause: nothing happens without the ticked box (the browser asks, and the server would refuse).
  await sale.getByText("Pause", { exact: true }).click();
  await sale.getByRole("radio", { name: "2 months" }).check();
  await sale.getByRole("button", { name: "Confirm pause" }).click();
  await expect(sale.getByRole("checkbox", { name: /Yes, pause/ })).toBeFocused();
  await sale.getByRole("checkbox", { name: /Yes, pause/ }).check();
  const results = await axe(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length} node(s)`)).toEqual([]);
  await sale.getByRole("button", { name: "Confirm pause" }).click();
  await expect(toast(page, /Build Stronger Foundations paused from .* until .*\. She gets an email to say so\./)).toBeVisible({ timeout: ROUND_TRIP_MS });
  await expect(sale.getByText(/^Paused until \d{1,2} \w+ \d{4}$/)).toBeVisible();
  await emailWithSubject(email, /paused/i);
  await her.goto("/settings");
  await expect(her.getByText(/^Paused until \d{1,2} \w+ \d{4}$/)).toBeVisible();

  // Cancel now: her access ends today and her settings say it is cancelled.
  await sale.getByText("Cancel subscription", { exact: true }).click();
  await sale.getByRole("radio", { name: /^Now/ }).check();
  await sale.getByRole("checkbox", { name: /Yes, cancel/ }).check();
  await sale.getByRole("button", { name: "Confirm cancellation" }).click();
  await expect(toast(page, "Build Stronger Foundations cancelled now. She gets an email to say so.")).toBeVisible({ timeout: ROUND_TRIP_MS });
  await expect(sale.getByText("Ended", { exact: true })).toBeVisible();
  await emailWithSubject(email, "Your Build Stronger Foundations subscription is cancelled");
  await her.goto("/settings");
  await expect(her.getByText("Cancelled", { exact: true })).toBeVisible();

  // Give access: a free place on Learn to Lift, shown to her as given by the coach.
  await page.goto(`/settings/admin/users?q=${encodeURIComponent(email)}`);
  await page.getByText("Give access to a course").click();
  await page.getByLabel("Course").selectOption("learn-to-lift");
  await page.getByRole("checkbox", { name: /Yes, give .* a free place/ }).check();
  await page.getByRole("button", { name: "Give access", exact: true }).click();
  await expect(toast(page, "A place on Learn to Lift is hers. She has been emailed the way in.")).toBeVisible({ timeout: ROUND_TRIP_MS });
  await her.goto("/settings");
  await expect(her.getByRole("list", { name: "Purchases" }).getByText("Given by the coach")).toBeVisible();
  await her.goto("/learn/learn-to-lift");
  await expect(her.getByRole("heading", { level: 1 })).not.toContainText("isn't part of your account");
  await member.close();
});
