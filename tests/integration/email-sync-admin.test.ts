import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reloadConfig } from "~/config/env.server";
import { action as integrationsAction, loader as integrationsLoader } from "~/routes/admin/integrations";
import { action as authAction } from "~/routes/api/auth-form";
import { loader as rootLoader } from "~/root";
import { loadIntegrationsData } from "~/server/admin/integrations.server";
import { adminActivityLog, emailSubscribers, jobs, type EmailSubscriberStatus, type JobStatus } from "~/server/db/schema";
import { EMAIL_MARKETING_QUEUE } from "~/server/lists/sync.server";
import type { AuthActionResult } from "~/utils/auth-result";
import type { EmailListForm } from "~/validation/email-list";
import { setupTestDatabase } from "../support/db";
import { createUser, type CreateUserOptions } from "../../scripts/factories";
import { answer, CookieJar, formRequest, getRequest, nextTestIp, routeArgs, setupAuthEnvironment, uniqueEmail } from "../support/auth";

// The Integrations tab's figures (counted in the database) and its one action, 'Retry failed'
// (POST /settings/admin/integrations): admins only (docs/product.md §10.1), re-queues the failed
// email-marketing syncs and writes nothing else.

const t = setupTestDatabase();
setupAuthEnvironment({ KIT_API_KEY: "" });

type RootData = { toasts: { title: string; description: string | null; variant: string }[] };

async function signedIn(options: CreateUserOptions = {}) {
  const created = await createUser(t.db, options);
  const result = await answer<AuthActionResult>(() =>
    authAction(routeArgs(formRequest("/auth", { js: "1", mode: "log-in", email: created.user.email, password: created.password }), nextTestIp())),
  );
  expect(result.data).toMatchObject({ ok: true, kind: "signed-in" });
  return { ...created, jar: new CookieJar().store(result.headers) };
}

async function toastAfter(headers: Headers) {
  const page = await answer<RootData>(() => rootLoader(routeArgs(getRequest("/", { jar: new CookieJar().store(headers) }))));
  return page.data.toasts;
}

async function addSubscriber(email: string, form: EmailListForm, status: EmailSubscriberStatus) {
  await t.db.insert(emailSubscribers).values({ email, form, status, unsubscribeToken: randomBytes(24).toString("base64url") });
}

async function addJob(status: JobStatus, extra: { queue?: string; completedAt?: Date } = {}) {
  const [job] = await t.db
    .insert(jobs)
    .values({ queue: extra.queue ?? EMAIL_MARKETING_QUEUE, payload: { subscriberId: crypto.randomUUID() }, status, completedAt: extra.completedAt ?? null, lastError: status === "failed" ? "Kit POST /subscribers answered 503" : null })
    .returning();
  return job!;
}

/** Everything the action could touch, to prove it touched nothing but failed sync jobs. */
async function snapshot() {
  return {
    jobs: await t.db.select().from(jobs).orderBy(jobs.id),
    subscribers: await t.db.select().from(emailSubscribers).orderBy(emailSubscribers.id),
    activity: await t.db.select().from(adminActivityLog),
  };
}

function post(fields: Record<string, string>, jar?: CookieJar, origin?: string) {
  return answer<{ error?: string }>(() => integrationsAction(routeArgs(formRequest("/settings/admin/integrations", fields, { jar, origin }))));
}

describe("the figures", () => {
  it("count subscribers, confirmed addresses, queued and failed syncs and the last successful sync in the database", async () => {
    const empty = await loadIntegrationsData(t.db);
    expect(empty.emailMarketing).toMatchObject({ provider: "local", subscribers: 0, confirmed: 0, queued: 0, failed: 0, lastSuccessfulSyncAt: null });

    // One address on two lists counts once; an unsubscribed address not at all.
    const both = uniqueEmail("both");
    await addSubscriber(both, "calendar", "confirmed");
    await addSubscriber(both, "newsletter", "pending");
    await addSubscriber(uniqueEmail("pending"), "popup", "pending");
    await addSubscriber(uniqueEmail("confirmed"), "waitlist", "confirmed");
    await addSubscriber(uniqueEmail("gone"), "interest", "unsubscribed");

    await addJob("queued");
    await addJob("queued");
    await addJob("running");
    await addJob("failed");
    await addJob("failed");
    await addJob("done", { completedAt: new Date("2025-01-05T13:45:00Z") });
    await addJob("done", { completedAt: new Date("2025-01-04T09:00:00Z") });
    // Other queues are not the email-marketing sync.
    await addJob("failed", { queue: "other-queue" });
    await addJob("done", { queue: "other-queue", completedAt: new Date("2025-02-01T00:00:00Z") });

    const data = await loadIntegrationsData(t.db);
    expect(data).toEqual({
      emailMarketing: {
        provider: "local",
        subscribers: 3,
        confirmed: 2,
        queued: 3,
        failed: 2,
        lastSuccessfulSyncAt: "2025-01-05T13:45:00.000Z",
        subscribersUrl: "https://app.kit.com/subscribers",
      },
      community: { url: "https://strongwithjo.circle.so", membersUrl: "https://strongwithjo.circle.so/members" },
      // The site's own mail has its own figures (docs/product.md §18); none queued here.
      mail: { transport: "outbox", queued: 0, sentToday: 0, failing: 0, lastError: null },
    });

    process.env.KIT_API_KEY = "kit_live_example";
    reloadConfig();
    try {
      expect((await loadIntegrationsData(t.db)).emailMarketing.provider).toBe("kit");
    } finally {
      process.env.KIT_API_KEY = "";
      reloadConfig();
    }
  });
});

