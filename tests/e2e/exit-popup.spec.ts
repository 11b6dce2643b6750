import fs from "node:fs";
import path from "node:path";
import { axe, expect, type Page, test, waitForPageScript } from "../support/e2e";

// docs/product.md §3, §3.3, §14.4: after at least 60 s on a public
// page, the popup appears when the mouse leaves through the top or the visitor leaves the page;
// once per browser session, and never again once closed. Playwright's clock passes the 60 s.

const TITLE = "Wait! Don't Miss Out";
const PRIVACY_NOTE = "We respect your privacy. Unsubscribe at any time.";
const SUCCESS = "Success! Now check your email to confirm your subscription.";

/** The islands script has run; the popup's timer starts with it (app/islands/islands.ts). */
async function waitForScript(page: Page) {
  await waitForPageScript(page);
}

const CLOCK_START = new Date("2026-01-05T09:00:00Z").getTime();
const pagesWithClock = new WeakSet<Page>();

/**
 * Opens the page with its clock standing still: only `page.clock.runFor` moves it, so the seconds
 * a busy machine takes to load the page and move the mouse never count towards the 60 s.
 */
async function openPage(page: Page, url = "/terms") {
  if (!pagesWithClock.has(page)) {
    await page.clock.install({ time: CLOCK_START });
    await page.clock.pauseAt(CLOCK_START + 1_000);
    pagesWithClock.add(page);
  }
  await page.goto(url);
  await waitForScript(page);
}

/** The mouse leaves the window through its top edge (Chromium reports a mouseout with no relatedTarget). */
async function leaveThroughTheTop(page: Page) {
  await page.mouse.move(150, 200);
  await page.mouse.move(150, -20, { steps: 4 });
}

/** The visitor switches to another tab or app and comes back. */
async function leaveAndComeBack(page: Page) {
  await page.evaluate(() => {
    const setVisibility = (state: DocumentVisibilityState) => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
      Object.defineProperty(document, "hidden", { configurable: true, get: () => state === "hidden" });
      document.dispatchEvent(new Event("visibilitychange"));
    };
    setVisibility("hidden");
    setVisibility("visible");
  });
}

function popup(page: Page) {
  return page.getByRole("dialog", { name: TITLE });
}

async function showPopup(page: Page, url = "/terms") {
  await openPage(page, url);
  await page.clock.runFor(60_000);
  await leaveThroughTheTop(page);
  await expect(popup(page)).toBeVisible();
}

