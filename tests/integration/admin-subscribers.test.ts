import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as subscribersAction } from "~/routes/admin/subscribers";
import { loader as subscribersExportLoader } from "~/routes/admin/subscribers-export";
import { loadSubscribers, subscribersCsvChunks, SUBSCRIBERS_PAGE_SIZE } from "~/server/admin/subscribers.server";
import { adminActivityLog, emailSubscribers, jobs } from "~/server/db/schema";
import { JobWorker } from "~/server/jobs/worker.server";
import { confirmSubscription, subscribe } from "~/server/lists/subscribers.server";
import { EMAIL_MARKETING_QUEUE, emailMarketingHandler } from "~/server/lists/sync.server";
import type { EmailListForm } from "~/validation/email-list";
import { setupTestDatabase } from "../support/db";
import { answer, formRequest, getRequest, outboxFor, routeArgs, setupAuthEnvironment, uniqueEmail, type CookieJar } from "../support/auth";
import { signedInMember } from "../support/admin-fixtures";
import { setupKitStandin } from "../support/kit-env";

// The dashboard's Subscribers view (docs/product.md §10.12): every email-list sign-up newest first,
// searchable, as CSV, and 'Delete' for an erasure request, which removes the address here and
// unsubscribes it at Kit (a local stand-in of Kit's v4 API) through the job queue.

const t = setupTestDatabase();
const env = setupAuthEnvironment();
const standin = setupKitStandin();

const worker = () => new JobWorker({ getDb: () => t.db, handlers: { [EMAIL_MARKETING_QUEUE]: emailMarketingHandler() }, now: () => new Date(Date.now() + 1000) });

let visitor = 0;
async function signUp(form: EmailListForm, email: string, confirm: boolean) {
  // Each sign-up from its own address: the per-visitor limit is not what this file tests.
  visitor += 1;
  const result = await subscribe({ form, email, firstName: "Rose", ip: `198.51.100.${visitor}` }, { db: t.db });
  expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
  if (!confirm) return;
  // The newest confirmation email: a second form's sign-up sends one of its own.
  const mail = (await outboxFor(env.dataDir, email)).filter((m) => m.links.some((l) => l.includes("/email/confirm?token="))).at(-1);
  const link = mail!.links.find((l) => l.includes("/email/confirm?token="))!;
  expect((await confirmSubscription(new URL(link).searchParams.get("token"), { db: t.db })).ok).toBe(true);
}

function erase(fields: Record<string, string>, jar: CookieJar) {
  return answer<{ error?: string }>(() => subscribersAction(routeArgs(formRequest("/settings/admin/subscribers", fields, { jar }))));
}

