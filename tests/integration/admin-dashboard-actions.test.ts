import fs from "node:fs";
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LAST_ADMIN_MESSAGE } from "~/server/account/delete-account.server";
import {
  accounts,
  adminActivityLog,
  loginHistory,
  paymentCustomers,
  profiles,
  purchases,
  sessions,
  subscriptions,
  userRoles,
  users,
} from "~/server/db/schema";
import { storeInitialsAvatar } from "~/server/models/members.server";
import { startCheckout } from "~/server/payments/checkout.server";
import { createTestProvider, setPaymentProvider } from "~/server/payments/registry.server";
import { payTestSession } from "../support/payment-providers";
import { setupTestDatabase } from "../support/db";
import { createLoginHistory, createPurchase, createUser } from "../../scripts/factories";
import { setupAuthEnvironment } from "../support/auth";
import { openDashboard, postAdminAction, signedInMember, toastsAfter } from "../support/admin-fixtures";

// The Users tab's three actions (docs/product.md §10.3–§10.6, §11.7 and §7.10
// and §9.8): what each changes, the activity-log entry it writes, the toast it leaves, and what it
// refuses. Authorization of each action is in admin-dashboard-authz.test.ts.

const t = setupTestDatabase();
const env = setupAuthEnvironment();
beforeAll(() => setPaymentProvider(createTestProvider()));
afterAll(() => setPaymentProvider(null));

async function logFor(targetUserId: string) {
  return t.db.select().from(adminActivityLog).where(eq(adminActivityLog.targetUserId, targetUserId)).orderBy(desc(adminActivityLog.createdAt));
}

async function profileOf(userId: string) {
  const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, userId));
  return row;
}

async function isAdmin(userId: string) {
  return (await t.db.select().from(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")))).length > 0;
}

describe("update-user (Edit User Details)", () => {
  it("saves the names, logs only what changed with from/to, and returns to the same list", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const member = await createUser(t.db, { firstName: "Sarah", lastName: "Jones", email: "sarah.edit@example.com" });

    const result = await postAdminAction(
      { intent: "update-user", userId: member.user.id, firstName: "  Sally ", lastName: "Jones" },
      admin.jar,
      "/settings/admin/users?q=sarah&page=2&evil=1",
    );
    expect(result.status).toBe(303);
    expect(result.location).toBe("/settings/admin/users?q=sarah&page=2");
    expect(await toastsAfter(result.headers)).toEqual([
      expect.objectContaining({ title: "Success", description: "User details updated successfully", variant: "success" }),
    ]);
    expect(await profileOf(member.user.id)).toMatchObject({ firstName: "Sally", lastName: "Jones", email: "sarah.edit@example.com" });
    const [user] = await t.db.select().from(users).where(eq(users.id, member.user.id));
    expect(user!.name).toBe("Sally Jones");

    const [entry] = await logFor(member.user.id);
    expect(entry).toMatchObject({
      adminId: admin.user.id,
      actionType: "update_user",
      details: { user_email: "sarah.edit@example.com", user_name: "Sally Jones", changes: { first_name: { from: "Sarah", to: "Sally" } } },
    });
    expect(entry!.details).not.toHaveProperty("changes.last_name");
  });

  it("stores an empty last name as null", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const member = await createUser(t.db, { firstName: "Mairéad", lastName: "O'Connor" });
    const result = await postAdminAction({ intent: "update-user", userId: member.user.id, firstName: "Mairéad", lastName: "   " }, admin.jar);
    expect(result.status).toBe(303);
    expect((await profileOf(member.user.id))!.lastName).toBeNull();
    const [entry] = await logFor(member.user.id);
    expect(entry!.details).toEqual({ user_email: member.user.email, user_name: "Mairéad", changes: { last_name: { from: "O'Connor", to: null } } });
  });

  it("writes nothing when nothing changed", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const member = await createUser(t.db, { firstName: "Helen", lastName: "Hall" });
    const result = await postAdminAction({ intent: "update-user", userId: member.user.id, firstName: "Helen", lastName: "Hall" }, admin.jar);
    expect(result.status).toBe(303);
    expect(await toastsAfter(result.headers)).toEqual([expect.objectContaining({ title: "No changes" })]);
    expect(await logFor(member.user.id)).toEqual([]);
  });

  it("refuses names out of bounds with a 400 and changes nothing", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const member = await createUser(t.db, { firstName: "Karen", lastName: "Khan" });
    for (const [fields, message] of [
      [{ firstName: "K".repeat(51), lastName: "Khan" }, "First name must be less than 50 characters"],
      [{ firstName: "Karen", lastName: "K".repeat(51) }, "Last name must be less than 50 characters"],
      [{ firstName: "   ", lastName: "Khan" }, "First name is required"],
      [{ firstName: "Karen\r\nBcc: x@example.com", lastName: "Khan" }, "First name contains a character that isn't allowed"],
      [{ firstName: "Karen", lastName: "Kh\u001b[31man" }, "Last name contains a character that isn't allowed"],
    ] as const) {
      const result = await postAdminAction({ intent: "update-user", userId: member.user.id, ...fields }, admin.jar);
      expect(result.status).toBe(400);
      expect(result.data).toMatchObject({ ok: false, intent: "update-user", message });
    }
    expect(await profileOf(member.user.id)).toMatchObject({ firstName: "Karen", lastName: "Khan" });
    expect(await logFor(member.user.id)).toEqual([]);
  });

  it("answers 404 for a member who no longer exists", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const result = await postAdminAction({ intent: "update-user", userId: "no-such-user", firstName: "A", lastName: "" }, admin.jar);
    expect(result.status).toBe(404);
    expect(result.data).toMatchObject({ ok: false, title: "Failed to update user details" });
  });
});

