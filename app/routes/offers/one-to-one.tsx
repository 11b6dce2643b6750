import type { Route } from "./+types/one-to-one";
import { seo, siteFromMatches } from "~/utils/seo";
import { PageHero } from "~/components/page-hero";
import { useRootData } from "~/utils/root-data";

export default function Page() {
  const { site } = useRootData();
  return (
    <main id="main">
      <PageHero title={`Stronger with ${site.coachName}`} intro={"Personal 1-to-1 coaching built around your body, your symptoms and your week."} />
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches) ?? { coachName: "", coachSlug: "" };
  return seo(matches, {
    path: `/stronger-with-${site.coachSlug}`,
    title: `Stronger with ${site.coachName} | 1-to-1 Online Coaching`,
    description: "Personal 1-to-1 online strength coaching for women 40+: weekly 45-minute video workouts and daily support through perimenopause and menopause.",
  });
}
