import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loader as adminLoader } from "~/routes/admin/layout";
import { action as adminAction } from "~/routes/admin/users";
import { loader as settingsLoader } from "~/routes/account/settings";
import { action as authAction, loader as authLoader } from "~/routes/api/auth-form";
import { action as signOutAction, loader as signOutLoader } from "~/routes/api/sign-out";
import { loader as rootLoader } from "~/root";
import { getSessionUser } from "~/server/auth/session.server";
import { profiles, sessions } from "~/server/db/schema";
import type { AuthActionResult } from "~/utils/auth-result";
import { setupTestDatabase } from "../support/db";
import { createUser, type CreateUserOptions } from "../../scripts/factories";
import { answer, CookieJar, formRequest, getRequest, nextTestIp, routeArgs, setupAuthEnvironment } from "../support/auth";

// docs/product.md §12: who may open /settings and /settings/admin, decided on the server.

const t = setupTestDatabase();
setupAuthEnvironment();

type RootData = { user: Record<string, unknown> | null; toasts: { title: string; description: string | null; variant: string }[] };

async function signedIn(options: CreateUserOptions = {}) {
  const created = await createUser(t.db, { avatarUrl: "/uploads/profile-pictures/x/1.svg", ...options });
  const result = await answer<AuthActionResult>(() =>
    authAction(routeArgs(formRequest("/auth", { js: "1", mode: "log-in", email: created.user.email, password: created.password }), nextTestIp())),
  );
  expect(result.data).toMatchObject({ ok: true, kind: "signed-in" });
  return { ...created, jar: new CookieJar().store(result.headers) };
}

/** The toast the next page shows after a redirect (read by the root loader). */
async function toastAfter(headers: Headers) {
  const page = await answer<RootData>(() => rootLoader(routeArgs(getRequest("/", { jar: new CookieJar().store(headers) }))));
  return page.data.toasts;
}

describe("the admin dashboard's greeting (docs/product.md §10.1)", () => {
  it("greets an administrator by her first name, never her email address", async () => {
    const admin = await signedIn({ admin: true, firstName: "Josephine", lastName: "Coach" });
    const page = await answer<Record<string, unknown>>(() => adminLoader(routeArgs(getRequest("/settings/admin/users", { jar: admin.jar }))));
    expect(page.status).toBe(200);
    expect(page.data.firstName).toBe("Josephine");
  });
});

describe("anonymous visitor", () => {
  it("is sent home from /settings", async () => {
    const result = await answer(() => settingsLoader(routeArgs(getRequest("/settings"))));
    expect(result.status).toBe(302);
    expect(result.location).toBe("/");
  });

  it("is sent from /settings/admin to the log-in form with 'Please sign in to access the admin dashboard', and back there after logging in", async () => {
    const result = await answer(() => adminLoader(routeArgs(getRequest("/settings/admin?tab=activity"))));
    expect(result.location).toBe("/auth?mode=log-in&redirectTo=%2Fsettings%2Fadmin%3Ftab%3Dactivity");
    expect(await toastAfter(result.headers)).toEqual([
      expect.objectContaining({ title: "Please log in", description: "Please sign in to access the admin dashboard", variant: "info" }),
    ]);
    // The log-in page shows the form and will go back to the dashboard.
    const page = await answer<{ mode: string; redirectTo: string }>(() => authLoader(routeArgs(getRequest(result.location!))));
    expect(page.data).toEqual({ mode: "log-in", redirectTo: "/settings/admin?tab=activity" });
    const { user, password } = await createUser(t.db, { admin: true });
    const logIn = await answer(() =>
      authAction(routeArgs(formRequest("/auth", { mode: "log-in", email: user.email, password, redirectTo: page.data.redirectTo }), nextTestIp())),
    );
    expect(logIn.location).toBe("/settings/admin?tab=activity");
  });

  it("is sent to the log-in form without a way back from a form post to an admin page, and never to another site", async () => {
    const posted = await answer(() => adminAction(routeArgs(formRequest("/settings/admin/users", { intent: "toggle-admin", userId: "x" }))));
    expect(posted.location).toBe("/auth?mode=log-in&redirectTo=%2Fsettings%2Fadmin");
    const odd = await answer(() => adminLoader(routeArgs(getRequest("//evil.example/settings/admin"))));
    expect(odd.location).toMatch(/^\/auth\?mode=log-in&redirectTo=%2F/);
    expect(odd.location).not.toContain("evil");
  });

  it("is not signed in by a forged or unsigned session cookie", async () => {
    const { jar } = await signedIn();
    const token = jar.header().match(/better-auth\.session_token=([^;]+)/)![1]!;
    const bare = decodeURIComponent(token).split(".")[0]!;
    for (const cookie of [`better-auth.session_token=${bare}`, `better-auth.session_token=${bare}.${"A".repeat(43)}=`]) {
      expect(await getSessionUser(getRequest("/", { headers: { cookie } }))).toBeNull();
    }
  });
});

