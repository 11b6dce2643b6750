import type { Route } from "./+types/one-to-one-checkout";
import { seo, siteFromMatches } from "~/utils/seo";
import { PageHero } from "~/components/page-hero";
import { useRootData } from "~/utils/root-data";

export default function Page() {
  const { site } = useRootData();
  return (
    <main id="main">
      <PageHero title={`Join Stronger with ${site.coachName}`} intro={"Create your account below to start your coaching."} />
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches) ?? { coachName: "", coachSlug: "" };
  return seo(matches, {
    path: `/stronger-with-${site.coachSlug}-checkout`,
    title: `Checkout: Stronger with ${site.coachName}`,
    description: `Join Stronger with ${site.coachName}, 1-to-1 online strength coaching for women 40+.`,
  });
}
