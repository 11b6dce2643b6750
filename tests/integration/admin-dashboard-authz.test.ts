import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loader as exportLoader } from "~/routes/admin/members-export";
import { adminActivityLog, profiles, userRoles, users } from "~/server/db/schema";
import { setupTestDatabase } from "../support/db";
import { createUser } from "../../scripts/factories";
import { answer, getRequest, routeArgs, setupAuthEnvironment, uniqueEmail, type CookieJar } from "../support/auth";
import { openDashboard, postAdminAction, signedInMember, toastsAfter } from "../support/admin-fixtures";

// docs/product.md §10.1 and §12: every admin action and the members export, sent by a visitor, by a
// member, and by an admin, each aimed at another administrator. Refusals are redirects home with
// the documented message and change nothing; an admin may act on another admin.

const t = setupTestDatabase();
setupAuthEnvironment();

const SIGN_IN = "Please sign in to access the admin dashboard";
const DENIED = "Access denied. Admin privileges required.";

async function snapshot(userId: string) {
  const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, userId));
  const roles = await t.db.select().from(userRoles).where(eq(userRoles.userId, userId));
  const log = await t.db.select().from(adminActivityLog).where(eq(adminActivityLog.targetUserId, userId));
  const account = await t.db.select().from(users).where(eq(users.id, userId));
  return { profile, roles: roles.length, log: log.length, exists: account.length };
}

const actions = (userId: string): Record<string, Record<string, string>> => ({
  "update-user": { intent: "update-user", userId, firstName: "Changed", lastName: "Name" },
  "toggle-admin": { intent: "toggle-admin", userId },
  "delete-user": { intent: "delete-user", userId, confirmation: "DELETE" },
});

async function exportAs(jar?: CookieJar) {
  return answer<string>(() => exportLoader(routeArgs(getRequest("/settings/admin/members.csv", { jar }))));
}

// docs/product.md §12: a visitor is sent to the log-in form (back to the dashboard, or the page she
// asked for, afterwards); a member who is not an administrator is sent home.
const LOG_IN = "/auth?mode=log-in&redirectTo=%2Fsettings%2Fadmin";

describe.each([
  { who: "an anonymous visitor", message: SIGN_IN, member: false, sentTo: LOG_IN, variant: "info", csvTo: `${LOG_IN}%2Fmembers.csv` },
  { who: "a signed-in member", message: DENIED, member: true, sentTo: "/", variant: "destructive", csvTo: "/" },
])("$who", ({ message, member, sentTo, variant, csvTo }) => {
  for (const intent of ["update-user", "toggle-admin", "delete-user"]) {
    it(`is turned away from '${intent}' with '${message}', and nothing changes`, async () => {
      const target = await createUser(t.db, { admin: true, firstName: "Target", lastName: "Admin" });
      const jar = member ? (await signedInMember(t.db)).jar : undefined;
      const before = await snapshot(target.user.id);
      const result = await postAdminAction(actions(target.user.id)[intent]!, jar);
      expect(result.status).toBe(302);
      expect(result.location).toBe(sentTo);
      expect(await toastsAfter(result.headers)).toEqual([expect.objectContaining({ description: message, variant })]);
      expect(await snapshot(target.user.id)).toEqual(before);
    });
  }

  it(`is turned away from the dashboard and the members export, and gets no data`, async () => {
    const target = await createUser(t.db, { admin: true, email: uniqueEmail("secret-admin") });
    const jar = member ? (await signedInMember(t.db)).jar : undefined;
    const page = await openDashboard("/settings/admin", jar);
    expect(page.location).toBe(sentTo);
    const csv = await exportAs(jar);
    expect(csv.status).toBe(302);
    expect(csv.location).toBe(csvTo);
    expect(await toastsAfter(csv.headers)).toEqual([expect.objectContaining({ description: message })]);
    expect(String(csv.data ?? "")).not.toContain(target.user.email);
  });
});

describe("a member who was an admin", () => {
  it("is refused as soon as her role is removed, even with her session still open", async () => {
    const other = await createUser(t.db, { admin: true });
    const former = await signedInMember(t.db, { admin: true });
    expect((await openDashboard("/settings/admin", former.jar)).status).toBe(200);
    await t.db.delete(userRoles).where(eq(userRoles.userId, former.user.id));
    const before = await snapshot(other.user.id);
    const result = await postAdminAction(actions(other.user.id)["delete-user"]!, former.jar);
    expect(result.location).toBe("/");
    expect(await snapshot(other.user.id)).toEqual(before);
  });
});

describe("an admin", () => {
  it("may edit, toggle and delete another administrator (docs/product.md §12), each logged", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const target = await createUser(t.db, { admin: true, firstName: "Target", lastName: "Admin" });
    const edit = await postAdminAction(actions(target.user.id)["update-user"]!, admin.jar);
    expect(edit.status).toBe(303);
    expect((await snapshot(target.user.id)).profile).toMatchObject({ firstName: "Changed", lastName: "Name" });
    const toggle = await postAdminAction(actions(target.user.id)["toggle-admin"]!, admin.jar);
    expect(toggle.status).toBe(303);
    expect((await snapshot(target.user.id)).roles).toBe(0);
    const removal = await postAdminAction(actions(target.user.id)["delete-user"]!, admin.jar);
    expect(removal.status).toBe(303);
    expect(await snapshot(target.user.id)).toMatchObject({ exists: 0, log: 3 });
  });

  it("gets the export", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const csv = await exportAs(admin.jar);
    expect(csv.status).toBe(200);
    expect(String(csv.data)).toContain(admin.user.email);
  });
});
