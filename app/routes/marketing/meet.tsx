import type { Route } from "./+types/meet";
import { seo, siteFromMatches } from "~/utils/seo";
import { PageHero } from "~/components/page-hero";
import { useRootData } from "~/utils/root-data";

export default function Page() {
  const { site } = useRootData();
  return (
    <main id="main">
      <PageHero title={`Meet ${site.coachName}`} intro={"Strength coach for women in perimenopause and menopause."} />
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches) ?? { coachName: "", coachSlug: "" };
  return seo(matches, {
    path: `/meet-${site.coachSlug}`,
    title: `Meet ${site.coachName}`,
    description: `Meet ${site.coachName}, the strength coach helping women 40+ feel strong, capable and confident through perimenopause and menopause.`,
  });
}
