import { emailWithSubject } from "../support/checkout-e2e";
import fs from "node:fs";
import { axe, expect, type Page, test } from "../support/e2e";
import { ROUND_TRIP_MS } from "../support/budgets";

// Learn to Lift in three monthly payments, end to end on the test checkout (docs/product.md
// §8.11): a visitor chooses 'Pay in 3 monthly payments', signs up, pays £100 today, and opens the
// course at once; her settings say 1 of 3 paid and £200 to go; the test billing portal takes the
// other two; after the third the course is hers and the plan says so. Runs on the shared server at
// the installed price (£300), which no other test changes.

const PASSWORD = "LiftHeavy2025";

async function review(page: Page, name: string) {
  if (process.env.ADMIN_SCREENSHOTS) {
    fs.mkdirSync(".tmp/screens", { recursive: true });
    await page.screenshot({ path: `.tmp/screens/plan-${name}-${page.viewportSize()?.width}.png`, fullPage: true });
  }
  const results = await axe(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length} node(s)`)).toEqual([]);
}

test("a visitor pays Learn to Lift in 3 monthly payments: the course opens with the first, and after the third it is paid for @mobile", async ({ page }) => {
  test.slow(); // a sign-up, a payment and two portal round trips
  await page.goto("/learn-to-lift-checkout");
  await expect(page.getByRole("region", { name: "Learn to Lift" }).getByText("Or pay in 3 monthly payments of £100.")).toBeVisible();
  const plan = page.getByRole("radio", { name: /Pay in 3 monthly payments/ });
  await expect(page.getByRole("radio", { name: /£300 in one payment/ })).toBeChecked();
  await plan.check();
  await expect(plan).toBeChecked();
  await review(page, "choice");

  const email = `plan-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.getByLabel("First name").fill("Joan");
  await page.getByLabel("Last name").fill("Instalment");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("checkbox", { name: /I agree to the/ }).check();
  await page.getByRole("button", { name: "Complete Your Purchase" }).click();
  await expect(page).toHaveURL(/\/test-checkout\/cs_test_/, { timeout: ROUND_TRIP_MS });
  await expect(page.getByText("£100.00")).toBeVisible();
  await expect(page.getByText("today, payment 1 of 3 (£300.00 in all)")).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment Successful");
  await emailWithSubject(email, "Your place on Learn to Lift is booked: receipt for £100.00");

  // The course is open from the first payment.
  await page.goto("/learn/learn-to-lift");
  await expect(page.getByRole("heading", { level: 1 })).not.toContainText("isn't part of your account");

  await page.goto("/settings");
  await expect(page.getByText("1 of 3 payments made, £200.00 still to pay", { exact: false })).toBeVisible();
  await expect(page.getByText("Payment plan", { exact: true })).toBeVisible();
  await review(page, "settings");

  // The provider takes the other two payments.
  await page.getByRole("button", { name: "Manage subscription" }).click();
  await expect(page).toHaveURL(/\/test-checkout\/billing-portal/);
  await expect(page.getByText(/Payment plan: 2 more payments, the next on/)).toBeVisible();
  await page.getByRole("button", { name: "Simulate renewal" }).click();
  await expect(page.getByText(/Payment plan: 1 more payment, the next on/)).toBeVisible();
  await emailWithSubject(email, "Learn to Lift: payment 2 of 3 received (£100.00)");
  await page.getByRole("button", { name: "Simulate renewal" }).click();
  await expect(page.getByText(/Payment plan: every payment taken/)).toBeVisible();
  await emailWithSubject(email, "Learn to Lift is paid for: receipt for your last payment of £100.00");

  await page.goto("/settings");
  await expect(page.getByText("All 3 payments made: the course is yours for life")).toBeVisible();
  await expect(page.getByText("Paid in full", { exact: true })).toBeVisible();
});
