import { TickBadge } from "~/components/list-markers";
import { Link } from "react-router";
import type { Route } from "./+types/foundations";
import { RichParagraphs } from "~/components/article-text";
import { SoftGlow } from "~/components/brand-art";
import { FaqAccordion, renderedFaqItems, renderedFaqJsonLd } from "~/components/faq-accordion";
import { ArrowLeftIcon, ArrowRightIcon } from "~/components/icons";
import { JoinCommunityLink } from "~/components/join-community-link";
import { Section } from "~/components/section";
import {
  FOUNDATIONS_DESCRIPTION,
  communityPillars,
  courseIntro,
  features,
  foundationsJsonLd,
  foundationsPrice,
  whyHabitsMatter,
} from "~/content/foundations";
import { useRootData } from "~/utils/root-data";
import { seo, siteFromMatches } from "~/utils/seo";
import { islandsPage, loadAsDocument } from "~/utils/islands-page";
import { FOUNDATIONS_KEEP_NOTE } from "~/content/foundations-keep";
import { renderedFaq } from "~/server/site-blocks/rendered.server";


// A page that does not hydrate (app/utils/islands-page.ts).
export const handle = islandsPage;
// The FAQ is the coach's (the Content tab), rendered on the server; nothing else is loaded.
export async function loader() {
  return { faq: await renderedFaq("faqFoundations") };
}
export const clientLoader = loadAsDocument;

