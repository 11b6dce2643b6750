import type { Route } from "./+types/strength-training";
import { seo } from "~/utils/seo";
import { PageHero } from "~/components/page-hero";

export default function Page() {
  return (
    <main id="main">
      <PageHero title={"Strength Training for Women Over 40"} intro={"An evidence-based guide to lifting through perimenopause, menopause and beyond."} />
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    path: "/strength-training",
    title: "Strength Training for Women Over 40",
    description: "Why strength training matters for women over 40: heart and bone health, perimenopause and menopause, HRT, pain and how to start safely.",
  });
}
