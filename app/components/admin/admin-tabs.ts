// The dashboard's tabs (docs/product.md §10.1: Users by default, Integrations, Activity Log and
// Offers; Sales, §10.11; Subscribers, §10.12; Emails, §18.5; Content, §10.13; Courses, §10.14). The open tab is in the URL as ?tab=, so each has its own address.

export const ADMIN_TABS = [
  { value: "users", label: "Users" },
  { value: "sales", label: "Sales" },
  { value: "subscribers", label: "Subscribers" },
  { value: "integrations", label: "Integrations" },
  { value: "activity", label: "Activity Log" },
  { value: "offers", label: "Offers" },
  { value: "emails", label: "Emails" },
  { value: "content", label: "Content" },
  { value: "courses", label: "Courses" },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number]["value"];

export function parseAdminTab(url: URL): AdminTab {
  const wanted = url.searchParams.get("tab");
  return ADMIN_TABS.find((t) => t.value === wanted)?.value ?? "users";
}

export function tabHref(tab: AdminTab): string {
  return tab === "users" ? "/settings/admin" : `/settings/admin?tab=${tab}`;
}
