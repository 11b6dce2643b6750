import { createHash } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { test as base, type Page } from "@playwright/test";
import { waitForLink } from "./outbox";

// Every e2e test imports `test` from here. The test server trusts the loopback proxy
// (TRUSTED_PROXIES in playwright.config.ts), and each test presents its own client address in
// X-Forwarded-For, so the per-IP limits (sign-in, sign-up, email lists) apply per test as they
// would per visitor, instead of every test sharing one address and tripping the limits.
export * from "@playwright/test";

/** A stable private address for a test run, e.g. 10.23.4.187. */
export function clientIpFor(key: string): string {
  const [a, b, c] = createHash("sha256").update(key).digest();
  return `10.${a! % 256}.${b! % 256}.${(c! % 254) + 1}`;
}

export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide, testInfo) => {
    const key = `${testInfo.project.name}:${testInfo.testId}:${testInfo.retry}:${testInfo.repeatEachIndex}`;
    await provide({ ...extraHTTPHeaders, "X-Forwarded-For": clientIpFor(key) });
  },
});

/**
 * A toast with this text: sonner's on the pages that hydrate, the server-written ones on the
 * pages that do not (components/static-toasts.tsx).
 */
export function toastLocator(page: Page, text: string | RegExp) {
  return page.locator("[data-sonner-toast], [data-toast]").filter({ hasText: text });
}

/** Waits until the page's script has run: React has hydrated it, or the islands script is done. */
export async function waitForPageScript(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    if (document.documentElement.dataset.islands === "ready") return true;
    const banner = document.querySelector("header");
    return !!banner && Object.keys(banner).some((key) => key.startsWith("__reactFiber"));
  });
}

/**
 * The newest link in an email the test server sent to `to` (its outbox, in E2E_DATA_DIR), once it
 * has arrived: the verification link of a sign-up, a reset link…
 */
export async function emailedLink(to: string, pattern: RegExp): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  return waitForLink(dataDir, to, pattern, 15_000);
}

/** Opens the confirmation link emailed to her address at sign-up and presses its button (docs/product.md §7.5, §9.2). */
export async function confirmEmailAddress(page: Page, email: string): Promise<void> {
  await page.goto(await emailedLink(email, /\/verify-email\?token=/));
  await page.getByRole("button", { name: "Confirm My Email Address" }).click();
  await page.waitForURL((url) => url.pathname !== "/verify-email");
}

/**
 * axe-core on the page, asked for its violations only: the tests assert there are none, and
 * collecting every passing node as well costs about a fifth of each run (docs/decisions/272).
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
}
