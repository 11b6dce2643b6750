import type { Route } from "./+types/home";
import { seo } from "~/utils/seo";
import { PageHero } from "~/components/page-hero";

export default function Page() {
  return (
    <main id="main">
      <PageHero title={"Thrive Through the Menopause and Beyond"} intro={"Strength training and habit coaching for women 40+, designed around perimenopause and menopause."} />
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    path: "/",
    title: "Strength Training for Women Over 40 | Menopause Fitness Coaching",
    description: "Online strength training and menopause coaching for women 40+ in the UK and online. Build strength, confidence and energy through perimenopause and beyond.",
  });
}
