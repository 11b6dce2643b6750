import crypto from "node:crypto";
import { axe, expect, type Locator, type Page, test, toastLocator } from "../support/e2e";
import { RETRY_STEP_MS, ROUND_TRIP_MS } from "../support/budgets";

// docs/product.md §9.3, §11.6 and §7.7: the Security
// card in a real browser. Every test makes its own member.

const PASSWORD = "Stronger2025";
const NEW_PASSWORD = "EvenStronger2026";

function uniqueEmail(tag: string): string {
  return `e2e-security-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

function banner(page: Page) {
  return page.getByRole("banner");
}

function toast(page: Page, text: string) {
  return toastLocator(page, text);
}

/** The newest toast says `title` and `message`. */
async function expectToast(page: Page, title: string, message: string) {
  const newest = page.locator('[data-sonner-toast][data-front="true"]');
  await expect(newest).toContainText(message);
  // The title exactly: "Error" is not "Validation Error".
  await expect(newest.locator("[data-title]")).toHaveText(title);
}

async function openLoginDialog(page: Page): Promise<Locator> {
  const dialog = page.getByRole("dialog");
  await expect(async () => {
    if (!(await dialog.isVisible())) await banner(page).getByRole("button", { name: "Login" }).click();
    await expect(dialog).toBeVisible({ timeout: RETRY_STEP_MS });
  }).toPass({ timeout: ROUND_TRIP_MS });
  return dialog;
}

async function signUp(page: Page, email: string) {
  await page.goto("/");
  const dialog = await openLoginDialog(page);
  await dialog.getByLabel("First name").fill("Gwen");
  await dialog.getByLabel("Last name").fill("Price");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByLabel(/I agree to the/).setChecked(true);
  await dialog.getByRole("button", { name: "Create Account" }).click();
  await expect(toast(page, "Account created successfully!")).toBeVisible();
  await expect(banner(page).getByRole("link", { name: "Profile Settings" })).toBeVisible();
}

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

async function logInFromDialog(page: Page, email: string, password: string): Promise<Locator> {
  await page.goto("/");
  const dialog = await openLoginDialog(page);
  await dialog.getByRole("link", { name: "Already have an account? Log in" }).click();
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Log In" }).click();
  return dialog;
}

/** The Security card of /settings, once the page has hydrated. */
async function securityCard(page: Page): Promise<Locator> {
  await page.goto("/settings");
  const card = page.getByRole("region", { name: "Security" });
  await expect(card).toBeVisible();
  await page.waitForLoadState("networkidle");
  return card;
}

// ─── An authenticator app (RFC 6238) ────────────────────────────────────────────────────────────

function base32Decode(input: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of input.replace(/\s+/g, "").toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
}

function totp(secret: string, time = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(time / 30_000)));
  const hmac = crypto.createHmac("sha1", base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/** A code no clock drift window accepts. */
function wrongCode(secret: string): string {
  const valid = new Set([-30_000, 0, 30_000].map((drift) => totp(secret, Date.now() + drift)));
  let code = 123456;
  while (valid.has(String(code))) code += 1;
  return String(code);
}

// ─── Tests ──────────────────────────────────────────────────────────────────────────────────────

test.describe("Security card: password", () => {
  test("checks the fields, refuses a wrong current password, then updates it; the new one logs in @mobile", async ({ page }) => {
    test.slow();
    const email = uniqueEmail("password");
    await signUp(page, email);
    const card = await securityCard(page);
    const update = card.getByRole("button", { name: "Update Password" });

    await update.click();
    await expectToast(page, "Error", "Please fill in all password fields");

    await card.getByLabel("Current Password").fill(PASSWORD);
    await card.getByLabel("New Password", { exact: true }).fill(NEW_PASSWORD);
    await card.getByLabel("Confirm New Password").fill("Different2026");
    await update.click();
    await expectToast(page, "Error", "New passwords don't match");

    await card.getByLabel("Confirm New Password").fill("weakpass1");
    await card.getByLabel("New Password", { exact: true }).fill("weakpass1");
    await update.click();
    await expectToast(page, "Error", "Password must contain at least one uppercase letter, one lowercase letter, and one number");

    await card.getByLabel("Current Password").fill("NotMyPassword1");
    await card.getByLabel("New Password", { exact: true }).fill(NEW_PASSWORD);
    await card.getByLabel("Confirm New Password").fill(NEW_PASSWORD);
    await update.click();
    await expectToast(page, "Error", "Your current password is incorrect. Please try again.");

    await card.getByLabel("Current Password").fill(PASSWORD);
    await update.click();
    await expectToast(page, "Success", "Password updated successfully");
    await expect(card.getByLabel("Current Password")).toHaveValue("");
    // Still signed in on this device.
    await page.reload();
    await expect(page.getByRole("region", { name: "Security" })).toBeVisible();

    await signOut(page);
    // (The old password's refusal is covered by the integration test: sign-ins are rate-limited
    // per IP, and every browser here shares one.)
    await logInFromDialog(page, email, NEW_PASSWORD);
    await expect(toast(page, "Successfully signed in!")).toBeVisible();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page.context().cookies()).resolves.toContainEqual(expect.objectContaining({ name: "better-auth.session_token" }));
  });

  test("the Update Password button is disabled while the change is sent", async ({ page }) => {
    await signUp(page, uniqueEmail("busy"));
    const card = await securityCard(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === "/settings/security",
      async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue();
      },
    );
    await card.getByLabel("Current Password").fill(PASSWORD);
    await card.getByLabel("New Password", { exact: true }).fill(NEW_PASSWORD);
    await card.getByLabel("Confirm New Password").fill(NEW_PASSWORD);
    await card.getByRole("button", { name: "Update Password" }).click();
    await expect(card.getByRole("button", { name: "Update Password" })).toBeDisabled();
    release();
    await expectToast(page, "Success", "Password updated successfully");
  });
});

test.describe("Security card: two-factor authentication (docs/product.md §7.7)", () => {
  test("turn on with the QR code, then log-in asks for the code; backup codes; turn off", async ({ page }) => {
    test.slow();
    const email = uniqueEmail("totp");
    await signUp(page, email);
    let card = await securityCard(page);
    await expect(card.getByText("Off", { exact: true })).toBeVisible();

    await card.getByRole("button", { name: "Turn on two-factor authentication" }).click();
    await card.getByRole("button", { name: "Continue" }).click();
    await expectToast(page, "Validation Error", "Please enter your current password");
    await card.getByLabel("Your password").fill("NotMyPassword1");
    await card.getByRole("button", { name: "Continue" }).click();
    await expectToast(page, "Error", "Your current password is incorrect. Please try again.");
    await card.getByLabel("Your password").fill(PASSWORD);
    await card.getByRole("button", { name: "Continue" }).click();

    const qr = card.getByRole("img", { name: /QR code/ });
    await expect(qr).toBeVisible();
    await expect(qr).toHaveAttribute("src", /^data:image\/svg\+xml;base64,/);
    await expect(card.getByText(/Keep these backup codes somewhere safe/)).toBeVisible();
    await expect(card.getByRole("list", { name: "Backup codes" }).getByRole("listitem")).toHaveCount(10);
    const secret = (await card.getByTestId("totp-secret").textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7 ]{16,}$/);

    const results = await axe(page).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

    await card.getByLabel("6-digit code").fill("12");
    await card.getByRole("button", { name: "Verify and turn on" }).click();
    await expectToast(page, "Validation Error", "Please enter the 6-digit code from your authenticator app");
    await card.getByLabel("6-digit code").fill(totp(secret));
    await card.getByRole("button", { name: "Verify and turn on" }).click();
    await expect(toast(page, "Two-factor authentication is now on.")).toBeVisible();
    await expect(card.getByText("On", { exact: true })).toBeVisible();
    await expect(card.getByRole("img", { name: /QR code/ })).toHaveCount(0);

    // New backup codes, with the password.
    await card.getByRole("button", { name: "Generate new backup codes" }).click();
    await card.getByLabel("Your password").fill(PASSWORD);
    await card.getByRole("button", { name: "Generate codes" }).click();
    await expect(toast(page, "New backup codes generated.")).toBeVisible();
    await expect(card.getByRole("list", { name: "Backup codes" }).getByRole("listitem")).toHaveCount(10);

    // Log-in now asks for the code: a wrong one is refused, the app's code signs in.
    await signOut(page);
    const dialog = await logInFromDialog(page, email, PASSWORD);
    const code = dialog.getByLabel("Authentication code");
    await expect(code).toBeVisible();
    const sessionCookie = async () => (await page.context().cookies()).some((c) => c.name.endsWith("better-auth.session_token"));
    expect(await sessionCookie()).toBe(false);
    await code.fill(wrongCode(secret));
    await dialog.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(toast(page, "Invalid code")).toBeVisible();
    expect(await sessionCookie()).toBe(false);
    await code.fill(totp(secret));
    await dialog.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(banner(page).getByRole("link", { name: "Profile Settings" })).toBeVisible();
    expect(await sessionCookie()).toBe(true);

    // Turn it off again, with the password.
    card = await securityCard(page);
    await card.getByRole("button", { name: "Turn off", exact: true }).click();
    await card.getByLabel("Your password").fill(PASSWORD);
    await card.getByRole("button", { name: "Turn off two-factor authentication" }).click();
    await expect(toast(page, "Two-factor authentication is now off.")).toBeVisible();
    await expect(card.getByText("Off", { exact: true })).toBeVisible();
    await expect(card.getByRole("button", { name: "Turn on two-factor authentication" })).toBeVisible();
  });
});
