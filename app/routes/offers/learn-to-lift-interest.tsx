import type { Route } from "./+types/learn-to-lift-interest";
import { seo } from "~/utils/seo";
import { PageHero } from "~/components/page-hero";

export default function Page() {
  return (
    <main id="main">
      <PageHero title={"Register Your Interest in Learn to Lift"} intro={"Be the first to hear when the next cohort opens."} />
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    path: "/learn-to-lift-interest",
    title: "Learn to Lift: Register Your Interest",
    description: "Register your interest in the next Learn to Lift cohort and be the first to hear when places open.",
  });
}
