import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as apiAuthAction, loader as apiAuthLoader } from "~/routes/api/auth";
import { action as securityAction } from "~/routes/account/security";
import { action as authAction } from "~/routes/api/auth-form";
import { action as resetAction, loader as resetLoader } from "~/routes/account/reset-password";
import { action as verifyAction, loader as verifyLoader } from "~/routes/account/verify-email";
import { sessions, users, verifications } from "~/server/db/schema";
import type { AuthActionResult } from "~/utils/auth-result";
import { FORGOT_PASSWORD_SENT, RESET_LINK_INVALID } from "~/validation/password-reset";
import { setupTestDatabase } from "../support/db";
import { createUser } from "../../scripts/factories";
import {
  answer,
  CookieJar,
  formRequest,
  getRequest,
  nextTestIp,
  outboxFor,
  routeArgs,
  setupAuthEnvironment,
  TEST_ORIGIN,
  TEST_PASSWORD,
  uniqueEmail,
} from "../support/auth";

const t = setupTestDatabase();
const env = setupAuthEnvironment();

async function forgot(email: string) {
  return answer<AuthActionResult>(() =>
    authAction(routeArgs(formRequest("/auth", { js: "1", mode: "forgot-password", email }), nextTestIp())),
  );
}

async function logIn(email: string, password: string) {
  return answer<AuthActionResult>(() =>
    authAction(routeArgs(formRequest("/auth", { js: "1", mode: "log-in", email, password }), nextTestIp())),
  );
}

/** Asks for a reset and returns the token from the link in the email. */
async function requestResetLink(email: string): Promise<string> {
  const before = (await outboxFor(env.dataDir, email)).length;
  expect((await forgot(email)).data).toEqual({ ok: true, kind: "reset-email-sent", message: FORGOT_PASSWORD_SENT });
  const messages = await outboxFor(env.dataDir, email);
  expect(messages).toHaveLength(before + 1);
  const message = messages.at(-1)!;
  expect(message.subject).toBe("Reset your Strong with Jo password");
  expect(message.text).toContain("expires in 1 hour");
  const link = message.links.find((l) => l.startsWith("http://localhost:3000/reset-password?token="));
  expect(link).toBeDefined();
  return new URL(link!).searchParams.get("token")!;
}

async function reset(token: string, password: string, confirmPassword = password) {
  return answer<{ error: string }>(() =>
    resetAction(routeArgs(formRequest("/reset-password", { token, password, confirmPassword }), nextTestIp())),
  );
}

