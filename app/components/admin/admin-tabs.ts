// The dashboard's tabs (SPEC §2: Users by default, Integrations, Activity Log; issue 6 adds
// Offers). The open tab is in the URL as ?tab=, so each has its own address.

export const ADMIN_TABS = [
  { value: "users", label: "Users" },
  { value: "integrations", label: "Integrations" },
  { value: "activity", label: "Activity Log" },
  { value: "offers", label: "Offers" },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number]["value"];

export function parseAdminTab(url: URL): AdminTab {
  const wanted = url.searchParams.get("tab");
  return ADMIN_TABS.find((t) => t.value === wanted)?.value ?? "users";
}

export function tabHref(tab: AdminTab): string {
  return tab === "users" ? "/settings/admin" : `/settings/admin?tab=${tab}`;
}
