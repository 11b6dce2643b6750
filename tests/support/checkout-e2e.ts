import { expect, type Page } from "./e2e";
import { MAIL_ARRIVAL_MS, ROUND_TRIP_MS } from "./budgets";
import { outboxMessagesFor } from "./outbox";

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

/** Waits until exactly one email with this subject (or matching it) has reached her in the test server's outbox. */
export async function emailWithSubject(to: string, subject: string | RegExp): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  const matches = (s: string) => (typeof subject === "string" ? s === subject : subject.test(s));
  await expect.poll(() => outboxMessagesFor(dataDir, to).filter((m) => matches(m.subject)).length, { timeout: MAIL_ARRIVAL_MS }).toBe(1);
}
