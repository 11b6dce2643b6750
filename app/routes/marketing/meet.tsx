import { Link } from "react-router";
import type { Route } from "./+types/meet";
import { CoachPortrait, SoftGlow } from "~/components/brand-art";
import { HeartHandIcon, LeafIcon, SimpleIcon } from "~/components/feature-icons";
import { ArrowRightIcon } from "~/components/icons";
import { Section } from "~/components/section";
import { TestimonialCarousel } from "~/components/testimonial-carousel";
import {
  approachCards,
  approachSection,
  meetBio,
  meetCallToAction,
  meetHero,
  meetStory,
  meetTestimonials,
} from "~/content/meet";
import { useRootData } from "~/utils/root-data";
import { seo, siteFromMatches } from "~/utils/seo";
import { getTestimonials } from "~/server/content/blocks.server";
import { islandsPage, loadAsDocument } from "~/utils/islands-page";

const SERVICES = "/coaching-services#top";
const approachIcons = [LeafIcon, SimpleIcon, HeartHandIcon];


// A page that does not hydrate (app/utils/islands-page.ts).
export const handle = islandsPage;
// The testimonials are the coach's (the Content tab), read on the server only: nothing is sent to the browser.
export async function loader() {
  return { testimonials: await getTestimonials() };
}
export const clientLoader = loadAsDocument;

export default function Page({ loaderData }: Route.ComponentProps) {
  const { testimonials } = loaderData;
  const { site } = useRootData();
  const hero = meetHero(site);
  const bio = meetBio(site);
  const story = meetStory();
  const cta = meetCallToAction(site);

  return (
    <main id="main">
      {/* Hero */}
      <section
        aria-labelledby="meet-heading"
        className="relative isolate overflow-hidden border-b border-sand-200 bg-linear-to-b from-sand-100 to-sand-50"
      >
        <SoftGlow />
        <div className="container-page grid items-center gap-14 pt-12 pb-20 sm:pt-16 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,0.7fr)] lg:gap-12 lg:py-24">
          <div>
            <p className="eyebrow">{hero.eyebrow}</p>
            <h1 id="meet-heading" className="mt-4 text-5xl sm:text-6xl lg:text-7xl">
              {hero.title}
            </h1>
            <p className="mt-6 max-w-xl text-lg text-ink-muted sm:text-xl">{hero.intro}</p>
            <div className="mt-9 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <Link to={SERVICES} className="btn btn-primary btn-lg text-base max-sm:px-5 sm:px-7">
                {cta.primary}
                <ArrowRightIcon className="size-5 max-sm:hidden" />
              </Link>
              <Link to="/contact#consultation" className="btn btn-outline btn-lg text-base max-sm:px-5 sm:px-6">
                {cta.secondary}
              </Link>
            </div>
          </div>
          <CoachPortrait name={site.coachName} role={hero.role} className="max-w-[20rem] sm:max-w-[24rem]" />
        </div>
      </section>

      {/* Bio */}
      <Section name="bio" align="left" eyebrow={bio.eyebrow} title={bio.title}>
        <div className="grid gap-10 lg:grid-cols-[1.5fr_1fr] lg:gap-16">
          <div className="space-y-5 text-lg text-ink">
            {bio.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <dl className="grid content-start gap-4">
            {bio.facts.map((fact) => (
              <div key={fact.label} className="rounded-2xl border border-sand-200 bg-white p-5 shadow-xs">
                <dt className="eyebrow">{fact.label}</dt>
                <dd className="mt-1 font-display text-xl font-semibold text-ink">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </Section>

      {/* Approach */}
      <Section
        name="approach"
        tone="sand"
        eyebrow={approachSection.eyebrow}
        title={approachSection.title}
        intro={approachSection.intro}
      >
        <ul className="grid gap-6 lg:grid-cols-3">
          {approachCards.map((card, index) => {
            const Icon = approachIcons[index] ?? LeafIcon;
            return (
              <li key={card.title} className="flex">
                <Link
                  to={SERVICES}
                  className="group flex w-full flex-col rounded-[2rem] border border-sand-200 bg-white p-7 shadow-sm transition-[box-shadow,transform,border-color] duration-200 tablet-card-row hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-lg sm:p-8"
                >
                  <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-brand-700 text-white shadow-md">
                    <Icon className="size-8" />
                  </span>
                  <span className="mt-6 block font-display text-3xl font-semibold text-ink">{card.title}</span>
                  <span className="mt-3 block flex-1 text-base text-ink-muted">{card.body}</span>
                  <span className="mt-6 inline-flex items-center gap-2 font-semibold text-brand-700">
                    See how it works
                    <ArrowRightIcon className="size-5 transition-transform group-hover:translate-x-1" />
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </Section>

      {/* Story */}
      <section aria-labelledby="story-heading" className="section-y bg-white">
        <div className="container-prose">
          <p className="eyebrow">{story.eyebrow}</p>
          <h2 id="story-heading" className="mt-3 text-3xl sm:text-4xl lg:text-5xl">
            {story.title}
          </h2>
          <div className="mt-8 space-y-5 text-lg text-ink">
            {story.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <figure className="mt-12 rounded-[2rem] bg-brand-50 p-8 sm:p-10">
            <blockquote>
              <p className="font-display text-2xl leading-snug text-brand-900 italic sm:text-3xl">“{story.quote}”</p>
            </blockquote>
            <figcaption className="mt-5 flex items-center gap-3 text-base font-semibold text-ink">
              <span aria-hidden="true" className="h-0.5 w-8 rounded-full bg-accent-400" />
              {site.coachName}
            </figcaption>
          </figure>
        </div>
      </section>

      {/* Testimonials */}
      {testimonials.length > 0 ? (
        <Section name="meet-testimonials" tone="plum" eyebrow={meetTestimonials.eyebrow} title={meetTestimonials.title}>
          <TestimonialCarousel items={testimonials} tone="dark" label="Client testimonials" className="-mx-5 sm:-mx-8 xl:-mx-16" />
        </Section>
      ) : null}

      {/* Calls to action */}
      <section aria-labelledby="meet-cta-heading" className="section-y">
        <div className="container-page">
          <div className="relative isolate overflow-hidden rounded-[2.5rem] border border-sand-200 bg-sand-100 px-6 py-12 text-center shadow-sm sm:px-12 sm:py-16">
            <SoftGlow />
            <h2 id="meet-cta-heading" className="mx-auto max-w-2xl text-3xl sm:text-4xl lg:text-5xl">
              {cta.title}
            </h2>
            <p className="mx-auto mt-5 max-w-2xl text-lg text-ink-muted sm:text-xl">{cta.body}</p>
            <div className="mt-9 flex flex-col justify-center gap-3 sm:flex-row sm:gap-4">
              <Link to={SERVICES} className="btn btn-primary btn-lg max-sm:px-5 max-sm:text-base">
                {cta.primary}
                <ArrowRightIcon className="size-5 max-sm:hidden" />
              </Link>
              <Link to="/contact#consultation" className="btn btn-outline btn-lg max-sm:px-5 max-sm:text-base">
                {cta.secondary}
              </Link>
            </div>
          </div>
        </div>
      </section>
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
