import { expect } from "vitest";
import * as activityTab from "~/routes/admin/activity";
import * as analyticsTab from "~/routes/admin/analytics";
import * as contentTab from "~/routes/admin/content";
import * as coursesTab from "~/routes/admin/courses";
import * as emailsTab from "~/routes/admin/emails";
import * as integrationsTab from "~/routes/admin/integrations";
import { loader as layoutLoader } from "~/routes/admin/layout";
import * as offersTab from "~/routes/admin/offers";
import * as promotionsTab from "~/routes/admin/promotions";
import * as salesTab from "~/routes/admin/sales";
import * as subscribersTab from "~/routes/admin/subscribers";
import * as usersTab from "~/routes/admin/users";
import { tabOfPath, type AdminTab } from "~/utils/admin-tabs";
import { loader as rootLoader } from "~/root";
import { action as authAction } from "~/routes/api/auth-form";
import type { AdminActionFailure } from "~/validation/admin";
import type { Database } from "~/server/db/client.server";
import type { AuthActionResult } from "~/utils/auth-result";
import { createUser, type CreateUserOptions } from "../../scripts/factories";
import { answer, type Answer, CookieJar, formRequest, getRequest, nextTestIp, routeArgs, type RequestOptions } from "./auth";

// Helpers for the admin dashboard's integration tests: members signed in through the real
// log-in action, the dashboard's loaders and the Users tab's action called with real Requests,
// and the flash toast the next page would show.

const TAB_LOADERS = {
  users: usersTab.loader,
  sales: salesTab.loader,
  analytics: analyticsTab.loader,
  subscribers: subscribersTab.loader,
  integrations: integrationsTab.loader,
  activity: activityTab.loader,
  offers: offersTab.loader,
  promotions: promotionsTab.loader,
  emails: emailsTab.loader,
  content: contentTab.loader,
  courses: coursesTab.loader,
} satisfies Record<AdminTab, unknown>;

type Loaded<T extends keyof typeof TAB_LOADERS> = Exclude<Awaited<ReturnType<(typeof TAB_LOADERS)[T]>>, Response>;
type EveryTab = Loaded<"users"> & Loaded<"sales"> & Loaded<"analytics"> & Loaded<"subscribers"> & Loaded<"integrations"> & Loaded<"activity"> & Loaded<"offers"> & Loaded<"promotions"> & Loaded<"emails"> & Loaded<"content"> & Loaded<"courses">;
/** What a dashboard page reads: the overview (the layout's loader), the open tab's name and its data. */
export type DashboardData = Exclude<Awaited<ReturnType<typeof layoutLoader>>, Response> & { tab: AdminTab } & Partial<EveryTab>;
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

/**
 * GET a dashboard address as the jar's owner (none: a visitor), as React Router serves it: the
 * layout's loader and the open tab's, their data together. /settings/admin's own redirect to a
 * tab is followed (it is the layout's answer to that address, tested on its own elsewhere).
 */
export async function openDashboard(pathAndQuery = "/settings/admin/users", jar?: CookieJar): Promise<Answer<DashboardData>> {
  const args = () => routeArgs(getRequest(pathAndQuery, { jar }));
  const layout = await answer<DashboardData>(() => layoutLoader(args()));
  if (layout.location?.startsWith("/settings/admin/")) return openDashboard(layout.location, jar);
  if (layout.status !== 200) return layout;
  const tab = tabOfPath(new URL(pathAndQuery, "http://localhost").pathname);
  const opened = await answer<Partial<EveryTab>>(() => TAB_LOADERS[tab](args()));
  if (opened.status !== 200) return opened as Answer<never>;
  return { ...opened, data: { ...layout.data, tab, ...opened.data } };
}

/** POST to the Users tab's action, as its forms do. */
export function postAdminAction(fields: Record<string, string | undefined>, jar?: CookieJar, pathAndQuery = "/settings/admin/users", options: RequestOptions = {}) {
  return answer<AdminActionFailure>(() => usersTab.action(routeArgs(formRequest(pathAndQuery, fields, { jar, ...options }))));
}

/** The flash toasts the page after a redirect shows. */
export async function toastsAfter(headers: Headers) {
  const page = await answer<RootData>(() => rootLoader(routeArgs(getRequest("/", { jar: new CookieJar().store(headers) }))));
  return page.data.toasts;
}
