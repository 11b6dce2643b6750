import { data, Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { PageHero } from "~/components/page-hero";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { ActivityLogTab } from "~/components/admin/activity-log-tab";
import { AdminNotice } from "~/components/admin/admin-notice";
import { ContentTab } from "~/components/admin/content-tab";
import { CoursesTab } from "~/components/admin/courses-tab";
import { EmailsTab } from "~/components/admin/emails-tab";
import { FollowUps } from "~/components/admin/follow-ups";
import { IntegrationsTab } from "~/components/admin/integrations-tab";
import { OffersTab } from "~/components/admin/offers-tab";
import { SalesTab } from "~/components/admin/sales-tab";
import { SubscribersTab } from "~/components/admin/subscribers-tab";
import { SignupsChart } from "~/components/admin/signups-chart";
import { StatCards } from "~/components/admin/stat-cards";
import { UsersTab } from "~/components/admin/users-tab";
import { ADMIN_TABS, parseAdminTab, tabHref, type AdminTab } from "~/components/admin/admin-tabs";
import { loadDashboard, loadFollowUps, loadWelcomeEmailSettings, runUsersTabAction, saleProducts, salesFilterFrom } from "~/server/admin/dashboard.server";
import { parseMemberSearch } from "~/server/admin/users.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { redirectWithToast } from "~/server/toast.server";
import { seo } from "~/utils/seo";
import { readForm } from "~/server/http/form-action.server";
import { dashboardListAddress } from "~/utils/dashboard-address";

// /settings/admin (docs/product.md §10, §11.7, §12). Everything
// is read on the server: the stats and the chart on every visit, and only the open tab's data
// (the tab, search and page live in the URL, so every view has an address and the tabs, search
// and paging work before JavaScript loads). One action with an `intent` field for the Users tab.
// Decisions: docs/decisions/110 to 113.

// docs/product.md §10.1: a signed-out visitor or a member who is not an admin is sent home with the documented
// message, by the guard, before anything is read.
export async function loader({ request, url }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const tab = parseAdminTab(url);
  const search = parseMemberSearch(url);
  const { stats, chart, users, usersFailed, activity, integrations, offers, emails, sales, subscribers, content, courses } = await loadDashboard(tab, search, salesFilterFrom(url));
  // The overview's to-dos are read on every visit, whichever tab is open (docs/product.md §10.16).
  const followUps = await loadFollowUps();
  const welcomeSettings = tab === "emails" && emails ? await loadWelcomeEmailSettings().catch(() => null) : null;

  return {
    // Her own address, for the Emails tab's test sends; she is greeted by her first name (docs/product.md §10.1).
    email: admin.email,
    firstName: admin.firstName,
    adminId: admin.id,
    tab,
    search,
    stats,
    chart,
    followUps,
    users,
    usersFailed,
    activity,
    integrations,
    offers,
    emails,
    welcomeSettings,
    sales,
    subscribers,
    content,
    courses,
    products: tab === "sales" ? saleProducts() : [],
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  // docs/product.md §10.1: every admin action checks the role again on the server.
  const admin = await requireAdmin(request);
  const read = await readForm(request);
  if (!read.ok) return data({ ok: false as const, intent: null, title: "Error", message: read.message }, { status: read.status });
  const outcome = await runUsersTabAction(admin, read.form);
  if (!outcome.ok) return data(outcome.failure, { status: outcome.status });
  return redirectWithToast(outcome.goTo ?? dashboardListAddress(url), outcome.toast, { status: 303 });
}

export default function AdminDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { email, firstName, adminId, tab, search, stats, chart, followUps, users, usersFailed, activity, integrations, offers, emails, welcomeSettings, sales, subscribers, content, courses, products } = loaderData;
  return (
    <main id="main">
      <PageHero
        title="Admin Dashboard"
        intro={firstName ? <>Welcome back, <span className="font-semibold text-ink">{firstName}</span></> : "Welcome back"}
      />
      <div className="container-page flex flex-col gap-8 py-10 sm:py-14">
        <FollowUps followUps={followUps} />
        <StatCards stats={stats} />
        <SignupsChart points={chart} />

        <section aria-labelledby="admin-sections-title" className="flex flex-col gap-2">
          <h2 id="admin-sections-title" className="sr-only">
            Manage
          </h2>
          {/* The tabs are links (?tab=…), so each view has its own address and works without
              JavaScript; Radix adds the tab semantics and arrow-key movement. */}
          <Tabs value={tab} activationMode="manual">
            <TabsList aria-label="Admin sections" className="grid w-full grid-cols-2 rounded-3xl sm:inline-flex sm:w-auto sm:rounded-full">
              {ADMIN_TABS.map((t) => (
                <TabsTrigger key={t.value} value={t.value} asChild>
                  <Link to={tabHref(t.value)} preventScrollReset>
                    {t.label}
                  </Link>
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="users">
              {actionData && !actionData.ok ? <AdminNotice title={actionData.title} message={actionData.message} /> : null}
              <UsersTab page={users} failed={usersFailed} search={search} adminId={adminId} adminCount={stats?.administrators ?? null} totalUsers={stats?.totalUsers ?? null} />
            </TabsContent>
            <TabsContent value="sales">{sales ? <SalesTab page={sales} products={products} /> : <TabFailed tab="sales" />}</TabsContent>
            <TabsContent value="subscribers">{subscribers ? <SubscribersTab page={subscribers} /> : <TabFailed tab="subscribers" />}</TabsContent>
            <TabsContent value="integrations">
              {integrations ? <IntegrationsTab data={integrations} /> : <TabFailed tab="integrations" />}
            </TabsContent>
            <TabsContent value="activity">
              <ActivityLogTab entries={activity} />
            </TabsContent>
            <TabsContent value="offers">{offers ? <OffersTab data={offers} /> : <TabFailed tab="offers" />}</TabsContent>
            <TabsContent value="emails">{emails ? <EmailsTab previews={emails} adminEmail={email} welcome={welcomeSettings} /> : <TabFailed tab="emails" />}</TabsContent>
            <TabsContent value="content">{content ? <ContentTab data={content} result={null} /> : <TabFailed tab="content" />}</TabsContent>
            <TabsContent value="courses">{courses ? <CoursesTab data={courses} result={null} /> : <TabFailed tab="courses" />}</TabsContent>
          </Tabs>
        </section>
      </div>
    </main>
  );
}

function TabFailed({ tab }: { tab: AdminTab }) {
  const label = ADMIN_TABS.find((t) => t.value === tab)?.label ?? tab;
  return <AdminNotice title="Error" message={`The ${label} tab could not be loaded. Please try again in a moment.`} />;
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, { title: "Admin Dashboard", description: "Admin Dashboard", noindex: true });
}
