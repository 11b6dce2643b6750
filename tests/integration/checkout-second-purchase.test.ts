import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { alreadyOwnedMessage } from "~/content/checkout";
import { loader as rootLoader } from "~/root";
import { action as authAction } from "~/routes/api/auth-form";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/offers/learn-to-lift-checkout";
import { purchases, testCheckoutSessions } from "~/server/db/schema";
import { startCheckout } from "~/server/payments/checkout.server";
import type { CheckoutLoaderData } from "~/server/payments/checkout-page.server";
import { createUser } from "../../scripts/factories";
import { answer, CookieJar, formRequest, getRequest, nextTestIp, routeArgs, setupAuthEnvironment, TEST_PASSWORD } from "../support/auth";
import { setupTestDatabase } from "../support/db";
import { payTestSession } from "../support/payment-providers";

// Learn to Lift is paid once and kept for life (docs/product.md §8.1): a member who already has it
// is told so on its checkout, with the way to her course, and a second purchase needs her explicit
// confirmation, which the server checks on every way in (the page's button, and the payment that
// starts straight after a log-in on the page). Without it the server refuses (409) and opens nothing.

const t = setupTestDatabase();
setupAuthEnvironment();

const LEARN_TO_LIFT = "learn-to-lift";
const CHECKOUT = "/learn-to-lift-checkout";

/** A member who bought Learn to Lift (paid on the test checkout), signed in. */
async function owner() {
  const { user, password } = await createUser(t.db, { password: TEST_PASSWORD });
  const started = await startCheckout({ user, productKey: LEARN_TO_LIFT });
  expect(await payTestSession((started as { url: string }).url.split("/").pop()!, user.id)).toMatchObject({ outcome: "paid" });
  expect(await t.db.select().from(purchases).where(eq(purchases.userId, user.id))).toHaveLength(1);
  return { user, password, jar: await signIn(user.email, password) };
}

async function signIn(email: string, password: string): Promise<CookieJar> {
  const result = await answer(() => authAction(routeArgs(formRequest("/auth", { js: "1", mode: "log-in", email, password }), nextTestIp())));
  expect(result.data).toMatchObject({ ok: true, kind: "signed-in" });
  return new CookieJar().store(result.headers);
}

async function sessionsOf(userId: string) {
  const all = await t.db.select().from(testCheckoutSessions);
  return all.filter((row) => (row.metadata as { userId?: string } | null)?.userId === userId);
}

describe("a member who already has Learn to Lift", () => {
  it("is told on the checkout that she has it", async () => {
    const { jar } = await owner();
    const page = await answer<CheckoutLoaderData>(() => checkoutLoader(routeArgs(getRequest(CHECKOUT, { jar }))));
    expect(page.data).toMatchObject({ signedIn: true, alreadyOwned: true, alreadySubscribed: false });
  });

  it("is refused a second purchase without her confirmation (409), and nothing is opened at the provider", async () => {
    const { user, jar } = await owner();
    const before = await sessionsOf(user.id);

    const refused = await answer<{ error: string }>(() => checkoutAction(routeArgs(formRequest(CHECKOUT, {}, { jar }))));
    expect(refused.status).toBe(409);
    expect(refused.data.error).toBe(alreadyOwnedMessage("Learn to Lift"));
    expect(refused.data.error).toBe(
      "You already have Learn to Lift. Buying it again would be a second, separate purchase: if it's for a friend, please buy it from their own account.",
    );
    // Anything but the exact confirmation is no confirmation.
    const unclear = await answer(() => checkoutAction(routeArgs(formRequest(CHECKOUT, { confirmSecondPurchase: "true " }, { jar }))));
    expect(unclear.status).toBe(409);
    expect(await sessionsOf(user.id)).toHaveLength(before.length);
  });

  it("may buy it again once she confirms", async () => {
    const { user, jar } = await owner();
    const confirmed = await answer(() => checkoutAction(routeArgs(formRequest(CHECKOUT, { confirmSecondPurchase: "yes" }, { jar }))));
    expect(confirmed.status).toBe(302);
    expect(confirmed.location).toMatch(/\/test-checkout\/[^/?#]+$/);
    const sessionId = decodeURIComponent(confirmed.location!.split("/").pop()!);
    const [session] = await t.db.select().from(testCheckoutSessions).where(eq(testCheckoutSessions.id, sessionId));
    expect(session).toMatchObject({ productKey: LEARN_TO_LIFT, status: "open" });
    expect(session!.metadata).toMatchObject({ userId: user.id, productKey: LEARN_TO_LIFT });
  });

  it("logging in on the checkout without JavaScript does not start a second payment: back to the page, which says why", async () => {
    const { user, password } = await owner();
    const before = await sessionsOf(user.id);
    const result = await answer(() =>
      authAction(
        routeArgs(
          formRequest("/auth", { mode: "log-in", email: user.email, password, redirectTo: CHECKOUT, "intent.productKey": LEARN_TO_LIFT }),
          nextTestIp(),
        ),
      ),
    );
    expect(result.status).toBe(302);
    expect(result.location).toBe(CHECKOUT);
    expect(await sessionsOf(user.id)).toHaveLength(before.length);
    const jar = new CookieJar().store(result.headers);
    const root = await answer<{ toasts: { description: string | null }[] }>(() => rootLoader(routeArgs(getRequest(CHECKOUT, { jar }))));
    expect(root.data.toasts.map((toast) => toast.description)).toContain(alreadyOwnedMessage("Learn to Lift"));
  });
});

describe("a member whose Learn to Lift was refunded in full, or who never bought it", () => {
  it("buys it as anyone would: no question asked", async () => {
    const { user, jar } = await owner();
    await t.db.update(purchases).set({ status: "refunded", refundedAmountCents: 30000, refundedAt: new Date() }).where(eq(purchases.userId, user.id));
    const page = await answer<CheckoutLoaderData>(() => checkoutLoader(routeArgs(getRequest(CHECKOUT, { jar }))));
    expect(page.data.alreadyOwned).toBe(false);
    const started = await answer(() => checkoutAction(routeArgs(formRequest(CHECKOUT, {}, { jar }))));
    expect(started.status).toBe(302);

    const newcomer = await createUser(t.db, { password: TEST_PASSWORD });
    const newJar = await signIn(newcomer.user.email, newcomer.password);
    const fresh = await answer<CheckoutLoaderData>(() => checkoutLoader(routeArgs(getRequest(CHECKOUT, { jar: newJar }))));
    expect(fresh.data.alreadyOwned).toBe(false);
  });
});
