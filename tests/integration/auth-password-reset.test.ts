import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loader as apiAuthLoader } from "~/routes/api/auth";
import { action as authAction, loader as authLoader } from "~/routes/api/auth-form";
import { action as resetAction, loader as resetLoader } from "~/routes/account/reset-password";
import { sessions, users, verifications } from "~/server/db/schema";
import type { AuthActionResult } from "~/utils/auth-result";
import { FORGOT_PASSWORD_SENT, RESET_LINK_INVALID } from "~/validation/password-reset";
import { setupTestDatabase } from "../support/db";
import { createUser } from "../support/factories";
import {
  answer,
  CookieJar,
  formRequest,
  getRequest,
  nextTestIp,
  outboxFor,
  routeArgs,
  setupAuthEnvironment,
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

describe("email verification link (D17)", () => {
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
    const link = new URL(message!.links.find((l) => l.includes("/api/auth/verify-email"))!);

    const followed = await answer(() => apiAuthLoader(routeArgs(getRequest(link.pathname + link.search))));
    expect(followed.status).toBe(302);
    expect(followed.location).toBe("/auth?event=email-verified");
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(true);

    const landed = await answer(() => authLoader(routeArgs(getRequest("/auth?event=email-verified"))));
    expect(landed.status).toBe(302);
    expect(landed.location).toBe("/");
    expect(landed.headers.getSetCookie().some((c) => c.startsWith("sc_toast="))).toBe(true);
  });
});
