import fs from "node:fs";
import { signInAsAdmin, toast } from "../support/admin-e2e";
import { axe, clientIpFor, expect, type Locator, type Page, request as playwrightRequest, test, type TestInfo } from "../support/e2e";
import { E2E_JOURNEY_MS, E2E_LONG_TEST_MS, RETRY_STEP_MS, ROUND_TRIP_MS } from "../support/budgets";

// /settings/admin in a real browser (docs/product.md §10, §11.7, §12;
// §7.10): the guard, the stat cards and chart, search and paging, the three
// row actions with their dialogs and toasts, the activity log and the CSV export. The admin is
// ADMIN_EMAILS' address for the project (playwright.config.ts); members are made per test.

const PASSWORD = "Stronger2025";

/** A word no other test uses, so a search finds only this test's members. */
function token(): string {
  const letters = "bcdfghjklmnpqrstvwxz";
  return `Q${Array.from({ length: 7 }, () => letters[Math.floor(Math.random() * letters.length)]).join("")}`;
}

/** Signs up members through /auth (each from its own address, as real visitors would). */
async function createMembers(testInfo: TestInfo, people: Array<{ firstName: string; lastName: string; email?: string }>) {
  const made: Array<{ firstName: string; lastName: string; email: string }> = [];
  for (const [i, person] of people.entries()) {
    const email = person.email ?? `e2e-admin-member-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const context = await playwrightRequest.newContext({
      baseURL: testInfo.project.use.baseURL,
      extraHTTPHeaders: { "X-Forwarded-For": clientIpFor(`${testInfo.testId}:${testInfo.project.name}:member:${i}`) },
    });
    const response = await context.post("/auth", {
      form: { js: "1", mode: "sign-up", firstName: person.firstName, lastName: person.lastName, email, password: PASSWORD, terms: "on" },
    });
    expect(response.status(), await response.text().catch(() => "")).toBeLessThan(400);
    await context.dispose();
    made.push({ ...person, email });
  }
  return made;
}

/** Signs in as the project's administrator (signing her up the first time) and opens the dashboard. */
async function openDashboardAsAdmin(page: Page, testInfo: TestInfo, path = "/settings/admin") {
  const email = await signInAsAdmin(page, testInfo);
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  return email;
}

/** Opens a row's dialog (retrying until the page has hydrated and the button responds). */
async function openDialog(page: Page, button: Locator, dialog: Locator) {
  await expect(async () => {
    if (!(await dialog.isVisible())) await button.click();
    await expect(dialog).toBeVisible({ timeout: RETRY_STEP_MS });
  }).toPass({ timeout: ROUND_TRIP_MS });
}

function memberRow(page: Page, name: string): Locator {
  return page.getByRole("list", { name: "Members" }).getByRole("listitem").filter({ hasText: name });
}

async function search(page: Page, query: string) {
  const box = page.getByRole("searchbox", { name: "Search members by name or email" });
  await box.fill(query);
  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(query).replace(/%20/g, "\\+")}`));
}

test.describe("the guard (docs/product.md §10.1)", () => {
  test("sends a visitor to the log-in form with 'Please sign in to access the admin dashboard', and gives her no CSV", async ({ page }) => {
    await page.goto("/settings/admin");
    await expect(page).toHaveURL("/auth?mode=log-in&redirectTo=%2Fsettings%2Fadmin");
    await expect(toast(page, "Please sign in to access the admin dashboard")).toBeVisible();
    await expect(page.getByRole("button", { name: "Log In" })).toBeVisible();
    const csv = await page.request.get("/settings/admin/members.csv", { maxRedirects: 0 });
    expect(csv.status()).toBe(302);
    expect(csv.headers()["location"]).toBe("/auth?mode=log-in&redirectTo=%2Fsettings%2Fadmin%2Fmembers.csv");
  });

  test("sends a member home with 'Access denied. Admin privileges required.'", async ({ page }, testInfo) => {
    const [member] = await createMembers(testInfo, [{ firstName: "Morag", lastName: "Member" }]);
    await page.goto("/community");
    await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("link", { name: "Already have an account? Log in" }).click();
    await dialog.getByLabel("Email").fill(member!.email);
    await dialog.getByLabel("Password").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByRole("banner").getByRole("link", { name: "Profile Settings" })).toBeVisible();
    await page.goto("/settings/admin?tab=activity");
    await expect(page).toHaveURL("/");
    await expect(toast(page, "Access denied. Admin privileges required.")).toBeVisible();
  });
});

