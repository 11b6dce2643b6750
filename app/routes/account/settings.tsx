import { redirect } from "react-router";
import type { Route } from "./+types/settings";
import { seo } from "~/utils/seo";
import { PageHero } from "~/components/page-hero";

// DESIGN D6: /settings is guarded on the server. Until accounts exist no visitor is signed in, so
// every visit is sent home; the accounts issue replaces this with requireUser.
export function loader(_args: Route.LoaderArgs) {
  throw redirect("/");
}

export default function Settings() {
  return (
    <main id="main">
      <PageHero title="Account Settings" intro="Manage your profile, security and preferences." />
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, { title: "Settings", description: "Account Settings", noindex: true });
}
