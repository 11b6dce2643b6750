import type { Route } from "./+types/home";
import { TickBadge } from "~/components/list-markers";
import { Link } from "react-router";
import type { PublicSiteConfig } from "~/config/public";
import { ArtChip, SoftGlow, SunriseArch } from "~/components/brand-art";
import { CommunityIcon, HabitIcon, SupportIcon } from "~/components/feature-icons";
import { ArrowRightIcon } from "~/components/icons";
import { Section } from "~/components/section";
import { TestimonialCarousel } from "~/components/testimonial-carousel";
import { businessJsonLd, helpCards, helpSection, homeHero, painPoints, painPointsSection, testimonialsSection } from "~/content/home";
import { useRootData } from "~/utils/root-data";
import { seo, siteFromMatches } from "~/utils/seo";
import { getBlock, getTestimonials } from "~/server/site-blocks/blocks.server";
import { pagePhoto, type PagePhoto } from "~/server/site-blocks/rendered.server";
import { ResponsivePhoto } from "~/components/responsive-photo";
import { islandsPage, loadAsDocument } from "~/utils/islands-page";
import { LeadCapture, CalendarSignup } from "~/components/home/signup-sections";
import { OneToOne, OneToOneCallToAction } from "~/components/home/one-to-one-sections";

const SERVICES = "/coaching-services#top";

// A page that does not hydrate (app/utils/islands-page.ts).
export const handle = islandsPage;
// The headline, testimonials and photos are the coach's (the Content tab), read on the server only:
// the page does not hydrate, so nothing is sent to the browser but the HTML.
export async function loader() {
  const [hero, testimonials, heroPhoto, coachPhoto] = await Promise.all([
    getBlock("homeHero"),
    getTestimonials(),
    pagePhoto("heroPhoto"),
    pagePhoto("coachPhoto"),
  ]);
  return { hero, testimonials, heroPhoto, coachPhoto };
}
export const clientLoader = loadAsDocument;

export default function Page({ loaderData }: Route.ComponentProps) {
  const { hero, testimonials, heroPhoto, coachPhoto } = loaderData;
  const { site } = useRootData();
  return (
    <main id="main">
      <Hero headline={hero.headline} intro={hero.intro} photo={heroPhoto} />
      <PainPoints />
      <HowIHelp site={site} />
      <LeadCapture />
      {testimonials.length > 0 ? (
        <Section
          name="testimonials"
          tone="white"
          eyebrow={testimonialsSection.eyebrow}
          title={testimonialsSection.title}
          intro={testimonialsSection.intro}
        >
          <TestimonialCarousel items={testimonials} label="Client testimonials" className="-mx-5 sm:-mx-8 xl:-mx-16" />
        </Section>
      ) : null}
      <OneToOne site={site} />
      <OneToOneCallToAction site={site} coachPhoto={coachPhoto} />
      <CalendarSignup />
    </main>
  );
}

function Hero({ headline, intro, photo }: { headline: string; intro: string; photo: PagePhoto | null }) {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative isolate overflow-hidden border-b border-sand-200 bg-linear-to-b from-sand-100 to-sand-50"
    >
      <SoftGlow />
      <div className="container-page grid items-center gap-12 pt-12 pb-16 sm:pt-16 sm:pb-20 lg:grid-cols-[minmax(0,1.25fr)_minmax(0,0.75fr)] lg:gap-12 lg:py-24">
        <div>
          <p className="eyebrow">{homeHero.eyebrow}</p>
          <h1 id="hero-heading" className="mt-4 text-[2.75rem] leading-[1.05] sm:text-6xl lg:text-7xl">
            {headline}
          </h1>
          <p className="mt-6 max-w-xl text-lg text-ink-muted sm:text-xl">{intro}</p>
          <div className="mt-9 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Link to="/coaching-services#consultation" className="btn btn-primary btn-lg text-base max-sm:px-5 sm:px-7">
              {homeHero.cta}
              <ArrowRightIcon className="size-5 max-sm:hidden" />
            </Link>
            <Link to={SERVICES} className="btn btn-outline btn-lg text-base max-sm:px-5 sm:px-6">
              {homeHero.secondaryCta}
            </Link>
          </div>
          <ul className="mt-9 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-x-7">
            {homeHero.highlights.map((item) => (
              <li key={item} className="flex items-center gap-2.5 text-base font-medium text-ink">
                <TickBadge />
                {item}
              </li>
            ))}
          </ul>
        </div>
        {photo ? (
          // Her photo in the arch the artwork draws; the chips stay (decorative, as on the artwork).
          <div className="relative mx-auto w-full max-w-[21rem] sm:max-w-[25rem] lg:max-w-[28rem]">
            <ResponsivePhoto
              photo={photo.sources}
              alt={photo.alt}
              sizes="(min-width: 1024px) 28rem, (min-width: 640px) 25rem, 21rem"
              priority
              className="block aspect-[6/7] overflow-hidden shadow-xl [border-radius:50%_50%_2rem_2rem/43%_43%_2rem_2rem]"
              imgClassName="size-full object-cover"
            />
            <span aria-hidden="true">
              <ArtChip className="top-[24%] -left-1 sm:-left-8">{homeHero.chips[0]}</ArtChip>
              <ArtChip className="top-[46%] -right-1 sm:-right-6 lg:-right-3">{homeHero.chips[1]}</ArtChip>
              <ArtChip className="bottom-[14%] -left-1 sm:-left-10">{homeHero.chips[2]}</ArtChip>
            </span>
          </div>
        ) : (
          <SunriseArch className="max-w-[21rem] sm:max-w-[25rem] lg:max-w-[28rem]">
            <ArtChip className="top-[24%] -left-1 sm:-left-8">{homeHero.chips[0]}</ArtChip>
            <ArtChip className="top-[46%] -right-1 sm:-right-6 lg:-right-3">{homeHero.chips[1]}</ArtChip>
            <ArtChip className="bottom-[14%] -left-1 sm:-left-10">{homeHero.chips[2]}</ArtChip>
          </SunriseArch>
        )}
      </div>
    </section>
  );
}

