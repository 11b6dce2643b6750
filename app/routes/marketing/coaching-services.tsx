import { TickBadge } from "~/components/list-markers";
import type { Route } from "./+types/coaching-services";
import type { PublicSiteConfig } from "~/config/public";
import { BookingEmbed } from "~/components/booking-embed";
import { FaqAccordion, renderedFaqItems, renderedFaqJsonLd } from "~/components/faq-accordion";
import { CalendarIcon } from "~/components/icons";
import { NewsletterSection } from "~/components/newsletter-section";
import { PageHero } from "~/components/page-hero";
import { PlanCard } from "~/components/plan-card";
import { Section } from "~/components/section";
import {
  communitySection,
  consultationSection,
  faqSection,
  newsletterSection,
  plansSection,
  servicesHero,
} from "~/content/coaching-services";
import { communityTier, offerPrices, OFFER_FACTS, paidPlans } from "~/content/plans";
import { useRootData } from "~/utils/root-data";
import { productJsonLd, seo, siteFromMatches } from "~/utils/seo";
import { islandsPage, loadAsDocument } from "~/utils/islands-page";
import { renderedFaq } from "~/server/site-blocks/rendered.server";


// A page that does not hydrate (app/utils/islands-page.ts).
export const handle = islandsPage;
// The FAQ is the coach's (the Content tab), rendered on the server; nothing else is loaded.
export async function loader() {
  return { faq: await renderedFaq("faqCoaching") };
}
export const clientLoader = loadAsDocument;

export default function Page({ loaderData }: Route.ComponentProps) {
  const { site } = useRootData();
  const consultation = consultationSection(site);
  const tier = communityTier(site);

  return (
    <main id="main">
      <PageHero eyebrow={servicesHero.eyebrow} title={servicesHero.title} intro={servicesHero.intro}>
        <a href="#consultation" className="btn btn-primary btn-lg max-sm:px-5 max-sm:text-base">
          <CalendarIcon className="size-5" />
          {servicesHero.cta}
        </a>
        <a href="#plans" className="btn btn-ghost btn-lg max-sm:px-5 max-sm:text-base">
          Compare programmes
        </a>
      </PageHero>

      <Section name="plans" id="plans" eyebrow={plansSection.eyebrow} title={plansSection.title} intro={plansSection.intro}>
        <div className="mx-auto grid max-w-5xl gap-10 pt-4 md:grid-cols-2 md:gap-8">
          {paidPlans(site).map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </div>
      </Section>

      <section aria-labelledby="community-tier-heading" className="section-y bg-sand-100">
        <div className="container-page grid items-center gap-10 lg:grid-cols-[1fr_1fr] lg:gap-16">
          <div>
            <p className="eyebrow">{communitySection.eyebrow}</p>
            <h2 id="community-tier-heading" className="mt-3 text-3xl sm:text-4xl lg:text-5xl">
              {communitySection.title}
            </h2>
            <p className="mt-5 text-lg text-ink-muted sm:text-xl">{communitySection.intro}</p>
          </div>
          <PlanCard plan={tier} variant="free" className="bg-white" />
        </div>
      </section>

      <section id="consultation" aria-labelledby="consultation-heading" className="section-y bg-white">
        <div className="container-page grid gap-10 lg:grid-cols-[0.8fr_1.2fr] lg:gap-14">
          <div className="lg:pt-4">
            <p className="eyebrow">{consultation.eyebrow}</p>
            <h2 id="consultation-heading" className="mt-3 text-3xl sm:text-4xl lg:text-5xl">
              {consultation.title}
            </h2>
            <p className="mt-5 text-lg text-ink-muted">{consultation.intro}</p>
            <ul className="mt-8 space-y-4">
              {consultation.points.map((point) => (
                <li key={point} className="flex gap-3 text-base text-ink">
                  <TickBadge className="mt-0.5" />
                  {point}
                </li>
              ))}
            </ul>
          </div>
          <BookingEmbed calLink={site.booking.calLink} namespace={site.booking.namespace} />
        </div>
      </section>

      <Section name="faq" tone="sand" eyebrow={faqSection.eyebrow} title={faqSection.title} intro={faqSection.intro}>
        <FaqAccordion items={renderedFaqItems(loaderData.faq)} idPrefix="services-faq" className="mx-auto max-w-3xl" />
      </Section>

      <NewsletterSection
        name="newsletter"
        eyebrow={newsletterSection.eyebrow}
        title={newsletterSection.title}
        intro={newsletterSection.intro}
      />
    </main>
  );
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return seo(matches, {
    path: "/coaching-services",
    title: "Coaching Services",
    description:
      `Compare Learn to Lift, 1-to-1 online coaching and the free community, book a free ${OFFER_FACTS.consultationMinutes}-minute consultation and find answers to common questions.`,
    jsonLd: site ? [...plansJsonLd(site), renderedFaqJsonLd(loaderData?.faq ?? [])] : [],
  });
}

/** The two paid plans as schema.org Products with their catalogue prices (docs/product.md §2.4). */
function plansJsonLd(site: PublicSiteConfig) {
  const { learnToLift, oneToOne } = offerPrices(site);
  const subtitles = new Map(paidPlans(site).map((plan) => [plan.id, plan.subtitle]));
  return [learnToLift.product, oneToOne.product].map((product) =>
    productJsonLd(site, product, subtitles.get(product.productKey) ?? product.name),
  );
}