describe("toggle-admin", () => {
  it("grants and removes admin access with the documented toasts and a log entry each", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const member = await createUser(t.db, { firstName: "Anne", lastName: "Price", email: "anne.toggle@example.com" });

    const granted = await postAdminAction({ intent: "toggle-admin", userId: member.user.id }, admin.jar, "/settings/admin/users?q=anne");
    expect(granted.status).toBe(303);
    expect(granted.location).toBe("/settings/admin/users?q=anne");
    expect(await toastsAfter(granted.headers)).toEqual([expect.objectContaining({ description: "Granted admin access to Anne" })]);
    expect(await isAdmin(member.user.id)).toBe(true);

    const removed = await postAdminAction({ intent: "toggle-admin", userId: member.user.id }, admin.jar);
    expect(await toastsAfter(removed.headers)).toEqual([expect.objectContaining({ description: "Removed admin access from Anne" })]);
    expect(await isAdmin(member.user.id)).toBe(false);

    const entries = await logFor(member.user.id);
    expect(entries.map((e) => e.actionType).sort()).toEqual(["grant_admin", "remove_admin"]);
    for (const entry of entries) {
      expect(entry).toMatchObject({ adminId: admin.user.id, details: { user_email: "anne.toggle@example.com", user_name: "Anne Price" } });
    }
  });

  it("never removes the last administrator (docs/product.md §7.10), and says why", async () => {
    await t.db.delete(userRoles);
    const only = await signedInMember(t.db, { admin: true, firstName: "Jo" });
    const result = await postAdminAction({ intent: "toggle-admin", userId: only.user.id }, only.jar);
    expect(result.status).toBe(409);
    expect(result.data).toMatchObject({
      ok: false,
      title: "Failed to update admin status",
      message: "You are the only administrator. Make another member an administrator before removing your own admin access.",
    });
    expect(await isAdmin(only.user.id)).toBe(true);
    expect(await logFor(only.user.id)).toEqual([]);
  });

  it("lets an admin remove her own access when another admin remains, and sends her to her settings", async () => {
    const other = await createUser(t.db, { admin: true });
    const admin = await signedInMember(t.db, { admin: true, firstName: "Claire" });
    const result = await postAdminAction({ intent: "toggle-admin", userId: admin.user.id }, admin.jar);
    expect(result.location).toBe("/settings");
    expect(await toastsAfter(result.headers)).toEqual([expect.objectContaining({ description: "Removed admin access from Claire" })]);
    expect(await isAdmin(admin.user.id)).toBe(false);
    expect(await isAdmin(other.user.id)).toBe(true);
    // The dashboard is closed to her now.
    expect((await openDashboard("/settings/admin", admin.jar)).location).toBe("/");
  });
});

