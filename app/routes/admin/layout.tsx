import { Link, Outlet, redirect, useLocation } from "react-router";
import type { Route } from "./+types/layout";
import { PageHero } from "~/components/page-hero";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { FollowUps } from "~/components/admin/follow-ups";
import { SignupsChart } from "~/components/admin/signups-chart";
import { StatCards } from "~/components/admin/stat-cards";
import { loadOverview } from "~/server/admin/overview.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { ADMIN_TABS, DASHBOARD_PATH, dashboardEntry, tabHref, tabOfPath } from "~/utils/admin-tabs";
import { seo } from "~/utils/seo";

// /settings/admin (docs/product.md §10): the admin dashboard. This layout is what every tab shares
// (the greeting, the follow-up to-dos, the figures and the chart, read on every visit, and the
// row of tabs); each tab is a child route of its own under /settings/admin/<tab> with its loader,
// action and page (app/routes/admin/*.tsx), so each view has an address and works before
// JavaScript loads. /settings/admin itself opens the Users tab; the one-page dashboard's
// addresses (?tab=…) lead to the same tabs. Decisions: docs/decisions/110 to 113 and 273.

// docs/product.md §10.1: a signed-out visitor or a member who is not an admin is sent home with the
// documented message, by the guard, before anything is read. Every tab's loader checks it again.
export async function loader({ request, url }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  if (url.pathname.replace(/\/+$/, "") === DASHBOARD_PATH) {
    const entry = dashboardEntry(url);
    throw redirect(entry.to, entry.moved ? 301 : 302);
  }
  return { firstName: admin.firstName, ...(await loadOverview()) };
}

export type DashboardLayoutData = Awaited<ReturnType<typeof loader>>;

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { firstName, stats, chart, followUps } = loaderData;
  const tab = tabOfPath(useLocation().pathname);
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
          {/* The tabs are links, one address per tab, so each works without JavaScript; Radix
              adds the tab semantics and arrow-key movement. */}
          <Tabs value={tab} activationMode="manual">
            <TabsList aria-label="Admin sections" className="grid w-full grid-cols-2 rounded-3xl sm:grid-cols-4 lg:grid-cols-6">
              {ADMIN_TABS.map((t) => (
                <TabsTrigger key={t.value} value={t.value} asChild>
                  <Link to={tabHref(t.value)} preventScrollReset>
                    {t.label}
                  </Link>
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value={tab}>
              <Outlet />
            </TabsContent>
          </Tabs>
        </section>
      </div>
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, { title: "Admin Dashboard", description: "Admin Dashboard", noindex: true });
}
