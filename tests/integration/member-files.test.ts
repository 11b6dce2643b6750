import fs from "node:fs";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as memberFilesAction, loader as memberFilesLoader } from "~/routes/admin/member-files";
import { loader as coachingLoader } from "~/routes/learn/coaching";
import { loader as coachingFileLoader } from "~/routes/learn/coaching-file";
import { loadActivityLog } from "~/server/admin/activity.server";
import { adminActivityLog, memberFiles, subscriptions } from "~/server/db/schema";
import { createTestProvider, setPaymentProvider } from "~/server/payments/registry.server";
import { getStorage } from "~/server/storage/index.server";
import { MEMBER_FILES_MESSAGES } from "~/validation/member-files";
import { setupTestDatabase } from "../support/db";
import { answer, getRequest, routeArgs, setupAuthEnvironment, TEST_ORIGIN, type CookieJar } from "../support/auth";
import { openDashboard, postAdminAction, signedInMember, toastsAfter } from "../support/admin-fixtures";

// The files the coach shares with one member from her row on the Users tab (docs/product.md
// §10.15): a PDF shared with a 1-to-1 client is stored privately, listed on her 'Your coaching'
// page and served to her alone; a file that is not a PDF, JPEG or PNG (whatever its name), one over
// 20 MB or one for nobody is refused with its message and nothing stored; 'Delete' removes the row
// and the stored bytes; only administrators may do any of it; deleting her account removes her files.

const t = setupTestDatabase();
const env = setupAuthEnvironment();
beforeAll(() => setPaymentProvider(createTestProvider()));
afterAll(() => setPaymentProvider(null));

const PDF = new TextEncoder().encode("%PDF-1.4\n% Her twelve-week programme\n%%EOF\n");
const NOBODY = "noSuchMember0000000000000000";

type Page = { page: { member: { firstName: string }; coaching: { state: string }; files: { id: string; fileName: string; href: string }[] } | null; result: { message: string; field: string | null } | null };

function withParams(args: unknown, params: Record<string, string>) {
  return { ...(args as object), params } as never;
}