describe("forgot password", () => {
  it("gives the same answer for an unknown address and sends nothing", async () => {
    const email = uniqueEmail("unknown");
    expect((await forgot(email)).data).toEqual({ ok: true, kind: "reset-email-sent", message: FORGOT_PASSWORD_SENT });
    expect(await outboxFor(env.dataDir, email)).toEqual([]);
  });

  it("resets the password with the emailed link, signs her in and ends her other sessions", async () => {
    const { user, password } = await createUser(t.db);
    const oldSession = await logIn(user.email, password);
    expect(oldSession.data).toMatchObject({ ok: true });
    const token = await requestResetLink(user.email);

    expect((await answer<{ token: string | null }>(() => resetLoader(routeArgs(getRequest(`/reset-password?token=${token}`))))).data).toEqual({ token });
    expect((await reset(token, "NewPass123", "NewPass124")).data).toEqual({ error: "Passwords don't match" });
    expect((await reset(token, "weakpass1", "weakpass1")).data).toEqual({
      error: "Password must contain at least one uppercase letter, one lowercase letter, and one number",
    });

    const done = await reset(token, "BrandNew2026");
    expect(done.status).toBe(302);
    expect(done.location).toBe("/");
    const jar = new CookieJar().store(done.headers);
    expect(jar.has("better-auth.session_token")).toBe(true);
    const live = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(live).toHaveLength(1);

    expect((await logIn(user.email, password)).data).toMatchObject({ ok: false, message: "Invalid email or password" });
    expect((await logIn(user.email, "BrandNew2026")).data).toMatchObject({ ok: true, kind: "signed-in" });

    // The link works once.
    expect((await answer<{ token: string | null }>(() => resetLoader(routeArgs(getRequest(`/reset-password?token=${token}`))))).data).toEqual({ token: null });
    expect((await reset(token, "AnotherOne2026")).data).toEqual({ error: RESET_LINK_INVALID });
  });

  it("refuses a link older than an hour", async () => {
    const { user } = await createUser(t.db);
    const token = await requestResetLink(user.email);
    // Better Auth stores the token hashed: SHA-256 of "reset-password:<token>", base64url.
    const identifier = crypto.createHash("sha256").update(`reset-password:${token}`).digest("base64url");
    const moved = await t.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(verifications.identifier, identifier))
      .returning();
    expect(moved).toHaveLength(1);
    expect((await answer<{ token: string | null }>(() => resetLoader(routeArgs(getRequest(`/reset-password?token=${token}`))))).data).toEqual({ token: null });
    expect((await reset(token, "BrandNew2026")).data).toEqual({ error: RESET_LINK_INVALID });
    expect((await logIn(user.email, "BrandNew2026")).data).toMatchObject({ ok: false });
  });

  it("stores reset tokens only as hashes", async () => {
    const { user } = await createUser(t.db);
    const token = await requestResetLink(user.email);
    const rows = await t.db.select().from(verifications);
    expect(rows.some((r) => r.identifier.includes(token))).toBe(false);
  });
});

describe("outstanding reset links after a new password", () => {
  const resetLoad = (token: string) =>
    answer<{ token: string | null }>(() => resetLoader(routeArgs(getRequest(`/reset-password?token=${encodeURIComponent(token)}`))));

  it("voids an older link once a newer one has been used", async () => {
    const { user } = await createUser(t.db);
    const older = await requestResetLink(user.email);
    const newer = await requestResetLink(user.email);
    expect((await reset(newer, "BrandNew2026")).status).toBe(302);

    expect((await resetLoad(older)).data).toEqual({ token: null });
    expect((await reset(older, "Hijacked2026")).data).toEqual({ error: RESET_LINK_INVALID });
    expect((await logIn(user.email, "Hijacked2026")).data).toMatchObject({ ok: false });
    expect((await logIn(user.email, "BrandNew2026")).data).toMatchObject({ ok: true, kind: "signed-in" });
  });

  it("voids every outstanding link when she changes her password in her settings", async () => {
    const { user, password } = await createUser(t.db);
    const pending = await requestResetLink(user.email);
    const signedIn = await logIn(user.email, password);
    const jar = new CookieJar().store(signedIn.headers);
    const changed = await answer(() =>
      securityAction(
        routeArgs(
          formRequest("/settings/security", { js: "1", intent: "change-password", currentPassword: password, newPassword: "Changed2026", confirmPassword: "Changed2026" }, { jar }),
          nextTestIp(),
        ),
      ),
    );
    expect(changed.status).toBe(200);
    expect((await resetLoad(pending)).data).toEqual({ token: null });
    expect((await reset(pending, "Hijacked2026")).data).toEqual({ error: RESET_LINK_INVALID });
    expect((await logIn(user.email, "Changed2026")).data).toMatchObject({ ok: true });
    // And she is told.
    const notices = (await outboxFor(env.dataDir, user.email)).filter((m) => m.subject === "Your Strong with Jo password has been changed");
    expect(notices.map((m) => m.text.includes("changed in your account settings"))).toEqual([true]);
  });

  it("tells her by email when her password is reset or changed", async () => {
    const { user, password } = await createUser(t.db);
    const token = await requestResetLink(user.email);
    expect((await reset(token, "BrandNew2026")).status).toBe(302);
    const notices = (await outboxFor(env.dataDir, user.email)).filter((m) => m.subject === "Your Strong with Jo password has been changed");
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain("reset with a link we emailed to this address");
    expect(notices[0]!.links).toContain("http://localhost:3000/auth?mode=forgot-password");
    expect(password).not.toBe("BrandNew2026");
  });
});

