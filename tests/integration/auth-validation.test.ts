import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as authAction, loader as authLoader } from "~/routes/api/auth-form";
import { loader as rootLoader } from "~/root";
import { users } from "~/server/db/schema";
import type { AuthActionResult } from "~/utils/auth-result";
import { setupTestDatabase } from "../support/db";
import { answer, CookieJar, formRequest, getRequest, nextTestIp, routeArgs, setupAuthEnvironment, TEST_PASSWORD, uniqueEmail } from "../support/auth";

// docs/product.md §11.2 and "Sign-up": every message reached through the real action, the first
// failing one only, with nothing written; the honeypot and the origin check; the plain-form path.

const t = setupTestDatabase();
setupAuthEnvironment();

async function post(fields: Record<string, string | undefined>, options: { origin?: string | null } = {}) {
  return answer<AuthActionResult>(() => authAction(routeArgs(formRequest("/auth", { js: "1", ...fields }, options), nextTestIp())));
}

async function userCount(): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row!.n;
}

const signUp = {
  mode: "sign-up",
  firstName: "Claire",
  lastName: "Hughes",
  phone: "",
  email: "claire@example.com",
  password: TEST_PASSWORD,
  terms: "on",
};

describe("sign-up validation (docs/product.md §11.3)", () => {
  it.each([
    [{ firstName: "  " }, "First name is required"],
    [{ firstName: "a".repeat(51) }, "First name must be less than 50 characters"],
    [{ lastName: "" }, "Last name is required"],
    [{ lastName: "b".repeat(51) }, "Last name must be less than 50 characters"],
    [{ phone: "0".repeat(21) }, "Phone number must be less than 20 characters"],
    [{ email: "claire-at-example.com" }, "Invalid email address"],
    [{ email: `${"c".repeat(250)}@example.com` }, "Email must be less than 255 characters"],
    [{ password: "Short1" }, "Password must be at least 8 characters"],
    [{ password: `Aa1${"x".repeat(126)}` }, "Password must be less than 128 characters"],
    [{ password: "lowercase123" }, "Password must contain at least one uppercase letter, one lowercase letter, and one number"],
    [{ password: "NoNumbersHere" }, "Password must contain at least one uppercase letter, one lowercase letter, and one number"],
    [{ terms: undefined }, "You must accept the terms and conditions"],
  ])("answers %o with '%s' and creates nothing", async (patch, message) => {
    const before = await userCount();
    const result = await post({ ...signUp, ...patch });
    expect(result.status).toBe(400);
    expect(result.data).toEqual({ ok: false, kind: "validation", message });
    expect(await userCount()).toBe(before);
  });

  it("answers only the first failing message, in the order of the form", async () => {
    const result = await post({ ...signUp, lastName: "", email: "bad", terms: undefined });
    expect(result.data).toEqual({ ok: false, kind: "validation", message: "Last name is required" });
  });
});

describe("log-in validation (docs/product.md §11.3)", () => {
  it.each([
    [{ email: "nope" }, "Invalid email address"],
    [{ email: `${"d".repeat(250)}@example.com` }, "Email must be less than 255 characters"],
    [{ password: "12345" }, "Password must be at least 6 characters"],
    [{ password: undefined }, "Password must be at least 6 characters"],
  ])("answers %o with '%s'", async (patch, message) => {
    const result = await post({ mode: "log-in", email: "someone@example.com", password: "secret1", ...patch });
    expect(result.status).toBe(400);
    expect(result.data).toEqual({ ok: false, kind: "validation", message });
  });

  it("answers a wrong password with the service's message in an 'Error' toast", async () => {
    const result = await post({ mode: "log-in", email: "nobody-here@example.com", password: "Whatever1" });
    expect(result.status).toBe(401);
    expect(result.data).toEqual({ ok: false, kind: "service", message: "Invalid email or password" });
  });
});

describe("bot and cross-site protection", () => {
  it("creates nothing when the honeypot field is filled", async () => {
    const before = await userCount();
    const result = await post({ ...signUp, email: uniqueEmail(), website: "https://spam.example" });
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({ ok: false, kind: "validation" });
    expect(await userCount()).toBe(before);
  });

  it("refuses a form sent from another website", async () => {
    const before = await userCount();
    const result = await post({ ...signUp, email: uniqueEmail() }, { origin: "https://evil.example" });
    expect(result.status).toBe(403);
    expect(await userCount()).toBe(before);
  });

  it("refuses an account made directly at Better Auth's endpoint, bypassing the form's rules", async () => {
    const { action } = await import("~/routes/api/auth");
    const request = new Request("http://localhost:3000/api/auth/sign-up/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000" },
      body: JSON.stringify({ name: "Bot", email: uniqueEmail("direct"), password: "weakpassword" }),
    });
    const before = await userCount();
    const result = await answer<{ message: string }>(() => action(routeArgs(request, nextTestIp())));
    expect(result.status).toBe(403);
    expect(result.data.message).toBe("Please create your account with the sign-up form.");
    expect(await userCount()).toBe(before);
  });
});

describe("without JavaScript", () => {
  it("a plain form post redirects with a flash toast that the next page shows once", async () => {
    const email = uniqueEmail("nojs");
    const result = await answer(() =>
      authAction(routeArgs(formRequest("/auth", { ...signUp, email, redirectTo: "/learn-to-lift" }), nextTestIp())),
    );
    expect(result.status).toBe(302);
    expect(result.location).toBe("/learn-to-lift");
    const jar = new CookieJar().store(result.headers);

    const page = await answer<{ user: { email: string } | null; toasts: { title: string; description: string }[] }>(() =>
      rootLoader(routeArgs(getRequest("/learn-to-lift", { jar }))),
    );
    expect(page.data.user?.email).toBe(email);
    expect(page.data.toasts).toEqual([expect.objectContaining({ title: "Success", description: "Account created successfully!" })]);
    jar.store(page.headers);
    const next = await answer<{ toasts: unknown[] }>(() => rootLoader(routeArgs(getRequest("/", { jar }))));
    expect(next.data.toasts).toEqual([]);
  });

  it("a plain form post with a mistake goes back to the /auth page with the message", async () => {
    const result = await answer(() =>
      authAction(routeArgs(formRequest("/auth", { ...signUp, terms: undefined, redirectTo: "/learn-to-lift-checkout" }), nextTestIp())),
    );
    expect(result.status).toBe(302);
    expect(result.location).toBe("/auth?mode=sign-up&redirectTo=%2Flearn-to-lift-checkout");
    const page = await answer<{ toasts: { title: string; description: string; variant: string }[] }>(() =>
      rootLoader(routeArgs(getRequest("/auth", { jar: new CookieJar().store(result.headers) }))),
    );
    expect(page.data.toasts).toEqual([
      expect.objectContaining({ title: "Validation Error", description: "You must accept the terms and conditions", variant: "destructive" }),
    ]);
    const auth = await answer<{ mode: string; redirectTo: string }>(() =>
      authLoader(routeArgs(getRequest("/auth?mode=log-in&redirectTo=%2Flearn-to-lift-checkout"))),
    );
    expect(auth.data).toEqual({ mode: "log-in", redirectTo: "/learn-to-lift-checkout" });
  });

  it("never redirects to another website", async () => {
    const result = await answer(() =>
      authAction(routeArgs(formRequest("/auth", { ...signUp, email: uniqueEmail(), redirectTo: "//evil.example/x" }), nextTestIp())),
    );
    expect(result.location).toBe("/");
  });
});