function outboxMailTo(email: string): string | null {
  const dir = path.join(process.env.E2E_DATA_DIR!, "outbox");
  if (!fs.existsSync(dir)) return null;
  for (const file of fs.readdirSync(dir).sort().reverse()) {
    const raw = fs.readFileSync(path.join(dir, file), "utf8");
    if (new RegExp(`^To: .*${email.replace(/[.+]/g, "\\$&")}`, "im").test(raw)) {
      return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
  }
  return null;
}

test.describe("exit-intent popup", () => {
  test("appears after 60 s when the mouse leaves through the top, offering tips with the privacy note @mobile", async ({ page }) => {
    await showPopup(page);
    const dialog = popup(page);
    await expect(dialog.getByRole("heading", { name: TITLE })).toBeVisible();
    await expect(dialog).toContainText("menopause fitness tips by email");
    await expect(dialog.getByText(PRIVACY_NOTE, { exact: true })).toBeVisible();
    await expect(dialog.getByLabel("Email address")).toBeVisible();
    await expect(dialog.getByLabel(/First name/)).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem("exit-popup:seen"))).toBe("1");

    await page.clock.resume(); // axe-core times its own steps
    const results = await axe(page).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.length} node(s)`)).toEqual([]);
  });

  test("does not appear before 60 s on the page", async ({ page }) => {
    await openPage(page);
    await page.clock.runFor(58_000);
    await leaveThroughTheTop(page);
    await leaveAndComeBack(page);
    await expect(popup(page)).toBeHidden();

    await page.clock.runFor(2_000);
    await leaveThroughTheTop(page);
    await expect(popup(page)).toBeVisible();
  });

  test("does not appear while the mouse stays in the window or leaves by the side", async ({ page }) => {
    await openPage(page);
    await page.clock.runFor(61_000);
    await page.mouse.move(300, 300);
    await page.mouse.move(300, 10);
    // Out through the side is not towards the tabs or the address bar.
    await page.mouse.move(-20, 300, { steps: 4 });
    // A mouseout between elements inside the page is not leaving it.
    await page.evaluate(() =>
      document.querySelector("main")!.dispatchEvent(
        new MouseEvent("mouseout", { bubbles: true, clientY: -1, relatedTarget: document.body }),
      ),
    );
    await expect(popup(page)).toBeHidden();
  });

  test("appears when the visitor comes back after leaving the page @mobile", async ({ page }) => {
    await openPage(page, "/community");
    await page.clock.runFor(60_000);
    await leaveAndComeBack(page);
    await expect(popup(page)).toBeVisible();
  });

  test("shows the form's message for a bad email and the success text for a good one", async ({ page }) => {
    await showPopup(page, "/strength-training");
    const dialog = popup(page);
    const submit = dialog.getByRole("button", { name: "Send Me the Tips" });

    await dialog.getByLabel("Email address").fill("not-an-email");
    await submit.click();
    await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();
    await expect(dialog.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByLabel("Email address")).toBeFocused();

    const email = `popup.${Date.now()}.${test.info().project.name}@example.com`;
    await dialog.getByLabel(/First name/).fill("Sam");
    await dialog.getByLabel("Email address").fill(email);
    await submit.click();
    await expect(dialog.getByRole("status")).toHaveText(SUCCESS);
    await expect(dialog.getByText(PRIVACY_NOTE, { exact: true })).toBeVisible();

    // Double opt-in: the confirmation email's link opens a page whose button confirms, once.
    await expect.poll(() => outboxMailTo(email)).not.toBeNull();
    const link = /http:\/\/\S+\/email\/confirm\?token=[\w.%-]+/.exec(outboxMailTo(email)!)![0];
    await page.clock.resume(); // the confirmation page runs on real time
    const opened = await page.goto(link);
    expect(opened?.status()).toBe(200);
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're subscribed. Thank you!");
    const again = await page.goto(link);
    expect(again?.status()).toBe(410);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link can't be used any more");
  });

  test("never returns once closed, even after a reload", async ({ page }) => {
    await showPopup(page);
    await popup(page).getByRole("button", { name: "Close" }).click();
    await expect(popup(page)).toBeHidden();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("exit-popup:dismissed"))).toBe("1");

    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await waitForScript(page);
    await page.clock.runFor(61_000);
    await leaveThroughTheTop(page);
    await leaveAndComeBack(page);
    await expect(popup(page)).toBeHidden();
  });

  test("Escape closes it for good too", async ({ page }) => {
    await showPopup(page);
    await page.keyboard.press("Escape");
    await expect(popup(page)).toBeHidden();
    // The dialog's close event follows the closing in a task of its own.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("exit-popup:dismissed"))).toBe("1");
  });

  test("is shown once per browser session", async ({ page, context }) => {
    await showPopup(page);
    // Still open when the visitor goes on to another page: not closed, so not flagged for good.
    expect(await page.evaluate(() => localStorage.getItem("exit-popup:dismissed"))).toBeNull();
    await page.goto("/privacy");
    await waitForScript(page);
    await page.clock.runFor(61_000);
    await leaveThroughTheTop(page);
    await expect(popup(page)).toBeHidden();

    // A new browser session (here: a new tab, with its own session storage) is asked again.
    const other = await context.newPage();
    await showPopup(other, "/privacy");
  });

  test("is not shown on checkouts or the payment confirmation", async ({ page }) => {
    for (const url of ["/learn-to-lift-checkout", "/build-stronger-foundations-checkout", "/payment-success"]) {
      await openPage(page, url);
      await page.clock.runFor(61_000);
      await leaveThroughTheTop(page);
      await leaveAndComeBack(page);
      await expect(popup(page), url).toBeHidden();
    }
  });

  test("is not shown on /settings (a signed-out visitor is sent home first)", async ({ page }) => {
    await openPage(page, "/settings");
    // Either still on /settings (signed in) or on the home page: only the home page may show it.
    if (new URL(page.url()).pathname.startsWith("/settings")) {
      await page.clock.runFor(61_000);
      await leaveThroughTheTop(page);
      await expect(popup(page)).toBeHidden();
    } else {
      expect(new URL(page.url()).pathname).toBe("/");
    }
  });
});
