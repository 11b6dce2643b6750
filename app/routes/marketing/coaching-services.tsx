import type { Route } from "./+types/coaching-services";
import { seo } from "~/utils/seo";
import { PageHero } from "~/components/page-hero";

export default function Page() {
  return (
    <main id="main">
      <PageHero title={"Coaching Services"} intro={"Find the support that fits your life, your body and your week."} />
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: "Coaching Services",
    description: "Compare Learn to Lift, 1-to-1 online coaching and the free community, book a free 20-minute consultation and find answers to common questions.",
  });
}
