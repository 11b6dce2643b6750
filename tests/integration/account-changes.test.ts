import { and, eq } from "drizzle-orm";
import { createEmailVerificationToken } from "better-auth/api";
import { describe, expect, it } from "vitest";
import type { SettingsActionResult } from "~/components/settings/settings-form";
import { action as confirmAction, loader as confirmLoader } from "~/routes/account/email-change-confirm";
import { action as undoAction, loader as undoLoader } from "~/routes/account/email-change-undo";
import { action as settingsAction, loader as settingsLoader } from "~/routes/account/settings";
import { action as verifyAction } from "~/routes/account/verify-email";
import { loader as apiAuthLoader } from "~/routes/api/auth";
import { action as authAction } from "~/routes/api/auth-form";
import { getAuth } from "~/server/auth/instance.server";
import { ADMIN_ROLE, profiles, sessions, userRoles, users } from "~/server/db/schema";
import type { AuthActionResult } from "~/utils/auth-result";
import { setupTestDatabase } from "../support/db";
import { createUser, DEFAULT_TEST_PASSWORD, type CreateUserOptions } from "../../scripts/factories";
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
  totpCode,
  uniqueEmail,
} from "../support/auth";

// docs/product.md §9.2: a hijacked session cannot take the account for good. Changing the email address
// and deleting the account ask for the current password (or a two-factor code); the old address
// is told when the address changes, with a way to undo it within a day. A confirmation link for
// an address somebody else registered meanwhile is a clear 4xx page, never a server error.

const t = setupTestDatabase();
const env = setupAuthEnvironment({ ADMIN_EMAILS: "old-coach@example.com" });

async function signedIn(options: CreateUserOptions = {}) {
  const created = await createUser(t.db, { emailVerified: true, ...options });
  const result = await answer<AuthActionResult>(() =>
    authAction(routeArgs(formRequest("/auth", { js: "1", mode: "log-in", email: created.user.email, password: created.password }), nextTestIp())),
  );
  expect(result.data).toMatchObject({ ok: true, kind: "signed-in" });
  return { ...created, jar: new CookieJar().store(result.headers) };
}

function post(fields: Record<string, string>, jar: CookieJar, js = true) {
  return answer<SettingsActionResult>(() => settingsAction(routeArgs(formRequest(js ? "/settings?js=1" : "/settings", fields, { jar }), nextTestIp())));
}

async function emailOf(userId: string) {
  const [row] = await t.db.select({ email: users.email, verified: users.emailVerified }).from(users).where(eq(users.id, userId));
  return row;
}

/** The newest link in an email to `to` whose address contains `part`. */
async function linkTo(to: string, part: string): Promise<URL | null> {
  const link = (await outboxFor(env.dataDir, to)).flatMap((m) => m.links).reverse().find((l) => l.includes(part));
  return link ? new URL(link) : null;
}

function open(loader: typeof confirmLoader | typeof undoLoader, url: URL, jar?: CookieJar) {
  return answer<Record<string, unknown>>(() => loader(routeArgs(getRequest(url.pathname + url.search, { jar }))));
}

/** Presses the button on the confirmation link's page (opening the link changes nothing). */
function confirmChange(url: URL, jar?: CookieJar) {
  return answer<Record<string, unknown>>(() =>
    confirmAction(routeArgs(formRequest(url.pathname, { token: url.searchParams.get("token")! }, { jar }), nextTestIp())),
  );
}

