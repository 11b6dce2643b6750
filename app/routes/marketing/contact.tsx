import type { Route } from "./+types/contact";
import { seo } from "~/utils/seo";
import { PageHero } from "~/components/page-hero";

export default function Page() {
  return (
    <main id="main">
      <PageHero title={"Contact"} intro={"Questions, or ready to talk? Book a free 20-minute video consultation."} />
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: "Contact",
    description: "Get in touch or book a free 20-minute video consultation to talk through your goals, your symptoms and the right next step.",
  });
}
