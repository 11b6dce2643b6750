import type { Route } from "./+types/learn-to-lift";
import { seo } from "~/utils/seo";
import { PageHero } from "~/components/page-hero";

export default function Page() {
  return (
    <main id="main">
      <PageHero title={"Learn to Lift"} intro={"A 6-week group course that teaches you to lift with confidence."} />
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    path: "/learn-to-lift",
    title: "Learn to Lift | 6-Week Strength Course",
    description: "Learn to Lift is a 6-week small-group strength course for women 40+: short workouts, expert coaching and lifetime access.",
  });
}