test("the dashboard: welcome, the four stat cards, the chart and every tab, with no axe violations @mobile", async ({ page }, testInfo) => {
  // Nine views, each checked with axe.
  test.setTimeout(E2E_JOURNEY_MS);
  const email = await openDashboardAsAdmin(page, testInfo);
  await expect(page).toHaveTitle(/Admin Dashboard/);
  await expect(page.getByText(`Welcome back, ${email}`)).toHaveCount(0);
  await expect(page.getByText(/^Welcome back, \S+$/)).toBeVisible();
  const stats = page.getByRole("region", { name: "At a glance" });
  for (const [label, note] of [
    ["Total Users", "Registered members"],
    ["New This Week", "Recent signups"],
    ["Active Users", "Last 30 days"],
    ["Administrators", "Admin access"],
  ]) {
    const card = stats.getByRole("listitem").filter({ hasText: label });
    await expect(card).toContainText(note!);
    await expect(card).toContainText(/\d/);
  }
  await expect(page.getByRole("heading", { level: 2, name: "Sign-ups and revenue" })).toBeVisible();
  // The chart's figures are a table for screen readers.
  await expect(page.getByRole("table", { name: /Sign-ups and revenue .* per week/ }).getByRole("row")).toHaveCount(13);

  const tabs = page.getByRole("tablist", { name: "Admin sections" });
  await expect(tabs.getByRole("tab")).toHaveText(["Users", "Sales", "Analytics", "Subscribers", "Integrations", "Activity Log", "Offers", "Promotions", "Emails", "Content", "Courses"]);
  await expect(tabs.getByRole("tab", { name: "Users" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("searchbox", { name: "Search members by name or email" })).toHaveAttribute("placeholder", "Search by name or email...");
  expect((await axe(page).analyze()).violations).toEqual([]);
  await screenshot(page, testInfo, "users");

  for (const [name, param, check] of [
    ["Sales", "sales", "Every payment, newest first: one-off purchases, first months and renewals."],
    ["Analytics", "analytics", "Visits to the public pages, where they came from and what they led to."],
    ["Subscribers", "subscribers", null],
    ["Integrations", "integrations", null],
    ["Activity Log", "activity", "Recent administrative actions"],
    ["Offers", "offers", null],
    ["Promotions", "promotions", "A code visitors type on a checkout page, or a link that fills it in:"],
    ["Content", "content", "Real words, used with permission"],
    ["Courses", "courses", "Modules open by week from each member's cohort start date."],
  ] as const) {
    await tabs.getByRole("tab", { name }).click();
    await expect(page).toHaveURL(`/settings/admin/${param}`);
    await expect(tabs.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
    const panel = page.getByRole("tabpanel");
    await expect(panel).toBeVisible();
    if (check) await expect(panel.getByText(check)).toBeVisible();
    expect((await axe(page).analyze()).violations, name).toEqual([]);
    await screenshot(page, testInfo, param);
  }
  // The tabs are links: each view has an address that opens it directly.
  await page.goto("/settings/admin/activity");
  await expect(tabs.getByRole("tab", { name: "Activity Log" })).toHaveAttribute("aria-selected", "true");
});

test("the Sales tab filters by product and status through the URL, without JavaScript too, and offers the filter as CSV @mobile", async ({ page }, testInfo) => {
  await openDashboardAsAdmin(page, testInfo);
  await page.goto("/settings/admin/sales");
  const filter = page.getByRole("form", { name: "Filter sales" });
  await filter.getByLabel("Product").selectOption({ label: "Learn to Lift" });
  await filter.getByLabel("Status").selectOption({ label: "Refunded" });
  await filter.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL("/settings/admin/sales?product=learn-to-lift&status=refunded");
  await expect(page.getByRole("status").filter({ hasText: "after refunds" })).toContainText(/match(es)? the filter/);
  await expect(page.getByRole("link", { name: "Export sales (CSV)" })).toHaveAttribute("href", "/settings/admin/sales.csv?product=learn-to-lift&status=refunded");
  expect((await axe(page).analyze()).violations).toEqual([]);
  await screenshot(page, testInfo, "sales");
});

test("search is case-insensitive, pages by 25 through the URL, and says when nothing matches", async ({ page }, testInfo) => {
  test.setTimeout(E2E_LONG_TEST_MS);
  const word = token();
  await createMembers(testInfo, Array.from({ length: 27 }, (_, i) => ({ firstName: `Member${String.fromCharCode(97 + Math.floor(i / 26), 97 + (i % 26))}`, lastName: word })));
  await openDashboardAsAdmin(page, testInfo);

  await search(page, word.toUpperCase());
  const list = page.getByRole("list", { name: "Members" });
  await expect(list.getByRole("listitem")).toHaveCount(25);
  await expect(page.getByText(`27 members match “${word.toUpperCase()}”.`)).toBeVisible();
  const firstRow = list.getByRole("listitem").first();
  await expect(firstRow).toContainText(/Joined \d{1,2} [A-Z][a-z]+ \d{4}/);
  const pages = page.getByRole("navigation", { name: "Pages of members" });
  await expect(pages.getByText("Page 1")).toBeVisible();
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${word.toUpperCase()}&page=2`));
  await expect(list.getByRole("listitem")).toHaveCount(2);
  // Newest first: the two who signed up first are on the last page.
  await expect(list.getByRole("listitem").nth(0)).toContainText("Memberab");
  await expect(list.getByRole("listitem").nth(1)).toContainText("Memberaa");
  await pages.getByRole("link", { name: "Previous" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(25);
  await expect(firstRow).toContainText("Memberba");

  // The URL alone opens a page of a search, in any case.
  await page.goto(`/settings/admin?q=${word.toLowerCase()}&page=2`);
  await expect(list.getByRole("listitem")).toHaveCount(2);

  await search(page, `${word}-nobody`);
  await expect(page.getByText("No users found matching your search.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Members" })).toHaveCount(0);
});

test("Edit User Details, toggle admin and the activity log @mobile", async ({ page }, testInfo) => {
  test.setTimeout(E2E_LONG_TEST_MS);
  const word = token();
  const [member] = await createMembers(testInfo, [{ firstName: "Bronwen", lastName: word }]);
  await openDashboardAsAdmin(page, testInfo, `/settings/admin?q=${word}`);
  const row = memberRow(page, `Bronwen ${word}`);
  await expect(row).toContainText(member!.email);
  await expect(row.getByText("Admin", { exact: true })).toHaveCount(0);

  // Edit: the email is read-only; the names save.
  const dialog = page.getByRole("dialog", { name: "Edit User Details" });
  await openDialog(page, row.getByRole("button", { name: `Edit Bronwen ${word}` }), dialog);
  await expect(dialog.getByLabel("Email")).toHaveValue(member!.email);
  await expect(dialog.getByLabel("Email")).toHaveAttribute("readonly", "");
  await expect(dialog.getByLabel("First Name")).toHaveValue("Bronwen");
  expect((await axe(page).include("[role=dialog]").analyze()).violations).toEqual([]);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await row.getByRole("button", { name: `Edit Bronwen ${word}` }).click();
  await dialog.getByLabel("First Name").fill("Bryony");
  await dialog.getByLabel("Last Name").fill(`${word}-Hughes`);
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "User details updated successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  const edited = memberRow(page, `Bryony ${word}-Hughes`);
  await expect(edited).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=${word}`));

  // Toggle admin both ways, with the documented toasts.
  await edited.getByRole("button", { name: `Grant admin access to Bryony ${word}-Hughes` }).click();
  await expect(toast(page, "Granted admin access to Bryony")).toBeVisible();
  await expect(edited.getByText("Admin", { exact: true })).toBeVisible();
  await edited.getByRole("button", { name: `Remove admin access from Bryony ${word}-Hughes` }).click();
  await expect(toast(page, "Removed admin access from Bryony")).toBeVisible();
  await expect(edited.getByText("Admin", { exact: true })).toHaveCount(0);

  // Each action is in the activity log, newest first.
  await page.getByRole("tab", { name: "Activity Log" }).click();
  const log = page.getByRole("list", { name: "Recent administrative actions" }).getByRole("listitem").filter({ hasText: `User: Bryony ${word}-Hughes` });
  await expect(log).toHaveCount(3);
  await expect(log.nth(0)).toContainText("REMOVE ADMIN");
  await expect(log.nth(1)).toContainText("GRANT ADMIN");
  await expect(log.nth(2)).toContainText("UPDATE USER");
  await expect(log.nth(2)).toContainText(`First name: Bronwen → Bryony`);
  // Its time in the site's one date format (docs/decisions/262), e.g. "27 November 2026, 14:29".
  await expect(log.nth(0).locator("time")).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2}$/);
});

