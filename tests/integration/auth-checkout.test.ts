import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as authAction } from "~/routes/api/auth-form";
import { alreadySubscribedMessage } from "~/content/checkout";
import { loader as rootLoader } from "~/root";
import { testCheckoutSessions, users } from "~/server/db/schema";
import { startCheckout } from "~/server/payments/checkout.server";
import { ACCOUNT_EXISTS_TEXT } from "~/utils/auth-result";
import { toastOf } from "../support/fuzz-site";
import { payTestSession } from "../support/payment-providers";
import { setupTestDatabase } from "../support/db";
import { createUser } from "../../scripts/factories";
import { answer, CookieJar, formRequest, getRequest, nextTestIp, routeArgs, setupAuthEnvironment, TEST_PASSWORD, uniqueEmail } from "../support/auth";

// docs/product.md §8.2: on a checkout page, payment starts straight after sign-up or log-in. With JavaScript
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

describe("a checkout log-in without JavaScript by a member who already has the offer", () => {
  it("does not open a second payment: she is sent back to the checkout page, which says she has it", async () => {
    const { user, password } = await createUser(t.db, { password: TEST_PASSWORD });
    const bought = await startCheckout({ user, productKey: "build-stronger-foundations" });
    const paidId = (bought as { url: string }).url.split("/").pop()!;
    expect(await payTestSession(paidId, user.id)).toMatchObject({ outcome: "paid" });
    const before = await t.db.select().from(testCheckoutSessions);

    const result = await answer(() =>
      authAction(
        routeArgs(
          formRequest("/auth", {
            mode: "log-in",
            email: user.email,
            password,
            redirectTo: "/build-stronger-foundations-checkout",
            "intent.productKey": "build-stronger-foundations",
          }),
          nextTestIp(),
        ),
      ),
    );

    expect(result.status).toBe(302);
    expect(result.location).toBe("/build-stronger-foundations-checkout");
    expect(await t.db.select().from(testCheckoutSessions)).toHaveLength(before.length);
    // The toast that comes with the redirect says why.
    const jar = new CookieJar().store(result.headers);
    const root = await answer<{ toasts: { description: string | null }[] }>(() => rootLoader(routeArgs(getRequest("/build-stronger-foundations-checkout", { jar }))));
    expect(root.data.toasts.map((toast) => toast.description)).toContain(alreadySubscribedMessage("Build Stronger Foundations"));
  });
});

describe("a returning customer who signs up at a checkout with her address (docs/product.md §8.2)", () => {
  it("is told she already has an account and asked to log in, and nothing is created", async () => {
    const { user } = await createUser(t.db);
    const before = await t.db.select().from(users);
    const fields = checkoutSignUp({ email: user.email.toUpperCase(), js: "1" });
    const result = await answer(() => authAction(routeArgs(formRequest("/auth", fields), nextTestIp())));
    expect(result.status).toBe(409);
    expect(result.data).toEqual({ ok: false, kind: "account-exists", message: ACCOUNT_EXISTS_TEXT.message });
    expect(await t.db.select().from(users)).toHaveLength(before.length);
  });

  it("without JavaScript is sent to the log-in form, which returns her to the same checkout", async () => {
    const { user } = await createUser(t.db);
    const result = await answer(() => authAction(routeArgs(formRequest("/auth", checkoutSignUp({ email: user.email })), nextTestIp())));
    expect(result.status).toBe(302);
    expect(result.location).toBe("/auth?mode=log-in&redirectTo=%2Flearn-to-lift-checkout");
    expect(toastOf(new Response(null, { headers: result.headers }))).toMatchObject({ title: ACCOUNT_EXISTS_TEXT.title, description: ACCOUNT_EXISTS_TEXT.message });
  });

  it("logs in with the same form and goes on to pay for the same offer", async () => {
    const { user, password } = await createUser(t.db);
    const fields = checkoutSignUp({ email: user.email });
    const logIn = await answer(() =>
      authAction(routeArgs(formRequest("/auth", { ...fields, mode: "log-in", password }), nextTestIp())),
    );
    expect(logIn.status).toBe(302);
    expect(logIn.location).toMatch(/\/test-checkout\/[^/?#]+$/);
  });
});
