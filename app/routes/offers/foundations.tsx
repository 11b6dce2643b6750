import type { Route } from "./+types/foundations";
import { seo } from "~/utils/seo";
import { PageHero } from "~/components/page-hero";

export default function Page() {
  return (
    <main id="main">
      <PageHero title={"Build Stronger Foundations"} intro={"Small, steady habits that make exercise part of your life."} />
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    path: "/build-stronger-foundations",
    title: "Build Stronger Foundations | Habit Course and Community",
    description: "Build Stronger Foundations: a habit-building course and supportive community for women 40+, billed monthly.",
  });
}
