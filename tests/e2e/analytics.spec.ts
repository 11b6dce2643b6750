import { axe, clientIpFor, expect, test, type Browser } from "../support/e2e";
import { signInAsAdmin } from "../support/admin-e2e";
import { signUpAndPay } from "../support/checkout-e2e";

// The site's own visitor counting, end to end (docs/analytics.md): three signed-out visitors from
// three addresses browse the public pages from a campaign's link; one buys Learn to Lift through
// the test checkout; the Analytics tab shows them under the campaign, the purchase at the funnel's
// 'Paid' with its amount, and the revenue. No cookie is set on a visitor's browser by browsing.
// Other tests browse the same server at the same time, so the figures checked are the campaign's,
// which only this test uses.

async function visitor(browser: Browser, baseURL: string | undefined, key: string) {
  return browser.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": clientIpFor(key) } });
}

test("three visitors from a campaign, one of whom buys: the Analytics tab shows the visitors, the payment in the funnel and the revenue @mobile", async ({ browser, baseURL, page }, testInfo) => {
  test.slow(); // three visitors, a purchase and the dashboard
  const campaign = `e2e-${testInfo.project.name}-${Date.now().toString(36)}`;
  const key = `${testInfo.testId}:${testInfo.project.name}:${testInfo.retry}`;

  const contexts = [];
  for (const [i, path] of ["/", "/learn-to-lift", "/contact"].entries()) {
    const context = await visitor(browser, baseURL, `${key}:${i}`);
    contexts.push(context);
    const tab = await context.newPage();
    // The beacon's answer comes once the view is stored: the state the dashboard will read.
    const counted = tab.waitForResponse((response) => response.url().endsWith("/api/page-view") && response.status() === 204);
    await tab.goto(`${path}?utm_source=newsletter&utm_campaign=${campaign}`);
    await counted;
    if (i === 0) {
      const again = tab.waitForResponse((response) => response.url().endsWith("/api/page-view") && response.status() === 204);
      await tab.goto("/learn-to-lift");
      await again;
    }
    // Browsing the public pages leaves no cookie behind.
    expect(await context.cookies()).toEqual([]);
  }

  // The first visitor buys Learn to Lift through the test checkout.
  const buyer = await contexts[0]!.newPage();
  await signUpAndPay(buyer, "/learn-to-lift-checkout", { firstName: "Pauline", lastName: "Analytics", email: `${campaign}@example.com` });
  for (const context of contexts) await context.close();

  await signInAsAdmin(page, testInfo);
  await page.goto("/settings/admin/analytics?period=today&split=campaign");
  await expect(page.getByRole("heading", { name: "Analytics", level: 3 })).toBeVisible();
  const campaigns = page.getByRole("table", { name: "UTM campaigns" });
  const campaignRow = campaigns.getByRole("row").filter({ hasText: campaign });
  await expect(campaignRow.getByRole("cell").first()).toHaveText("3");

  // The funnel split by campaign: Learn to Lift's 'Paid' is her, with £300.00.
  const lift = page.getByRole("table", { name: /^Learn to Lift/ });
  const group = lift.locator("tbody").filter({ hasText: campaign });
  await expect(group.getByRole("row", { name: /^Visited/ }).getByRole("cell").first()).toHaveText("3");
  await expect(group.getByRole("row", { name: /^Offer page/ }).getByRole("cell").first()).toHaveText("2");
  await expect(group.getByRole("row", { name: /^Checkout started/ }).getByRole("cell").first()).toHaveText("1");
  await expect(group.getByRole("row", { name: /^Paid/ }).getByRole("cell").first()).toHaveText("1");
  await expect(group.getByRole("row", { name: /^Amount paid/ })).toHaveText(/£300(\.00)?$/);

  // The revenue of the day includes her payment.
  await expect(page.getByRole("table", { name: "Revenue by offer" }).getByRole("row").filter({ hasText: "Learn to Lift" })).toBeVisible();
  const results = await axe(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length} node(s)`)).toEqual([]);
});
