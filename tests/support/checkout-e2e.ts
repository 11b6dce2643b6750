import { expect, type Page } from "./e2e";
import { ROUND_TRIP_MS } from "./budgets";

// A new member buying an offer on a fresh machine: she signs up on the offer's checkout page and
// pays in the test checkout (docs/product.md §8), landing on 'Payment Successful'.

export const BUYER_PASSWORD = "LiftHeavy2025";

export async function signUpAndPay(page: Page, checkoutPath: string, buyer: { firstName: string; lastName: string; email: string }) {
  await page.goto(checkoutPath);
  await page.getByLabel("First name").fill(buyer.firstName);
  await page.getByLabel("Last name").fill(buyer.lastName);
  await page.getByLabel("Email").fill(buyer.email);
  await page.getByLabel("Password").fill(BUYER_PASSWORD);
  await page.getByRole("checkbox", { name: /I agree to the/ }).check();
  await page.getByRole("button", { name: "Complete Your Purchase" }).click();
  await expect(page).toHaveURL(/\/test-checkout\/cs_test_/, { timeout: ROUND_TRIP_MS });
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment Successful");
}
