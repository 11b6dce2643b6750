import type { Route } from "./+types/privacy";
import { seo } from "~/utils/seo";
import { PageHero } from "~/components/page-hero";

export default function Page() {
  return (
    <main id="main">
      <PageHero title={"Privacy Policy"} intro={"Last updated January 2025"} />
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    path: "/privacy",
    title: "Privacy Policy",
    description: "How we collect, use and protect your personal information.",
  });
}