test("Delete User Account asks for DELETE, then deletes her (docs/product.md §10.6) @mobile", async ({ page }, testInfo) => {
  test.setTimeout(E2E_LONG_TEST_MS);
  const word = token();
  const [member] = await createMembers(testInfo, [{ firstName: "Rhian", lastName: word }]);
  await openDashboardAsAdmin(page, testInfo, `/settings/admin?q=${word}`);
  const row = memberRow(page, `Rhian ${word}`);
  const dialog = page.getByRole("alertdialog", { name: "Delete User Account" });
  await openDialog(page, row.getByRole("button", { name: `Delete Rhian ${word}` }), dialog);
  await expect(dialog).toContainText(`Rhian ${word}`);
  await expect(dialog).toContainText(member!.email);
  const confirm = dialog.getByRole("button", { name: "Delete Account" });
  await expect(confirm).toBeDisabled();
  const input = dialog.getByLabel("Type DELETE to confirm");
  await input.fill("delete");
  await expect(confirm).toBeDisabled();
  await input.fill("DELETE");
  await expect(confirm).toBeEnabled();
  expect((await axe(page).include("[role=alertdialog]").analyze()).violations).toEqual([]);
  await confirm.click();
  await expect(toast(page, "User account deleted successfully")).toBeVisible();
  await expect(page.getByText("No users found matching your search.")).toBeVisible();

  await page.getByRole("tab", { name: "Activity Log" }).click();
  const entry = page.getByRole("list", { name: "Recent administrative actions" }).getByRole("listitem").filter({ hasText: `User: Rhian ${word}` });
  await expect(entry).toContainText("DELETE USER");
});

test("the members export is a CSV download of everyone", async ({ page }, testInfo) => {
  const word = token();
  const [member] = await createMembers(testInfo, [{ firstName: "Priya", lastName: word }]);
  await openDashboardAsAdmin(page, testInfo);
  const link = page.getByRole("link", { name: "Export members (CSV)" });
  await expect(link).toHaveAttribute("href", "/settings/admin/members.csv");
  const download = page.waitForEvent("download");
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^members-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync((await file.path())!, "utf8");
  expect(text).toContain("First name,Last name,Email,Joined");
  expect(text).toContain(`Priya,${word},${member!.email},`);
});

/** Screens for review (ADMIN_SCREENSHOTS=1): .tmp/screens/admin-<tab>-<width>.png. */
async function screenshot(page: Page, testInfo: TestInfo, tab: string) {
  if (!process.env.ADMIN_SCREENSHOTS) return;
  fs.mkdirSync(".tmp/screens", { recursive: true });
  const width = page.viewportSize()?.width ?? testInfo.project.name;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `.tmp/screens/admin-${tab}-${width}.png`, fullPage: true });
}