describe("delete-user (docs/product.md §9.8)", () => {
  it("refuses anything but exactly DELETE, with 'Please type DELETE to confirm'", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const member = await createUser(t.db);
    for (const confirmation of [undefined, "", "delete", "DELETE ", " DELETE", "Delete"]) {
      const result = await postAdminAction({ intent: "delete-user", userId: member.user.id, confirmation }, admin.jar);
      expect(result.status).toBe(400);
      expect(result.data).toMatchObject({ ok: false, intent: "delete-user", message: "Please type DELETE to confirm" });
    }
    expect(await t.db.select().from(users).where(eq(users.id, member.user.id))).toHaveLength(1);
    expect(await logFor(member.user.id)).toEqual([]);
  });

  it("cancels her subscription, removes her account, sessions, logins, roles and pictures, keeps purchases, and logs it", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const member = await signedInMember(t.db, { firstName: "Fiona", lastName: "Lloyd", email: "fiona.delete@example.com", admin: true });
    const bystander = await createUser(t.db);
    await createLoginHistory(t.db, member.user.id, { count: 3 });
    await storeInitialsAvatar(member.user.id, "Fiona", "Lloyd");
    const pictures = path.join(env.dataDir, "uploads", "profile-pictures", member.user.id);
    expect(fs.readdirSync(pictures)).toHaveLength(1);
    // A monthly offer through the built-in test provider, then a one-off purchase.
    const checkout = await startCheckout({ user: member.user, productKey: "build-stronger-foundations" });
    if (!("url" in checkout)) throw new Error(checkout.error);
    await payTestSession(checkout.url.split("/").pop()!, member.user.id);
    const [subscription] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id));
    expect(subscription).toMatchObject({ status: "active" });
    const oneOff = await createPurchase(t.db, member.user.id, { productKey: "learn-to-lift" });
    const theirs = await createPurchase(t.db, bystander.user.id);

    const result = await postAdminAction({ intent: "delete-user", userId: member.user.id, confirmation: "DELETE" }, admin.jar, "/settings/admin/users?page=1");
    expect(result.status).toBe(303);
    expect(result.location).toBe("/settings/admin/users?page=1");
    expect(await toastsAfter(result.headers)).toEqual([expect.objectContaining({ title: "Success", description: "User account deleted successfully" })]);

    expect(await t.db.select().from(users).where(eq(users.id, member.user.id))).toEqual([]);
    for (const table of [profiles, sessions, accounts, loginHistory, userRoles, paymentCustomers] as const) {
      expect(await t.db.select().from(table).where(eq(table.userId, member.user.id))).toEqual([]);
    }
    expect(fs.existsSync(pictures) ? fs.readdirSync(pictures) : []).toEqual([]);
    const [cancelled] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subscription!.id));
    expect(cancelled).toMatchObject({ status: "canceled", userId: null });
    const kept = await t.db.select().from(purchases).where(eq(purchases.id, oneOff.id));
    expect(kept).toEqual([expect.objectContaining({ userId: null, amountCents: oneOff.amountCents })]);
    expect((await t.db.select().from(purchases).where(eq(purchases.id, theirs.id)))[0]!.userId).toBe(bystander.user.id);
    // Her sessions are gone: her cookie opens nothing, and she is asked to log in.
    expect((await openDashboard("/settings/admin", member.jar)).location).toBe("/auth?mode=log-in&redirectTo=%2Fsettings%2Fadmin");

    const [entry] = await logFor(member.user.id);
    expect(entry).toMatchObject({
      adminId: admin.user.id,
      actionType: "delete_user",
      details: { user_email: "fiona.delete@example.com", user_name: "Fiona Lloyd" },
    });
  });

  it("never deletes the last administrator (docs/product.md §7.10)", async () => {
    await t.db.delete(userRoles);
    const only = await signedInMember(t.db, { admin: true });
    const result = await postAdminAction({ intent: "delete-user", userId: only.user.id, confirmation: "DELETE" }, only.jar);
    expect(result.status).toBe(409);
    expect(result.data).toMatchObject({ ok: false, title: "Failed to delete user account", message: LAST_ADMIN_MESSAGE });
    expect(await t.db.select().from(users).where(eq(users.id, only.user.id))).toHaveLength(1);
    expect(await logFor(only.user.id)).toEqual([]);
  });

  it("lets an admin delete her own account when another admin remains; she lands on the home page", async () => {
    await createUser(t.db, { admin: true });
    const admin = await signedInMember(t.db, { admin: true });
    const result = await postAdminAction({ intent: "delete-user", userId: admin.user.id, confirmation: "DELETE" }, admin.jar);
    expect(result.location).toBe("/");
    expect(await t.db.select().from(users).where(eq(users.id, admin.user.id))).toEqual([]);
    // The log keeps the entry; the admin reference is empty because the admin is gone.
    expect(await logFor(admin.user.id)).toEqual([expect.objectContaining({ actionType: "delete_user", adminId: null })]);
  });

  it("answers 404 for a member who no longer exists", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const result = await postAdminAction({ intent: "delete-user", userId: "gone", confirmation: "DELETE" }, admin.jar);
    expect(result.status).toBe(404);
  });
});