describe("malformed reset links", () => {
  it("answers a token holding NUL with 400 and the page for an invalid link, on the page and when posted", async () => {
    for (const token of ["\u0000", "abc\u0000def", "%00"]) {
      const page = await answer<{ token: string | null }>(() => resetLoader(routeArgs(getRequest(`/reset-password?token=${encodeURIComponent(token)}`))));
      expect(page.status, JSON.stringify(token)).toBe(400);
      expect(page.data).toEqual({ token: null });
      const posted = await reset(token, "BrandNew2026");
      expect(posted.status).toBe(400);
      expect(posted.data).toEqual({ error: RESET_LINK_INVALID });
    }
    // Better Auth's own link endpoint refuses it too, before it reaches the database.
    const api = await answer(() => apiAuthLoader(routeArgs(getRequest("/api/auth/reset-password/%00?callbackURL=%2Freset-password"))));
    expect(api.status).toBe(400);
  });
});

describe("emails per recipient", () => {
  it("sends at most three reset emails an hour to one address, with the same answer every time", async () => {
    const { user } = await createUser(t.db);
    const answers = [];
    for (let i = 0; i < 24; i++) answers.push((await forgot(user.email)).data);
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(new Set([JSON.stringify({ ok: true, kind: "reset-email-sent", message: FORGOT_PASSWORD_SENT })]));
    const resets = (await outboxFor(env.dataDir, user.email)).filter((m) => m.subject === "Reset your Strong with Jo password");
    expect(resets).toHaveLength(3);
  });

  it("sends at most three verification emails an hour to one address, whoever asks", async () => {
    const { user } = await createUser(t.db, { emailVerified: false });
    for (let i = 0; i < 10; i++) {
      const request = new Request(`${TEST_ORIGIN}/api/auth/send-verification-email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_ORIGIN },
        body: JSON.stringify({ email: user.email, callbackURL: "/auth?event=email-verified" }),
      });
      const sent = await answer(() => apiAuthAction(routeArgs(request, nextTestIp())));
      expect(sent.status).toBe(200);
    }
    const verifications = (await outboxFor(env.dataDir, user.email)).filter((m) => /confirm your email address/i.test(m.subject));
    expect(verifications).toHaveLength(3);
  });
});

describe("email verification link (docs/product.md §7.5)", () => {
  it("marks the address verified and says thank you", async () => {
    const email = uniqueEmail("verify");
    const signUp = await answer<AuthActionResult>(() =>
      authAction(
        routeArgs(
          formRequest("/auth", { js: "1", mode: "sign-up", firstName: "Nadia", lastName: "Khan", email, password: TEST_PASSWORD, terms: "on" }),
          nextTestIp(),
        ),
      ),
    );
    expect(signUp.data).toMatchObject({ ok: true, kind: "signed-up" });
    const [message] = await outboxFor(env.dataDir, email);
    const link = new URL(message!.links.find((l) => l.includes("/verify-email?token="))!);

    // Opening the link asks (a mail scanner confirms nothing); the button confirms.
    const asked = await answer(() => verifyLoader(routeArgs(getRequest(link.pathname + link.search))));
    expect(asked.data).toMatchObject({ state: "ask", email });
    expect((await t.db.select().from(users).where(eq(users.email, email)))[0]?.emailVerified).toBe(false);
    const landed = await answer(() => verifyAction(routeArgs(formRequest("/verify-email", { token: link.searchParams.get("token")! }), nextTestIp())));
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(true);
    expect(landed.status).toBe(302);
    expect(landed.location).toBe("/");
    expect(landed.headers.getSetCookie().some((c) => c.startsWith("sc_toast="))).toBe(true);
  });
});