function PainPoints() {
  return (
    <Section
      name="is-this-you"
      eyebrow="Sound familiar?"
      title={painPointsSection.title}
      intro={painPointsSection.intro}
    >
      <ul className="grid gap-4 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3">
        {painPoints.map((point, index) => (
          <li key={point} className="flex">
            <Link
              to={SERVICES}
              className="group flex w-full items-center justify-between gap-4 rounded-3xl border border-sand-200 bg-white p-5 shadow-sm transition-[box-shadow,transform,border-color] duration-200 hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-lg sm:flex-col sm:items-stretch sm:gap-6 sm:p-7"
            >
              <span className="flex items-start gap-4">
                <span
                  aria-hidden="true"
                  className="font-display text-2xl leading-none font-semibold text-accent-600"
                >
                  {String(index + 1).padStart(2, "0")}
                </span>
                <span className="font-display text-xl leading-snug text-ink">{point}</span>
              </span>
              <span
                aria-hidden="true"
                className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 transition-colors group-hover:bg-brand-700 group-hover:text-white sm:ml-auto"
              >
                <ArrowRightIcon className="size-5" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-10 text-center text-lg text-ink">
        <Link to={SERVICES} className="link">
          See how coaching can help
        </Link>
      </p>
    </Section>
  );
}

const helpIcons = [HabitIcon, CommunityIcon, SupportIcon];

function HowIHelp({ site }: { site: PublicSiteConfig }) {
  return (
    <Section name="how-i-help" tone="sand" eyebrow={helpSection.eyebrow} title={helpSection.title} intro={helpSection.intro}>
      <ul className="grid gap-6 lg:grid-cols-3">
        {helpCards(site).map((card, index) => {
          const Icon = helpIcons[index] ?? HabitIcon;
          return (
            <li
              key={card.title}
              className="group relative flex flex-col rounded-[2rem] border border-sand-200 bg-white p-7 shadow-sm transition-[box-shadow,transform] duration-200 tablet-card-row focus-within:shadow-lg hover:-translate-y-0.5 hover:shadow-lg sm:p-8"
            >
              <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-brand-700 text-white shadow-md">
                <Icon className="size-8" />
              </span>
              <h3 className="mt-6 text-2xl sm:text-3xl">{card.title}</h3>
              <p className="mt-3 flex-1 text-base text-ink-muted">{card.body}</p>
              <Link
                to={SERVICES}
                className="mt-6 inline-flex items-center gap-2 font-semibold text-brand-700 after:absolute after:inset-0 after:rounded-[2rem] group-hover:text-brand-800"
              >
                Learn More
                <span className="sr-only"> about {card.title}</span>
                <ArrowRightIcon className="size-5 transition-transform group-hover:translate-x-1" />
              </Link>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return seo(matches, {
    path: "/",
    title: "Strength Training for Women Over 40 | Menopause Fitness Coaching",
    description:
      "Online strength training and menopause coaching for women 40+ in the UK and online. Build strength, confidence and energy through perimenopause and beyond.",
    jsonLd: site ? [businessJsonLd(site)] : [],
  });
}
