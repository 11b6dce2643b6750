import { confirmEmailAddress, expect, type Page, type TestInfo, toastLocator } from "./e2e";
import { RETRY_STEP_MS, ROUND_TRIP_MS } from "./budgets";

// The admin specs' shared sign-in: the project's administrator for this Playwright project
// (ADMIN_EMAILS in playwright.config.ts), signed up through the login dialog the first time. An
// address in ADMIN_EMAILS becomes an administrator once it is confirmed (docs/product.md §7.10), so she
// follows the link emailed to her (the test server's outbox) before the dashboard opens.

export const ADMIN_PASSWORD = "Stronger2025";

export function toast(page: Page, text: string | RegExp) {
  return toastLocator(page, text);
}

/** Signs in as the project's administrator (ADMIN_EMAILS; signed up the first time). */
/** Returns her email address. */
export async function signInAsAdmin(page: Page, testInfo: TestInfo): Promise<string> {
  const email = `e2e-admin-${testInfo.project.name}@example.com`;
  await page.goto("/community");
  const dialog = page.getByRole("dialog");
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
    await expect(dialog).toBeVisible({ timeout: RETRY_STEP_MS });
  }).toPass({ timeout: ROUND_TRIP_MS });
  await dialog.getByRole("link", { name: "Already have an account? Log in" }).click();
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill(ADMIN_PASSWORD);
  await dialog.getByRole("button", { name: "Log In" }).click();
  const signedIn = page.getByRole("banner").getByRole("link", { name: "Profile Settings" });
  const unknown = toast(page, "Invalid email or password");
  await expect(signedIn.or(unknown)).toBeVisible();
  if (await unknown.isVisible()) {
    await dialog.getByRole("link", { name: "Don't have an account? Sign up for free." }).click();
    await dialog.getByLabel("First name").fill("Jo");
    await dialog.getByLabel("Last name").fill("Coach");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password").fill(ADMIN_PASSWORD);
    await dialog.getByLabel(/I agree to the/).check();
    await dialog.getByRole("button", { name: "Create Account" }).click();
    // Another spec may have created her at the same moment: then log in after all. The first
    // sign-up of a run (password hashing, her emails queued) can take a while on a busy machine.
    // (the form then offers to log in, in place, with her address kept).
    const exists = toast(page, "You already have an account with this email address. Please log in to continue.");
    await expect(signedIn.or(exists)).toBeVisible({ timeout: ROUND_TRIP_MS });
    if (await exists.isVisible()) {
      await dialog.getByLabel("Password").fill(ADMIN_PASSWORD);
      await dialog.getByRole("button", { name: "Log In" }).click();
    }
    await expect(signedIn).toBeVisible();
  }
  // Not yet an administrator (no link to the dashboard in the navigation, at any width): her
  // address still waits for its confirmation link.
  const dashboardLink = page.locator('header a[href="/settings/admin"]');
  if ((await dashboardLink.count()) === 0) {
    await confirmEmailAddress(page, email);
    await expect(dashboardLink.first()).toBeAttached();
  }
  return email;
}
