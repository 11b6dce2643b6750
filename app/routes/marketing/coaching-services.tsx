import type { Route } from "./+types/coaching-services";
import { seo } from "~/utils/seo";
import { PageHero } from "~/components/page-hero";
import { useRootData } from "~/utils/root-data";

export default function Page() {
  const { site } = useRootData();
  return (
    <main id="main">
      <PageHero title={"Coaching Services"} intro={"Find the support that fits your life, your body and your week."} />
      <section id="consultation" aria-labelledby="consultation-heading" className="container-page py-16">
        <h2 id="consultation-heading" className="font-display text-3xl">
          Book your free consultation
        </h2>
        <p className="mt-4 max-w-prose text-lg">
          A relaxed 20-minute video call to talk through your goals, your symptoms and the right next step for you.
        </p>
        <p className="mt-6">
          <a className="btn btn-primary" href={`https://cal.com/${site.booking.calLink}`} target="_blank" rel="noopener noreferrer">
            Choose a time that suits you
          </a>
        </p>
      </section>
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    path: "/coaching-services",
    title: "Coaching Services",
    description: "Compare Learn to Lift, 1-to-1 online coaching and the free community, book a free 20-minute consultation and find answers to common questions.",
  });
}
