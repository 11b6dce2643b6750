import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getSiteConfig } from "~/config/env.server";
import { loadSettings } from "~/server/account/settings.server";
import { loadSales } from "~/server/admin/sales.server";
import { offerAccess } from "~/server/courses/access.server";
import { adminActivityLog, emailMessages, purchases } from "~/server/db/schema";
import { setupAuthEnvironment } from "../support/auth";
import { postAdminAction, signedInMember, toastsAfter } from "../support/admin-fixtures";
import { setupTestDatabase } from "../support/db";
import { createUser } from "../../scripts/factories";

// 'Give access' on the Users tab (docs/product.md §10.3): a free place on a course, no payment,
// shown as 'Given by the coach'; the course opens by the same rule as a paid one; she is emailed;
// logged; a second click gives nothing more; only an admin can.

const t = setupTestDatabase();
setupAuthEnvironment();

describe("giving a member a free place", () => {
  it("opens the course, shows 'Given by the coach' to her and the coach, emails her, logs it, and gives it once", async () => {
    const admin = await signedInMember(t.db, { admin: true, emailVerified: true });
    const { user } = await createUser(t.db, { firstName: "Mary" });
    const slug = getSiteConfig().coachSlug;
    expect((await offerAccess(t.db, { userId: user.id, isAdmin: false }, "build-stronger-foundations", slug)).state).toBe("none");

    const given = await postAdminAction({ intent: "give-access", userId: user.id, productKey: "build-stronger-foundations", confirm: "yes" }, admin.jar);
    expect(given.status).toBe(303);
    expect((await toastsAfter(given.headers))[0]?.description).toBe("A place on Build Stronger Foundations is hers. She has been emailed the way in.");
    const again = await postAdminAction({ intent: "give-access", userId: user.id, productKey: "build-stronger-foundations", confirm: "yes" }, admin.jar);
    expect((await toastsAfter(again.headers))[0]?.title).toBe("Already given");

    const rows = await t.db.select().from(purchases).where(eq(purchases.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountCents: 0, givenBy: admin.user.id, productKey: "build-stronger-foundations", status: "paid" });
    expect(await offerAccess(t.db, { userId: user.id, isAdmin: false }, "build-stronger-foundations", slug)).toEqual({ state: "open", until: null, preview: false });

    const settings = await loadSettings(user.id);
    expect(settings?.purchases[0]).toMatchObject({ given: true, productName: "Build Stronger Foundations" });
    const sales = await loadSales(t.db, { product: "build-stronger-foundations", status: "", page: 1 });
    expect(sales.rows.find((r) => r.userId === user.id)).toMatchObject({ given: true, amountPence: 0 });
    const emails = await t.db.select().from(emailMessages).where(and(eq(emailMessages.toAddress, user.email), eq(emailMessages.template, "place-given")));
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toBe(`${getSiteConfig().coachName} has given you a place on Build Stronger Foundations`);
    expect(await t.db.select().from(adminActivityLog).where(and(eq(adminActivityLog.actionType, "give_access"), eq(adminActivityLog.targetUserId, user.id)))).toHaveLength(1);
  });

  it("refuses an unticked confirmation, an unknown course and a member who is not an admin", async () => {
    const admin = await signedInMember(t.db, { admin: true, emailVerified: true });
    const member = await signedInMember(t.db);
    const { user } = await createUser(t.db);
    for (const fields of [
      { intent: "give-access", userId: user.id, productKey: "learn-to-lift" },
      { intent: "give-access", userId: user.id, productKey: "stronger-with-jo", confirm: "yes" },
    ]) {
      const refused = await postAdminAction({ ...fields, js: "1" }, admin.jar);
      expect(refused.status).toBe(400);
    }
    const notAdmin = await postAdminAction({ intent: "give-access", userId: user.id, productKey: "learn-to-lift", confirm: "yes" }, member.jar);
    expect(notAdmin.status).toBe(302);
    expect(await t.db.select().from(purchases).where(eq(purchases.userId, user.id))).toHaveLength(0);
  });
});
