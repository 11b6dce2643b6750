import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loader as dashboardLoader } from "~/routes/admin/layout";
import { loader as settingsLoader } from "~/routes/account/settings";
import { action as verifyAction, loader as verifyLoader } from "~/routes/account/verify-email";
import { action as authAction } from "~/routes/api/auth-form";
import { deleteUserAccount } from "~/server/account/delete-account.server";
import { ADMIN_ROLE, adminActivityLog, userRoles, users } from "~/server/db/schema";
import { revokeAdmin } from "~/server/models/roles.server";
import type { AuthActionResult } from "~/utils/auth-result";
import { setupTestDatabase } from "../support/db";
import { createUser } from "../../scripts/factories";
import { toastOf } from "../support/fuzz-site";
import { answer, CookieJar, formRequest, getRequest, nextTestIp, outboxFor, routeArgs, setupAuthEnvironment, TEST_PASSWORD } from "../support/auth";

// docs/product.md §7.10: an address in ADMIN_EMAILS becomes an administrator only once it is verified (the
// confirmation link), and only the first time: a removal by another administrator or a deleted
// account is never undone by ADMIN_EMAILS. Until then she is an ordinary member, and the site
// tells her the address must be confirmed to open the dashboard.

const t = setupTestDatabase();
const env = setupAuthEnvironment({ ADMIN_EMAILS: "Coach@Example.com, assistant@example.com, former@example.com, late@example.com" });

async function signUp(email: string, firstName = "Jo") {
  const result = await answer<AuthActionResult>(() =>
    authAction(
      routeArgs(
        formRequest("/auth", { js: "1", mode: "sign-up", firstName, lastName: "Coach", email, password: TEST_PASSWORD, terms: "on" }),
        nextTestIp(),
      ),
    ),
  );
  expect(result.data).toMatchObject({ ok: true, kind: "signed-up" });
  const jar = new CookieJar().store(result.headers);
  const [user] = await t.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return { user: user!, jar };
}

/** Opens the newest verification link emailed to the address and presses its button (as the member would). */
async function followVerificationLink(email: string, jar?: CookieJar) {
  const messages = await outboxFor(env.dataDir, email);
  const link = messages.flatMap((m) => m.links).reverse().find((l) => l.includes("/verify-email?token="));
  expect(link, `a verification link to ${email}`).toBeDefined();
  const url = new URL(link!);
  expect((await answer(() => verifyLoader(routeArgs(getRequest(url.pathname + url.search, { jar }))))).status).toBe(200);
  const pressed = await answer(() => verifyAction(routeArgs(formRequest("/verify-email", { token: url.searchParams.get("token")! }, { jar }), nextTestIp())));
  expect(pressed.status).toBe(302);
}

async function isAdmin(userId: string): Promise<boolean> {
  const rows = await t.db.select().from(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, ADMIN_ROLE)));
  return rows.length > 0;
}

describe("ADMIN_EMAILS (docs/product.md §7.10)", () => {
  it("leaves a sign-up with a listed address an ordinary member until she confirms it, then makes her an administrator", async () => {
    const { user, jar } = await signUp("coach@example.com");
    expect(await isAdmin(user.id)).toBe(false);

    // The dashboard is closed to her, with the reason and where to fix it.
    const refused = await answer(() => dashboardLoader(routeArgs(getRequest("/settings/admin", { jar }))));
    expect(refused.status).toBe(302);
    expect(refused.location).toBe("/settings");
    expect(toastOf(new Response(null, { headers: refused.headers }))?.description).toContain("must be confirmed");
    const settings = await answer<{ adminConfirmationNeeded: boolean }>(() => settingsLoader(routeArgs(getRequest("/settings", { jar }))));
    expect(settings.data.adminConfirmationNeeded).toBe(true);

    await followVerificationLink("coach@example.com", jar);
    expect(await isAdmin(user.id)).toBe(true);
    const [log] = await t.db.select().from(adminActivityLog).where(eq(adminActivityLog.targetUserId, user.id));
    expect(log).toMatchObject({ actionType: "grant_admin", adminId: null, details: expect.objectContaining({ source: "ADMIN_EMAILS" }) });
    const open = await answer(() => dashboardLoader(routeArgs(getRequest("/settings/admin/users", { jar }))));
    expect(open.status).toBe(200);
    const after = await answer<{ adminConfirmationNeeded: boolean }>(() => settingsLoader(routeArgs(getRequest("/settings", { jar }))));
    expect(after.data.adminConfirmationNeeded).toBe(false);
  });

  it("never makes an address that is not listed an administrator, verified or not", async () => {
    const { user, jar } = await signUp("not-listed@example.com");
    await followVerificationLink("not-listed@example.com", jar);
    expect(await isAdmin(user.id)).toBe(false);
    const settings = await answer<{ adminConfirmationNeeded: boolean }>(() => settingsLoader(routeArgs(getRequest("/settings", { jar }))));
    expect(settings.data.adminConfirmationNeeded).toBe(false);
  });

  it("does not make her an administrator again after another administrator removed her and she deleted her account", async () => {
    const boss = await createUser(t.db, { admin: true });
    const first = await signUp("former@example.com", "Fran");
    await followVerificationLink("former@example.com", first.jar);
    expect(await isAdmin(first.user.id)).toBe(true);

    expect(await revokeAdmin(t.db, first.user.id, { adminId: boss.user.id })).toBe("revoked");
    expect(await deleteUserAccount(first.user.id, { cancelSubscriptions: async () => ({ canceled: [] }) })).toBe("deleted");

    const again = await signUp("former@example.com", "Fran");
    await followVerificationLink("former@example.com", again.jar);
    expect(await isAdmin(again.user.id)).toBe(false);
    // The page does not send her to confirm an address that can no longer open the dashboard.
    const refused = await answer(() => dashboardLoader(routeArgs(getRequest("/settings/admin", { jar: again.jar }))));
    expect(refused.location).toBe("/");
    expect(toastOf(new Response(null, { headers: refused.headers }))?.description).toBe("Access denied. Admin privileges required.");
  });

  it("does not undo a removal by another administrator, even for an address that was never verified", async () => {
    const boss = await createUser(t.db, { admin: true });
    // Made an administrator with the command line before she confirmed her address.
    const { user, jar } = await signUp("assistant@example.com", "Asha");
    await t.db.insert(userRoles).values({ userId: user.id, role: ADMIN_ROLE });
    expect(await revokeAdmin(t.db, user.id, { adminId: boss.user.id })).toBe("revoked");
    await followVerificationLink("assistant@example.com", jar);
    expect(await isAdmin(user.id)).toBe(false);
  });

  it("asks a member who verified her address before it was listed to confirm it again while logged in; logging in alone grants nothing", async () => {
    const { user, password } = await createUser(t.db, { email: "late@example.com", emailVerified: true });
    expect(await isAdmin(user.id)).toBe(false);
    const logIn = await answer<AuthActionResult>(() =>
      authAction(routeArgs(formRequest("/auth", { js: "1", mode: "log-in", email: "late@example.com", password }), nextTestIp())),
    );
    expect(logIn.data).toMatchObject({ ok: true, kind: "signed-in" });
    // docs/product.md §7.10: a sign-in proves the password, not the mailbox (decision 246).
    expect(await isAdmin(user.id)).toBe(false);
    const jar = new CookieJar().store(logIn.headers);
    const settings = await answer<{ adminConfirmationNeeded: boolean }>(() => settingsLoader(routeArgs(getRequest("/settings", { jar }))));
    expect(settings.data.adminConfirmationNeeded).toBe(true);
  });
});
