import type { Route } from "./+types/foundations-checkout";
import { seo } from "~/utils/seo";
import { PageHero } from "~/components/page-hero";

export default function Page() {
  return (
    <main id="main">
      <PageHero title={"Welcome to Build Stronger Foundations"} intro={"Create your account below to join today"} />
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    path: "/build-stronger-foundations-checkout",
    title: "Checkout: Build Stronger Foundations",
    description: "Join Build Stronger Foundations, the habit course and community for women 40+.",
  });
}
