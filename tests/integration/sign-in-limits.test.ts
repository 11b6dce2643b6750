import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as apiAuthAction, loader as apiAuthLoader } from "~/routes/api/auth";
import { action as authAction } from "~/routes/api/auth-form";
import { action as resetAction } from "~/routes/account/reset-password";
import { action as securityAction } from "~/routes/account/security";
import { signInKey, SIGN_IN_FAILURES } from "~/server/models/account-limits.server";
import { SIGN_IN_PAUSED_MESSAGE } from "~/server/auth/context.server";
import { OPEN_AUTH_PATHS } from "~/server/auth/hooks.server";
import { getAuth } from "~/server/auth/instance.server";
import { accountLimits, sessions } from "~/server/db/schema";
import type { AuthActionResult } from "~/utils/auth-result";
import { setupTestDatabase } from "../support/db";
import { createUser } from "../../scripts/factories";
import { answer, CookieJar, formRequest, nextTestIp, outboxFor, routeArgs, setupAuthEnvironment, TEST_ORIGIN, uniqueEmail } from "../support/auth";

// A limit per account on wrong passwords, whatever address they come from (the per-IP limit of
// Better Auth cannot see forty addresses as one attacker): ten failures in 15 minutes pause
// password sign-in to that address for 15 minutes, on the /auth form and on Better Auth's own
// endpoint alike, and the owner is told once by email. The counters live in the database.

const t = setupTestDatabase();
const env = setupAuthEnvironment();

/** A log-in through the form (/auth), from its own client address. */
function formLogIn(email: string, password: string, ip = nextTestIp()) {
  return answer<AuthActionResult>(() => authAction(routeArgs(formRequest("/auth", { js: "1", mode: "log-in", email, password }), ip)));
}