describe("changing the email address", () => {
  it("asks for her current password: without it, or with a wrong one, nothing is sent", async () => {
    const { jar } = await signedIn();
    const target = uniqueEmail("wanted");
    expect((await post({ intent: "email", email: target }, jar)).data).toMatchObject({
      ok: false,
      title: "Validation Error",
      message: "Please enter your current password",
      field: "currentPassword",
    });
    const wrong = await post({ intent: "email", email: target, currentPassword: "Not-my-password-1" }, jar);
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({ ok: false, title: "Error", message: "Your current password is incorrect. Please try again." });
    expect(await outboxFor(env.dataDir, target)).toEqual([]);
  });

  it("changes it once the new address confirms, tells the old one, and the old one can undo it within a day", async () => {
    const { user, jar } = await signedIn();
    const oldEmail = user.email;
    const newEmail = uniqueEmail("moved");
    const sent = await post({ intent: "email", email: newEmail, currentPassword: DEFAULT_TEST_PASSWORD }, jar);
    expect(sent.data).toEqual({ ok: true, intent: "email", title: "Success", description: "Email update initiated. Please check your email to confirm the change." });
    expect((await emailOf(user.id))!.email).toBe(oldEmail);

    const confirm = await linkTo(newEmail, "/email-change/confirm?token=");
    expect(confirm).not.toBeNull();
    // Opening the link only asks.
    const asked = await open(confirmLoader, confirm!, jar);
    expect(asked.data).toMatchObject({ state: "ask", email: newEmail });
    expect((await emailOf(user.id))!.email).toBe(oldEmail);
    const confirmed = await confirmChange(confirm!, jar);
    expect(confirmed.status).toBe(302);
    expect(confirmed.location).toBe("/settings?event=email-changed");
    expect(await emailOf(user.id)).toEqual({ email: newEmail, verified: true });
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(profile!.email).toBe(newEmail);
    // The link works once.
    expect((await open(confirmLoader, confirm!, jar)).status).toBe(400);
    expect((await confirmChange(confirm!, jar)).status).toBe(400);

    // The old address is told, with a way back.
    const [notice] = (await outboxFor(env.dataDir, oldEmail)).filter((m) => m.subject === "Your Strong with Jo email address has been changed");
    expect(notice!.text).toContain(newEmail);
    const undo = await linkTo(oldEmail, "/email-change/undo?token=");
    // Opening the link changes nothing; the button does.
    const page = await open(undoLoader, undo!);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ state: "ask", from: oldEmail, to: newEmail });
    expect((await emailOf(user.id))!.email).toBe(newEmail);

    const token = undo!.searchParams.get("token")!;
    const undone = await answer(() => undoAction(routeArgs(formRequest("/email-change/undo", { token }), nextTestIp())));
    expect(undone.status).toBe(200);
    expect(undone.data).toEqual({ state: "done", email: oldEmail });
    expect(await emailOf(user.id)).toEqual({ email: oldEmail, verified: true });
    // Whoever changed it is signed out, everywhere.
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await answer(() => settingsLoader(routeArgs(getRequest("/settings", { jar }))))).location).toBe("/");
    // The undo link works once too.
    expect((await answer(() => undoAction(routeArgs(formRequest("/email-change/undo", { token }), nextTestIp())))).status).toBe(400);
  });

  it("voids a second change still waiting for confirmation when the first is undone", async () => {
    const { user, jar } = await signedIn();
    const oldEmail = user.email;
    const first = uniqueEmail("first");
    await post({ intent: "email", email: first, currentPassword: DEFAULT_TEST_PASSWORD }, jar);
    expect((await confirmChange((await linkTo(first, "/email-change/confirm"))!, jar)).status).toBe(302);
    const second = uniqueEmail("second");
    await post({ intent: "email", email: second, currentPassword: DEFAULT_TEST_PASSWORD }, jar);
    const pending = (await linkTo(second, "/email-change/confirm"))!;

    const token = (await linkTo(oldEmail, "/email-change/undo"))!.searchParams.get("token")!;
    expect((await answer(() => undoAction(routeArgs(formRequest("/email-change/undo", { token }), nextTestIp())))).status).toBe(200);
    expect((await open(confirmLoader, pending)).status).toBe(400);
    expect((await confirmChange(pending)).status).toBe(400);
    expect((await emailOf(user.id))!.email).toBe(oldEmail);
  });

  it("refuses an undo link older than a day", async () => {
    const { user, jar } = await signedIn();
    const newEmail = uniqueEmail("later");
    await post({ intent: "email", email: newEmail, currentPassword: DEFAULT_TEST_PASSWORD }, jar);
    await confirmChange((await linkTo(newEmail, "/email-change/confirm"))!, jar);
    const undo = (await linkTo(user.email, "/email-change/undo"))!;
    const { verifications } = await import("~/server/db/schema");
    // Every link of hers made now ends a day later: move them all into the past.
    await t.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await open(undoLoader, undo)).status).toBe(400);
    const token = undo.searchParams.get("token")!;
    expect((await answer(() => undoAction(routeArgs(formRequest("/email-change/undo", { token }), nextTestIp())))).status).toBe(400);
    expect((await emailOf(user.id))!.email).toBe(newEmail);
  });

  it("answers a confirmation link for an address somebody registered meanwhile with 409 and a clear page, changing nothing", async () => {
    const { user, jar } = await signedIn();
    const wanted = uniqueEmail("contested");
    await post({ intent: "email", email: wanted, currentPassword: DEFAULT_TEST_PASSWORD }, jar);
    const confirm = (await linkTo(wanted, "/email-change/confirm"))!;
    // Somebody signs up with that address before she follows the link.
    const signUp = await answer<AuthActionResult>(() =>
      authAction(routeArgs(formRequest("/auth", { js: "1", mode: "sign-up", firstName: "Other", lastName: "Person", email: wanted, password: TEST_PASSWORD, terms: "on" }), nextTestIp())),
    );
    expect(signUp.data).toMatchObject({ ok: true });
    const page = await confirmChange(confirm, jar);
    expect(page.status).toBe(409);
    expect(page.data).toEqual({ state: "taken" });
    expect((await emailOf(user.id))!.email).toBe(user.email);
  });

  it("takes a code from her authenticator app instead of the password when two-factor is on", async () => {
    const { user, password, jar } = await signedIn();
    const headers = new Headers({ cookie: jar.header(), origin: "http://localhost:3000" });
    const enabled = await getAuth().api.enableTwoFactor({ body: { password }, headers });
    if (enabled.method !== "totp") throw new Error("expected a TOTP set-up");
    const verified = await getAuth().api.verifyTOTP({ body: { code: totpCode(enabled.totpURI) }, headers, returnHeaders: true });
    jar.store(verified.headers);

    const target = uniqueEmail("with-code");
    expect((await post({ intent: "email", email: target }, jar)).data).toMatchObject({
      ok: false,
      message: "Please enter your current password or a 6-digit code from your authenticator app",
    });
    expect((await post({ intent: "email", email: target, currentPassword: "000000" }, jar)).data).toMatchObject({
      ok: false,
      message: "That password or code didn't match. Please try again.",
    });
    const sent = await post({ intent: "email", email: target, currentPassword: totpCode(enabled.totpURI) }, jar);
    expect(sent.data).toMatchObject({ ok: true, intent: "email", title: "Success" });
    expect(await linkTo(target, "/email-change/confirm")).not.toBeNull();
    expect(user.id).toBeTruthy();
  });

  it("never re-grants ADMIN_EMAILS to the old address of an administrator who moved to a new one", async () => {
    const { user, jar } = await signedIn({ email: "old-coach@example.com", admin: true });
    const newEmail = uniqueEmail("coach-new");
    await post({ intent: "email", email: newEmail, currentPassword: DEFAULT_TEST_PASSWORD }, jar);
    await confirmChange((await linkTo(newEmail, "/email-change/confirm"))!, jar);
    expect((await emailOf(user.id))!.email).toBe(newEmail);

    // A stranger signs up with the old address and confirms it.
    const stranger = await answer<AuthActionResult>(() =>
      authAction(
        routeArgs(formRequest("/auth", { js: "1", mode: "sign-up", firstName: "Stranger", lastName: "Danger", email: "old-coach@example.com", password: TEST_PASSWORD, terms: "on" }), nextTestIp()),
      ),
    );
    const strangerId = (stranger.data as { user: { id: string } }).user.id;
    const verify = (await linkTo("old-coach@example.com", "/verify-email?token="))!;
    const strangerJar = new CookieJar().store(stranger.headers);
    const confirmed = await answer(() =>
      verifyAction(routeArgs(formRequest("/verify-email", { token: verify.searchParams.get("token")! }, { jar: strangerJar }), nextTestIp())),
    );
    expect(confirmed.status).toBe(302);
    const roles = await t.db.select().from(userRoles).where(and(eq(userRoles.userId, strangerId), eq(userRoles.role, ADMIN_ROLE)));
    expect(roles).toEqual([]);
  });

  it("refuses a change-email link of Better Auth's own kind (from before): nothing changes", async () => {
    const { user } = await signedIn();
    const context = await getAuth().$context;
    const token = await createEmailVerificationToken(context.secret, user.email, "hijacker@example.com", 3600, {
      requestType: "change-email-verification",
      userId: user.id,
    });
    const followed = await answer(() => apiAuthLoader(routeArgs(getRequest(`/api/auth/verify-email?token=${token}&callbackURL=%2Fsettings`))));
    expect(followed.status).toBe(302);
    expect(followed.location).toBe("/settings?event=email-changed&error=INVALID_TOKEN");
    expect((await emailOf(user.id))!.email).toBe(user.email);
  });
});

describe("deleting the account", () => {
  it("asks for her current password: without it, or with a wrong one, the account stays", async () => {
    const { user, jar } = await signedIn();
    expect((await post({ intent: "delete" }, jar)).data).toMatchObject({ ok: false, message: "Please enter your current password" });
    const wrong = await post({ intent: "delete", currentPassword: "Not-my-password-1" }, jar);
    expect(wrong.data).toMatchObject({ ok: false, title: "Error", message: "Your current password is incorrect. Please try again." });
    // Without JavaScript she is sent back to the question.
    const plain = await post({ intent: "delete", currentPassword: "Not-my-password-1" }, jar, false);
    expect(plain.location).toBe("/settings?delete=confirm#account-actions");
    expect(await emailOf(user.id)).toBeDefined();
    expect((await emailOf(user.id))!.email).toBe(user.email);

    const deleted = await post({ intent: "delete", currentPassword: DEFAULT_TEST_PASSWORD }, jar, false);
    expect(deleted.status).toBe(302);
    expect(deleted.location).toBe("/");
    expect(await emailOf(user.id)).toBeUndefined();
  });
});
