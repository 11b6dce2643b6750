import { axe, confirmEmailAddress, emailedLink, expect, type Locator, type Page, test, toastLocator } from "../support/e2e";
import { RETRY_STEP_MS, ROUND_TRIP_MS } from "../support/budgets";

// docs/product.md §7.1–§7.3, §11.2, §11.3 and §12: the login
// dialog of the navigation in a real browser. Every test makes its own member.

const PASSWORD = "Stronger2025";

function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

function banner(page: Page) {
  return page.getByRole("banner");
}

/** Opens the login dialog (retrying until the page has hydrated and the button responds). */
async function openLoginDialog(page: Page): Promise<Locator> {
  const dialog = page.getByRole("dialog");
  await expect(async () => {
    if (!(await dialog.isVisible())) await banner(page).getByRole("button", { name: "Login" }).click();
    await expect(dialog).toBeVisible({ timeout: RETRY_STEP_MS });
  }).toPass({ timeout: ROUND_TRIP_MS });
  return dialog;
}

function toast(page: Page, text: string) {
  return toastLocator(page, text);
}

async function fillSignUp(form: Locator, values: { firstName?: string; lastName?: string; phone?: string; email: string; password?: string; terms?: boolean }) {
  await form.getByLabel("First name").fill(values.firstName ?? "Sarah");
  await form.getByLabel("Last name").fill(values.lastName ?? "Jones");
  await form.getByLabel("Phone (optional)").fill(values.phone ?? "");
  await form.getByLabel("Email").fill(values.email);
  await form.getByLabel("Password").fill(values.password ?? PASSWORD);
  await form.getByLabel(/I agree to the/).setChecked(values.terms ?? true);
}

/** Signs up through the navigation's dialog and waits for the signed-in navigation. */
async function signUpFromDialog(page: Page, email: string, names: { firstName?: string; lastName?: string } = {}) {
  const dialog = await openLoginDialog(page);
  await fillSignUp(dialog, { email, ...names });
  await dialog.getByRole("button", { name: "Create Account" }).click();
  await expect(toast(page, "Account created successfully!")).toBeVisible();
  await expect(banner(page).getByRole("link", { name: "Profile Settings" })).toBeVisible();
}

/** What the settings page's Sign Out button does: a plain form post to /sign-out. */
async function signOut(page: Page) {
  await page.evaluate(() => {
    const form = document.createElement("form");
    form.method = "post";
    form.action = "/sign-out";
    document.body.append(form);
    form.submit();
  });
  await expect(banner(page).getByRole("button", { name: "Login" })).toBeVisible();
}

test.describe("sign-up and log-in from the navigation", () => {
  test("signs up from the login dialog: success toast, avatar in the navigation, member pages open", async ({ page }) => {
    await page.goto("/coaching-services");
    const email = uniqueEmail("signup");
    const dialog = await openLoginDialog(page);
    // Sign-up is the default mode, with the documented fields and texts.
    await expect(dialog.getByLabel("Phone (optional)")).toBeVisible();
    await expect(dialog.getByText("Must be at least 8 characters with uppercase, lowercase, and number")).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Terms and Conditions" })).toHaveAttribute("href", "/terms");
    await expect(dialog.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");

    await fillSignUp(dialog, { email, firstName: "Bronwen", lastName: "Morgan" });
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await expect(toast(page, "Account created successfully!")).toContainText("Success");
    await expect(page.getByRole("dialog")).toBeHidden();
    // Sign-up keeps her on the page she was reading.
    await expect(page).toHaveURL("/coaching-services");
    const avatarLink = banner(page).getByRole("link", { name: "Profile Settings" });
    await expect(avatarLink).toHaveAttribute("href", "/settings");
    await expect(banner(page).getByRole("button", { name: "Login" })).toHaveCount(0);
    await expect(banner(page).getByRole("link", { name: "Admin" })).toHaveCount(0);

    // A member may open /settings; the admin dashboard sends her home with the documented message.
    await avatarLink.click();
    await expect(page).toHaveURL("/settings");
    await page.goto("/settings/admin");
    await expect(page).toHaveURL("/");
    await expect(toast(page, "Access denied. Admin privileges required.")).toBeVisible();
  });

  test("logs out, then logs back in and goes to the home page", async ({ page }) => {
    const email = uniqueEmail("login");
    await page.goto("/community");
    await signUpFromDialog(page, email);
    await signOut(page);
    await expect(page).toHaveURL("/");

    await page.goto("/community");
    const dialog = await openLoginDialog(page);
    await dialog.getByRole("link", { name: "Already have an account? Log in" }).click();
    await expect(dialog.getByLabel("First name")).toHaveCount(0);
    await expect(dialog.getByRole("link", { name: "Forgot your password?" })).toBeVisible();
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password").fill("Wrong-password-1");
    await dialog.getByRole("button", { name: "Log In" }).click();
    await expect(toast(page, "Invalid email or password")).toContainText("Error");

    await dialog.getByLabel("Password").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Log In" }).click();
    await expect(toast(page, "Successfully signed in!")).toContainText("Success");
    await expect(page).toHaveURL("/");
    await expect(banner(page).getByRole("link", { name: "Profile Settings" })).toBeVisible();
  });

  test("'Forgot your password?' gives the same neutral answer for any address", async ({ page }) => {
    await page.goto("/");
    const dialog = await openLoginDialog(page);
    await dialog.getByRole("link", { name: "Already have an account? Log in" }).click();
    await dialog.getByRole("link", { name: "Forgot your password?" }).click();
    await dialog.getByLabel("Email").fill(uniqueEmail("nobody"));
    await dialog.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(toast(page, "If an account exists for that email, we've sent a link")).toContainText("Check your email");
    // Back in log-in mode.
    await expect(dialog.getByRole("button", { name: "Log In" })).toBeVisible();
  });

  test("the form is disabled while it is being sent", async ({ page }) => {
    await page.goto("/");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      // The form posts to /auth on the pages that hydrate, to /api/auth-form on the others.
      (url) => url.pathname.startsWith("/auth") || url.pathname === "/api/auth-form",
      async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue();
      },
    );
    const dialog = await openLoginDialog(page);
    await fillSignUp(dialog, { email: uniqueEmail("busy") });
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await expect(dialog.getByRole("button", { name: "Create Account" })).toBeDisabled();
    await expect(dialog.getByLabel("Email")).toBeDisabled();
    await expect(dialog.getByLabel("First name")).toBeDisabled();
    await expect(dialog.getByRole("link", { name: "Already have an account? Log in" })).toBeVisible();
    release();
    await expect(toast(page, "Account created successfully!")).toBeVisible();
  });
});

