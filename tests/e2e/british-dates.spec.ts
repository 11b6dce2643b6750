import { ADMIN_TABS, tabHref } from "../../app/utils/admin-tabs";
import { signInAsAdmin } from "../support/admin-e2e";
import { signUpAndPay } from "../support/checkout-e2e";
import { clientIpFor, expect, test } from "../support/e2e";
import { E2E_EVERY_TAB_MS } from "../support/budgets";

// docs/product.md §14.5: one British date format everywhere, in UK time: '27 November 2026' and
// '27 November 2026, 14:29'. A member buys Learn to Lift, so every kind of date has something to
// show (her joining, her payment, her sign-in); then her settings and every tab of the dashboard
// are read as the coach reads them, and no US-style date ('Nov 27, 2026', '11/27/2026') may appear.

const US_DATE = /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.? \d{1,2},? \d{4}\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/;
const BRITISH_DATE = /\b\d{1,2} (?:January|February|March|April|May|June|July|August|September|October|November|December) \d{4}\b/;

/** Today in London, as the site writes it. */
function today(): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" }).format(new Date());
}

test("every date on her settings page and on each dashboard tab is British", async ({ page, browser }, testInfo) => {
  // A purchase, the admin's sign-in and every tab: a few minutes on a busy machine.
  test.setTimeout(E2E_EVERY_TAB_MS);
  // A surname no other test uses (a name is letters only), so a search finds her alone.
  const word = `Dates${Array.from({ length: 7 }, () => "bcdfghjklmnpqrstvwxz"[Math.floor(Math.random() * 20)]).join("")}`;
  const email = `e2e-dates-${testInfo.project.name}-${Date.now().toString(36)}@example.com`;

  // A member buys Learn to Lift in her own browser.
  const buyer = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": clientIpFor(`${testInfo.testId}:${testInfo.project.name}:buyer`) } });
  const her = await buyer.newPage();
  await signUpAndPay(her, "/learn-to-lift-checkout", { firstName: "Imogen", lastName: word, email });
  await her.goto("/settings");
  await expect(her.getByRole("list", { name: "Purchases" }).getByRole("listitem")).toHaveCount(1);
  const settings = await her.getByRole("main").innerText();
  expect(settings).toContain(today());
  expect(settings).not.toMatch(US_DATE);
  await buyer.close();

  await signInAsAdmin(page, testInfo);
  // Her row: joined today, her payment today.
  await page.goto(`/settings/admin?q=${word}`);
  const row = page.getByRole("list", { name: "Members" }).getByRole("listitem").filter({ hasText: email });
  await expect(row).toContainText(`Joined ${today()}`);
  await expect(row).toContainText(`£300.00 · ${today()}`);

  for (const tab of ADMIN_TABS) {
    await page.goto(tabHref(tab.value));
    await expect(page.getByRole("tab", { name: tab.label, selected: true })).toBeVisible();
    const text = await page.getByRole("main").innerText();
    expect(text, `the ${tab.label} tab`).not.toMatch(US_DATE);
    if (tab.value === "users" || tab.value === "sales" || tab.value === "activity") expect(text, `the ${tab.label} tab`).toMatch(BRITISH_DATE);
  }
});