describe("'Retry failed'", () => {
  it("refuses a visitor: sent home with the documented message, nothing changes", async () => {
    await addJob("failed");
    const before = await snapshot();
    const result = await post({ intent: "retry-failed" });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/auth?mode=log-in&redirectTo=%2Fsettings%2Fadmin");
    expect(await toastAfter(result.headers)).toEqual([expect.objectContaining({ description: "Please sign in to access the admin dashboard" })]);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a member: 'Access denied. Admin privileges required.', nothing changes", async () => {
    const { jar } = await signedIn();
    const before = await snapshot();
    const result = await post({ intent: "retry-failed" }, jar);
    expect(result.location).toBe("/");
    expect(await toastAfter(result.headers)).toEqual([expect.objectContaining({ description: "Access denied. Admin privileges required." })]);
    expect(await snapshot()).toEqual(before);
    // GET too.
    expect((await answer(() => integrationsLoader(routeArgs(getRequest("/settings/admin/integrations", { jar }))))).location).toBe("/");
  });

  it("refuses an unknown intent (400) and another site's form (403) from an admin, changing nothing", async () => {
    const { jar } = await signedIn({ admin: true });
    const before = await snapshot();
    const bad = await post({ intent: "delete-everything" }, jar);
    expect(bad.status).toBe(400);
    expect(bad.data).toEqual({ error: "Unknown action." });
    const missing = await post({}, jar);
    expect(missing.status).toBe(400);
    const foreign = await post({ intent: "retry-failed" }, jar, "https://evil.example");
    expect(foreign.status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it("re-queues an admin's failed email-marketing syncs, writes nothing else and says how many", async () => {
    const { jar } = await signedIn({ admin: true });
    const before = await snapshot();
    const failedSyncs = before.jobs.filter((j) => j.queue === EMAIL_MARKETING_QUEUE && j.status === "failed");
    expect(failedSyncs.length).toBe(3);

    const result = await post({ intent: "retry-failed" }, jar);
    expect(result.status).toBe(303);
    expect(result.location).toBe("/settings/admin/integrations");
    expect(await toastAfter(result.headers)).toEqual([expect.objectContaining({ title: "Success", description: "Queued 3 failed syncs to retry", variant: "success" })]);

    const after = await snapshot();
    expect(after.subscribers).toEqual(before.subscribers);
    expect(after.activity).toEqual(before.activity);
    for (const job of after.jobs) {
      const old = before.jobs.find((j) => j.id === job.id)!;
      if (failedSyncs.some((f) => f.id === job.id)) {
        expect(job).toMatchObject({ status: "queued", attempts: 0, payload: old.payload, lastError: old.lastError });
        expect(job.runAt.getTime()).toBeLessThanOrEqual(Date.now());
      } else {
        expect(job).toEqual(old);
      }
    }
    expect((await loadIntegrationsData(t.db)).emailMarketing.failed).toBe(0);

    const again = await post({ intent: "retry-failed" }, jar);
    expect(await toastAfter(again.headers)).toEqual([expect.objectContaining({ title: "Nothing to retry", description: "There were no failed syncs to retry." })]);
    const [job] = await t.db.select().from(jobs).where(eq(jobs.id, failedSyncs[0]!.id));
    expect(job?.status).toBe("queued");
  });

  it("GET is the Integrations tab itself", async () => {
    const { jar } = await signedIn({ admin: true });
    const result = await answer<{ integrations: unknown }>(() => integrationsLoader(routeArgs(getRequest("/settings/admin/integrations", { jar }))));
    expect(result.status).toBe(200);
    expect(result.data.integrations).toMatchObject({ emailMarketing: expect.any(Object) });
  });
});