export default function Foundations({ loaderData }: Route.ComponentProps) {
  const { site } = useRootData();
  const price = foundationsPrice(site);
  const checkout = price.product.checkoutPath;

  return (
    <main id="main">
      <section
        aria-labelledby="foundations-title"
        className="relative isolate overflow-hidden border-b border-sand-200 bg-linear-to-b from-sand-100 to-sand-50"
      >
        <SoftGlow />
        <div className="container-page grid items-center gap-12 py-14 sm:py-20 lg:grid-cols-[1.15fr_0.85fr] lg:gap-16 lg:py-24">
          <div>
            <p className="eyebrow mb-4">Habit course + community</p>
            <h1 id="foundations-title" className="text-5xl sm:text-6xl lg:text-7xl">
              Build Stronger Foundations
            </h1>
            <p className="mt-6 max-w-xl text-lg text-ink-muted sm:text-xl">
              Small, steady habits that make exercise part of your life, with a community of women who understand
              exactly where you are. No willpower marathons, no starting over every Monday.
            </p>
            <div className="mt-10 flex flex-wrap items-center gap-x-6 gap-y-4">
              <Link to={checkout} className="btn btn-primary btn-lg">
                Start Building Today
                <ArrowRightIcon className="size-5" />
              </Link>
              <a href="#what-youll-get" className="link inline-flex min-h-11 items-center text-lg">
                See what you'll get
              </a>
            </div>
          </div>
          <FoundationsArt monthly={price.monthly} />
        </div>
      </section>

      <Section
        name="why-habits"
        eyebrow="The idea"
        title="Why Habits Matter"
        intro="Motivation comes and goes, especially with broken sleep and a full diary. Habits carry you on the days motivation doesn't turn up."
      >
        <ul className="grid gap-5 lg:grid-cols-3">
          {whyHabitsMatter.map((pillar, index) => (
            <li key={pillar.title} className="flex flex-col rounded-3xl border border-sand-200 bg-white p-7 shadow-sm tablet-card-row sm:p-8">
              <PillarMark index={index} />
              <h3 className="mt-5 text-2xl">{pillar.title}</h3>
              <p className="mt-3 text-base text-ink-muted">{pillar.body}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section name="the-course" tone="white" align="left" eyebrow="The course" title="What Build Stronger Foundations is">
        <div className="grid gap-10 lg:grid-cols-[1.3fr_0.7fr] lg:gap-16">
          <div className="space-y-5 text-lg">
            <RichParagraphs paragraphs={courseIntro} />
          </div>
          <dl className="grid gap-4 self-start rounded-3xl bg-brand-50 p-7 sm:grid-cols-2 lg:grid-cols-1">
            {[
              ["Format", "Self-paced lessons and worksheets"],
              ["Worksheets", "10–15 minutes each"],
              ["Live", "A monthly group video call"],
              ["Price", `${price.monthly} a month, billed monthly`],
            ].map(([term, detail]) => (
              <div key={term}>
                <dt className="text-xs font-bold tracking-[0.14em] text-accent-700 uppercase">{term}</dt>
                <dd className="mt-1 text-lg font-semibold text-ink">{detail}</dd>
              </div>
            ))}
          </dl>
        </div>
      </Section>

      <Section
        name="features"
        eyebrow="Inside the course"
        title="Everything you need to make it stick"
        intro="Practical tools, not homework: each one is there to make the next small step easier."
      >
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((feature, index) => (
            <li key={feature.title} className="flex flex-col rounded-3xl border border-sand-200 bg-white p-7 shadow-sm">
              <span
                aria-hidden="true"
                className="inline-flex size-11 items-center justify-center rounded-2xl bg-brand-100 font-display text-lg font-semibold text-brand-800"
              >
                {String(index + 1).padStart(2, "0")}
              </span>
              <h3 className="mt-5 text-xl">{feature.title}</h3>
              <p className="mt-2 text-base text-ink-muted">{feature.body}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        name="community"
        tone="plum"
        eyebrow="The community"
        title="How the Community Works"
        intro="A private online space and a monthly group video call, built on three simple ideas."
      >
        <ul className="grid gap-5 lg:grid-cols-3">
          {communityPillars.map((pillar) => (
            <li key={pillar.title} className="rounded-3xl border border-white/15 bg-white/[0.06] p-7 sm:p-8">
              <span aria-hidden="true" className="block h-1 w-12 rounded-full bg-accent-300" />
              <h3 className="mt-5 text-2xl text-white">{pillar.title}</h3>
              <p className="mt-3 text-base text-brand-100">{pillar.body}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section name="what-youll-get" id="what-youll-get" eyebrow="Membership" title="What You'll Get">
        <div className="mx-auto grid max-w-5xl items-stretch gap-8 lg:grid-cols-[1.15fr_0.85fr]">
          <ul className="space-y-4 rounded-[2rem] border border-sand-200 bg-white p-7 shadow-sm sm:p-9">
            {price.product.features.map((feature) => (
              <li key={feature} className="flex gap-3 text-lg">
                <TickBadge className="mt-1" />
                <span>{feature}</span>
              </li>
            ))}
            <li id="what-you-keep" className="border-t border-sand-200 pt-4 text-base text-ink-muted">
              {FOUNDATIONS_KEEP_NOTE}
            </li>
          </ul>
          <div className="on-dark flex flex-col justify-between rounded-[2rem] bg-brand-800 p-6 text-sand-100 shadow-xl sm:p-9">
            <div>
              <p className="font-sans text-xs font-bold tracking-[0.14em] text-accent-200 uppercase">{price.product.name}</p>
              <p className="mt-4 flex items-baseline gap-1.5">
                <span className="font-display text-6xl leading-none font-semibold text-white">{price.monthly}</span>
                <span className="text-lg font-medium text-brand-100">/month</span>
              </p>
              <p className="mt-3 inline-flex rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-accent-200">
                Billed Monthly
              </p>
            </div>
            <div className="mt-8">
              <Link to={checkout} className="btn btn-accent btn-lg w-full max-sm:px-5 max-sm:text-base">
                Join the Community
                <ArrowRightIcon className="size-5" />
              </Link>
              {/* The free tier's own way in: the community platform, not this course's checkout. */}
              <div className="mt-8 border-t border-white/15 pt-7">
                <p className="text-base text-brand-100">
                  Just want company for now? The community and its monthly group call are free and open to everyone.
                </p>
                <JoinCommunityLink
                  href={site.communityUrl}
                  className="mt-4 w-full border-white/60 bg-transparent text-white hover:bg-white/10 max-sm:px-4 max-sm:text-sm"
                />
              </div>
            </div>
          </div>
        </div>
      </Section>

      <Section name="foundations-faq" tone="white" eyebrow="FAQ" title="Questions, answered">
        <FaqAccordion
          idPrefix="foundations-faq"
          className="mx-auto max-w-3xl"
          items={renderedFaqItems(loaderData.faq)}
        />
      </Section>

      <div className="container-page flex justify-center pt-4 pb-16 sm:pb-20">
        <Link to="/coaching-services" className="btn btn-outline">
          <ArrowLeftIcon className="size-5" />
          Back to Coaching Services
        </Link>
      </div>
    </main>
  );
}

/** A small mark per "why habits matter" card: a dot, a stack, a rising step. */
function PillarMark({ index }: { index: number }) {
  const shapes = [
    <g key="dots">
      <circle cx="10" cy="30" r="5" className="fill-brand-200" />
      <circle cx="24" cy="30" r="5" className="fill-brand-300" />
      <circle cx="38" cy="30" r="5" className="fill-accent-400" />
    </g>,
    <g key="lines">
      <rect x="6" y="12" width="36" height="6" rx="3" className="fill-brand-200" />
      <rect x="6" y="22" width="26" height="6" rx="3" className="fill-brand-300" />
      <rect x="6" y="32" width="16" height="6" rx="3" className="fill-accent-400" />
    </g>,
    <g key="steps">
      <rect x="6" y="30" width="10" height="10" rx="2" className="fill-brand-200" />
      <rect x="19" y="20" width="10" height="20" rx="2" className="fill-brand-300" />
      <rect x="32" y="8" width="10" height="32" rx="2" className="fill-accent-400" />
    </g>,
  ];
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false" className="size-12">
      {shapes[index % shapes.length]}
    </svg>
  );
}

/** Hero art: blocks stacked into a foundation under a rising sun, with three facts as chips. */
function FoundationsArt({ monthly }: { monthly: string }) {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md">
      <svg viewBox="0 0 420 430" focusable="false" className="block h-auto w-full">
        <circle cx="210" cy="150" r="110" className="fill-accent-100" />
        <circle cx="210" cy="150" r="72" className="fill-accent-200" />
        <circle cx="210" cy="150" r="140" fill="none" className="stroke-brand-200" strokeWidth="1.5" strokeDasharray="2 9" strokeLinecap="round" />
        <rect x="40" y="300" width="340" height="56" rx="16" className="fill-brand-800" />
        <rect x="80" y="238" width="260" height="54" rx="16" className="fill-brand-600" />
        <rect x="120" y="178" width="180" height="52" rx="16" className="fill-brand-400" />
        <rect x="160" y="120" width="100" height="50" rx="16" className="fill-accent-300" />
        <path d="M60 356h300" className="stroke-sand-50" strokeWidth="4" strokeLinecap="round" opacity="0.25" />
      </svg>
      <span className="absolute top-6 left-0 inline-flex items-center gap-2 rounded-full border border-white bg-white/95 px-4 py-2 text-sm font-semibold text-brand-800 shadow-lg">
        <span className="size-2.5 rounded-full bg-accent-400" />
        10–15 minute worksheets
      </span>
      <span className="absolute top-[34%] right-0 inline-flex items-center gap-2 rounded-full border border-white bg-white/95 px-4 py-2 text-sm font-semibold text-brand-800 shadow-lg">
        <span className="size-2.5 rounded-full bg-accent-400" />
        Monthly group calls
      </span>
      <span className="absolute bottom-0 left-1/2 inline-flex -translate-x-1/2 items-center gap-2 rounded-full border border-white bg-white/95 px-4 py-2 text-sm font-semibold text-brand-800 shadow-lg">
        <span className="size-2.5 rounded-full bg-accent-400" />
        {monthly} a month
      </span>
    </div>
  );
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const jsonLd = site
    ? [
        foundationsJsonLd(site),
        renderedFaqJsonLd(loaderData?.faq ?? []),
      ]
    : [];
  return seo(matches, {
    path: "/build-stronger-foundations",
    title: "Build Stronger Foundations | Habit Course and Community",
    description: FOUNDATIONS_DESCRIPTION,
    jsonLd,
  });
}
