import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SECURITY_TEXT, type SecurityActionResult } from "~/validation/security";
import { action as authAction } from "~/routes/api/auth-form";
import { action as securityAction, loader as securityLoader } from "~/routes/account/security";
import { getSessionUser } from "~/server/auth/session.server";
import { accounts, sessions, twoFactors, users } from "~/server/db/schema";
import type { AuthActionResult } from "~/utils/auth-result";
import { setupTestDatabase } from "../support/db";
import { toastOf } from "../support/fuzz-site";
import { createUser } from "../../scripts/factories";
import {
  answer,
  CookieJar,
  formRequest,
  getRequest,
  nextTestIp,
  routeArgs,
  setupAuthEnvironment,
  totpCode,
} from "../support/auth";

// POST /settings/security (docs/product.md §9.3, §11.6 and §7.7):
// every intent of the Security card against a real database, signed in through Better Auth.

const t = setupTestDatabase();
setupAuthEnvironment();

const NEW_PASSWORD = "EvenStronger2026";

async function logIn(email: string, password: string, jar = new CookieJar()) {
  const result = await answer<AuthActionResult>(() =>
    authAction(routeArgs(formRequest("/auth", { js: "1", mode: "log-in", email, password }), nextTestIp())),
  );
  jar.store(result.headers);
  return { jar, result };
}

async function signedInMember() {
  const { user, password } = await createUser(t.db);
  const { jar, result } = await logIn(user.email, password);
  expect(result.data).toMatchObject({ ok: true, kind: "signed-in" });
  return { user, password, jar };
}

/** Posts one of the card's forms as the browser's fetcher does (js=1), from a fresh IP. */
async function post(fields: Record<string, string>, jar?: CookieJar, options: { origin?: string } = {}) {
  const result = await answer<SecurityActionResult>(() =>
    securityAction(routeArgs(formRequest("/settings/security", { js: "1", ...fields }, { jar, origin: options.origin }), nextTestIp())),
  );
  jar?.store(result.headers);
  return result;
}

async function passwordHashOf(userId: string) {
  const [row] = await t.db.select({ password: accounts.password }).from(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  return row?.password;
}

async function storedUser(userId: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, userId));
  return row!;
}

async function signedInAs(jar: CookieJar) {
  return getSessionUser(getRequest("/settings", { jar }));
}

/** The otpauth:// URI an app would hold for the secret the card shows as text. */
function uriFor(secret: string) {
  return `otpauth://totp/test?secret=${secret.replace(/\s+/g, "")}&period=30&digits=6`;
}

/** Turns two-factor on as the card does: password, then a first code from the app. */
async function enableTwoFactor(jar: CookieJar, password: string) {
  const started = await post({ intent: "enable-two-factor", password }, jar);
  expect(started.status).toBe(200);
  if (!started.data.ok || !started.data.setup) throw new Error("expected the set-up");
  const { setup } = started.data;
  const verified = await post({ intent: "verify-two-factor", code: totpCode(uriFor(setup.secret)) }, jar);
  expect(verified.data).toEqual({ ok: true, intent: "verify-two-factor", message: SECURITY_TEXT.enabled });
  return setup;
}

describe("signed-out visitors", () => {
  it.each([
    ["change-password", { currentPassword: "Anything1", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }],
    ["enable-two-factor", { password: "Anything1" }],
    ["verify-two-factor", { code: "123456" }],
    ["disable-two-factor", { password: "Anything1" }],
    ["regenerate-backup-codes", { password: "Anything1" }],
  ])("%s is sent home and changes nothing", async (intent, fields) => {
    const { user } = await createUser(t.db);
    const hashBefore = await passwordHashOf(user.id);
    // A session cookie that is not signed by the site counts as no session at all.
    const forged = new CookieJar().store(new Headers([["set-cookie", "better-auth.session_token=forged.abc"]]));
    for (const jar of [undefined, forged]) {
      const result = await post({ intent, ...fields }, jar);
      expect(result.status).toBe(302);
      expect(result.location).toBe("/");
    }
    expect(await passwordHashOf(user.id)).toBe(hashBefore);
    expect((await storedUser(user.id)).twoFactorEnabled).toBe(false);
    expect(await t.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id))).toEqual([]);
  });

  it("has no page: a GET goes to /settings", async () => {
    const result = await answer(() => securityLoader());
    expect(result.status).toBe(302);
    expect(result.location).toBe("/settings");
  });
});

