import { desc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { testimonials as installed } from "~/content/testimonials";
import { action as contentAction, loader as contentLoader } from "~/routes/admin/content";
import { loader as homeLoader } from "~/routes/marketing/home";
import { getPublicPagesVersion, getTestimonials } from "~/server/site-blocks/blocks.server";
import { adminActivityLog, contentVersions } from "~/server/db/schema";
import { CONTENT_MESSAGES } from "~/validation/content";
import { setupTestDatabase } from "../support/db";
import { answer, formRequest, getRequest, routeArgs, setupAuthEnvironment, type CookieJar } from "../support/auth";
import { openDashboard, signedInMember, toastsAfter } from "../support/admin-fixtures";

// The Content tab's testimonials (docs/product.md §10.13): every save is a new version, the site
// shows it at once, History restores any version, 'Reset to default' brings back the installed
// text, two admins never overwrite each other unseen, and nothing typed is refused silently.

const t = setupTestDatabase();
setupAuthEnvironment();

type Failure = { result: { message: string; changed: boolean } | null; content: { blocks: { testimonials: { version: number } } } };

function post(jar: CookieJar, fields: Record<string, string>) {
  return answer<Failure>(() => contentAction(routeArgs(formRequest("/settings/admin/content", { block: "testimonials", ...fields }, { jar }))));
}

async function currentVersion(jar: CookieJar): Promise<number> {
  const page = await answer<{ content: { blocks: { testimonials: { version: number } } } }>(() => contentLoader(routeArgs(getRequest("/settings/admin/content", { jar }))));
  return page.data.content.blocks.testimonials.version;
}

async function homeTestimonials() {
  const page = await answer<{ testimonials: { name: string; quote: string; age: number }[] }>(() => homeLoader());
  return page.data.testimonials;
}

beforeEach(async () => {
  await t.db.delete(contentVersions);
});

describe("the Content tab's testimonials", () => {
  it("shows the installed testimonials until she saves, then adds, edits, moves and deletes, each live at once", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    expect(await homeTestimonials()).toEqual(installed);
    const tab = await openDashboard("/settings/admin/content", admin.jar);
    expect(tab.data.content?.blocks.testimonials).toMatchObject({ version: 0, customised: false, history: [] });

    const added = await post(admin.jar, { intent: "add-item", expectedVersion: "0", quote: "  I carry my own shopping again.  ", name: "Ruth", age: "63" });
    expect(added.status).toBe(303);
    expect(added.location).toBe("/settings/admin/content");
    expect((await toastsAfter(added.headers))[0]).toMatchObject({ title: "Saved", variant: "success" });
    expect((await homeTestimonials()).at(-1)).toEqual({ quote: "I carry my own shopping again.", name: "Ruth", age: 63 });

    const last = installed.length;
    expect((await post(admin.jar, { intent: "update-item", expectedVersion: "1", index: String(last), quote: "I carry the shopping and the grandchildren.", name: "Ruth", age: "64" })).status).toBe(303);
    expect((await post(admin.jar, { intent: "move-item", expectedVersion: "2", index: String(last), direction: "up" })).status).toBe(303);
    let shown = await homeTestimonials();
    expect(shown[last - 1]).toEqual({ quote: "I carry the shopping and the grandchildren.", name: "Ruth", age: 64 });
    expect(shown[last]).toEqual(installed[last - 1]);

    expect((await post(admin.jar, { intent: "delete-item", expectedVersion: "3", index: "0" })).status).toBe(303);
    shown = await homeTestimonials();
    expect(shown).toHaveLength(installed.length);
    expect(shown.map((x) => x.name)).not.toContain(installed[0]!.name);

    // Every change is in the activity log, by her.
    const log = await t.db.select().from(adminActivityLog).where(eq(adminActivityLog.actionType, "update_content")).orderBy(desc(adminActivityLog.createdAt));
    expect(log.slice(0, 4).map((row) => row.adminId)).toEqual([admin.user.id, admin.user.id, admin.user.id, admin.user.id]);
    expect(log.map((row) => (row.details as { summary: string }).summary)).toContain("Testimonials: added Ruth, 63");
  });

  it("refuses a save made from an older version, changes nothing and says so", async () => {
    const first = await signedInMember(t.db, { admin: true });
    const second = await signedInMember(t.db, { admin: true });
    expect((await post(first.jar, { intent: "add-item", expectedVersion: "0", quote: "First words.", name: "Ann", age: "50" })).status).toBe(303);
    const late = await post(second.jar, { intent: "add-item", expectedVersion: "0", quote: "Second words.", name: "Bea", age: "51" });
    expect(late.status).toBe(409);
    expect(late.data.result).toMatchObject({ message: CONTENT_MESSAGES.changedMeanwhile, changed: true });
    // The page she gets shows the newer version, to make her change again.
    expect(late.data.content.blocks.testimonials.version).toBe(1);
    expect((await getTestimonials()).map((x) => x.name)).not.toContain("Bea");
    expect(await t.db.select().from(contentVersions)).toHaveLength(1);
  });

  it("two saves at once from the same version: exactly one is kept", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const results = await Promise.all(
      ["Cara", "Dee", "Eve"].map((name) => post(admin.jar, { intent: "add-item", expectedVersion: "0", quote: `Words of ${name}.`, name, age: "55" })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([303, 409, 409]);
    expect(await t.db.select().from(contentVersions)).toHaveLength(1);
  });

  it("refuses bad input with the field's message and stores nothing", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const cases: [Record<string, string>, string][] = [
      [{ quote: "", name: "Fay", age: "50" }, CONTENT_MESSAGES.quoteRequired],
      [{ quote: "Fine.", name: "", age: "50" }, CONTENT_MESSAGES.nameRequired],
      [{ quote: "Fine.", name: "Fay", age: "17" }, CONTENT_MESSAGES.ageFormat],
      [{ quote: "Fine.", name: "Fay", age: "121" }, CONTENT_MESSAGES.ageFormat],
      [{ quote: "Fine.", name: "Fay", age: "fifty" }, CONTENT_MESSAGES.ageFormat],
      [{ quote: "x".repeat(601), name: "Fay", age: "50" }, CONTENT_MESSAGES.quoteTooLong],
      [{ quote: "Fine.", name: "<b>Fay</b>", age: "50" }, CONTENT_MESSAGES.nameFormat],
    ];
    for (const [fields, message] of cases) {
      const refused = await post(admin.jar, { intent: "add-item", expectedVersion: "0", ...fields });
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(refused.data.result?.message).toBe(message);
    }
    expect((await post(admin.jar, { intent: "delete-item", expectedVersion: "0", index: "99" })).data.result?.message).toBe(CONTENT_MESSAGES.unknownItem);
    expect((await post(admin.jar, { intent: "drop-table", expectedVersion: "0" })).status).toBe(400);
    expect(await t.db.select().from(contentVersions)).toHaveLength(0);
  });

  it("keeps markup as text: a quote with a script tag is stored and shown as typed, never as markup", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const quote = `<script>alert("x")</script> & <img src=x onerror=alert(1)>`;
    expect((await post(admin.jar, { intent: "add-item", expectedVersion: "0", quote, name: "Gwen", age: "58" })).status).toBe(303);
    expect((await getTestimonials()).at(-1)?.quote).toBe(quote);
  });

  it("History restores an earlier version as a new one, and 'Reset to default' brings back the installed text", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    await post(admin.jar, { intent: "add-item", expectedVersion: "0", quote: "Version one.", name: "Hana", age: "49" });
    await post(admin.jar, { intent: "delete-item", expectedVersion: "1", index: String(installed.length) });
    expect((await getTestimonials()).map((x) => x.name)).not.toContain("Hana");

    const before = await getPublicPagesVersion();
    expect((await post(admin.jar, { intent: "restore-version", expectedVersion: "2", version: "1" })).status).toBe(303);
    expect((await getTestimonials()).at(-1)?.name).toBe("Hana");
    // The public page cache keys on this: a save moves it.
    expect(await getPublicPagesVersion()).not.toBe(before);
    expect(await currentVersion(admin.jar)).toBe(3);

    expect((await post(admin.jar, { intent: "reset-block", expectedVersion: "3" })).status).toBe(303);
    expect(await getTestimonials()).toEqual(installed);
    const tab = await openDashboard("/settings/admin/content", admin.jar);
    expect(tab.data.content?.blocks.testimonials.customised).toBe(false);
    expect(tab.data.content?.blocks.testimonials.history.map((h) => [h.version, h.isDefault])).toEqual([
      [4, true],
      [3, false],
      [2, false],
      [1, false],
    ]);
    expect(tab.data.content?.blocks.testimonials.history[0]?.savedBy).toBeTruthy();
    expect((await post(admin.jar, { intent: "restore-version", expectedVersion: "4", version: "99" })).status).toBe(404);
  });

  it("is for administrators only: a member and a visitor are sent home and nothing is stored", async () => {
    const member = await signedInMember(t.db);
    const refused = await post(member.jar, { intent: "add-item", expectedVersion: "0", quote: "Sneaky.", name: "Ivy", age: "40" });
    expect(refused.status).toBe(302);
    expect(refused.location).toBe("/");
    const visitor = await answer(() => contentAction(routeArgs(formRequest("/settings/admin/content", { intent: "reset-block", block: "testimonials", expectedVersion: "0" }))));
    expect(visitor.status).toBe(302);
    expect(await t.db.select().from(contentVersions)).toHaveLength(0);
  });
});
