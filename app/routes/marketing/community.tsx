import { StepNumber } from "~/components/list-markers";
import { Link } from "react-router";
import type { Route } from "./+types/community";
import { CommunityIcon, HabitIcon, SupportIcon, VideoIcon } from "~/components/feature-icons";
import { ArrowRightIcon } from "~/components/icons";
import { JoinCommunityLink } from "~/components/join-community-link";
import { NewsletterSection } from "~/components/newsletter-section";
import { PageHero } from "~/components/page-hero";
import { Section } from "~/components/section";
import {
  callsSection,
  communityCallToAction,
  communityFeatures,
  communityHero,
  communityIntro,
  communityNewsletter,
  featuresSection,
} from "~/content/community";
import { useRootData } from "~/utils/root-data";
import { seo } from "~/utils/seo";
import { getTestimonials } from "~/server/site-blocks/blocks.server";
import { islandsPage, loadAsDocument } from "~/utils/islands-page";

const FOUNDATIONS = "/build-stronger-foundations#top";
const SERVICES = "/coaching-services#top";
const featureIcons = [VideoIcon, CommunityIcon, SupportIcon, HabitIcon];


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
  const intro = communityIntro(site);
  const cta = communityCallToAction(site);
  // The testimonial that speaks about the group calls, if the coach's list still has one.
  const voice = testimonials.find((t) => /group call/i.test(t.quote)) ?? testimonials[0];

  return (
    <main id="main">
      <PageHero eyebrow={communityHero.eyebrow} title={communityHero.title} intro={communityHero.intro}>
        <JoinCommunityLink href={site.communityUrl} className="btn-primary btn-lg max-sm:px-5 max-sm:text-base">
          {communityHero.primary}
        </JoinCommunityLink>
        <Link to={SERVICES} className="btn btn-outline btn-lg max-sm:px-5 max-sm:text-base">
          {communityHero.secondary}
        </Link>
      </PageHero>

      <section aria-labelledby="why-heading" className="section-y">
        <div className="container-page grid items-center gap-12 lg:grid-cols-[1.2fr_1fr] lg:gap-16">
          <div>
            <p className="eyebrow">{intro.eyebrow}</p>
            <h2 id="why-heading" className="mt-3 text-3xl sm:text-4xl lg:text-5xl">
              {intro.title}
            </h2>
            <div className="mt-6 space-y-5 text-lg text-ink">
              {intro.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </div>
          {voice ? (
            <figure className="relative rounded-[2rem] bg-brand-800 p-8 text-sand-50 shadow-xl sm:p-10">
              <svg viewBox="0 0 32 24" aria-hidden="true" focusable="false" className="h-8 w-11 fill-accent-300">
                <path d="M0 24V14.4C0 6.6 4.4 1.6 12.2 0l1.4 3.2C9.2 4.6 7.2 7.4 7 11h5.6v13zm18.4 0V14.4C18.4 6.6 22.8 1.6 30.6 0L32 3.2c-4.4 1.4-6.4 4.2-6.6 7.8H31v13z" />
              </svg>
              <blockquote className="mt-5">
                <p className="font-display text-2xl leading-snug text-white">{voice.quote}</p>
              </blockquote>
              <figcaption className="mt-6 text-base font-semibold text-accent-200">
                {voice.name}, {voice.age}
              </figcaption>
            </figure>
          ) : null}
        </div>
      </section>

      <Section name="features" tone="white" eyebrow={featuresSection.eyebrow} title={featuresSection.title}>
        <ul className="grid gap-6 sm:grid-cols-2">
          {communityFeatures.map((feature, index) => {
            const Icon = featureIcons[index] ?? CommunityIcon;
            return (
              <li
                key={feature.title}
                className="flex flex-col gap-4 rounded-[2rem] border border-sand-200 bg-sand-50 p-6 sm:flex-row sm:gap-5 sm:p-8"
              >
                <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-2xl bg-brand-700 text-white shadow-md">
                  <Icon className="size-7" />
                </span>
                <div>
                  <h3 className="text-2xl">{feature.title}</h3>
                  <p className="mt-2 text-base text-ink-muted">{feature.body}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section name="calls" tone="sand" eyebrow={callsSection.eyebrow} title={callsSection.title}>
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {callsSection.steps.map((step, index) => (
            <li key={step.title} className="relative rounded-[2rem] bg-white p-6 shadow-sm sm:p-7">
              <StepNumber n={index + 1} />
              <h3 className="mt-5 text-2xl">{step.title}</h3>
              <p className="mt-2 text-base text-ink-muted">{step.body}</p>
            </li>
          ))}
        </ol>
      </Section>

      <section aria-labelledby="community-cta-heading" className="on-dark relative isolate overflow-hidden bg-brand-900">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-32 -right-24 -z-10 size-[34rem] rounded-full bg-[radial-gradient(closest-side,rgb(236_167_126/0.28),transparent)]"
        />
        <div className="container-page section-y text-center">
          <h2 id="community-cta-heading" className="mx-auto max-w-2xl text-3xl text-white sm:text-4xl lg:text-5xl">
            {cta.title}
          </h2>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-brand-100 sm:text-xl">{cta.body}</p>
          <div className="mt-9 flex flex-col justify-center gap-3 sm:flex-row sm:gap-4">
            <JoinCommunityLink href={site.communityUrl} className="btn-accent btn-lg max-sm:px-5 max-sm:text-base">
              {cta.primary}
            </JoinCommunityLink>
            <Link
              to={FOUNDATIONS}
              className="btn btn-lg max-sm:px-5 max-sm:text-base border-white/60 bg-transparent text-white hover:bg-white/10"
            >
              {cta.course}
              <ArrowRightIcon className="size-5 max-sm:hidden" />
            </Link>
          </div>
          <p className="mt-6">
            <Link to={SERVICES} className="inline-flex min-h-11 items-center text-lg font-semibold text-white underline decoration-accent-300 underline-offset-4 hover:decoration-white">
              {cta.secondary}
            </Link>
          </p>
        </div>
      </section>

      <NewsletterSection
        name="community-newsletter"
        eyebrow={communityNewsletter.eyebrow}
        title={communityNewsletter.title}
        intro={communityNewsletter.intro}
      />
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    path: "/community",
    title: "Community",
    description:
      "A free, friendly community for women 40+ building strength through perimenopause and menopause, with monthly group video calls.",
  });
}