/** A log-in straight to Better Auth's endpoint (/api/auth/sign-in/email), from its own address. */
function apiLogIn(email: string, password: string, ip = nextTestIp()) {
  const request = new Request(`${TEST_ORIGIN}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: TEST_ORIGIN },
    body: JSON.stringify({ email, password }),
  });
  return answer<{ message?: string; code?: string }>(() => apiAuthAction(routeArgs(request, ip)));
}

async function pausedNotices(email: string) {
  return (await outboxFor(env.dataDir, email)).filter((m) => /paused/i.test(m.subject));
}

describe("wrong passwords for one account from many addresses", () => {
  it(`answers 429 after ${SIGN_IN_FAILURES.max} failures, on the form and on Better Auth's endpoint, even for the right password`, async () => {
    const { user, password } = await createUser(t.db);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const result = i % 2 === 0 ? await formLogIn(user.email, `Wrong-guess-${i}A`) : await apiLogIn(user.email, `Wrong-guess-${i}A`);
      statuses.push(result.status);
    }
    expect(statuses.slice(0, SIGN_IN_FAILURES.max)).toEqual(Array(SIGN_IN_FAILURES.max).fill(401));
    expect(statuses.slice(SIGN_IN_FAILURES.max)).toEqual(Array(40 - SIGN_IN_FAILURES.max).fill(429));

    // The right password, from yet another address, on either way in: still paused.
    const form = await formLogIn(user.email, password);
    expect(form.status).toBe(429);
    expect(form.data).toEqual({ ok: false, kind: "service", message: SIGN_IN_PAUSED_MESSAGE });
    const api = await apiLogIn(user.email, password);
    expect(api.status).toBe(429);
    expect(api.data.code).toBe("SIGN_IN_PAUSED");
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);

    // The owner is told, once.
    const notices = await pausedNotices(user.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain("15 minutes");
    expect(notices[0]!.links.some((l) => l.endsWith("/auth?mode=forgot-password"))).toBe(true);

    // The count is in the database, under a hash of the address (never the address itself).
    const [row] = await t.db.select().from(accountLimits).where(eq(accountLimits.key, signInKey(user.email)));
    expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now() + 14 * 60 * 1000);
    expect(JSON.stringify(await t.db.select().from(accountLimits))).not.toContain(user.email);

    // Once the pause is over, the right password works again and the count starts afresh.
    await t.db.update(accountLimits).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(accountLimits.key, signInKey(user.email)));
    expect((await formLogIn(user.email, password)).status).toBe(200);
    expect((await formLogIn(user.email, "Wrong-again-1A")).status).toBe(401);
  });

  it("lets no more than the limit's password checks through when the attempts arrive all at once", async () => {
    const { user } = await createUser(t.db);
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => apiLogIn(user.email, `Parallel-guess-${i}A`)));
    const checked = results.filter((r) => r.status === 401).length;
    expect(checked).toBeLessThanOrEqual(SIGN_IN_FAILURES.max);
    expect(results.filter((r) => r.status === 429).length).toBe(30 - checked);
    expect(await pausedNotices(user.email)).toHaveLength(1);
  });

  it("pauses an address without an account the same way, and emails nobody", async () => {
    const email = uniqueEmail("nobody");
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_FAILURES.max + 2; i++) statuses.push((await formLogIn(email, `Guess-${i}-Abc`)).status);
    expect(statuses.slice(0, SIGN_IN_FAILURES.max).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(SIGN_IN_FAILURES.max)).toEqual([429, 429]);
    expect(await outboxFor(env.dataDir, email)).toEqual([]);
  });

  it("counts only wrong passwords: a right one clears the count, a malformed request is not counted", async () => {
    const { user, password } = await createUser(t.db);
    for (let i = 0; i < SIGN_IN_FAILURES.max - 1; i++) expect((await apiLogIn(user.email, `Wrong-${i}-Abc`)).status).toBe(401);
    expect((await apiLogIn(user.email, password)).status).toBe(200);
    for (let i = 0; i < SIGN_IN_FAILURES.max - 1; i++) expect((await apiLogIn(user.email, `Again-${i}-Abc`)).status).toBe(401);
    // A body Better Auth refuses before any password check (no password at all) counts for nothing.
    for (let i = 0; i < 5; i++) {
      const request = new Request(`${TEST_ORIGIN}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_ORIGIN },
        body: JSON.stringify({ email: user.email }),
      });
      expect((await answer(() => apiAuthAction(routeArgs(request, nextTestIp())))).status).toBe(400);
    }
    expect((await apiLogIn(user.email, password)).status).toBe(200);
  });

  it("lets the owner straight back in after she resets her password by email", async () => {
    const { user } = await createUser(t.db);
    for (let i = 0; i < SIGN_IN_FAILURES.max + 1; i++) await apiLogIn(user.email, `Wrong-${i}-Abc`);
    expect((await apiLogIn(user.email, "LiftHeavy2025")).status).toBe(429);

    const forgot = await answer<AuthActionResult>(() =>
      authAction(routeArgs(formRequest("/auth", { js: "1", mode: "forgot-password", email: user.email }), nextTestIp())),
    );
    expect(forgot.data).toMatchObject({ ok: true, kind: "reset-email-sent" });
    const link = (await outboxFor(env.dataDir, user.email)).flatMap((m) => m.links).find((l) => l.includes("/reset-password?token="));
    const token = new URL(link!).searchParams.get("token")!;
    const reset = await answer(() =>
      resetAction(routeArgs(formRequest("/reset-password", { token, password: "BrandNew2026", confirmPassword: "BrandNew2026" }), nextTestIp())),
    );
    expect(reset.status).toBe(302);
    expect(reset.location).toBe("/");
    expect((await apiLogIn(user.email, "BrandNew2026")).status).toBe(200);
  });

  it("counts an IPv6 visitor by her /64 for the per-IP limit of sign-in", async () => {
    const statuses: number[] = [];
    // A different account each time, so only the per-IP limit (5 a minute) can refuse.
    for (let i = 1; i <= 6; i++) statuses.push((await apiLogIn(uniqueEmail("v6"), "Wrong-guess-1A", `2001:db8:5:6::${i * 17}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await apiLogIn(uniqueEmail("v6"), "Wrong-guess-1A", "2001:db8:5:7::1")).status).toBe(401);
  });
});

