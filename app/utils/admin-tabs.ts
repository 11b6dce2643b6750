// The dashboard's tabs (docs/product.md §10.1: Users first, Integrations, Activity Log and Offers;
// Sales, §10.11; Analytics, docs/analytics.md; Subscribers, §10.12; Emails, §18.5; Content, §10.13;
// Courses, §10.14; Promotions, §8.9). Each tab is a page of its own under /settings/admin
// (app/routes/admin/); /settings/admin itself opens the Users tab, and the addresses of the
// earlier one-page dashboard (?tab=…) lead to the same tabs.

export const ADMIN_TABS = [
  { value: "users", label: "Users" },
  { value: "sales", label: "Sales" },
  { value: "analytics", label: "Analytics" },
  { value: "subscribers", label: "Subscribers" },
  { value: "integrations", label: "Integrations" },
  { value: "activity", label: "Activity Log" },
  { value: "offers", label: "Offers" },
  { value: "promotions", label: "Promotions" },
  { value: "emails", label: "Emails" },
  { value: "content", label: "Content" },
  { value: "courses", label: "Courses" },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number]["value"];

export const DASHBOARD_PATH = "/settings/admin";

function asTab(value: string | null | undefined): AdminTab | null {
  return ADMIN_TABS.find((t) => t.value === value)?.value ?? null;
}

/** The address of a tab, with an optional query (?q=…&page=…) kept as given. */
export function tabHref(tab: AdminTab, query?: URLSearchParams | string): string {
  const search = query ? String(query) : "";
  return `${DASHBOARD_PATH}/${tab}${search ? `?${search}` : ""}`;
}

/** The tab a dashboard address shows: /settings/admin/courses/video is the Courses tab's. */
export function tabOfPath(pathname: string): AdminTab {
  const rest = pathname.startsWith(`${DASHBOARD_PATH}/`) ? pathname.slice(DASHBOARD_PATH.length + 1) : "";
  return asTab(rest.split("/")[0]) ?? "users";
}

/**
 * Where /settings/admin sends her: the Users tab, or the tab an address of the one-page dashboard
 * named (?tab=sales&status=paid → /settings/admin/sales?status=paid), with the rest of its query.
 * `moved` says the address named a tab (a permanent move) rather than none (the default tab).
 */
export function dashboardEntry(url: URL): { to: string; moved: boolean } {
  const query = new URLSearchParams(url.searchParams);
  const named = query.get("tab");
  query.delete("tab");
  return { to: tabHref(asTab(named) ?? "users", query), moved: named !== null };
}

/**
 * The dashboard list the administrator was looking at: the same tab, search and page, and nothing
 * else from the URL (each value cut to 100 characters). Where a dashboard form sends her back.
 */
export function dashboardListAddress(url: URL): string {
  const back = new URLSearchParams();
  for (const key of ["q", "page"]) {
    const value = url.searchParams.get(key);
    if (value) back.set(key, value.slice(0, 100));
  }
  return tabHref(tabOfPath(url.pathname), back);
}
