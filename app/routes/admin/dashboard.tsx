import { redirect } from "react-router";
import type { Route } from "./+types/dashboard";
import { seo } from "~/utils/seo";
import { PageHero } from "~/components/page-hero";

// DESIGN D6: /settings/admin is guarded on the server. Until accounts exist no visitor is signed
// in, so every visit is sent home; the admin issue replaces this with requireAdmin.
export function loader(_args: Route.LoaderArgs) {
  throw redirect("/");
}

export default function AdminDashboard() {
  return (
    <main id="main">
      <PageHero title="Admin Dashboard" intro="Manage members, integrations and your offers." />
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, { title: "Admin Dashboard", description: "Admin Dashboard", noindex: true });
}
