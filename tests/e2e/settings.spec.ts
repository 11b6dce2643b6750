import { axe, emailedLink, expect, type Locator, type Page, test, toastLocator, waitForPageScript } from "../support/e2e";
import sharp from "sharp";
import { E2E_LONG_TEST_MS, RETRY_STEP_MS, ROUND_TRIP_MS } from "../support/budgets";

// /settings in a real browser (docs/product.md §9, §11.6; §7.5):
// a new member signs up, sees every card, changes her name, uploads a picture, switches email
// off, sees her login and no purchases, and deletes her account through the dialog.

const PASSWORD = "Stronger2025";

function uniqueEmail(tag: string): string {
  return `e2e-settings-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

function toast(page: Page, text: string) {
  return toastLocator(page, text);
}

/** Signs up through the navigation's dialog and opens /settings; returns her address. */
async function signUpAndOpenSettings(page: Page, tag: string, names = { firstName: "Sarah", lastName: "Jones" }): Promise<string> {
  const email = uniqueEmail(tag);
  await page.goto("/coaching-services");
  const dialog = page.getByRole("dialog");
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
    await expect(dialog).toBeVisible({ timeout: RETRY_STEP_MS });
  }).toPass({ timeout: ROUND_TRIP_MS });
  await dialog.getByLabel("First name").fill(names.firstName);
  await dialog.getByLabel("Last name").fill(names.lastName);
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByLabel(/I agree to the/).check();
  // News and offers: an unticked box, left unticked (docs/product.md §7.2).
  await expect(dialog.getByRole("checkbox", { name: "Send me news, training tips and offers to my inbox. I can unsubscribe at any time." })).not.toBeChecked();
  await dialog.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Profile Settings" })).toBeVisible();
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Account Settings" })).toBeVisible();
  await waitForPageScript(page);
  return email;
}

function card(page: Page, title: string): Locator {
  return page.locator("div.rounded-3xl").filter({ has: page.getByRole("heading", { level: 2, name: title, exact: true }) });
}

test("a member manages her account on /settings and deletes it", async ({ page }) => {
  test.setTimeout(E2E_LONG_TEST_MS);
  await signUpAndOpenSettings(page, "flow");
  await expect(page).toHaveTitle(/Settings/);

  // Every card with its texts.
  const profile = card(page, "Profile Information");
  await expect(profile.getByRole("textbox", { name: "Full Name" })).toHaveValue("Sarah Jones");
  await expect(profile.getByText("You'll need to confirm your new email address")).toBeVisible();
  await expect(profile.getByLabel("Profile picture")).toHaveAttribute("accept", "image/jpeg,image/png,image/gif,image/webp");
  await expect(card(page, "Security")).toBeVisible();
  const notifications = card(page, "Notifications & Privacy");
  await expect(notifications.getByText("News, training tips and offers by email. Receipts, security and course emails always reach you, whatever you choose here.")).toBeVisible();
  const privacy = notifications.getByRole("link", { name: /View Privacy Policy/ });
  await expect(privacy).toHaveAttribute("href", "/privacy");
  await expect(privacy).toHaveAttribute("target", "_blank");
  const status = card(page, "Account Status");
  await expect(status.getByText("Account created")).toBeVisible();
  await expect(status.getByText("active", { exact: true })).toBeVisible();
  await expect(status.getByText("Not verified")).toBeVisible();
  await expect(status.getByRole("button", { name: "Resend verification email" })).toBeVisible();
  const logins = card(page, "Recent Login Activity");
  await expect(logins.getByRole("listitem")).toHaveCount(1);
  await expect(logins.getByRole("listitem").first()).toContainText("Unknown location");
  await expect(card(page, "Payment History").getByText("No purchases found")).toBeVisible();
  const actions = card(page, "Account Actions");
  await expect(actions.getByRole("button", { name: "Sign Out" })).toBeVisible();
  await expect(actions.getByRole("link", { name: "Download my data" })).toHaveAttribute("href", "/settings/data");

  // Full Name: Update is disabled until the name changes; the navigation follows (docs/product.md §9.2).
  const update = profile.getByRole("button", { name: "Update Full Name" });
  await expect(update).toBeDisabled();
  await profile.getByRole("textbox", { name: "Full Name" }).fill("R2-D2");
  await update.click();
  await expect(toast(page, "Name can only contain letters, spaces, hyphens, and apostrophes")).toContainText("Validation Error");
  await profile.getByRole("textbox", { name: "Full Name" }).fill("Sally-Anne O’Brien");
  await update.click();
  await expect(toast(page, "Name updated successfully")).toBeVisible();
  await expect(update).toBeDisabled();
  await page.reload();
  await expect(card(page, "Profile Information").getByRole("textbox", { name: "Full Name" })).toHaveValue("Sally-Anne O’Brien");
  await waitForPageScript(page);
  await expect(page.getByRole("button", { name: "Upload" })).toHaveCount(0);

  // Profile picture: preview at once, then Upload.
  const picture = await sharp({ create: { width: 120, height: 120, channels: 3, background: "#285a8a" } }).png().toBuffer();
  await profile.getByLabel("Profile picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: picture });
  await expect(profile.getByRole("img", { name: /new picture preview/ }).locator("img")).toHaveAttribute("src", /^blob:/);
  await profile.getByRole("button", { name: "Upload" }).click();
  await expect(toast(page, "Profile picture updated successfully")).toBeVisible();
  await expect(profile.getByRole("button", { name: "Upload" })).toHaveCount(0);
  await expect(profile.getByRole("img", { name: "Sally-Anne O’Brien" }).locator("img")).toHaveAttribute("src", /\/uploads\/profile-pictures\/.+\.png$/);
  // The navigation's avatar follows (the root loader revalidates after the save).
  await expect(page.getByRole("banner").getByRole("link", { name: "Profile Settings" }).locator("img")).toHaveAttribute("src", /\.png$/);
  // A file that is not an image is stopped in the browser.
  await profile.getByLabel("Profile picture").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(toast(page, "Only JPEG, PNG, GIF, and WebP images are allowed")).toContainText("Validation Error");
  await expect(profile.getByRole("button", { name: "Upload" })).toHaveCount(0);

  // Email Notifications: off, as she did not tick the box at sign-up; saved at once.
  const toggle = notifications.getByRole("switch", { name: "Email Notifications" });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toast(page, "Email notifications enabled")).toBeVisible();
  await page.reload();
  await expect(card(page, "Notifications & Privacy").getByRole("switch", { name: "Email Notifications" })).toBeChecked();
  await waitForPageScript(page);
  await card(page, "Notifications & Privacy").getByRole("switch", { name: "Email Notifications" }).click();
  await expect(toast(page, "Email notifications disabled")).toBeVisible();

  // Delete Account: Cancel first, then Delete Account, which asks for her password (docs/product.md §9.2).
  await card(page, "Account Actions").getByRole("button", { name: "Delete Account" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading", { name: "Are you absolutely sure?" })).toBeVisible();
  await expect(
    dialog.getByText("This action cannot be undone. This will permanently delete your account and remove all your data from our servers."),
  ).toBeVisible();
  // The password field has the focus, and the keyboard reaches Cancel from it.
  await expect(dialog.getByLabel("Current password")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/settings$/);
  await card(page, "Account Actions").getByRole("button", { name: "Delete Account" }).click();
  // Without her password nothing is sent; a wrong one keeps the question open.
  await dialog.getByRole("button", { name: "Delete Account" }).click();
  await expect(toast(page, "Please enter your current password")).toContainText("Validation Error");
  await dialog.getByLabel("Current password").fill("Not-my-password-1");
  await dialog.getByRole("button", { name: "Delete Account" }).click();
  await expect(toast(page, "Your current password is incorrect. Please try again.")).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Current password")).toBeFocused();
  await expect(dialog.getByLabel("Current password")).toHaveValue("");
  await dialog.getByLabel("Current password").fill(PASSWORD);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, "Your account has been permanently deleted")).toContainText("Account Deleted");
  await expect(page.getByRole("banner").getByRole("button", { name: "Login" })).toBeVisible();
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/$/);
});

test("email change asks for her password and confirmation, and Download my data is her own JSON", async ({ page }) => {
  await signUpAndOpenSettings(page, "email");
  const profile = card(page, "Profile Information");
  await profile.getByRole("textbox", { name: "Email Address" }).fill(uniqueEmail("new"));
  await profile.getByRole("button", { name: "Update Email Address" }).click();
  await expect(toast(page, "Please enter your current password")).toContainText("Validation Error");
  await profile.getByLabel("Current password").fill(PASSWORD);
  await profile.getByRole("button", { name: "Update Email Address" }).click();
  await expect(toast(page, "Email update initiated. Please check your email to confirm the change.")).toBeVisible();
  await expect(profile.getByLabel("Current password")).toHaveValue("");

  const download = page.waitForEvent("download");
  await card(page, "Account Actions").getByRole("link", { name: "Download my data" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
});

test("a changed address is confirmed from the new inbox and can be undone from the old one @mobile", async ({ page }) => {
  test.slow();
  const oldEmail = await signUpAndOpenSettings(page, "undo");
  const newEmail = uniqueEmail("moved");
  const profile = card(page, "Profile Information");
  await profile.getByRole("textbox", { name: "Email Address" }).fill(newEmail);
  await profile.getByLabel("Current password").fill(PASSWORD);
  await profile.getByRole("button", { name: "Update Email Address" }).click();
  await expect(toast(page, "Email update initiated. Please check your email to confirm the change.")).toBeVisible();

  // The link in the new inbox asks first (opening it changes nothing); its button changes the
  // address, and her settings say so.
  await page.goto(await emailedLink(newEmail, /\/email-change\/confirm\?token=/));
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your new email address" })).toBeVisible();
  expect((await axe(page).analyze()).violations).toEqual([]);
  await page.getByRole("button", { name: "Confirm My New Address" }).click();
  await expect(page).toHaveURL("/settings");
  await expect(toast(page, "Your email address has been updated")).toBeVisible();
  await expect(card(page, "Profile Information").getByRole("textbox", { name: "Email Address" })).toHaveValue(newEmail);

  // The old inbox is told, with a way back: a page that asks first.
  await page.goto(await emailedLink(oldEmail, /\/email-change\/undo\?token=/));
  await expect(page.getByRole("heading", { level: 1, name: "Undo the change of your email address?" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(newEmail);
  expect((await axe(page).analyze()).violations).toEqual([]);
  await page.getByRole("button", { name: "Undo the Change" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your email address is back" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText(oldEmail);
  await expect(page.getByRole("link", { name: "Choose a New Password" })).toHaveAttribute("href", "/auth?mode=forgot-password");
  // Every session ended, this one too.
  await page.goto("/settings");
  await expect(page).toHaveURL("/");
});

test("nothing on /settings moves when its script starts; without JavaScript the picture and notification forms have their buttons @mobile", async ({ page, browser }, testInfo) => {
  // A click aimed at a button as the page hydrates must land on that button: a fallback shown
  // only until hydration would move everything below it (and a click there would hit the gap).
  await signUpAndOpenSettings(page, "steady");
  const noScript = await browser.newContext({
    baseURL: String(testInfo.project.use.baseURL),
    viewport: testInfo.project.use.viewport,
    storageState: await page.context().storageState(),
    javaScriptEnabled: false,
  });
  const withoutScript = await noScript.newPage();
  await withoutScript.goto("/settings");
  await expect(card(withoutScript, "Profile Information").getByRole("button", { name: "Upload" })).toBeVisible();
  await expect(card(withoutScript, "Notifications & Privacy").getByRole("button", { name: "Turn on email notifications" })).toBeVisible();
  await noScript.close();

  // The page as the server sent it, its scripts held back, then once they have run.
  const headings = () => page.locator("main h2, main h3").evaluateAll((all) => all.map((h) => `${h.textContent} ${Math.round(h.getBoundingClientRect().top + window.scrollY)}`));
  let release = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/**/*.js", async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto("/settings", { waitUntil: "commit" });
  await expect(page.getByRole("heading", { level: 2, name: "Account Actions" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Upload" })).toHaveCount(0);
  // Measured as a visitor sees the page before its scripts run: the HTML is in the moment the
  // heading shows, but its stylesheets and fonts may still be on their way (an unstyled page has
  // every heading somewhere else).
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null));
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  const served = await headings();
  release();
  await waitForPageScript(page);
  expect(await headings()).toEqual(served);
});

test("/settings has no axe-core violations @mobile", async ({ page }) => {
  // A sign-up and two full axe runs of the longest page (each several seconds on a busy machine).
  test.setTimeout(E2E_LONG_TEST_MS);
  await signUpAndOpenSettings(page, "axe");
  const results = await axe(page).analyze();
  expect(results.violations).toEqual([]);
  await card(page, "Account Actions").getByRole("button", { name: "Delete Account" }).click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  const dialogResults = await axe(page).include("[role=alertdialog]").analyze();
  expect(dialogResults.violations).toEqual([]);
});