/** POST /settings/admin/member-files as the jar's owner (none: a visitor), the form as a browser sends it. */
function post(jar: CookieJar | undefined, fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type: string }, query = "") {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("file", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (jar) headers.cookie = jar.header();
  const request = new Request(`${TEST_ORIGIN}/settings/admin/member-files${query}`, { method: "POST", headers, body: form });
  return answer<Page>(() => memberFilesAction(routeArgs(request)));
}

function share(jar: CookieJar | undefined, userId: string, file: { bytes: Uint8Array; name: string; type: string }, query = "") {
  return post(jar, { intent: "share-file", userId }, file, query);
}

async function storedBytes(key: string): Promise<string | null> {
  const stream = await getStorage().read(key);
  return stream ? new Response(stream).text() : null;
}

/** What the storage holds for her (the local backend: DATA_DIR/uploads/<key>). */
function storedFor(userId: string): string[] {
  const folder = path.join(env.dataDir, "uploads", "private", "member-files", userId);
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
}

async function filesOf(userId: string) {
  return t.db.select().from(memberFiles).where(eq(memberFiles.userId, userId)).orderBy(desc(memberFiles.createdAt));
}

async function coachingClient() {
  const client = await signedInMember(t.db, { firstName: "Sarah", lastName: "Whitlock" });
  await t.db.insert(subscriptions).values({
    userId: client.user.id,
    provider: "test",
    providerSubscriptionId: `sub_test_${Math.random().toString(36).slice(2)}`,
    productKey: "stronger-with-jo",
    productName: "Stronger with Jo",
    status: "active",
    currentPeriodEnd: new Date(Date.now() + 20 * 24 * 60 * 60 * 1000),
    stateAt: new Date(),
  });
  return client;
}

describe("files shared with a member (docs/product.md §10.15)", () => {
  it("shares a PDF that her 'Your coaching' page lists and serves to her alone, then removes it", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const client = await coachingClient();

    const shared = await share(admin.jar, client.user.id, { bytes: PDF, name: "Programme: weeks 1–12.pdf", type: "application/pdf" }, "?q=whitlock&page=1");
    expect(shared.status).toBe(303);
    // Back to the Users tab as she left it, with the toast.
    expect(shared.location).toBe("/settings/admin/users?q=whitlock&page=1");
    expect(await toastsAfter(shared.headers)).toEqual([
      expect.objectContaining({ title: "Shared", description: "“Programme weeks 1–12.pdf” is on Sarah's ‘Your coaching’ page now." }),
    ]);
    const [row] = await filesOf(client.user.id);
    expect(row).toMatchObject({ fileName: "Programme weeks 1–12.pdf", contentType: "application/pdf", sizeBytes: PDF.byteLength, uploadedBy: admin.user.id });
    expect(row!.storageKey).toMatch(new RegExp(`^private/member-files/${client.user.id}/[a-z0-9]+-[0-9a-f]{12}\\.pdf$`));
    expect(await storedBytes(row!.storageKey)).toBe(new TextDecoder().decode(PDF));

    // Her row on the Users tab lists it, with her coaching.
    const tab = await openDashboard("/settings/admin/users?q=whitlock", admin.jar);
    const member = tab.data.users!.members.find((m) => m.userId === client.user.id)!;
    expect(member.coaching).toEqual({ state: "open", until: null });
    expect(member.files.map((f) => [f.fileName, f.href])).toEqual([["Programme weeks 1–12.pdf", `/learn/coaching/files/${row!.id}`]]);

    // Her 'Your coaching' page lists it and its address serves it to her, and to the coach.
    const page = await answer<{ files: { fileName: string; href: string }[] }>(() => coachingLoader(withParams(routeArgs(getRequest("/learn/coaching", { jar: client.jar })), {})));
    expect(page.data.files.map((f) => f.fileName)).toEqual(["Programme weeks 1–12.pdf"]);
    const fetchAs = (jar: CookieJar) => answer<string>(() => coachingFileLoader(withParams(routeArgs(getRequest(page.data.files[0]!.href, { jar })), { fileId: row!.id })));
    const hers = await fetchAs(client.jar);
    expect(hers.status).toBe(200);
    expect(hers.headers.get("content-type")).toBe("application/pdf");
    expect(hers.data).toBe(new TextDecoder().decode(PDF));
    expect((await fetchAs(admin.jar)).status).toBe(200);
    // Another 1-to-1 client gets the same 404 as for a file that does not exist.
    const other = await coachingClient();
    expect((await fetchAs(other.jar)).status).toBe(404);

    // The activity log says who, for whom and what.
    const [logged] = await t.db.select().from(adminActivityLog).where(eq(adminActivityLog.actionType, "share_member_file"));
    expect(logged).toMatchObject({ adminId: admin.user.id, targetUserId: client.user.id });
    const entry = (await loadActivityLog(t.db)).find((e) => e.id === logged!.id)!;
    expect(entry).toMatchObject({ actionType: "share_member_file", userLabel: "Sarah Whitlock", summary: "File shared: Programme weeks 1–12.pdf (1 KB)" });

    // 'Delete': the row, then the stored bytes; her page no longer lists it.
    const removed = await post(admin.jar, { intent: "delete-file", userId: client.user.id, fileId: row!.id });
    expect(removed.status).toBe(303);
    expect(await toastsAfter(removed.headers)).toEqual([expect.objectContaining({ title: "Removed", description: "“Programme weeks 1–12.pdf” is no longer shared with Sarah." })]);
    expect(await filesOf(client.user.id)).toEqual([]);
    expect(await storedBytes(row!.storageKey)).toBeNull();
    expect((await fetchAs(client.jar)).status).toBe(404);
    const again = await answer<{ files: unknown[] }>(() => coachingLoader(withParams(routeArgs(getRequest("/learn/coaching", { jar: client.jar })), {})));
    expect(again.data.files).toEqual([]);
    const [deletion] = await t.db.select().from(adminActivityLog).where(eq(adminActivityLog.actionType, "delete_member_file"));
    expect(deletion).toMatchObject({ adminId: admin.user.id, targetUserId: client.user.id, details: expect.objectContaining({ summary: "File removed: Programme weeks 1–12.pdf" }) });
    // A second 'Delete' of the same file: it has gone.
    const twice = await post(admin.jar, { intent: "delete-file", userId: client.user.id, fileId: row!.id });
    expect(twice.status).toBe(404);
    expect(twice.data.result).toMatchObject({ message: MEMBER_FILES_MESSAGES.unknownFile });
    // Without JavaScript the route's page shows her files as they are now, with the message.
    expect(twice.data.page).toMatchObject({ member: { firstName: "Sarah" }, files: [] });
  });

  it("checks a file by its bytes: a JPEG or PNG is fine whatever its name; text named .pdf is refused", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const client = await coachingClient();
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]);
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    // From the dialog (its fetcher posts js=1): the toast comes back as data, for the open dialog.
    const fromDialog = await post(admin.jar, { intent: "share-file", userId: client.user.id, js: "1" }, { bytes: jpeg, name: "squat form.png", type: "image/png" });
    expect(fromDialog.status).toBe(200);
    expect(fromDialog.data).toEqual({ ok: true, toast: { title: "Shared", description: "“squat form.jpg” is on Sarah's ‘Your coaching’ page now.", variant: "success" } });
    expect((await share(admin.jar, client.user.id, { bytes: png, name: "../../Deadlift cues", type: "application/octet-stream" })).status).toBe(303);
    const rows = await filesOf(client.user.id);
    expect(rows.map((r) => [r.fileName, r.contentType]).sort()).toEqual([
      ["Deadlift cues.png", "image/png"],
      ["squat form.jpg", "image/jpeg"],
    ]);
    expect(rows.every((r) => r.storageKey.endsWith(r.contentType === "image/png" ? ".png" : ".jpg"))).toBe(true);

    const before = await filesOf(client.user.id);
    const text = await share(admin.jar, client.user.id, { bytes: new TextEncoder().encode("Just some notes, not a PDF."), name: "notes.pdf", type: "application/pdf" });
    expect(text.status).toBe(400);
    expect(text.data.result).toMatchObject({ field: "file", message: "Please choose a PDF, JPEG or PNG file." });
    // The route's own page shows her files as they are, with the message.
    expect(text.data.page?.files).toHaveLength(2);
    const html = await share(admin.jar, client.user.id, { bytes: new TextEncoder().encode("<html><script>alert(1)</script></html>"), name: "plan.pdf", type: "application/pdf" });
    expect(html.data.result).toMatchObject({ field: "file", message: MEMBER_FILES_MESSAGES.fileType });
    const missing = await post(admin.jar, { intent: "share-file", userId: client.user.id });
    expect(missing.status).toBe(400);
    expect(missing.data.result).toMatchObject({ field: "file", message: "Please choose a file to share." });
    expect(await filesOf(client.user.id)).toEqual(before);
    expect(storedFor(client.user.id)).toHaveLength(2);
  });

  it("refuses a file over 20 MB (413) and a member who does not exist (404), storing nothing", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const client = await coachingClient();
    const big = new Uint8Array(20 * 1024 * 1024 + 1);
    big.set(PDF);
    const tooBig = await share(admin.jar, client.user.id, { bytes: big, name: "huge.pdf", type: "application/pdf" });
    expect(tooBig.status).toBe(413);
    expect(tooBig.data.result).toMatchObject({ field: "file", message: "That file is larger than 20 MB. Please choose a smaller one." });
    expect(await filesOf(client.user.id)).toEqual([]);
    expect(storedFor(client.user.id)).toEqual([]);

    const nobody = await share(admin.jar, NOBODY, { bytes: PDF, name: "plan.pdf", type: "application/pdf" });
    expect(nobody.status).toBe(404);
    expect(nobody.data.result).toMatchObject({ message: MEMBER_FILES_MESSAGES.unknownMember });
    expect(await filesOf(NOBODY)).toEqual([]);
    expect(storedFor(NOBODY)).toEqual([]);
    expect((await answer(() => memberFilesLoader(routeArgs(getRequest(`/settings/admin/member-files?userId=${NOBODY}`, { jar: admin.jar }))))).status).toBe(404);
    expect((await post(admin.jar, { intent: "drop-table", userId: client.user.id })).status).toBe(400);
    expect(await t.db.select().from(adminActivityLog).where(eq(adminActivityLog.targetUserId, client.user.id))).toEqual([]);
  });

  it("without JavaScript: her files on a page of their own, and back to it after a share", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const member = await signedInMember(t.db, { firstName: "Hannah" });
    const page = await answer<Page>(() => memberFilesLoader(routeArgs(getRequest(`/settings/admin/member-files?userId=${member.user.id}`, { jar: admin.jar }))));
    expect(page.status).toBe(200);
    // No 1-to-1 coaching yet: sharing is allowed, and the toast says when she will see it.
    expect(page.data.page).toMatchObject({ member: { firstName: "Hannah" }, coaching: { state: "none" }, files: [] });
    const shared = await share(admin.jar, member.user.id, { bytes: PDF, name: "welcome.pdf", type: "application/pdf" }, `?userId=${member.user.id}`);
    expect(shared.location).toBe(`/settings/admin/member-files?userId=${member.user.id}`);
    expect(await toastsAfter(shared.headers)).toEqual([
      expect.objectContaining({ description: "“welcome.pdf” is saved for Hannah: she'll see it on her ‘Your coaching’ page once she has 1-to-1 coaching." }),
    ]);
    // She has no coaching: her page refuses her, and so does the file's address.
    const [row] = await filesOf(member.user.id);
    expect((await answer(() => coachingLoader(withParams(routeArgs(getRequest("/learn/coaching", { jar: member.jar })), {})))).status).toBe(403);
    expect((await answer(() => coachingFileLoader(withParams(routeArgs(getRequest(`/learn/coaching/files/${row!.id}`, { jar: member.jar })), { fileId: row!.id })))).status).toBe(404);
  });

  it("is for administrators only: a visitor and a member change nothing", async () => {
    const client = await coachingClient();
    const member = await signedInMember(t.db);
    const admin = await signedInMember(t.db, { admin: true });
    expect((await share(admin.jar, client.user.id, { bytes: PDF, name: "plan.pdf", type: "application/pdf" })).status).toBe(303);
    const [row] = await filesOf(client.user.id);

    for (const jar of [undefined, member.jar, client.jar]) {
      const refused = await share(jar, client.user.id, { bytes: PDF, name: "sneaky.pdf", type: "application/pdf" });
      expect(refused.status).toBe(302);
      // Signed out: the log-in form, then the dashboard (docs/product.md §7.10); a member: home.
      expect(refused.location).toBe(jar ? "/" : "/auth?mode=log-in&redirectTo=%2Fsettings%2Fadmin");
      const notDeleted = await post(jar, { intent: "delete-file", userId: client.user.id, fileId: row!.id });
      expect(notDeleted.status).toBe(302);
      expect((await answer(() => memberFilesLoader(routeArgs(getRequest(`/settings/admin/member-files?userId=${client.user.id}`, { jar }))))).status).toBe(302);
    }
    expect(await filesOf(client.user.id)).toEqual([row]);
    expect(await storedBytes(row!.storageKey)).toBe(new TextDecoder().decode(PDF));
  });

  it("deleting her account removes the files shared with her from the storage", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const member = await signedInMember(t.db, { firstName: "Fiona" });
    expect((await share(admin.jar, member.user.id, { bytes: PDF, name: "plan.pdf", type: "application/pdf" })).status).toBe(303);
    expect((await share(admin.jar, member.user.id, { bytes: PDF, name: "week two.pdf", type: "application/pdf" })).status).toBe(303);
    const keys = (await filesOf(member.user.id)).map((r) => r.storageKey);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(await storedBytes(key)).not.toBeNull();

    const deleted = await postAdminAction({ intent: "delete-user", userId: member.user.id, confirmation: "DELETE" }, admin.jar);
    expect(deleted.status).toBe(303);
    expect(await filesOf(member.user.id)).toEqual([]);
    for (const key of keys) expect(await storedBytes(key)).toBeNull();
    expect(storedFor(member.user.id)).toEqual([]);
  });
});
