import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { reloadConfig } from "~/config/env.server";
import { action as authAction } from "~/routes/api/auth-form";
import { appSettings, emailSubscribers, jobs, marketingConsents, users, type Job } from "~/server/db/schema";
import { updateEmailNotifications } from "~/server/account/settings.server";
import { JobWorker } from "~/server/jobs/worker.server";
import { KitClient } from "~/server/lists/kit.server";
import { confirmSubscription, subscribe, unsubscribe } from "~/server/lists/subscribers.server";
import { queueMemberSync, queueSubscriberSync } from "~/server/lists/sync-queue.server";
import { EMAIL_MARKETING_QUEUE, emailMarketingHandler, FORM_TAGS, MEMBER_TAG } from "~/server/lists/sync.server";
import { retryFailedSyncs } from "~/server/admin/integrations.server";
import type { AuthActionResult } from "~/utils/auth-result";
import type { EmailListForm } from "~/validation/email-list";
import { setupTestDatabase } from "../support/db";
import { createUser } from "../../scripts/factories";
import { answer, formRequest, nextTestIp, outboxFor, routeArgs, setupAuthEnvironment, TEST_PASSWORD, uniqueEmail } from "../support/auth";
import { setupKitStandin } from "../support/kit-env";

// The email-marketing sync (docs/product.md §6.6; decisions 121 and 122): the real worker and the real Kit client, over
// HTTP, against a local stand-in of Kit's v4 API, on a real database. Subscribers come in through
// the real sign-up and confirmation code, members through the real sign-up action.

const t = setupTestDatabase();
const env = setupAuthEnvironment();
const standin = setupKitStandin();

beforeEach(() => standin.kit.reset());

let clock = new Date();
/** The worker as the server runs it (provider from the environment), on a clock the test moves. */
function worker() {
  return new JobWorker({ getDb: () => t.db, handlers: { [EMAIL_MARKETING_QUEUE]: emailMarketingHandler() }, now: () => clock, random: () => 0.5 });
}
/** Moves the clock on, past any retry the previous step scheduled. */
function later(ms = 24 * 60 * 60_000) {
  clock = new Date(clock.getTime() + ms);
}

async function jobsFor(payload: Record<string, string>): Promise<Job[]> {
  const rows = await t.db.select().from(jobs).where(eq(jobs.queue, EMAIL_MARKETING_QUEUE));
  return rows.filter((r) => JSON.stringify(r.payload) === JSON.stringify(payload));
}

/** A visitor signs up on a form and confirms from the email: the job confirmSubscription queues. */
async function confirmedSubscriber(form: EmailListForm, firstName?: string) {
  const email = uniqueEmail(`list-${form}`);
  const result = await subscribe({ form, email, firstName, ip: "127.0.0.1" }, { db: t.db });
  expect(result.ok).toBe(true);
  const [mail] = await outboxFor(env.dataDir, email);
  const link = mail!.links.find((l) => l.includes("/email/confirm?token="))!;
  const token = new URL(link).searchParams.get("token");
  const confirmed = await confirmSubscription(token, { db: t.db });
  if (!confirmed.ok) throw new Error("confirmation failed");
  clock = new Date(Date.now() + 1000);
  const [job] = await jobsFor({ subscriberId: confirmed.subscriberId });
  return { email, subscriberId: confirmed.subscriberId, job: job!, unsubscribeUrl: mail!.links.find((l) => l.includes("/email/unsubscribe"))! };
}

