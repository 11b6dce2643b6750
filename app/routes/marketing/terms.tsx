import type { Route } from "./+types/terms";
import { seo } from "~/utils/seo";
import { PageHero } from "~/components/page-hero";

export default function Page() {
  return (
    <main id="main">
      <PageHero title={"Terms and Conditions"} intro={"Last updated January 2025"} />
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    path: "/terms",
    title: "Terms and Conditions",
    description: "The terms and conditions for using this website and our coaching services.",
  });
}
