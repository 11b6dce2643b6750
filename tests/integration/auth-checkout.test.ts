import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as authAction } from "~/routes/api/auth-form";
import { testCheckoutSessions, users } from "~/server/db/schema";
import { setupTestDatabase } from "../support/db";
import { answer, formRequest, nextTestIp, routeArgs, setupAuthEnvironment, TEST_PASSWORD, uniqueEmail } from "../support/auth";

// Issue 5: on a checkout page, payment starts straight after sign-up or log-in. With JavaScript
// the page starts it; a plain form post (no JavaScript) must do the same from the /auth action.

const t = setupTestDatabase();
setupAuthEnvironment();

function checkoutSignUp(overrides: Record<string, string> = {}) {
  return {
    mode: "sign-up",
    firstName: "Helen",
    lastName: "Price",
    email: uniqueEmail("nojs-checkout"),
    password: TEST_PASSWORD,
    terms: "on",
    sourcePath: "/learn-to-lift-checkout",
    redirectTo: "/learn-to-lift-checkout",
    "intent.productKey": "learn-to-lift",
    ...overrides,
  };
}

describe("a checkout sign-up without JavaScript", () => {
  it("creates the account and sends her straight to the hosted payment page for that offer", async () => {
    const fields = checkoutSignUp();
    const result = await answer(() => authAction(routeArgs(formRequest("/auth", fields), nextTestIp())));
    expect(result.status).toBe(302);
    const location = result.headers.get("location") ?? "";
    expect(location).toMatch(/\/test-checkout\/[^/?#]+$/);
    expect(result.headers.get("set-cookie")).toContain("session_token");

    const [user] = await t.db.select().from(users).where(eq(users.email, fields.email));
    const sessionId = decodeURIComponent(location.split("/").pop()!);
    const [session] = await t.db.select().from(testCheckoutSessions).where(eq(testCheckoutSessions.id, sessionId));
    expect(session).toMatchObject({ productKey: "learn-to-lift", amountTotal: 30000, currency: "gbp", status: "open" });
    expect(session!.metadata).toMatchObject({ userId: user!.id, productKey: "learn-to-lift" });
  });

  it("returns to the checkout page with the error when the offer does not exist, having still signed her up", async () => {
    const fields = checkoutSignUp({ "intent.productKey": "no-such-offer" });
    const result = await answer(() => authAction(routeArgs(formRequest("/auth", fields), nextTestIp())));
    expect(result.status).toBe(302);
    expect(result.headers.get("location")).toBe("/learn-to-lift-checkout");
    const [user] = await t.db.select().from(users).where(eq(users.email, fields.email));
    expect(user).toBeDefined();
  });
});
