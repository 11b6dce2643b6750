import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as authAction } from "~/routes/api/auth-form";
import { SIGN_IN_RATE_LIMIT } from "~/server/auth/context.server";
import { getAuth } from "~/server/auth/instance.server";
import { loginHistory, rateLimits, sessions, users } from "~/server/db/schema";
import type { AuthActionResult } from "~/utils/auth-result";
import { setupTestDatabase } from "../support/db";
import { createUser } from "../../scripts/factories";
import { answer, CookieJar, formRequest, nextTestIp, routeArgs, setupAuthEnvironment, totpCode } from "../support/auth";

const t = setupTestDatabase();
setupAuthEnvironment({ GEO_HEADER: "cf-ipcity" });

async function logIn(fields: Record<string, string>, ip: string, jar?: CookieJar, headers: Record<string, string> = {}) {
  return answer<AuthActionResult>(() =>
    authAction(routeArgs(formRequest("/auth", { js: "1", mode: "log-in", ...fields }, { jar, headers }), ip)),
  );
}

describe("log-in", () => {
  it("signs in, sets the session cookie and writes a login_history row with the IP and location", async () => {
    const { user, password } = await createUser(t.db);
    const ip = nextTestIp();
    const result = await logIn({ email: user.email.toUpperCase(), password, redirectTo: "/" }, ip, undefined, { "cf-ipcity": "Bristol" });
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ ok: true, kind: "signed-in", user: { id: user.id, email: user.email }, intent: {}, redirectTo: "/" });
    expect(result.headers.getSetCookie().some((c) => c.startsWith("better-auth.session_token="))).toBe(true);
    const logins = await t.db.select().from(loginHistory).where(eq(loginHistory.userId, user.id));
    expect(logins).toEqual([expect.objectContaining({ ipAddress: ip, location: "Bristol" })]);
  });

  it("echoes the page's intent (e.g. the checkout's productKey) back to the form", async () => {
    const { user, password } = await createUser(t.db);
    const result = await logIn({ email: user.email, password, "intent.productKey": "learn-to-lift", redirectTo: "/learn-to-lift-checkout" }, nextTestIp());
    expect(result.data).toMatchObject({ ok: true, intent: { productKey: "learn-to-lift" }, redirectTo: "/learn-to-lift-checkout" });
  });

  it("writes no login row and no session for a wrong password", async () => {
    const { user } = await createUser(t.db);
    const result = await logIn({ email: user.email, password: "WrongPassword1" }, nextTestIp());
    expect(result.data).toEqual({ ok: false, kind: "service", message: "Invalid email or password" });
    expect(await t.db.select().from(loginHistory).where(eq(loginHistory.userId, user.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it(`answers 429 after ${SIGN_IN_RATE_LIMIT.max} attempts a minute from one IP, counting in the database`, async () => {
    const { user, password } = await createUser(t.db);
    const ip = nextTestIp();
    for (let i = 0; i < SIGN_IN_RATE_LIMIT.max; i++) {
      expect((await logIn({ email: user.email, password: `Wrong-${i}-pass` }, ip)).status).toBe(401);
    }
    const blocked = await logIn({ email: user.email, password }, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.data).toEqual({ ok: false, kind: "service", message: "Too many attempts. Please wait a minute and try again." });
    // Even the right password is refused while the limit holds; the count lives in rate_limits.
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    const [row] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, `${ip}|/sign-in/email`));
    expect(row?.count).toBe(SIGN_IN_RATE_LIMIT.max);
    // Another visitor is unaffected.
    expect((await logIn({ email: user.email, password }, nextTestIp())).status).toBe(200);
  });
});

describe("two-factor sign-in (docs/product.md §7.7)", () => {
  async function memberWithTotp() {
    const { user, password } = await createUser(t.db);
    const jar = new CookieJar();
    jar.store((await logIn({ email: user.email, password }, nextTestIp())).headers);
    // What the Security card does: enable, then confirm with a first code from the app.
    const headers = new Headers({ cookie: jar.header(), origin: "http://localhost:3000" });
    const enabled = await getAuth().api.enableTwoFactor({ body: { password }, headers });
    if (enabled.method !== "totp") throw new Error("expected a TOTP set-up");
    const code = totpCode(enabled.totpURI);
    const verified = await getAuth().api.verifyTOTP({ body: { code }, headers, returnHeaders: true });
    jar.store(verified.headers);
    const [stored] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.twoFactorEnabled).toBe(true);
    expect(new URL(enabled.totpURI).searchParams.get("issuer")).toBe("Strong with Jo");
    // Confirming the app from the settings page is not a sign-in: still the one login.
    expect(await t.db.select().from(loginHistory).where(eq(loginHistory.userId, user.id))).toHaveLength(1);
    return { user, password, totpURI: enabled.totpURI, backupCodes: enabled.backupCodes };
  }

  it("asks for the code after the password, then signs in with a code from the app", async () => {
    const { user, password, totpURI } = await memberWithTotp();
    const loginsBefore = (await t.db.select().from(loginHistory).where(eq(loginHistory.userId, user.id))).length;
    const jar = new CookieJar();
    const ip = nextTestIp();
    const first = await logIn({ email: user.email, password }, ip, jar);
    expect(first.data).toEqual({ ok: true, kind: "two-factor-required" });
    jar.store(first.headers);
    expect(jar.has("better-auth.session_token")).toBe(false);
    // No login yet: the password alone is not a sign-in.
    expect(await t.db.select().from(loginHistory).where(eq(loginHistory.userId, user.id))).toHaveLength(loginsBefore);

    const wrong = await answer<AuthActionResult>(() =>
      authAction(routeArgs(formRequest("/auth", { js: "1", mode: "two-factor", code: "000000" }, { jar }), ip)),
    );
    expect(wrong.data).toMatchObject({ ok: false, kind: "service", message: "Invalid code" });

    const second = await answer<AuthActionResult>(() =>
      authAction(routeArgs(formRequest("/auth", { js: "1", mode: "two-factor", code: totpCode(totpURI), redirectTo: "/" }, { jar }), ip)),
    );
    expect(second.data).toMatchObject({ ok: true, kind: "signed-in", user: { id: user.id } });
    jar.store(second.headers);
    expect(jar.has("better-auth.session_token")).toBe(true);
    const logins = await t.db.select().from(loginHistory).where(eq(loginHistory.userId, user.id)).orderBy(desc(loginHistory.loginAt));
    expect(logins).toHaveLength(loginsBefore + 1);
    expect(logins[0]?.ipAddress).toBe(ip);
  });

  it("accepts a backup code instead, once", async () => {
    const { user, password, backupCodes } = await memberWithTotp();
    const code = backupCodes[0]!;
    for (const [attempt, expected] of [
      [1, "signed-in"],
      [2, "failed"],
    ] as const) {
      const jar = new CookieJar();
      const ip = nextTestIp();
      jar.store((await logIn({ email: user.email, password }, ip, jar)).headers);
      const result = await answer<AuthActionResult>(() =>
        authAction(routeArgs(formRequest("/auth", { js: "1", mode: "two-factor", code: code.replace("-", "") }, { jar }), ip)),
      );
      if (expected === "signed-in") expect(result.data, `attempt ${attempt}`).toMatchObject({ ok: true, kind: "signed-in" });
      else expect(result.data, `attempt ${attempt}`).toMatchObject({ ok: false, kind: "service" });
    }
  });

  it("sends a visitor whose challenge has expired back to log in", async () => {
    const result = await answer<AuthActionResult>(() =>
      authAction(routeArgs(formRequest("/auth", { js: "1", mode: "two-factor", code: "123456" }), nextTestIp())),
    );
    expect(result.data).toEqual({ ok: false, kind: "service", message: "Your sign-in has timed out. Please log in again." });
  });
});