test.describe("validation (docs/product.md §11.3)", () => {
  /** The newest toast (sonner marks it data-front) says 'Validation Error' and the message. */
  async function expectValidationToast(page: Page, message: string) {
    const newest = page.locator('[data-sonner-toast][data-front="true"]');
    await expect(newest).toContainText(message);
    await expect(newest).toContainText("Validation Error");
  }

  test("each sign-up and log-in rule shows its message in a 'Validation Error' toast", async ({ page }) => {
    test.slow(); // thirteen rules, one after another
    await page.goto("/");
    const dialog = await openLoginDialog(page);
    const submit = dialog.getByRole("button", { name: "Create Account" });
    const cases: [string, Parameters<typeof fillSignUp>[1]][] = [
      ["First name is required", { firstName: "   ", email: "valid@example.com" }],
      ["First name must be less than 50 characters", { firstName: "A".repeat(51), email: "valid@example.com" }],
      ["Last name is required", { lastName: "", email: "valid@example.com" }],
      ["Last name must be less than 50 characters", { lastName: "B".repeat(51), email: "valid@example.com" }],
      ["Phone number must be less than 20 characters", { phone: "0".repeat(21), email: "valid@example.com" }],
      ["Invalid email address", { email: "sarah-at-example.com" }],
      ["Email must be less than 255 characters", { email: `${"s".repeat(250)}@example.com` }],
      ["Password must be at least 8 characters", { email: "valid@example.com", password: "Short1" }],
      ["Password must be less than 128 characters", { email: "valid@example.com", password: `Aa1${"x".repeat(126)}` }],
      [
        "Password must contain at least one uppercase letter, one lowercase letter, and one number",
        { email: "valid@example.com", password: "lowercase123" },
      ],
      ["You must accept the terms and conditions", { email: "valid@example.com", terms: false }],
    ];
    for (const [message, values] of cases) {
      await fillSignUp(dialog, values);
      await submit.click();
      await expectValidationToast(page, message);
    }
    // Nothing was sent: still signed out, still in the dialog.
    await expect(dialog).toBeVisible();

    await dialog.getByRole("link", { name: "Already have an account? Log in" }).click();
    const logIn = dialog.getByRole("button", { name: "Log In" });
    await dialog.getByLabel("Email").fill("not-an-email");
    await dialog.getByLabel("Password").fill("secret1");
    await logIn.click();
    await expectValidationToast(page, "Invalid email address");
    await dialog.getByLabel("Email").fill("valid@example.com");
    await dialog.getByLabel("Password").fill("12345");
    await logIn.click();
    await expectValidationToast(page, "Password must be at least 6 characters");
  });

  test("the open login dialog has no accessibility violations, in both modes @mobile", async ({ page }) => {
    await page.goto("/");
    const dialog = await openLoginDialog(page);
    await expect(dialog.getByLabel("First name")).toBeVisible();
    const signUp = await axe(page).include('[role="dialog"], dialog[open]').analyze();
    expect(signUp.violations.map((v) => `${v.id}: ${v.nodes.length} node(s)`)).toEqual([]);
    await dialog.getByRole("link", { name: "Already have an account? Log in" }).click();
    await expect(dialog.getByRole("button", { name: "Log In" })).toBeVisible();
    const logIn = await axe(page).include('[role="dialog"], dialog[open]').analyze();
    expect(logIn.violations.map((v) => `${v.id}: ${v.nodes.length} node(s)`)).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test("signs up on the /auth page with a plain form post", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/auth");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome");
    const form = page.getByRole("main");
    await fillSignUp(form, { email: uniqueEmail("nojs"), firstName: "Aisha", lastName: "Begum" });
    // She ticks the unticked news and offers box: her settings show the switch on (docs/product.md §7.2).
    const marketing = form.getByRole("checkbox", { name: "Send me news, training tips and offers to my inbox. I can unsubscribe at any time." });
    await expect(marketing).not.toBeChecked();
    await marketing.check();
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("status").filter({ hasText: "Success Account created successfully!" })).toBeVisible();
    await expect(banner(page).getByRole("link", { name: "Profile Settings" })).toBeVisible();
    await page.goto("/settings");
    await expect(page.getByRole("button", { name: "Turn off email notifications" })).toBeVisible();
    await context.close();
  });

  test("a mistake comes back to the form with its message", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/auth?mode=log-in");
    const form = page.getByRole("main");
    await form.getByLabel("Email").fill("not-an-email");
    await form.getByLabel("Password").fill("secret1");
    await form.getByRole("button", { name: "Log In" }).click();
    await expect(page).toHaveURL("/auth?mode=log-in");
    await expect(page.getByRole("status").filter({ hasText: "Validation Error Invalid email address" })).toBeVisible();
    await context.close();
  });
});