describe("password change", () => {
  it.each([
    ["all fields empty", { currentPassword: "", newPassword: "", confirmPassword: "" }, "Please fill in all password fields"],
    ["no current password", { currentPassword: "", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, "Please fill in all password fields"],
    ["no confirmation", { currentPassword: "x", newPassword: NEW_PASSWORD, confirmPassword: "" }, "Please fill in all password fields"],
    ["fields missing from the form", {}, "Please fill in all password fields"],
    ["mismatched passwords", { currentPassword: "x", newPassword: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` }, "New passwords don't match"],
    ["a short new password", { currentPassword: "x", newPassword: "Short1", confirmPassword: "Short1" }, "Password must be at least 8 characters"],
    [
      "a long new password",
      { currentPassword: "x", newPassword: `Aa1${"x".repeat(126)}`, confirmPassword: `Aa1${"x".repeat(126)}` },
      "Password must be less than 128 characters",
    ],
    [
      "a new password without a capital",
      { currentPassword: "x", newPassword: "lowercase123", confirmPassword: "lowercase123" },
      "Password must contain at least one uppercase letter, one lowercase letter, and one number",
    ],
  ])("refuses %s with the documented message under 'Error', as the other settings errors, and changes nothing", async (_case, fields, message) => {
    const { user, jar } = await signedInMember();
    const hashBefore = await passwordHashOf(user.id);
    const result = await post({ intent: "change-password", ...fields }, jar);
    expect(result.status).toBe(400);
    expect(result.data).toEqual({ ok: false, intent: "change-password", kind: "validation", title: "Error", message });
    expect(await passwordHashOf(user.id)).toBe(hashBefore);
    // Without JavaScript: the same words in the flash toast.
    const plain = await answer(() =>
      securityAction(routeArgs(formRequest("/settings/security", { intent: "change-password", ...fields }, { jar }), nextTestIp())),
    );
    expect(plain.location).toBe("/settings");
    expect(toastOf(new Response(null, { headers: plain.headers }))).toMatchObject({ title: "Error", description: message });
  });

  it("checks the current password on the server", async () => {
    const { user, jar } = await signedInMember();
    const hashBefore = await passwordHashOf(user.id);
    const result = await post({ intent: "change-password", currentPassword: "NotMyPassword1", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, jar);
    expect(result.status).toBe(400);
    expect(result.data).toEqual({ ok: false, intent: "change-password", kind: "service", title: "Error", message: SECURITY_TEXT.wrongPassword });
    expect(await passwordHashOf(user.id)).toBe(hashBefore);
    expect(await signedInAs(jar)).toMatchObject({ id: user.id });
  });

  it("changes the password, signs out every other device and keeps this one signed in", async () => {
    const { user, password, jar } = await signedInMember();
    const { jar: otherDevice } = await logIn(user.email, password);
    const other = await createUser(t.db);
    const { jar: otherMember } = await logIn(other.user.email, other.password);
    const otherHash = await passwordHashOf(other.user.id);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(2);

    const result = await post({ intent: "change-password", currentPassword: password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, jar);
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ ok: true, intent: "change-password", message: "Password updated successfully" });
    expect(result.headers.get("cache-control")).toBe("no-store");

    expect(await signedInAs(jar)).toMatchObject({ id: user.id });
    expect(await signedInAs(otherDevice)).toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    // Only her own account changed.
    expect(await signedInAs(otherMember)).toMatchObject({ id: other.user.id });
    expect(await passwordHashOf(other.user.id)).toBe(otherHash);

    expect((await logIn(user.email, password)).result.data).toMatchObject({ ok: false, message: "Invalid email or password" });
    expect((await logIn(user.email, NEW_PASSWORD)).result.data).toMatchObject({ ok: true, kind: "signed-in" });
  });

  it("without JavaScript, answers with a redirect to /settings and a flash toast", async () => {
    const { password, jar } = await signedInMember();
    const result = await answer(() =>
      securityAction(
        routeArgs(
          formRequest("/settings/security", { intent: "change-password", currentPassword: password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, { jar }),
          nextTestIp(),
        ),
      ),
    );
    expect(result.status).toBe(302);
    expect(result.location).toBe("/settings");
    const cookies = result.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("sc_toast="))).toBe(true);
    expect(cookies.some((c) => c.startsWith("better-auth.session_token="))).toBe(true);
  });

  it("refuses a form sent from another website and an unknown intent", async () => {
    const { user, password, jar } = await signedInMember();
    const hashBefore = await passwordHashOf(user.id);
    const foreign = await post(
      { intent: "change-password", currentPassword: password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      jar,
      { origin: "https://evil.example" },
    );
    expect(foreign.status).toBe(403);
    expect(await passwordHashOf(user.id)).toBe(hashBefore);
    const unknown = await post({ intent: "delete-everything" }, jar);
    expect(unknown.status).toBe(400);
    expect(unknown.data).toMatchObject({ ok: false, intent: null, kind: "validation" });
  });
});

describe("two-factor authentication (docs/product.md §7.7)", () => {
  it("asks for the password, then shows the QR code, the secret and backup codes; a code from the app turns it on", async () => {
    const { user, password, jar } = await signedInMember();

    const empty = await post({ intent: "enable-two-factor", password: "" }, jar);
    expect(empty.data).toEqual({ ok: false, intent: "enable-two-factor", kind: "validation", title: "Validation Error", message: SECURITY_TEXT.passwordNeeded });
    const wrong = await post({ intent: "enable-two-factor", password: "NotMyPassword1" }, jar);
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({ ok: false, kind: "service", message: SECURITY_TEXT.wrongPassword });
    expect(await t.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id))).toEqual([]);

    const started = await post({ intent: "enable-two-factor", password }, jar);
    expect(started.status).toBe(200);
    expect(started.headers.get("cache-control")).toBe("no-store");
    if (!started.data.ok || !started.data.setup) throw new Error("expected the set-up");
    const { setup } = started.data;
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.qrCode.split(",")[1]!, "base64").toString("utf8")).toContain("<svg");
    expect(setup.secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    expect(setup.backupCodes).toHaveLength(10);
    // Not on until the app has confirmed it: a password alone still signs in.
    expect((await storedUser(user.id)).twoFactorEnabled).toBe(false);
    expect((await logIn(user.email, password)).result.data).toMatchObject({ ok: true, kind: "signed-in" });

    const badCode = await post({ intent: "verify-two-factor", code: "12345" }, jar);
    expect(badCode.data).toEqual({ ok: false, intent: "verify-two-factor", kind: "validation", title: "Validation Error", message: SECURITY_TEXT.codeNeeded });
    const appCode = totpCode(uriFor(setup.secret));
    const wrongCode = String((Number(appCode) + 500_000) % 1_000_000).padStart(6, "0");
    const refused = await post({ intent: "verify-two-factor", code: wrongCode }, jar);
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ ok: false, kind: "service", message: SECURITY_TEXT.wrongCode });
    expect((await storedUser(user.id)).twoFactorEnabled).toBe(false);

    const verified = await post({ intent: "verify-two-factor", code: totpCode(uriFor(setup.secret)) }, jar);
    expect(verified.status).toBe(200);
    expect(verified.data).toEqual({ ok: true, intent: "verify-two-factor", message: SECURITY_TEXT.enabled });
    expect((await storedUser(user.id)).twoFactorEnabled).toBe(true);
    // Better Auth replaced the session; the new cookie keeps her signed in.
    expect(await signedInAs(jar)).toMatchObject({ id: user.id, twoFactorEnabled: true });

    // Log-in now asks for the code.
    expect((await logIn(user.email, password)).result.data).toEqual({ ok: true, kind: "two-factor-required" });
    // Turning it on twice is refused.
    expect((await post({ intent: "enable-two-factor", password }, jar)).data).toMatchObject({ ok: false, message: SECURITY_TEXT.alreadyOn });
  });

  it("generates new backup codes with the password; the old ones stop working", async () => {
    const { user, password, jar } = await signedInMember();
    const setup = await enableTwoFactor(jar, password);
    const [before] = await t.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id));

    const wrong = await post({ intent: "regenerate-backup-codes", password: "NotMyPassword1" }, jar);
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({ ok: false, kind: "service", message: SECURITY_TEXT.wrongPassword });
    const [unchanged] = await t.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id));
    expect(unchanged?.backupCodes).toBe(before?.backupCodes);

    const result = await post({ intent: "regenerate-backup-codes", password }, jar);
    expect(result.status).toBe(200);
    if (!result.data.ok) throw new Error(result.data.message);
    expect(result.data.message).toBe(SECURITY_TEXT.backupCodes);
    const codes = result.data.backupCodes ?? [];
    expect(codes).toHaveLength(10);
    expect(codes.some((code) => setup.backupCodes.includes(code))).toBe(false);

    // At log-in, an old code is refused and a new one accepted.
    for (const [code, expected] of [
      [setup.backupCodes[0]!, false],
      [codes[0]!, true],
    ] as const) {
      const ip = nextTestIp();
      const signIn = new CookieJar();
      signIn.store((await answer(() => authAction(routeArgs(formRequest("/auth", { js: "1", mode: "log-in", email: user.email, password }), ip)))).headers);
      const second = await answer<AuthActionResult>(() =>
        authAction(routeArgs(formRequest("/auth", { js: "1", mode: "two-factor", code }, { jar: signIn }), ip)),
      );
      expect(second.data.ok, code).toBe(expected);
    }
  });

  it("turns off with the password only", async () => {
    const { user, password, jar } = await signedInMember();
    await enableTwoFactor(jar, password);

    const empty = await post({ intent: "disable-two-factor" }, jar);
    expect(empty.data).toEqual({ ok: false, intent: "disable-two-factor", kind: "validation", title: "Validation Error", message: SECURITY_TEXT.passwordNeeded });
    const wrong = await post({ intent: "disable-two-factor", password: "NotMyPassword1" }, jar);
    expect(wrong.data).toMatchObject({ ok: false, kind: "service", message: SECURITY_TEXT.wrongPassword });
    expect((await storedUser(user.id)).twoFactorEnabled).toBe(true);

    const result = await post({ intent: "disable-two-factor", password }, jar);
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ ok: true, intent: "disable-two-factor", message: SECURITY_TEXT.disabled });
    expect((await storedUser(user.id)).twoFactorEnabled).toBe(false);
    expect(await t.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id))).toEqual([]);
    expect(await signedInAs(jar)).toMatchObject({ id: user.id, twoFactorEnabled: false });
    expect((await logIn(user.email, password)).result.data).toMatchObject({ ok: true, kind: "signed-in" });

    // With two-factor off, turning it off or new backup codes are refused.
    expect((await post({ intent: "disable-two-factor", password }, jar)).data).toMatchObject({ ok: false, message: SECURITY_TEXT.notOn });
    expect((await post({ intent: "regenerate-backup-codes", password }, jar)).data).toMatchObject({ ok: false, message: SECURITY_TEXT.notOn });
  });

  it("never sends the secret without JavaScript (no page to show it on)", async () => {
    const { user, password, jar } = await signedInMember();
    const result = await answer(() =>
      securityAction(routeArgs(formRequest("/settings/security", { intent: "enable-two-factor", password }, { jar }), nextTestIp())),
    );
    expect(result.status).toBe(302);
    expect(result.location).toBe("/settings");
    expect(await t.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id))).toEqual([]);
  });
});
