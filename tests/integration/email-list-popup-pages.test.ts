import { describe, expect, it } from "vitest";
import { isExitPopupPage } from "~/components/exit-popup-rules";

// docs/product.md §3.3: the exit-intent popup belongs to the public pages only: never on account settings,
// the admin dashboard, checkouts, the payment confirmation, password reset or the pages behind
// the links in our emails. (The browser behaviour is in tests/e2e/exit-popup.spec.ts.)

describe("the pages the exit-intent popup may appear on", () => {
  it.each([
    "/",
    "/meet-jo",
    "/coaching-services",
    "/community",
    "/contact",
    "/stronger-with-jo",
    "/learn-to-lift",
    "/learn-to-lift-interest",
    "/build-stronger-foundations",
    "/build-stronger-foundations-interest",
    "/strength-training",
    "/terms",
    "/privacy",
    "/no-such-page",
  ])("includes the public page %s", (path) => {
    expect(isExitPopupPage(path)).toBe(true);
  });

  it.each([
    "/settings",
    "/settings/",
    "/settings/admin",
    "/stronger-with-jo-checkout",
    "/learn-to-lift-checkout",
    "/build-stronger-foundations-checkout",
    "/payment-success",
    "/reset-password",
    "/auth",
    "/email/confirm",
    "/email/unsubscribe",
  ])("leaves out %s", (path) => {
    expect(isExitPopupPage(path)).toBe(false);
  });
});
