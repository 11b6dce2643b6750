import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { SettingsActionResult } from "~/components/settings/settings-form";
import { loader as dashboardLoader } from "~/routes/admin/layout";
import { action as confirmChangeAction, loader as confirmChangeLoader } from "~/routes/account/email-change-confirm";
import { action as verifyAction, loader as verifyLoader } from "~/routes/account/verify-email";
import { action as settingsAction } from "~/routes/account/settings";
import { loader as apiAuthLoader } from "~/routes/api/auth";
import { action as authAction } from "~/routes/api/auth-form";
import { ADMIN_ROLE, userRoles, users } from "~/server/db/schema";
import type { AuthActionResult } from "~/utils/auth-result";
import { setupTestDatabase } from "../support/db";
import { toastOf } from "../support/fuzz-site";
import { createUser, DEFAULT_TEST_PASSWORD } from "../../scripts/factories";
import { answer, CookieJar, formRequest, getRequest, nextTestIp, outboxFor, routeArgs, setupAuthEnvironment, TEST_ORIGIN, TEST_PASSWORD, uniqueEmail } from "../support/auth";

// docs/security.md "Links in emails" and "Administrators": a link in an email never changes
// anything when it is opened (mail scanners open every link with GET or HEAD); its page has a
// button that posts. An ADMIN_EMAILS address becomes administrator only when the confirmation is
// posted with a session of the same account (whoever holds the password also holds the mailbox),
// and an email change never makes anybody an administrator.

const t = setupTestDatabase();
const env = setupAuthEnvironment({ ADMIN_EMAILS: "coach@example.com, owner@example.com, moved@example.com, later@example.com" });

async function signUp(email: string, firstName = "Mallory") {
  const result = await answer<AuthActionResult>(() =>
    authAction(
      routeArgs(
        formRequest("/auth", { js: "1", mode: "sign-up", firstName, lastName: "Smith", email, password: TEST_PASSWORD, terms: "on" }),
        nextTestIp(),
      ),
    ),
  );
  expect(result.data).toMatchObject({ ok: true, kind: "signed-up" });
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  return { user: user!, jar: new CookieJar().store(result.headers) };
}

async function logIn(email: string, password: string) {
  const result = await answer<AuthActionResult>(() => authAction(routeArgs(formRequest("/auth", { js: "1", mode: "log-in", email, password }), nextTestIp())));
  expect(result.data).toMatchObject({ ok: true, kind: "signed-in" });
  return new CookieJar().store(result.headers);
}

async function linkTo(to: string, part: string): Promise<URL> {
  const link = (await outboxFor(env.dataDir, to)).flatMap((m) => m.links).reverse().find((l) => l.includes(part));
  expect(link, `a link with ${part} to ${to}`).toBeDefined();
  return new URL(link!);
}

async function isAdmin(userId: string): Promise<boolean> {
  return (await t.db.select().from(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, ADMIN_ROLE)))).length > 0;
}

async function userRow(id: string) {
  const [row] = await t.db.select({ email: users.email, emailVerified: users.emailVerified }).from(users).where(eq(users.id, id));
  return row!;
}

function scannerRequests(url: URL): Request[] {
  return [getRequest(url.pathname + url.search), new Request(`${TEST_ORIGIN}${url.pathname}${url.search}`, { method: "HEAD" })];
}

function postVerify(url: URL, jar?: CookieJar) {
  return answer<Record<string, unknown>>(() =>
    verifyAction(routeArgs(formRequest(url.pathname + url.search, { token: url.searchParams.get("token")! }, { jar }), nextTestIp())),
  );
}

function postConfirmChange(url: URL, jar?: CookieJar) {
  return answer<Record<string, unknown>>(() =>
    confirmChangeAction(routeArgs(formRequest(url.pathname, { token: url.searchParams.get("token")! }, { jar }), nextTestIp())),
  );
}

