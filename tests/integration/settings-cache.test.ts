import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loader as settingsLoader } from "~/routes/account/settings";
import { action as authAction } from "~/routes/api/auth-form";
import { loadSettings, updateEmailNotifications, updateMemberName } from "~/server/account/settings.server";
import { getSessionUser } from "~/server/auth/session.server";
import { loginHistory, profiles, purchases, subscriptions, users } from "~/server/db/schema";
import type { AuthActionResult } from "~/utils/auth-result";
import { setupTestDatabase } from "../support/db";
import { createLoginHistory, createPurchase, createUser } from "../../scripts/factories";
import { answer, CookieJar, formRequest, getRequest, nextTestIp, routeArgs, setupAuthEnvironment } from "../support/auth";

// Decision 173: a member's settings are kept in memory with the profiles.settings_version they were
// read at, and used only while the session lookup reads the same version. The version must move on
// with every change the page shows, whichever code makes it (triggers, drizzle/0004), or a member
// would see her old settings.

const t = setupTestDatabase();
setupAuthEnvironment();

type SettingsPage = Awaited<ReturnType<typeof settingsLoader>>;

async function versionOf(userId: string): Promise<string> {
  const [row] = await t.db.select({ version: sql<string>`${profiles.settingsVersion}::text` }).from(profiles).where(eq(profiles.userId, userId));
  return row!.version;
}

async function signedIn(emailVerified: boolean) {
  const created = await createUser(t.db, { firstName: "Fenella", lastName: "Marsh", emailNotifications: true, emailVerified });
  const result = await answer<AuthActionResult>(() =>
    authAction(routeArgs(formRequest("/auth", { js: "1", mode: "log-in", email: created.user.email, password: created.password }), nextTestIp())),
  );
  expect(result.data).toMatchObject({ ok: true, kind: "signed-in" });
  return { ...created, jar: new CookieJar().store(result.headers) };
}

async function settingsPage(jar: CookieJar) {
  const page = await answer<SettingsPage>(() => settingsLoader(routeArgs(getRequest("/settings", { jar }))));
  expect(page.status).toBe(200);
  return page.data.settings!;
}

describe("the settings version", () => {
  it("moves on with every change the settings page shows, and the session lookup reads it", async () => {
    const { user, jar } = await signedIn(true);
    const other = await createUser(t.db);
    const [purchase] = [await createPurchase(t.db, user.id)];
    const changes: [string, () => Promise<unknown>][] = [
      ["her name", () => updateMemberName(user.id, "Fenella Marsh-Hale")],
      ["her email notifications", () => updateEmailNotifications(user.id, false)],
      ["her profile picture", () => t.db.update(profiles).set({ avatarUrl: "/uploads/profile-pictures/x/1.webp" }).where(eq(profiles.userId, user.id))],
      ["her account status", () => t.db.update(profiles).set({ accountStatus: "suspended" }).where(eq(profiles.userId, user.id))],
      ["her email, confirmed", () => t.db.update(users).set({ email: `fenella.${user.id.slice(0, 6).toLowerCase()}@example.org` }).where(eq(users.id, user.id))],
      ["whether her email is verified", () => t.db.update(users).set({ emailVerified: false }).where(eq(users.id, user.id))],
      ["a sign-in", () => createLoginHistory(t.db, user.id, { count: 1, since: new Date(Date.now() - 1000) })],
      ["an older sign-in", () => createLoginHistory(t.db, user.id, { count: 1, since: new Date("2020-01-01"), until: new Date("2020-01-02") })],
      ["a sign-in removed", () => t.db.delete(loginHistory).where(eq(loginHistory.userId, user.id))],
      ["a purchase", () => createPurchase(t.db, user.id)],
      ["a refund", () => t.db.update(purchases).set({ status: "refunded", refundedAmountCents: purchase!.amountCents }).where(eq(purchases.id, purchase!.id))],
      [
        "a subscription",
        () =>
          t.db.insert(subscriptions).values({
            userId: user.id,
            provider: "test",
            providerSubscriptionId: `sub_${user.id}`,
            productKey: "build-stronger-foundations",
            productName: "Build Stronger Foundations",
            status: "active",
            stateAt: new Date(),
          }),
      ],
      ["a subscription cancelled", () => t.db.update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.userId, user.id))],
      ["a subscription removed", () => t.db.delete(subscriptions).where(eq(subscriptions.userId, user.id))],
      ["a purchase moved to another member", () => t.db.update(purchases).set({ userId: other.user.id }).where(eq(purchases.id, purchase!.id))],
    ];
    let version = await versionOf(user.id);
    expect((await getSessionUser(getRequest("/settings", { jar })))?.settingsVersion).toBe(version);
    for (const [label, change] of changes) {
      await change();
      const next = await versionOf(user.id);
      expect(next, label).not.toBe(version);
      expect((await getSessionUser(getRequest("/settings", { jar })))?.settingsVersion, label).toBe(next);
      version = next;
    }
    // The purchase moved to the other member changed her page too.
    const otherBefore = await versionOf(other.user.id);
    await t.db.delete(purchases).where(eq(purchases.id, purchase!.id));
    expect(await versionOf(other.user.id)).not.toBe(otherBefore);
  });
});

describe("settings kept in memory", () => {
  it("are used while her version is unchanged, and read again once anything changed", async () => {
    const { user } = await createUser(t.db, { firstName: "Grizel", lastName: "Moss" });
    const version = await versionOf(user.id);
    expect((await loadSettings(user.id, version))!.profile.firstName).toBe("Grizel");

    // A change that leaves the version alone (triggers switched off for this transaction only)
    // shows that the second read at the same version comes from memory, not the database.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(profiles).set({ firstName: "Unseen" }).where(eq(profiles.userId, user.id));
    });
    expect(await versionOf(user.id)).toBe(version);
    expect((await loadSettings(user.id, version))!.profile.firstName).toBe("Grizel");
    // Without a version (no session to say which) it always reads.
    expect((await loadSettings(user.id))!.profile.firstName).toBe("Unseen");

    await updateMemberName(user.id, "Grizel Moss-Reid");
    const next = await versionOf(user.id);
    expect(next).not.toBe(version);
    expect((await loadSettings(user.id, next))!.profile.firstName).toBe("Grizel Moss-Reid");
  });

  it("never show a member an earlier page: each change is on her next /settings", async () => {
    const { user, jar } = await signedIn(false);
    expect(await settingsPage(jar)).toMatchObject({ purchases: [], profile: { firstName: "Fenella", emailNotifications: true, emailVerified: false } });
    // The same page again, unchanged.
    expect((await settingsPage(jar)).profile.firstName).toBe("Fenella");

    await createPurchase(t.db, user.id, { productKey: "learn-to-lift" });
    expect((await settingsPage(jar)).purchases).toEqual([expect.objectContaining({ productName: "Learn to Lift", refunded: false })]);

    await t.db.update(purchases).set({ status: "refunded" }).where(eq(purchases.userId, user.id));
    expect((await settingsPage(jar)).purchases).toEqual([expect.objectContaining({ productName: "Learn to Lift", refunded: true })]);

    await updateEmailNotifications(user.id, false);
    expect((await settingsPage(jar)).profile.emailNotifications).toBe(false);

    await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
    expect((await settingsPage(jar)).profile.emailVerified).toBe(true);
  });
});
