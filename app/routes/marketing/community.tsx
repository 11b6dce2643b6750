import type { Route } from "./+types/community";
import { seo } from "~/utils/seo";
import { PageHero } from "~/components/page-hero";

export default function Page() {
  return (
    <main id="main">
      <PageHero title={"Community"} intro={"Train alongside women who understand exactly what this stage of life feels like."} />
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    path: "/community",
    title: "Community",
    description: "A free, friendly community for women 40+ building strength through perimenopause and menopause, with monthly group video calls.",
  });
}
