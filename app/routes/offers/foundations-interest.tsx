import type { Route } from "./+types/foundations-interest";
import { seo } from "~/utils/seo";
import { PageHero } from "~/components/page-hero";

export default function Page() {
  return (
    <main id="main">
      <PageHero title={"Make Exercise Easier"} intro={"Join the waitlist and get practical habit tips straight to your inbox."} />
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    path: "/build-stronger-foundations-interest",
    title: "Make Exercise Easier | Build Stronger Foundations Waitlist",
    description: "Join the waitlist for Build Stronger Foundations and get simple, practical habit tips for women 40+.",
  });
}