describe("the sign-up confirmation link", () => {
  it("changes nothing when a scanner opens it: the page asks, and only the button confirms", async () => {
    const { user } = await signUp(uniqueEmail("scanned"), "Sally");
    const link = await linkTo(user.email, "/verify-email?token=");
    expect(link.pathname).toBe("/verify-email");
    for (const request of scannerRequests(link)) {
      const page = await answer<{ state: string }>(() => verifyLoader(routeArgs(request)));
      expect(page.status).toBe(200);
      expect(page.data.state).toBe("ask");
    }
    expect((await userRow(user.id)).emailVerified).toBe(false);

    const confirmed = await postVerify(link);
    expect(confirmed.status).toBe(302);
    expect(toastOf(new Response(null, { headers: confirmed.headers }))).toMatchObject({
      title: "Email confirmed",
      description: "Thank you for confirming your email address.",
    });
    expect((await userRow(user.id)).emailVerified).toBe(true);
  });

  it("changes nothing through Better Auth's own address either: an old link only leads to the page", async () => {
    const { user } = await signUp(uniqueEmail("old-link"), "Olive");
    const link = await linkTo(user.email, "/verify-email?token=");
    const old = await answer(() => apiAuthLoader(routeArgs(getRequest(`/api/auth/verify-email?token=${link.searchParams.get("token")}&callbackURL=%2Fauth`))));
    expect(old.status).toBe(302);
    expect(old.location).toBe(`/verify-email?token=${link.searchParams.get("token")}`);
    expect((await userRow(user.id)).emailVerified).toBe(false);
  });

  it("refuses a link that is not ours with a 400 page and changes nothing", async () => {
    const page = await answer<{ state: string }>(() => verifyLoader(routeArgs(getRequest("/verify-email?token=not.a.token"))));
    expect(page.status).toBe(400);
    expect(page.data.state).toBe("invalid");
    const posted = await answer<{ state: string }>(() => verifyAction(routeArgs(formRequest("/verify-email", { token: "not.a.token" }), nextTestIp())));
    expect(posted.status).toBe(400);
  });

  it("never makes the holder of a sign-up with somebody else's ADMIN_EMAILS address an administrator (HIGH: takeover a)", async () => {
    // Mallory signs up with the coach's unused address and keeps his session.
    const mallory = await signUp("coach@example.com");
    const link = await linkTo("coach@example.com", "/verify-email?token=");

    // The coach's mail provider opens every link; the coach herself presses the button, without
    // being logged in to Mallory's account.
    for (const request of scannerRequests(link)) await answer(() => verifyLoader(routeArgs(request)));
    expect(await userRow(mallory.user.id)).toEqual({ email: "coach@example.com", emailVerified: false });
    const pressed = await postVerify(link);
    expect(pressed.status).toBe(200);
    expect(pressed.data).toMatchObject({ state: "admin-needs-sign-in" });
    expect((await userRow(mallory.user.id)).emailVerified).toBe(true);
    expect(await isAdmin(mallory.user.id)).toBe(false);

    // His old session, and a fresh sign-in with the password, open nothing.
    const refused = await answer(() => dashboardLoader(routeArgs(getRequest("/settings/admin", { jar: mallory.jar }))));
    expect(refused.status).toBe(302);
    expect(refused.location).not.toBe("/settings/admin");
    await logIn("coach@example.com", TEST_PASSWORD);
    expect(await isAdmin(mallory.user.id)).toBe(false);
  });

  it("makes the owner an administrator when she posts the confirmation signed in to the same account", async () => {
    const owner = await signUp("owner@example.com", "Jo");
    const link = await linkTo("owner@example.com", "/verify-email?token=");
    // Signed in to another account: verified, nothing granted.
    const other = await createUser(t.db, { emailVerified: true });
    const otherJar = await logIn(other.user.email, other.password);
    expect((await postVerify(link, otherJar)).data).toMatchObject({ state: "admin-needs-sign-in" });
    expect(await isAdmin(owner.user.id)).toBe(false);
    expect(await isAdmin(other.user.id)).toBe(false);

    // Then, as the page says: logged in to her own account, the same link again.
    const granted = await postVerify(link, owner.jar);
    expect(granted.status).toBe(302);
    expect(granted.location).toBe("/settings/admin");
    expect(await isAdmin(owner.user.id)).toBe(true);
    expect((await answer(() => dashboardLoader(routeArgs(getRequest("/settings/admin/users", { jar: owner.jar }))))).status).toBe(200);
  });

  it("does not make a member who verified her address before it was listed an administrator at sign-in; her confirmation link does", async () => {
    const { user, password } = await createUser(t.db, { email: "later@example.com", emailVerified: true });
    const jar = await logIn("later@example.com", password);
    expect(await isAdmin(user.id)).toBe(false);
    // Her settings send a new confirmation link, which she opens while logged in.
    const sent = await answer<SettingsActionResult>(() =>
      settingsAction(routeArgs(formRequest("/settings?js=1", { intent: "resend-verification" }, { jar }), nextTestIp())),
    );
    expect(sent.data).toMatchObject({ ok: true });
    const link = await linkTo("later@example.com", "/verify-email?token=");
    expect((await postVerify(link, jar)).location).toBe("/settings/admin");
    expect(await isAdmin(user.id)).toBe(true);
  });
});

describe("the email-change confirmation link", () => {
  it("never makes an account that moves to an ADMIN_EMAILS address an administrator (HIGH: takeover b)", async () => {
    const mallory = await createUser(t.db, { emailVerified: true });
    const jar = await logIn(mallory.user.email, mallory.password);
    const sent = await answer<SettingsActionResult>(() =>
      settingsAction(
        routeArgs(formRequest("/settings?js=1", { intent: "email", email: "moved@example.com", currentPassword: DEFAULT_TEST_PASSWORD }, { jar }), nextTestIp()),
      ),
    );
    expect(sent.data).toMatchObject({ ok: true });
    const link = await linkTo("moved@example.com", "/email-change/confirm?token=");

    // A scanner's GET and HEAD change nothing.
    for (const request of scannerRequests(link)) {
      const page = await answer<{ state: string }>(() => confirmChangeLoader(routeArgs(request)));
      expect(page.status).toBe(200);
      expect(page.data.state).toBe("ask");
    }
    expect((await userRow(mallory.user.id)).email).toBe(mallory.user.email);

    // The button changes the address, and grants nothing: not from the mailbox, not in his session.
    const changed = await postConfirmChange(link);
    expect(changed.data).toMatchObject({ state: "changed", email: "moved@example.com" });
    expect(await userRow(mallory.user.id)).toEqual({ email: "moved@example.com", emailVerified: true });
    expect(await isAdmin(mallory.user.id)).toBe(false);
    const again = await logIn("moved@example.com", mallory.password);
    expect(await isAdmin(mallory.user.id)).toBe(false);
    expect((await answer(() => dashboardLoader(routeArgs(getRequest("/settings/admin", { jar: again }))))).location).toBe("/");
  });
});