describe("the action itself", () => {
  it("refuses an unknown intent and a foreign origin", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const member = await createUser(t.db, { firstName: "Nadia" });
    expect((await postAdminAction({ intent: "make-coffee", userId: member.user.id }, admin.jar)).status).toBe(400);
    const foreign = await postAdminAction(
      { intent: "update-user", userId: member.user.id, firstName: "Hacked", lastName: "" },
      admin.jar,
      "/settings/admin/users",
      { origin: "https://evil.example" },
    );
    expect(foreign.status).toBe(403);
    expect((await profileOf(member.user.id))!.firstName).toBe("Nadia");
  });
});

describe("Activity Log tab", () => {
  it("lists the 50 newest entries with their user, summaries of other kinds, and changes", async () => {
    await t.db.delete(adminActivityLog);
    const admin = await signedInMember(t.db, { admin: true });
    const base = Date.now() - 60 * 60 * 1000;
    await t.db.insert(adminActivityLog).values(
      Array.from({ length: 55 }, (_, i) => ({
        adminId: admin.user.id,
        actionType: "grant_admin" as const,
        targetUserId: `old-${i}`,
        details: { user_email: `old-${i}@example.com` },
        createdAt: new Date(base - (i + 1) * 60_000),
      })),
    );
    const member = await createUser(t.db, { firstName: "Gillian", lastName: "Green" });
    await postAdminAction({ intent: "update-user", userId: member.user.id, firstName: "Gill", lastName: "Green" }, admin.jar);
    // An entry of another kind, as the Offers tab writes them.
    await t.db.insert(adminActivityLog).values({
      adminId: admin.user.id,
      actionType: "update_offer" as never,
      details: { summary: "Learn to Lift price: £300 → £320" },
      createdAt: new Date(base + 1000),
    });

    const page = await openDashboard("/settings/admin/activity", admin.jar);
    expect(page.data.tab).toBe("activity");
    const entries = page.data.activity!;
    expect(entries).toHaveLength(50);
    const times = entries.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(entries[0]).toMatchObject({
      actionType: "update_user",
      userLabel: "Gill Green",
      changes: ["First name: Gillian → Gill"],
      adminEmail: admin.user.email,
    });
    expect(entries[1]).toMatchObject({ actionType: "update_offer", userLabel: null, summary: "Learn to Lift price: £300 → £320" });
    // 'User: ' falls back to the email when there is no name.
    expect(entries.find((e) => e.userLabel === "old-0@example.com")).toBeTruthy();
    // Only the open tab is read.
    expect(page.data.users).toBeUndefined();
  });
});