async function jobRow(id: number) {
  const [row] = await t.db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

describe("confirmed subscribers", () => {
  it("are created at Kit with their first name and tagged with the form they used", async () => {
    const calendar = await confirmedSubscriber("calendar", "Hazel");
    const guide = await confirmedSubscriber("lead_capture");
    expect(calendar.job).toMatchObject({ status: "queued", attempts: 0 });

    expect(await worker().runOnce()).toMatchObject({ done: 2, retried: 0, failed: 0 });
    expect(standin.kit.subscribers.get(calendar.email)).toMatchObject({ email_address: calendar.email, first_name: "Hazel", state: "active" });
    expect(standin.kit.tagsOf(calendar.email)).toEqual([FORM_TAGS.calendar]);
    expect(standin.kit.tagsOf(guide.email)).toEqual([FORM_TAGS.lead_capture]);
    expect(standin.kit.subscribers.get(guide.email)?.first_name).toBeNull();
    // Every call carried the key and JSON, as Kit requires (the stand-in refuses anything else).
    expect(standin.kit.requests.every((r) => r.headers["x-kit-api-key"] === standin.kit.apiKey)).toBe(true);
    expect(standin.kit.requests.find((r) => r.path === "/v4/subscribers")?.body).toEqual({ email_address: calendar.email, first_name: "Hazel" });

    const done = await jobRow(calendar.job.id);
    expect(done).toMatchObject({ status: "done", attempts: 1, lastError: null });
    expect(done.completedAt).toBeInstanceOf(Date);
  });

  it("reuse a tag once made: its id is remembered in app_settings", async () => {
    const first = await confirmedSubscriber("newsletter");
    await worker().runOnce();
    const [setting] = await t.db.select().from(appSettings).where(eq(appSettings.key, `kit:tag:${FORM_TAGS.newsletter.toLowerCase()}`));
    const tag = [...standin.kit.tags.values()].find((x) => x.name === FORM_TAGS.newsletter)!;
    expect(setting?.value).toEqual({ id: tag.id, name: FORM_TAGS.newsletter });

    standin.kit.requests.length = 0;
    const second = await confirmedSubscriber("newsletter", "Anne");
    await worker().runOnce();
    expect(standin.kit.writes()).toEqual(["POST /v4/subscribers", `POST /v4/tags/${tag.id}/subscribers`]);
    expect(standin.kit.tagsOf(second.email)).toEqual([FORM_TAGS.newsletter]);
    expect(standin.kit.tagsOf(first.email)).toEqual([FORM_TAGS.newsletter]);
  });

  it("are tagged again when the tag was deleted at Kit (a remembered id that no longer exists)", async () => {
    const first = await confirmedSubscriber("waitlist");
    await worker().runOnce();
    const old = [...standin.kit.tags.values()].find((x) => x.name === FORM_TAGS.waitlist)!;
    standin.kit.tags.delete(old.id);
    const second = await confirmedSubscriber("waitlist");
    expect(await worker().runOnce()).toMatchObject({ done: 1 });
    expect(standin.kit.tagsOf(second.email)).toEqual([FORM_TAGS.waitlist]);
    expect(first.email).not.toBe(second.email);
  });
});

describe("subscribers who do not (or no longer) want mail", () => {
  it("pending: nothing is sent and the job is done", async () => {
    const email = uniqueEmail("pending");
    await subscribe({ form: "popup", email, ip: "127.0.0.1" }, { db: t.db });
    const [row] = await t.db.select({ id: emailSubscribers.id }).from(emailSubscribers).where(eq(emailSubscribers.email, email));
    const job = await queueSubscriberSync(t.db, row!.id);
    clock = new Date(Date.now() + 1000);
    expect(await worker().runOnce()).toMatchObject({ done: 1 });
    expect(standin.kit.writes()).toEqual([]);
    expect(standin.kit.subscribers.has(email)).toBe(false);
    expect(await jobRow(job.id)).toMatchObject({ status: "done" });
  });

  it("unsubscribed before the worker ran: she is never sent", async () => {
    const { email, job, unsubscribeUrl } = await confirmedSubscriber("interest", "Rose");
    await unsubscribe(new URL(unsubscribeUrl).searchParams.get("token"), { db: t.db });
    // The confirmation's job and the unsubscription's: neither sends her anything.
    expect(await worker().runOnce()).toMatchObject({ done: 2 });
    expect(standin.kit.subscribers.has(email)).toBe(false);
    expect(standin.kit.writes()).toEqual([]);
    expect(await jobRow(job.id)).toMatchObject({ status: "done" });
  });

  it("unsubscribed after being sent: a sync job unsubscribes her at Kit too", async () => {
    const { email, subscriberId, unsubscribeUrl } = await confirmedSubscriber("popup");
    await worker().runOnce();
    expect(standin.kit.subscribers.get(email)?.state).toBe("active");
    // Unsubscribing through the link queues her sync in the same transaction.
    await unsubscribe(new URL(unsubscribeUrl).searchParams.get("token"), { db: t.db });
    expect(await jobsFor({ subscriberId })).toHaveLength(2);
    later(1000);
    expect(await worker().runOnce()).toMatchObject({ done: 1 });
    expect(standin.kit.subscribers.get(email)?.state).toBe("cancelled");
  });
});

describe("members", () => {
  it("who tick the box for news and offers are queued in the sign-up itself and sent tagged 'Member'", async () => {
    const email = uniqueEmail("member");
    const result = await answer<AuthActionResult>(() =>
      authAction(
        routeArgs(
          formRequest("/auth", { mode: "sign-up", js: "1", firstName: "Margaret", lastName: "Hill", email, password: TEST_PASSWORD, terms: "on", marketing: "on", sourcePath: "/" }),
          nextTestIp(),
        ),
      ),
    );
    expect(result.data).toMatchObject({ ok: true, kind: "signed-up" });
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    const [job] = await jobsFor({ userId: user!.id });
    expect(job).toMatchObject({ status: "queued", attempts: 0 });

    clock = new Date(Date.now() + 1000);
    expect(await worker().runOnce()).toMatchObject({ done: 1 });
    expect(standin.kit.subscribers.get(email)).toMatchObject({ first_name: "Margaret", state: "active" });
    expect(standin.kit.tagsOf(email)).toEqual([MEMBER_TAG]);
  });

  it("whose switch is on without a recorded consent are never sent (docs/decisions/256-marketing-consent-recorded.md)", async () => {
    const { user } = await createUser(t.db, { emailNotifications: true });
    await t.db.delete(marketingConsents).where(eq(marketingConsents.userId, user.id));
    await queueMemberSync(t.db, user.id);
    clock = new Date(Date.now() + 1000);
    expect(await worker().runOnce()).toMatchObject({ done: 1 });
    expect(standin.kit.subscribers.has(user.email)).toBe(false);
    expect(standin.kit.tagsOf(user.email)).toEqual([]);
  });

  it("with email notifications off are not sent", async () => {
    const { user } = await createUser(t.db, { emailNotifications: false });
    await queueMemberSync(t.db, user.id);
    clock = new Date(Date.now() + 1000);
    expect(await worker().runOnce()).toMatchObject({ done: 1 });
    expect(standin.kit.subscribers.has(user.email)).toBe(false);
    expect(standin.kit.requests.filter((r) => r.path === "/v4/subscribers")).toEqual([]);
  });

  it("who turn notifications off later lose the 'Member' tag; a deleted member is skipped", async () => {
    const { user } = await createUser(t.db, { emailNotifications: true, firstName: "Jean" });
    await queueMemberSync(t.db, user.id);
    clock = new Date(Date.now() + 1000);
    await worker().runOnce();
    expect(standin.kit.tagsOf(user.email)).toEqual([MEMBER_TAG]);

    // Turning notifications off in settings queues her sync; saving the same value again does not.
    expect(await updateEmailNotifications(user.id, false)).toBe(true);
    expect(await updateEmailNotifications(user.id, false)).toBe(true);
    expect(await jobsFor({ userId: user.id })).toHaveLength(2);
    later(1000);
    expect(await worker().runOnce()).toMatchObject({ done: 1 });
    expect(standin.kit.tagsOf(user.email)).toEqual([]);

    const gone = await createUser(t.db, { emailNotifications: true });
    const job = await queueMemberSync(t.db, gone.user.id);
    await t.db.delete(users).where(eq(users.id, gone.user.id));
    standin.kit.requests.length = 0;
    later(1000);
    expect(await worker().runOnce()).toMatchObject({ done: 1 });
    expect(standin.kit.requests).toEqual([]);
    expect(await jobRow(job.id)).toMatchObject({ status: "done" });
  });
});

describe("failures", () => {
  it("500s are retried with backoff, and the job succeeds once Kit recovers", async () => {
    const { email, job } = await confirmedSubscriber("newsletter");
    standin.kit.failNext({ status: 500 }, 2, /^POST \/v4\/subscribers$/);
    const start = clock;
    await worker().runOnce();
    let row = await jobRow(job.id);
    expect(row).toMatchObject({ status: "queued", attempts: 1 });
    expect(row.lastError).toBe("Kit POST /subscribers answered 500: Internal server error");
    expect(row.runAt.getTime() - start.getTime()).toBe(60_000);

    // Not due yet: nothing is sent.
    later(30_000);
    expect(await worker().runOnce()).toMatchObject({ done: 0, retried: 0 });
    clock = row.runAt;
    await worker().runOnce();
    row = await jobRow(job.id);
    expect(row).toMatchObject({ status: "queued", attempts: 2 });
    expect(row.runAt.getTime() - clock.getTime()).toBe(120_000);

    clock = row.runAt;
    expect(await worker().runOnce()).toMatchObject({ done: 1 });
    expect(await jobRow(job.id)).toMatchObject({ status: "done", attempts: 3, lastError: null });
    expect(standin.kit.tagsOf(email)).toEqual([FORM_TAGS.newsletter]);
  });

  it("429 waits for Kit's Retry-After without using an attempt", async () => {
    const { email, job } = await confirmedSubscriber("calendar");
    standin.kit.failNext({ status: 429, errors: ["Rate limit exceeded"], retryAfter: "90" });
    await worker().runOnce();
    const row = await jobRow(job.id);
    expect(row).toMatchObject({ status: "queued", attempts: 0 });
    expect(row.runAt.getTime() - clock.getTime()).toBe(90_000);
    later(91_000);
    await worker().runOnce();
    expect(standin.kit.tagsOf(email)).toEqual([FORM_TAGS.calendar]);
  });

  it("a request that hangs is abandoned at the timeout and retried", async () => {
    const { email, job } = await confirmedSubscriber("popup");
    standin.kit.failNext({ hang: true });
    const quick = new JobWorker({
      getDb: () => t.db,
      handlers: { [EMAIL_MARKETING_QUEUE]: emailMarketingHandler((db) => new KitClient({ apiKey: standin.kit.apiKey, baseUrl: standin.kit.url, db, timeoutMs: 300 })) },
      now: () => clock,
    });
    await quick.runOnce();
    expect(await jobRow(job.id)).toMatchObject({ status: "queued", attempts: 1, lastError: "Kit POST /subscribers timed out" });
    later();
    await quick.runOnce();
    expect(standin.kit.tagsOf(email)).toEqual([FORM_TAGS.popup]);
  });

  it("422 (an address Kit refuses) fails the job at once: it would never succeed", async () => {
    const { job } = await confirmedSubscriber("newsletter");
    standin.kit.failNext({ status: 422, errors: ["Email address is invalid"] });
    expect(await worker().runOnce()).toMatchObject({ failed: 1 });
    expect(await jobRow(job.id)).toMatchObject({ status: "failed", attempts: 1, lastError: "Kit POST /subscribers answered 422: Email address is invalid" });
  });

  it("after the last attempt the job is failed, never dropped; 'Retry failed' queues it and it then succeeds", async () => {
    const { email, job } = await confirmedSubscriber("lead_capture", "Gwen");
    standin.kit.failNext({ status: 503, errors: ["Service unavailable"] }, 100);
    for (let i = 0; i < job.maxAttempts; i++) {
      await worker().runOnce();
      later();
    }
    expect(await jobRow(job.id)).toMatchObject({ status: "failed", attempts: job.maxAttempts, lastError: "Kit POST /subscribers answered 503: Service unavailable" });
    expect(await worker().runOnce()).toMatchObject({ done: 0, retried: 0, failed: 0 });

    standin.kit.reset(); // Kit is back
    const failed = await t.db.select().from(jobs).where(eq(jobs.status, "failed"));
    expect(await retryFailedSyncs(t.db)).toBe(failed.length);
    expect(await jobRow(job.id)).toMatchObject({ status: "queued", attempts: 0 });
    later(1000);
    expect(await worker().runOnce()).toMatchObject({ done: failed.length, failed: 0 });
    expect(standin.kit.subscribers.get(email)?.first_name).toBe("Gwen");
    expect(await jobRow(job.id)).toMatchObject({ status: "done", attempts: 1, lastError: null });
  });

  it("a wrong API key fails the job at once with Kit's message, and never sends the key anywhere else", async () => {
    const { job } = await confirmedSubscriber("interest");
    const wrongKey = new JobWorker({
      getDb: () => t.db,
      handlers: { [EMAIL_MARKETING_QUEUE]: emailMarketingHandler((db) => new KitClient({ apiKey: "kit_wrong", baseUrl: standin.kit.url, db })) },
      now: () => clock,
    });
    expect(await wrongKey.runOnce()).toMatchObject({ failed: 1 });
    const row = await jobRow(job.id);
    expect(row.lastError).toBe("Kit POST /subscribers answered 401: The access token is invalid");
    expect(row.lastError).not.toContain("kit_wrong");
  });
});

describe("without KIT_API_KEY", () => {
  it("the local provider marks jobs done without sending anything", async () => {
    const { email, job } = await confirmedSubscriber("newsletter");
    process.env.KIT_API_KEY = "";
    reloadConfig();
    try {
      expect(await worker().runOnce()).toMatchObject({ done: 1 });
    } finally {
      process.env.KIT_API_KEY = standin.kit.apiKey;
      reloadConfig();
    }
    expect(standin.kit.requests).toEqual([]);
    expect(standin.kit.subscribers.has(email)).toBe(false);
    expect(await jobRow(job.id)).toMatchObject({ status: "done" });
  });
});
