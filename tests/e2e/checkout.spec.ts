import { axe, type Browser, type BrowserContextOptions, expect, type Page, test as base } from "../support/e2e";
import { COACH } from "../support/site-routes";
import { ROUND_TRIP_MS } from "../support/budgets";

// Buying each offer through the built-in test checkout (no Stripe key), end to end in Chromium:
// docs/product.md §8.1–§8.5: the checkouts, their alerts and /payment-success.

type StorageState = Exclude<BrowserContextOptions["storageState"], string | undefined>;

const PASSWORD = "LiftHeavy2025";
const CANCELLED = "Payment was cancelled. Please try again when you're ready to complete your purchase.";

const OFFERS = [
  { path: "/learn-to-lift-checkout", heading: "Join Learn to Lift", product: "Learn to Lift", line: "Learn to Lift - £300.00", amount: "£300.00" },
  {
    path: `/stronger-with-${COACH.slug}-checkout`,
    heading: `Join Stronger with ${COACH.name}`,
    product: `Stronger with ${COACH.name}`,
    line: `Stronger with ${COACH.name} - £477.00 per month`,
    amount: "£477.00",
  },
  {
    path: "/build-stronger-foundations-checkout",
    heading: "Welcome to Build Stronger Foundations",
    product: "Build Stronger Foundations",
    line: "Build Stronger Foundations - £20.00 per month",
    amount: "£20.00",
  },
] as const;

function uniqueEmail(tag: string) {
  return `checkout-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Fills the sign-up form (the auth form in sign-up mode) and submits it with the given button. */
async function fillSignUp(page: Page, email: string, submit: string) {
  await page.getByLabel("First name").fill("Helen");
  await page.getByLabel("Last name").fill("Checkout");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("checkbox", { name: /I agree to the/ }).check();
  await page.getByRole("button", { name: submit }).click();
}

async function signUpMember(browser: Browser, options: BrowserContextOptions): Promise<StorageState> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto("/auth?mode=sign-up");
  await fillSignUp(page, uniqueEmail("member"), "Create Account");
  await expect(page.getByRole("link", { name: /settings|profile/i }).first()).toBeVisible({ timeout: ROUND_TRIP_MS });
  const state = await context.storageState();
  await context.close();
  return state;
}

// A new member for each signed-in test: one who has bought Learn to Lift is asked before buying it
// again (docs/decisions/263), so every test starts as a member who has bought nothing yet.
const test = base.extend<{ memberState: StorageState }>({
  memberState: async ({ browser, baseURL, extraHTTPHeaders }, provide) => {
    // From the test's own client address (tests/support/e2e.ts), as her later requests are.
    await provide(await signUpMember(browser, { baseURL, extraHTTPHeaders }));
  },
});

const member = test.extend({
  storageState: async ({ memberState }, provide) => provide(memberState),
});

async function expectNoAxeViolations(page: Page) {
  const results = await axe(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length} node(s)`)).toEqual([]);
}

/** On a checkout page as a member: 'Complete Your Purchase' leads to the test checkout. */
async function startPurchase(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole("button", { name: "Complete Your Purchase" }).click();
  await expect(page).toHaveURL(/\/test-checkout\/cs_test_/);
  await expect(page.getByText("TEST MODE", { exact: true })).toBeVisible();
  return new URL(page.url()).pathname.split("/").pop()!;
}

