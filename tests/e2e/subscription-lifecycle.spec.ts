import { emailWithSubject, signUpAndPay } from "../support/checkout-e2e";
import { expect, test } from "../support/e2e";

// The subscription's lifecycle on a fresh machine (docs/product.md §8.6, §18.4): bought through
// the test checkout, then renewed, failed and cancelled from the test billing portal, which sends
// Stripe's events through the signed webhook; each step's email reaches her, once.

test("renewal, failed renewal and cancellation from the test billing portal each email her", async ({ page }) => {
  test.slow(); // a sign-up, a payment and three portal round trips
  const email = `lifecycle-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await signUpAndPay(page, "/build-stronger-foundations-checkout", { firstName: "Helen", lastName: "Lifecycle", email });
  await emailWithSubject(email, "Welcome to Build Stronger Foundations: receipt for £20.00 a month");

  await page.goto("/settings");
  await page.getByRole("button", { name: "Manage subscription" }).or(page.getByRole("link", { name: "Manage subscription" })).first().click();
  await expect(page).toHaveURL(/\/test-checkout\/billing-portal/);
  await expect(page.getByText("Active", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Simulate renewal" }).click();
  await emailWithSubject(email, "Your Build Stronger Foundations subscription has renewed: receipt for £20.00");

  await page.getByRole("button", { name: "Simulate failed renewal" }).click();
  await expect(page.getByText("Payment failed", { exact: true })).toBeVisible();
  await emailWithSubject(email, "We couldn't take your Build Stronger Foundations payment");

  // Her settings say so, with the date her grace period ends and the way to update her card.
  await page.goto("/settings");
  await expect(page.getByText("Your Build Stronger Foundations payment didn't go through")).toBeVisible();
  await expect(page.getByText(/You keep full access until \d{1,2} \w+ \d{4}\./)).toBeVisible();
  await page.getByRole("button", { name: "Update my card" }).click();
  await expect(page).toHaveURL(/\/test-checkout\/billing-portal/);

  await page.getByRole("button", { name: "Cancel at period end" }).click();
  await expect(page.getByText("Cancels at period end", { exact: true })).toBeVisible();
  await emailWithSubject(email, "Your Build Stronger Foundations subscription is cancelled");
});
