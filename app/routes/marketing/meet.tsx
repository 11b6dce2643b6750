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
import { getTestimonials } from "~/server/site-blocks/blocks.server";
import { renderedMeetPage } from "~/server/site-blocks/rendered.server";
import { ResponsivePhoto } from "~/components/responsive-photo";
import { islandsPage, loadAsDocument } from "~/utils/islands-page";

const SERVICES = "/coaching-services#top";
const approachIcons = [LeafIcon, SimpleIcon, HeartHandIcon];


// A page that does not hydrate (app/utils/islands-page.ts).
export const handle = islandsPage;
// Her words, photo, qualifications and the testimonials are the coach's (the Content tab), read on
// the server only: the page does not hydrate, so nothing is sent to the browser but the HTML.
export async function loader() {
  const [words, testimonials] = await Promise.all([renderedMeetPage(), getTestimonials()]);
  return { words, testimonials };
}
export const clientLoader = loadAsDocument;

export default function Page({ loaderData }: Route.ComponentProps) {
  const { words, testimonials } = loaderData;
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
          {words.photo ? (
            <figure className="mx-auto w-full max-w-[20rem] sm:max-w-[24rem]">
              <ResponsivePhoto
                photo={words.photo.sources}
                alt={words.photo.alt}
                sizes="(min-width: 640px) 24rem, 20rem"
                priority
                className="block aspect-[4/5] overflow-hidden shadow-xl [border-radius:50%_50%_2rem_2rem/40%_40%_2rem_2rem]"
                imgClassName="size-full object-cover"
              />
              <figcaption className="mt-5 text-center">
                <span className="block font-display text-2xl font-semibold text-ink">{site.coachName}</span>
                <span className="mt-1 block text-base text-ink-muted">{words.caption}</span>
              </figcaption>
            </figure>
          ) : (
            <CoachPortrait name={site.coachName} role={words.caption} className="max-w-[20rem] sm:max-w-[24rem]" />
          )}
        </div>
      </section>

      {/* Bio */}
      <Section name="bio" align="left" eyebrow={bio.eyebrow} title={bio.title}>
        <div className="grid gap-10 lg:grid-cols-[1.5fr_1fr] lg:gap-16">
          {/* Her Markdown, rendered on the server to safe HTML (app/server/site-blocks/rendered.server.ts). */}
          <div className="prose-copy max-w-none text-lg" dangerouslySetInnerHTML={{ __html: words.bioHtml }} />
          <div className="flex flex-col gap-6">
            <dl className="grid content-start gap-4">
              {bio.facts.map((fact) => (
                <div key={fact.label} className="rounded-2xl border border-sand-200 bg-white p-5 shadow-xs">
                  <dt className="eyebrow">{fact.label}</dt>
                  <dd className="mt-1 font-display text-xl font-semibold text-ink">{fact.value}</dd>
                </div>
              ))}
            </dl>
            {words.qualifications.length > 0 ? (
              <div className="rounded-2xl border border-sand-200 bg-sand-50 p-5">
                <h3 className="eyebrow">Qualifications</h3>
                <ul className="mt-3 flex flex-col gap-3">
                  {words.qualifications.map((item) => (
                    <li key={item.title} className="text-base">
                      <span className="block font-semibold text-ink">{item.title}</span>
                      {item.detail ? <span className="block text-ink-muted">{item.detail}</span> : null}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
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
          <div className="prose-copy mt-8 max-w-none text-lg" dangerouslySetInnerHTML={{ __html: words.storyHtml }} />
          {words.quote ? (
            <figure className="mt-12 rounded-[2rem] bg-brand-50 p-8 sm:p-10">
              <blockquote>
                <p className="font-display text-2xl leading-snug text-brand-900 italic sm:text-3xl">“{words.quote}”</p>
              </blockquote>
              <figcaption className="mt-5 flex items-center gap-3 text-base font-semibold text-ink">
                <span aria-hidden="true" className="h-0.5 w-8 rounded-full bg-accent-400" />
                {site.coachName}
              </figcaption>
            </figure>
          ) : null}
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