describe("the Subscribers view", () => {
  it("lists sign-ups newest first with the form, the status and whether Kit has her; searches within addresses", async () => {
    const word = uniqueEmail("subs-view").split("@")[0]!;
    const pending = `${word}-pending@example.org`;
    const confirmed = `${word}-confirmed@example.org`;
    await signUp("newsletter", pending, false);
    await signUp("lead_capture", confirmed, true);

    let page = await loadSubscribers(t.db, { query: word.toUpperCase(), page: 1 });
    expect(page.rows.map((r) => [r.email, r.form, r.status, r.sync])).toEqual([
      [confirmed, "lead_capture", "confirmed", "waiting"],
      [pending, "newsletter", "pending", "not-yet"],
    ]);
    expect(page).toMatchObject({ count: 2, capped: false, hasNext: false });
    await worker().runOnce();
    page = await loadSubscribers(t.db, { query: word, page: 1 });
    expect(page.rows[0]!.sync).toBe("synced");
    expect(standin.kit.subscribers.get(confirmed)?.state).toBe("active");
    // A search for a pattern character is a search for that character.
    expect((await loadSubscribers(t.db, { query: "%", page: 1 })).rows).toEqual([]);
  });

  it("pages fifty at a time, and exports the search as CSV", async () => {
    const word = uniqueEmail("subs-page").split("@")[0]!;
    for (let i = 0; i < SUBSCRIBERS_PAGE_SIZE + 2; i++) {
      await t.db.insert(emailSubscribers).values({ email: `${word}-${i}@example.org`, form: "calendar", unsubscribeToken: `${word}-token-${i}`, createdAt: new Date(Date.now() - (100 - i) * 1000) });
    }
    const first = await loadSubscribers(t.db, { query: word, page: 1 });
    expect(first.rows).toHaveLength(SUBSCRIBERS_PAGE_SIZE);
    expect(first.rows[0]!.email).toBe(`${word}-${SUBSCRIBERS_PAGE_SIZE + 1}@example.org`);
    const second = await loadSubscribers(t.db, { query: word, page: 2 });
    expect(second.rows.map((r) => r.email)).toEqual([`${word}-1@example.org`, `${word}-0@example.org`]);

    let csv = "";
    for await (const chunk of subscribersCsvChunks(t.db, word)) csv += chunk;
    const lines = csv.replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines[0]).toBe("Email,First name,Form,Status,Signed up,Confirmed,Email marketing");
    expect(lines).toHaveLength(SUBSCRIBERS_PAGE_SIZE + 3);
    expect(lines[1]).toMatch(new RegExp(`^${word}-${SUBSCRIBERS_PAGE_SIZE + 1}@example\\.org,,28-day workout calendar,Awaiting confirmation,\\d{4}-\\d{2}-\\d{2},,Not synced$`));
  });

  it("'Delete' erases every sign-up of the address, logs it without the address, and unsubscribes her at Kit", async () => {
    const admin = await signedInMember(t.db, { admin: true, emailVerified: true });
    const email = uniqueEmail("erase-me");
    await signUp("popup", email, true);
    await signUp("calendar", email, true);
    await worker().runOnce();
    expect(standin.kit.subscribers.get(email)?.state).toBe("active");
    const [row] = await t.db.select().from(emailSubscribers).where(eq(emailSubscribers.email, email)).limit(1);

    expect((await erase({ intent: "erase-subscriber", subscriberId: row!.id, confirmation: "delete" }, admin.jar)).status).toBe(400);
    expect(await t.db.select().from(emailSubscribers).where(eq(emailSubscribers.email, email))).toHaveLength(2);

    const done = await erase({ intent: "erase-subscriber", subscriberId: row!.id, confirmation: "DELETE" }, admin.jar);
    expect(done.status).toBe(303);
    expect(await t.db.select().from(emailSubscribers).where(eq(emailSubscribers.email, email))).toEqual([]);
    const [log] = await t.db.select().from(adminActivityLog).where(eq(adminActivityLog.actionType, "erase_subscriber"));
    expect(log).toMatchObject({ adminId: admin.user.id, details: { signUps: 2 } });
    expect(JSON.stringify(log)).not.toContain(email);

    await worker().runOnce();
    expect(standin.kit.subscribers.get(email)?.state).toBe("cancelled");
    // Once Kit has been told, the address is gone from the queue too.
    const all = await t.db.select().from(jobs).where(eq(jobs.queue, EMAIL_MARKETING_QUEUE));
    expect(JSON.stringify(all)).not.toContain(email);

    // Again: nothing left to delete.
    expect((await erase({ intent: "erase-subscriber", subscriberId: row!.id, confirmation: "DELETE" }, admin.jar)).status).toBe(404);
  });

  it("is for administrators only: a member is sent home and nothing is deleted or exported", async () => {
    const email = uniqueEmail("kept");
    await signUp("waitlist", email, false);
    const [row] = await t.db.select().from(emailSubscribers).where(eq(emailSubscribers.email, email));
    const member = await signedInMember(t.db);
    const refused = await erase({ intent: "erase-subscriber", subscriberId: row!.id, confirmation: "DELETE" }, member.jar);
    expect(refused.status).toBe(302);
    expect(refused.location).toBe("/");
    expect(await t.db.select().from(emailSubscribers).where(eq(emailSubscribers.email, email))).toHaveLength(1);
    const csv = await answer<string>(() => subscribersExportLoader(routeArgs(getRequest("/settings/admin/subscribers.csv", { jar: member.jar }))));
    expect(csv.status).toBe(302);
    expect(csv.location).toBe("/");
  });
});