describe("password checks a session can ask for (docs/security.md \"Accounts and sign-in\")", () => {
  /** A JSON post to Better Auth's endpoint with her session, as her browser would send it. */
  function apiPost(path: string, body: Record<string, unknown>, cookie: string, ip = nextTestIp()) {
    const request = new Request(`${TEST_ORIGIN}/api/auth${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN, cookie },
      body: JSON.stringify(body),
    });
    return answer<{ message?: string; code?: string }>(() => apiAuthAction(routeArgs(request, ip)));
  }

  async function signedIn() {
    const { user, password } = await createUser(t.db);
    const result = await formLogIn(user.email, password);
    expect(result.data).toMatchObject({ ok: true, kind: "signed-in" });
    return { user, password, cookie: new CookieJar().store(result.headers).header() };
  }

  it("answers 404 for every Better Auth endpoint the site does not use, the password oracle verify-password first", async () => {
    const { password, cookie } = await signedIn();
    expect((await apiPost("/verify-password", { password }, cookie)).status).toBe(404);
    const mounted = Object.values(getAuth().api as Record<string, { path?: string; options?: { method?: string | string[] } }>)
      .filter((endpoint) => typeof endpoint.path === "string")
      .map((endpoint) => ({ path: endpoint.path!.replace(/:[a-z]+/gi, "x"), method: [endpoint.options?.method ?? "POST"].flat()[0]! }));
    expect(mounted.length).toBeGreaterThan(20);
    for (const { path, method } of mounted) {
      if (OPEN_AUTH_PATHS.has(path)) continue;
      const request = new Request(`${TEST_ORIGIN}/api/auth${path}`, {
        method: method === "*" ? "POST" : method,
        headers: { "content-type": "application/json", origin: TEST_ORIGIN, cookie },
        body: method === "GET" ? undefined : "{}",
      });
      const status = (await answer(() => (method === "GET" ? apiAuthLoader : apiAuthAction)(routeArgs(request, nextTestIp())))).status;
      // The old confirmation link only leads to the page that asks (decision 245).
      expect(status, `${method} ${path}`).toBe(path === "/verify-email" ? 302 : 404);
    }
  });

  it(`pauses sign-in after ${SIGN_IN_FAILURES.max} wrong passwords given to change-password or two-factor set-up from a session`, async () => {
    const { user, password, cookie } = await signedIn();
    const guesses = [
      (i: number) => apiPost("/change-password", { currentPassword: `Wrong-guess-${i}A`, newPassword: "BrandNew2026" }, cookie),
      (i: number) => apiPost("/two-factor/enable", { password: `Wrong-guess-${i}A` }, cookie),
      (i: number) => apiPost("/two-factor/disable", { password: `Wrong-guess-${i}A` }, cookie),
    ];
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_FAILURES.max + 2; i++) statuses.push((await guesses[i % guesses.length]!(i)).status);
    expect(statuses.slice(0, SIGN_IN_FAILURES.max).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(SIGN_IN_FAILURES.max)).toEqual([429, 429]);
    // Even the right password is refused now, on the session's endpoints and at log-in.
    const right = await apiPost("/change-password", { currentPassword: password, newPassword: "BrandNew2026" }, cookie);
    expect(right.status).toBe(429);
    expect(right.data.code).toBe("SIGN_IN_PAUSED");
    expect((await formLogIn(user.email, password)).status).toBe(429);
    expect(await pausedNotices(user.email)).toHaveLength(1);
    // The Security card says why, in the same words as the log-in form.
    const card = await answer<{ message: string }>(() =>
      securityAction(
        routeArgs(
          formRequest("/settings/security", { js: "1", intent: "change-password", currentPassword: password, newPassword: "Changed2026", confirmPassword: "Changed2026" }, { headers: { cookie } }),
          nextTestIp(),
        ),
      ),
    );
    expect(card.status).toBe(429);
    expect(card.data.message).toBe(SIGN_IN_PAUSED_MESSAGE);
  });

  it("clears the count when the session gives the right password", async () => {
    const { password, cookie } = await signedIn();
    for (let i = 0; i < SIGN_IN_FAILURES.max - 1; i++) expect((await apiPost("/two-factor/enable", { password: `Wrong-${i}-Abc` }, cookie)).status).toBe(400);
    expect((await apiPost("/two-factor/enable", { password }, cookie)).status).toBe(200);
    for (let i = 0; i < SIGN_IN_FAILURES.max - 1; i++) expect((await apiPost("/change-password", { currentPassword: `Again-${i}-Abc`, newPassword: "BrandNew2026" }, cookie)).status).toBe(400);
    expect((await apiPost("/change-password", { currentPassword: password, newPassword: "BrandNew2026" }, cookie)).status).toBe(200);
  });
});
