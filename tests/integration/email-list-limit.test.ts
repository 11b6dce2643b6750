import { afterEach, describe, expect, it, vi } from "vitest";
import { action as emailListAction } from "~/routes/api/email-list";
import { action as authAction } from "~/routes/api/auth-form";
import { settleAuthBackgroundTasks } from "~/server/auth/context.server";
import { setupTestDatabase } from "../support/db";
import { answer, formRequest, nextTestIp, routeArgs, setupAuthEnvironment, TEST_ORIGIN, uniqueEmail } from "../support/auth";

// docs/product.md §6.5: five sign-ups to the email lists per visitor in ten minutes. The count
// must last the whole ten minutes, whatever else the site does meanwhile: Better Auth clears its
// own per-IP counters once their one-minute windows are over, and that must not reset ours.

setupTestDatabase();
setupAuthEnvironment();

afterEach(() => {
  vi.useRealTimers();
});

function signUp(ip: string) {
  const body = new URLSearchParams({ form: "newsletter", email_address: uniqueEmail("limit"), _js: "1" });
  const request = new Request(`${TEST_ORIGIN}/api/email-list`, { method: "POST", body });
  return answer(() => emailListAction({ request, params: {}, context: { clientIp: ip } } as never));
}

function logIn(ip: string) {
  return answer(() =>
    authAction(routeArgs(formRequest("/auth", { js: "1", mode: "log-in", email: uniqueEmail("nobody"), password: "not-the-password-1" }), ip)),
  );
}

describe("the email-list limit per visitor", () => {
  it("still holds two minutes on, after sign-ins have cleared Better Auth's one-minute counters", async () => {
    const start = new Date("2026-03-02T10:00:00Z");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(start);

    const visitor = "203.0.113.150";
    for (let i = 0; i < 5; i++) expect((await signUp(visitor)).status, `sign-up ${i + 1}`).toBe(200);
    expect((await signUp(visitor)).status).toBe(429);

    // Someone else tries to log in now and again two minutes later: Better Auth's second count
    // for her starts a new window and clears every counter older than its longest window.
    const other = nextTestIp();
    await logIn(other);
    vi.setSystemTime(new Date(start.getTime() + 2 * 60 * 1000));
    await logIn(other);
    await settleAuthBackgroundTasks();

    expect((await signUp(visitor)).status).toBe(429);

    // After ten minutes she may sign up again.
    vi.setSystemTime(new Date(start.getTime() + 11 * 60 * 1000));
    expect((await signUp(visitor)).status).toBe(200);
  });
});
