import { signUpAndPay } from "../support/checkout-e2e";
import { axe, expect, test } from "../support/e2e";
import { E2E_LONG_TEST_MS, ROUND_TRIP_MS } from "../support/budgets";

// docs/product.md §8.1: Learn to Lift is paid once and hers for life. Back on its checkout she is
// told she already has it, with the way to her course first; buying it again, as a second,
// separate purchase, takes the box ticked (the server checks it too:
// tests/integration/checkout-second-purchase.test.ts).

const OWNED =
  "You already have Learn to Lift. Buying it again would be a second, separate purchase: if it's for a friend, please buy it from their own account.";

test("a member who has Learn to Lift is told so before a second purchase, and may go on only by confirming @mobile", async ({ page }, testInfo) => {
  test.setTimeout(E2E_LONG_TEST_MS);
  const email = `e2e-second-purchase-${testInfo.project.name}-${Date.now().toString(36)}@example.com`;
  await signUpAndPay(page, "/learn-to-lift-checkout", { firstName: "Rosalind", lastName: "Twice", email });

  await page.goto("/learn-to-lift-checkout");
  await expect(page.getByText("Welcome back. The course is already yours, for life, so there's nothing more to pay.")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: OWNED })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to your course" })).toHaveAttribute("href", "/learn/learn-to-lift");
  await expect(page.getByRole("button", { name: "Complete Your Purchase" })).toHaveCount(0);

  const confirm = page.getByRole("checkbox", { name: "I understand, and I want to buy Learn to Lift again as a second, separate purchase." });
  await expect(confirm).not.toBeChecked();
  await expect(confirm).toHaveAttribute("required", "");
  const results = await axe(page).include("#main").analyze();
  expect(results.violations).toEqual([]);

  // The way to her course.
  await page.getByRole("link", { name: "Go to your course" }).click();
  await expect(page).toHaveURL("/learn/learn-to-lift");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Learn to Lift");

  // Buying it again, having said so.
  await page.goto("/learn-to-lift-checkout");
  await confirm.check();
  await page.getByRole("button", { name: "Buy it again" }).click();
  await expect(page).toHaveURL(/\/test-checkout\/cs_test_/, { timeout: ROUND_TRIP_MS });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Test checkout");
  await expect(page.getByText("Learn to Lift", { exact: true })).toBeVisible();
});