describe("signed-in member", () => {
  it("is the root loader's user, with the fields the pages need", async () => {
    const { user, jar } = await signedIn({ firstName: "Fiona", lastName: "Price", emailVerified: true });
    const page = await answer<RootData>(() => rootLoader(routeArgs(getRequest("/", { jar }))));
    expect(page.data.user).toEqual({
      id: user.id,
      email: user.email,
      emailVerified: true,
      firstName: "Fiona",
      lastName: "Price",
      avatarUrl: "/uploads/profile-pictures/x/1.svg",
      isAdmin: false,
      twoFactorEnabled: false,
    });
  });

  it("may open /settings but is sent home from /settings/admin with 'Access denied. Admin privileges required.'", async () => {
    const { jar } = await signedIn();
    expect((await answer(() => settingsLoader(routeArgs(getRequest("/settings", { jar }))))).status).toBe(200);
    const admin = await answer(() => adminLoader(routeArgs(getRequest("/settings/admin", { jar }))));
    expect(admin.location).toBe("/");
    expect(await toastAfter(admin.headers)).toEqual([
      expect.objectContaining({ title: "Error", description: "Access denied. Admin privileges required." }),
    ]);
  });

  it("is sent home from the /auth page (requireAnonymous)", async () => {
    const { jar } = await signedIn();
    expect((await answer(() => authLoader(routeArgs(getRequest("/auth", { jar }))))).location).toBe("/");
  });

  it("loses the session when it expires", async () => {
    const { user, jar } = await signedIn();
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
    expect(await getSessionUser(getRequest("/", { jar }))).toBeNull();
  });

  it("has her session extended once a day, with a fresh cookie", async () => {
    const { user, jar } = await signedIn();
    const soon = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    await t.db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.userId, user.id));
    const page = await answer<RootData>(() => rootLoader(routeArgs(getRequest("/", { jar }))));
    expect(page.data.user?.id).toBe(user.id);
    expect(page.headers.getSetCookie().some((c) => c.startsWith("better-auth.session_token="))).toBe(true);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
  });

  it("gets an initials avatar once when her profile has none (docs/product.md §7.9)", async () => {
    const { user, jar } = await signedIn({ firstName: "Morag", lastName: null, avatarUrl: null });
    const first = await answer<RootData>(() => rootLoader(routeArgs(getRequest("/", { jar }))));
    expect(first.data.toasts).toEqual([
      expect.objectContaining({ title: "Profile picture generated", description: "We've created a profile picture for you" }),
    ]);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(profile?.avatarUrl).toMatch(new RegExp(`^/uploads/profile-pictures/${user.id}/\\d+\\.svg$`));
    expect(first.data.user?.avatarUrl).toBe(profile?.avatarUrl);
    const again = await answer<RootData>(() => rootLoader(routeArgs(getRequest("/", { jar }))));
    expect(again.data.toasts).toEqual([]);
  });

  it("signs out with a POST to /sign-out (the session ends in the database), never with a GET", async () => {
    const { user, jar } = await signedIn();
    expect((await answer(() => signOutLoader())).location).toBe("/");
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    const result = await answer(() => signOutAction(routeArgs(formRequest("/sign-out", {}, { jar }))));
    expect(result.location).toBe("/");
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    jar.store(result.headers);
    expect(jar.has("better-auth.session_token")).toBe(false);
    expect(await getSessionUser(getRequest("/", { jar }))).toBeNull();
  });
});

describe("admin", () => {
  it("may open /settings and /settings/admin, and is marked as admin", async () => {
    const { jar } = await signedIn({ admin: true });
    expect((await answer(() => settingsLoader(routeArgs(getRequest("/settings", { jar }))))).status).toBe(200);
    expect((await answer(() => adminLoader(routeArgs(getRequest("/settings/admin/users", { jar }))))).status).toBe(200);
    expect((await getSessionUser(getRequest("/", { jar })))?.isAdmin).toBe(true);
  });
});