test("the confirmation link asks before it confirms: opening it changes nothing, the button does (decision 245)", async ({ page }) => {
  const email = uniqueEmail("confirm");
  await page.goto("/");
  await signUpFromDialog(page, email);
  await page.goto(await emailedLink(email, /\/verify-email\?token=/));
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your email address" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(email);
  expect((await axe(page).analyze()).violations).toEqual([]);
  // Still not verified: her settings say so.
  await page.goto("/settings");
  await expect(page.getByText("Not verified")).toBeVisible();
  await page.goBack();
  await page.getByRole("button", { name: "Confirm My Email Address" }).click();
  await expect(page).toHaveURL("/");
  await expect(toast(page, "Thank you for confirming your email address.")).toBeVisible();
  await page.goto("/settings");
  await expect(page.getByText("Verified", { exact: true })).toBeVisible();
});

test.describe("administrators", () => {
  test("an ADMIN_EMAILS address opens the dashboard only once confirmed; then the Admin badge, and 'Admin Dashboard' and 'Profile Settings' in the mobile menu @mobile", async ({ page }, testInfo) => {
    test.slow(); // a sign-up, a refused visit, an emailed confirmation and the dashboard
    // ADMIN_EMAILS (playwright.config.ts) lists one address per project for this test alone.
    const email = `e2e-new-admin-${testInfo.project.name}@example.com`;
    await page.goto("/");
    const dialog = await openLoginDialog(page);
    await fillSignUp(dialog, { email, firstName: "Jo", lastName: "Coach" });
    await dialog.getByRole("button", { name: "Create Account" }).click();
    // On a retry (or after another spec signed her up) the account already exists: log in instead.
    const created = toast(page, "Account created successfully!");
    // (the form then offers to log in, in place, with her address kept).
    const exists = toast(page, "You already have an account with this email address. Please log in to continue.");
    await expect(created.or(exists)).toBeVisible();
    if (await exists.isVisible()) {
      await dialog.getByLabel("Password").fill(PASSWORD);
      await dialog.getByRole("button", { name: "Log In" }).click();
    }
    await expect(banner(page).getByRole("link", { name: "Profile Settings" })).toBeVisible();

    // docs/product.md §9.2: until her address is confirmed she is an ordinary member, and told why (a
    // retry finds her confirmed already).
    if (testInfo.retry === 0 || (await page.locator('header a[href="/settings/admin"]').count()) === 0) {
      await expect(banner(page).getByRole("link", { name: "Admin", exact: true })).toHaveCount(0);
      await page.goto("/settings/admin");
      await expect(page).toHaveURL("/settings");
      await expect(toast(page, "must be confirmed while you're logged in before you can open the admin dashboard")).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: "Please confirm your email address" })).toContainText(
        "Your email address must be confirmed while you're logged in before you can open the admin dashboard.",
      );
      // Logged in, the button of her link makes her an administrator (docs/product.md §7.10).
      await confirmEmailAddress(page, email);
      await expect(page).toHaveURL("/settings/admin/users");
      await expect(toast(page, "Thank you for confirming your email address.")).toBeVisible();
      await page.goto("/");
    }

    if (testInfo.project.name === "mobile") {
      await page.getByRole("button", { name: "Open menu" }).click();
      const menu = page.locator("#site-menu");
      await expect(menu.getByRole("link", { name: "Admin Dashboard" })).toBeVisible();
      await expect(menu.getByRole("link", { name: "Profile Settings" })).toBeVisible();
      await expect(menu.getByRole("button", { name: "Login" })).toHaveCount(0);
      await menu.getByRole("link", { name: "Admin Dashboard" }).click();
    } else {
      await banner(page).getByRole("link", { name: "Admin", exact: true }).click();
    }
    // The guard lets her in: the dashboard stays on screen, at its first tab.
    await expect(page).toHaveURL("/settings/admin/users");
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  });
});