for (const offer of OFFERS) {
  member(`a member buys ${offer.product} through the test checkout and sees what she bought`, async ({ page }) => {
    await page.goto(offer.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(offer.heading);
    const sessionId = await startPurchase(page, offer.path);

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Test checkout");
    await expect(page.getByText(offer.product, { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Pay" }).click();

    await expect(page).toHaveURL(`/payment-success?session_id=${sessionId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment Successful");
    await expect(page.getByText("Transaction ID:")).toBeVisible();
    await expect(page.getByText(sessionId)).toBeVisible();
    await expect(page.getByText(offer.line)).toBeVisible();

    // A reload confirms the same purchase again and records nothing new (docs/product.md §8.4).
    await page.reload();
    await expect(page.getByText(offer.line)).toBeVisible();

    // Her Payment History shows it once, as docs/product.md §14.5 formats it.
    await page.goto("/settings");
    const truncated = `${sessionId.slice(0, 20)}...`;
    const row = page.getByRole("list", { name: "Purchases" }).getByRole("listitem").filter({ hasText: truncated });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(offer.product);
    await expect(row).toContainText(offer.amount);
    await expect(row).toContainText("GBP");

    if (offer.line.endsWith("per month")) {
      // A monthly offer she already has is not sold to her twice.
      await page.goto(offer.path);
      await expect(page.getByText(`You already have ${offer.product}.`)).toBeVisible();
      await expect(page.getByText("Welcome back. Your subscription is running, so there's nothing more to pay.")).toBeVisible();
      await expect(page.getByText(/Create your account below/)).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Complete Your Purchase" })).toHaveCount(0);
    }
  });
}

member("cancelling on the payment page returns to the checkout with the alert, and the query leaves the address", async ({ page }) => {
  await startPurchase(page, "/learn-to-lift-checkout");
  await page.getByRole("button", { name: "Cancel" }).click();

  await expect(page.getByRole("alert").filter({ hasText: CANCELLED })).toBeVisible();
  await expect(page).toHaveURL(/\/learn-to-lift-checkout$/);
  await expect(page.getByRole("button", { name: "Complete Your Purchase" })).toBeEnabled();
  await expectNoAxeViolations(page);
});

member("a declined card shows a clear message, records nothing, and she can try again", async ({ page, context }) => {
  const sessionId = await startPurchase(page, "/learn-to-lift-checkout");
  await page.getByRole("button", { name: "Decline" }).click();

  await expect(page.getByRole("alert").filter({ hasText: "Payment declined" })).toContainText("Your card was declined");
  await expect(page).toHaveURL(`/test-checkout/${sessionId}`);

  // Nothing is confirmed for a declined session.
  const other = await context.newPage();
  await other.goto(`/payment-success?session_id=${sessionId}`);
  await expect(other.getByRole("heading", { level: 1 })).toHaveText("Payment not confirmed");
  await expect(other.getByText("Nothing has been charged and nothing has been recorded.")).toBeVisible();
  await other.close();

  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(`/payment-success?session_id=${sessionId}`);
  await expect(page.getByText("Learn to Lift - £300.00")).toBeVisible();
});

member("the purchase button works before JavaScript loads (a plain form post)", async ({ browser, memberState, baseURL }) => {
  const context = await browser.newContext({ baseURL, storageState: memberState, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/learn-to-lift-checkout");
  await page.getByRole("button", { name: "Complete Your Purchase" }).click();
  await expect(page).toHaveURL(/\/test-checkout\/cs_test_/);
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment Successful");
  await expect(page.getByText("Learn to Lift - £300.00")).toBeVisible();
  await context.close();
});

member("the checkout page and the success page have no accessibility violations for a member", async ({ page }) => {
  member.slow(); // three accessibility scans
  await page.goto("/learn-to-lift-checkout");
  await expect(page.getByRole("button", { name: "Complete Your Purchase" })).toBeVisible();
  await expectNoAxeViolations(page);

  await startPurchase(page, "/learn-to-lift-checkout");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByText("Learn to Lift - £300.00")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a visitor who signs up on a checkout page goes straight to the payment page", async ({ page }) => {
  test.slow(); // a sign-up and an accessibility scan
  await page.goto("/build-stronger-foundations-checkout");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to Build Stronger Foundations");
  await expect(page.getByText("Create your account below to join today")).toBeVisible();
  await expect(page.getByText("Build Stronger Foundations", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Lifetime access to the lessons and worksheets published while you're a member")).toBeVisible();
  await expect(page.getByText(/never sold, traded, shared or rented/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Terms and Conditions" }).last()).toHaveAttribute("href", "/terms");
  await expectNoAxeViolations(page);

  await fillSignUp(page, uniqueEmail("visitor"), "Complete Your Purchase");

  await expect(page).toHaveURL(/\/test-checkout\/cs_test_/, { timeout: ROUND_TRIP_MS });
  await expect(page.getByText("TEST MODE", { exact: true })).toBeVisible();
  await expect(page.getByText("Build Stronger Foundations", { exact: true })).toBeVisible();
  await expect(page.getByText("£20.00")).toBeVisible();
});

test("a returning customer who signs up at a checkout is offered the log-in form in place and goes on to the same purchase", async ({ browser, baseURL }) => {
  test.slow(); // two sign-ins and two payment pages
  const email = uniqueEmail("returning");
  const first = await browser.newContext({ baseURL });
  const earlier = await first.newPage();
  await earlier.goto("/build-stronger-foundations-checkout");
  await fillSignUp(earlier, email, "Complete Your Purchase");
  await expect(earlier).toHaveURL(/\/test-checkout\/cs_test_/, { timeout: ROUND_TRIP_MS });
  await first.close();

  const later = await browser.newContext({ baseURL });
  const page = await later.newPage();
  await page.goto("/learn-to-lift-checkout");
  await fillSignUp(page, email, "Complete Your Purchase");
  await expect(page.getByRole("status").filter({ hasText: "You already have an account with this email address. Please log in to continue." }).first()).toBeVisible();
  await expect(page.getByText("Log in to your account", { exact: true })).toBeVisible();
  await expect(page).toHaveURL("/learn-to-lift-checkout");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Complete Your Purchase" }).click();
  await expect(page).toHaveURL(/\/test-checkout\/cs_test_/, { timeout: ROUND_TRIP_MS });
  await expect(page.getByText("Learn to Lift", { exact: true })).toBeVisible();
  await later.close();
});

test("signed out, the checkout pages show the sign-up form labelled with the offer @mobile", async ({ page }) => {
  for (const offer of OFFERS) {
    await page.goto(offer.path);
    await expect(page.getByText(`Signing up for ${offer.product}`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Complete Your Purchase" })).toBeVisible();
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
  }
  await page.goto("/learn-to-lift-checkout?cancelled=true");
  await expect(page.getByRole("alert").filter({ hasText: CANCELLED })).toBeVisible();
  await expect(page).toHaveURL(/\/learn-to-lift-checkout$/);
  await expectNoAxeViolations(page);
});

test("the success page records nothing for a visitor who is not logged in, and says so", async ({ page }) => {
  await page.goto("/payment-success?session_id=cs_test_someone_elses_session_123");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment Successful");
  await expect(page.getByText("Please log in to see this payment")).toBeVisible();
  await expect(page.getByText("Transaction ID:")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("link", { name: "Contact Support" })).toHaveAttribute("href", "/contact");
  await expectNoAxeViolations(page);
});

const INTROS = [
  {
    path: "/build-stronger-foundations-checkout",
    visitor: "Create your account below to join today",
    member: "Complete your purchase below to join today",
  },
  {
    path: "/learn-to-lift-checkout",
    visitor: "Create your account below to secure your place.",
    member: "Complete your purchase below to secure your place.",
  },
  {
    path: `/stronger-with-${COACH.slug}-checkout`,
    visitor: "Create your account below to start your coaching.",
    member: "Complete your purchase below to start your coaching.",
  },
] as const;

/** Signs up a new member in this page's browser context (she stays logged in for the test). */
async function signUpHere(page: Page, tag: string) {
  await page.goto("/auth?mode=sign-up");
  await fillSignUp(page, uniqueEmail(tag), "Create Account");
  await expect(page.getByRole("link", { name: /settings|profile/i }).first()).toBeVisible({ timeout: ROUND_TRIP_MS });
}

test("a visitor is asked to create her account, a signed-in member to complete her purchase @mobile", async ({ page }) => {
  test.slow(); // a sign-up and six pages
  for (const intro of INTROS) {
    await page.goto(intro.path);
    await expect(page.getByText(intro.visitor, { exact: true })).toBeVisible();
    await expect(page.getByText(intro.member)).toHaveCount(0);
  }

  await signUpHere(page, "intro");
  for (const intro of INTROS) {
    await page.goto(intro.path);
    await expect(page.getByText(intro.member, { exact: true })).toBeVisible();
    await expect(page.getByText(/Create your account/)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Complete Your Purchase" })).toBeVisible();
  }
  await expect(page.getByText("You're logged in, so your account is ready.")).toBeVisible();
});

test("two tabs of a monthly offer lead to the one payment page, so she pays once", async ({ page, context }) => {
  test.slow(); // a sign-up and two tabs
  await signUpHere(page, "two-tabs");
  const first = await startPurchase(page, "/build-stronger-foundations-checkout");
  const tab = await context.newPage();
  const second = await startPurchase(tab, "/build-stronger-foundations-checkout");
  expect(second).toBe(first);

  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(`/payment-success?session_id=${first}`);
  await expect(page.getByText("Build Stronger Foundations - £20.00 per month")).toBeVisible();

  // The other tab's page is the same payment, already made: nothing to pay twice.
  await tab.reload();
  await expect(tab.getByText("This payment is complete")).toBeVisible();
  await expect(tab.getByRole("button", { name: "Pay", exact: true })).toHaveCount(0);
  await tab.goto("/build-stronger-foundations-checkout");
  await expect(tab.getByText("You already have Build Stronger Foundations.")).toBeVisible();

  await tab.goto("/settings");
  await expect(tab.getByRole("list", { name: "Purchases" }).getByRole("listitem")).toHaveCount(1);
});

/** The scripts a page asks for, by path, as they are requested. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

test("a checkout and the success page load only the page's small script; React comes with the sign-up form, once she reaches for it @mobile", async ({ page }) => {
  const scripts = scriptsOf(page);
  await page.goto("/payment-success");
  await expect(page.locator("html")).toHaveAttribute("data-islands", "ready");
  expect(scripts.map((s) => s.replace(/-[\w-]+\.js$/, ".js"))).toEqual(["/assets/islands.js"]);

  scripts.length = 0;
  await page.goto("/learn-to-lift-checkout");
  await expect(page.locator("html")).toHaveAttribute("data-islands", "ready");
  expect(scripts.map((s) => s.replace(/-[\w-]+\.js$/, ".js"))).toEqual(["/assets/islands.js"]);

  // Reaching for the form brings it to life: the form's own checks answer in place.
  await page.getByLabel("First name").focus();
  await expect.poll(() => scripts.some((s) => s.includes("checkout-auth-island"))).toBe(true);
  await page.getByRole("button", { name: "Complete Your Purchase" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Validation Error" })).toBeVisible();
  await expect(page).toHaveURL("/learn-to-lift-checkout");
});

test("without JavaScript, a visitor signs up at a checkout with the plan she chose and goes straight to the payment page", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/learn-to-lift-checkout");
  await page.getByRole("radio", { name: /Pay in 3 monthly payments/ }).check();
  await fillSignUp(page, uniqueEmail("nojs"), "Complete Your Purchase");
  await expect(page).toHaveURL(/\/test-checkout\/cs_test_/, { timeout: ROUND_TRIP_MS });
  await expect(page.getByText("today, payment 1 of 3 (£300.00 in all)")).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment Successful");
  await expect(page.getByText("Learn to Lift - £100.00")).toBeVisible();

  // Signed in now: the next checkout's button starts the payment with a plain form post.
  await page.goto("/build-stronger-foundations-checkout");
  await page.getByRole("button", { name: "Complete Your Purchase" }).click();
  await expect(page).toHaveURL(/\/test-checkout\/cs_test_/, { timeout: ROUND_TRIP_MS });
  await expect(page.getByText("Build Stronger Foundations", { exact: true })).toBeVisible();
  await context.close();
});

test("a press before the form has come to life waits for it; if it cannot come to life, the plain form does the job", async ({ browser, baseURL }) => {
  test.slow(); // a sign-up and a payment page
  // Held: the press waits, then goes the usual way (the form's own check answers in place).
  const held = await browser.newContext({ baseURL });
  const page = await held.newPage();
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(/checkout-auth-island/, async (route) => {
    asked = true;
    await released;
    await route.continue();
  });
  await page.goto("/learn-to-lift-checkout");
  await expect(page.locator("html")).toHaveAttribute("data-islands", "ready");
  await page.getByRole("button", { name: "Complete Your Purchase" }).click();
  await expect.poll(() => asked).toBe(true);
  await expect(page).toHaveURL("/learn-to-lift-checkout");
  release();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Validation Error" })).toBeVisible();
  await expect(page).toHaveURL("/learn-to-lift-checkout");
  await held.close();

  // Cannot load: the press is the plain form's, which the server answers in full.
  const broken = await browser.newContext({ baseURL });
  const other = await broken.newPage();
  await other.route(/checkout-auth-island/, (route) => route.abort());
  await other.goto("/learn-to-lift-checkout");
  await expect(other.locator("html")).toHaveAttribute("data-islands", "ready");
  await fillSignUp(other, uniqueEmail("no-island"), "Complete Your Purchase");
  await expect(other).toHaveURL(/\/test-checkout\/cs_test_/, { timeout: ROUND_TRIP_MS });
  await expect(other.getByText("Learn to Lift", { exact: true })).toBeVisible();
  await broken.close();
});
