import type { Route } from "./+types/learn-to-lift-checkout";
import { seo } from "~/utils/seo";
import { PageHero } from "~/components/page-hero";

export default function Page() {
  return (
    <main id="main">
      <PageHero title={"Join Learn to Lift"} intro={"Create your account below to secure your place."} />
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    path: "/learn-to-lift-checkout",
    title: "Checkout: Learn to Lift",
    description: "Secure your place on Learn to Lift, the 6-week strength course for women 40+.",
  });
}
