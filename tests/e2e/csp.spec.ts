import sharp from "sharp";
import { expect, test, type Page, toastLocator, waitForPageScript } from "../support/e2e";
import { RETRY_STEP_MS, ROUND_TRIP_MS } from "../support/budgets";

// docs/security.md, decision 140: the site works in a real browser under its Content-Security-Policy, with no
// violation reported: a cached public page (no inline script; its one script is ours) with the exit-intent popup and
// an email-list sign-up, the booking embed (Cal.com's script and frame), and a signed-in member's
// freshly rendered pages (scripts allowed by nonce) with toasts, an avatar preview (blob:) and the
// two-factor QR code (data:). A control shows an injected inline script really is refused.

const CAL = /^https:\/\/(app\.)?cal\.com\//;
const PASSWORD = "Stronger2025";

declare global {
  interface Window {
    __cspViolations?: string[];
    __injected?: boolean;
  }
}

/** Records every CSP violation: the browser's console reports and the page's own events. */
async function watchPolicy(page: Page) {
  const reported: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (load|execute|evaluate|apply|frame|connect|send form)/i.test(message.text())) reported.push(message.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      window.__cspViolations!.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return {
    /** The violations reported since the start, on this page and the ones before it. */
    async all(): Promise<string[]> {
      // A violation's event comes in a task of its own: let a rendered frame and a task pass first.
      const inPage = await page
        .evaluate(async () => {
          await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
          return window.__cspViolations ?? [];
        })
        .catch(() => []);
      return [...reported, ...inPage];
    },
  };
}

test("a cached public page runs under a policy with no inline script: exit-intent popup and an email sign-up", async ({ page, request }) => {
  const policy = await watchPolicy(page);
  // Fill the cache first, so the browser gets the cached page.
  await (await request.get("/")).body();
  await page.clock.install();
  const response = await page.goto("/");
  expect(response?.headers()["x-cache"]).toBe("HIT");
  // A page that does not hydrate has no inline script at all: its one script is a file of ours.
  const scriptSources = /script-src ([^;]*)/.exec(response?.headers()["content-security-policy"] ?? "")?.[1] ?? "";
  expect(scriptSources).toMatch(/^'self'/);
  expect(scriptSources).not.toMatch(/unsafe-inline|nonce-/);
  await waitForPageScript(page);

  await page.clock.runFor(60_000);
  await page.mouse.move(150, 200);
  await page.mouse.move(150, -20, { steps: 4 });
  const dialog = page.getByRole("dialog", { name: "Wait! Don't Miss Out" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Email address").fill(`csp-popup-${Date.now()}@example.com`);
  await dialog.getByRole("button", { name: "Send Me the Tips" }).click();
  await expect(dialog.getByText("Success! Now check your email to confirm your subscription.")).toBeVisible();
  expect(await policy.all()).toEqual([]);
});

test("the booking embed loads Cal.com's script and frame on /contact", async ({ page }) => {
  const requested: string[] = [];
  await page.route(CAL, (route) => {
    const url = route.request().url();
    requested.push(url);
    if (url.endsWith("/embed/embed.js")) {
      // Stands in for Cal's embed.js: the booking page in an iframe, in the embed's box.
      return route.fulfill({
        contentType: "text/javascript",
        body: `(() => {
          const frame = document.createElement("iframe");
          frame.src = "https://cal.com/strongwithjo/20min?embed=true";
          frame.title = "Booking";
          document.querySelector("[data-booking-embed] [role=region]").append(frame);
          window.__calEmbedLoaded = true;
        })();`,
      });
    }
    return route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Booking</title><p>Pick a time</p>" });
  });
  const policy = await watchPolicy(page);
  await page.goto("/contact");
  await waitForPageScript(page);
  const embed = page.locator("#consultation [data-booking-embed]");
  await embed.getByRole("button", { name: "Load the booking calendar" }).click();
  await page.waitForFunction(() => (window as unknown as { __calEmbedLoaded?: boolean }).__calEmbedLoaded === true);
  await expect(page.frameLocator("[data-booking-embed] iframe").getByText("Pick a time")).toBeVisible();
  expect(requested).toEqual(expect.arrayContaining(["https://app.cal.com/embed/embed.js", "https://cal.com/strongwithjo/20min?embed=true"]));
  expect(await policy.all()).toEqual([]);

  // The control: an inline script injected into the page is refused and reported.
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__injected = true;";
    document.body.append(script);
  });
  await expect.poll(async () => (await policy.all()).length).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.__injected ?? false)).toBe(false);
});

test("a signed-in member's pages run under their nonce: toasts, avatar preview and the QR code", async ({ page }) => {
  test.slow();
  await page.route(CAL, (route) => route.abort());
  const policy = await watchPolicy(page);
  const email = `e2e-csp-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

  await page.goto("/");
  const banner = page.getByRole("banner");
  const dialog = page.getByRole("dialog");
  await expect(async () => {
    if (!(await dialog.isVisible())) await banner.getByRole("button", { name: "Login" }).click();
    await expect(dialog).toBeVisible({ timeout: RETRY_STEP_MS });
  }).toPass({ timeout: ROUND_TRIP_MS });
  await dialog.getByLabel("First name").fill("Carys");
  await dialog.getByLabel("Last name").fill("Policy");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByLabel(/I agree to the/).setChecked(true);
  await dialog.getByRole("button", { name: "Create Account" }).click();
  await expect(toastLocator(page, "Account created successfully!")).toBeVisible();

  const settings = await page.goto("/settings");
  expect(settings?.headers()["x-cache"]).toBeUndefined();
  expect(settings?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
  await waitForPageScript(page);

  const profile = page.locator("div.rounded-3xl").filter({ has: page.getByRole("heading", { level: 2, name: "Profile Information", exact: true }) });
  const picture = await sharp({ create: { width: 96, height: 96, channels: 3, background: "#7a3b52" } }).png().toBuffer();
  await profile.getByLabel("Profile picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: picture });
  const preview = profile.getByRole("img", { name: /new picture preview/ }).locator("img");
  await expect(preview).toHaveAttribute("src", /^blob:/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  const security = page.getByRole("region", { name: "Security" });
  await security.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await security.getByLabel("Your password").fill(PASSWORD);
  await security.getByRole("button", { name: "Continue" }).click();
  const qr = security.getByRole("img", { name: /QR code/ });
  await expect(qr).toHaveAttribute("src", /^data:image\/svg\+xml;base64,/);
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  expect(await policy.all()).toEqual([]);
});
