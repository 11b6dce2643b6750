import { expect } from "vitest";
import { action as dashboardAction, loader as dashboardLoader } from "~/routes/admin/dashboard";
import { loader as rootLoader } from "~/root";
import { action as authAction } from "~/routes/api/auth-form";
import type { AdminActionFailure } from "~/validation/admin";
import type { Database } from "~/server/db/client.server";
import type { AuthActionResult } from "~/utils/auth-result";
import { createUser, type CreateUserOptions } from "../../scripts/factories";
import { answer, CookieJar, formRequest, getRequest, nextTestIp, routeArgs, type RequestOptions } from "./auth";

// Helpers for the admin dashboard's integration tests: members signed in through the real
// log-in action, the dashboard's loader and action called with real Requests, and the flash
// toast the next page would show.

export type DashboardData = Awaited<ReturnType<typeof dashboardLoader>>;
type RootData = { toasts: { title: string; description: string | null; variant: string }[] };

/** A member (admin with `admin: true`) signed in through /auth, with her cookie jar. */
export async function signedInMember(db: Database, options: CreateUserOptions = {}) {
  const created = await createUser(db, options);
  const result = await answer<AuthActionResult>(() =>
    authAction(routeArgs(formRequest("/auth", { js: "1", mode: "log-in", email: created.user.email, password: created.password }), nextTestIp())),
  );
  expect(result.data).toMatchObject({ ok: true, kind: "signed-in" });
  return { ...created, jar: new CookieJar().store(result.headers) };
}

/** GET /settings/admin… as the jar's owner (none: a visitor). */
export function openDashboard(pathAndQuery = "/settings/admin", jar?: CookieJar) {
  return answer<DashboardData>(() => dashboardLoader(routeArgs(getRequest(pathAndQuery, { jar }))));
}

/** POST to the dashboard's action, as the Users tab's forms do. */
export function postAdminAction(fields: Record<string, string | undefined>, jar?: CookieJar, pathAndQuery = "/settings/admin", options: RequestOptions = {}) {
  return answer<AdminActionFailure>(() => dashboardAction(routeArgs(formRequest(pathAndQuery, fields, { jar, ...options }))));
}

/** The flash toasts the page after a redirect shows. */
export async function toastsAfter(headers: Headers) {
  const page = await answer<RootData>(() => rootLoader(routeArgs(getRequest("/", { jar: new CookieJar().store(headers) }))));
  return page.data.toasts;
}
