import type { Route } from "./+types/dashboard";
import { requireAdmin } from "~/server/auth.server";
import { seo } from "~/utils/seo";
import { PageHero } from "~/components/page-hero";

// DESIGN D6: /settings/admin is guarded on the server: a signed-out visitor or a member who is
// not an admin is sent home with the spec's message (SPEC §6).
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
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
