import { TickBadge } from "~/components/list-markers";
import { Link } from "react-router";
import type { Route } from "./+types/learn-to-lift";
import { RichText } from "~/components/article-text";
import { SoftGlow } from "~/components/brand-art";
import { BookingEmbed } from "~/components/booking-embed";
import { Countdown } from "~/components/countdown";
import { FaqAccordion, renderedFaqItems, renderedFaqJsonLd } from "~/components/faq-accordion";
import { ArrowLeftIcon, ArrowRightIcon, CalendarIcon, CheckIcon, InfoIcon } from "~/components/icons";
import { OfferPricePanel } from "~/components/offer-price-panel";
import { Section } from "~/components/section";
import {
  LEARN_TO_LIFT_DESCRIPTION,
  LEARN_TO_LIFT_FACTS,
  courseWeeks,
  learnToLiftJsonLd,
  learnToLiftPrice,
  suitability,
  timeCommitment,
} from "~/content/learn-to-lift";
import { capitalise, OFFER_FACTS } from "~/content/plans";
import { formatWeekdayDate } from "~/utils/format";
import { useRootData } from "~/utils/root-data";
import { seo, siteFromMatches } from "~/utils/seo";
import { islandsPage, loadAsDocument } from "~/utils/islands-page";
import { renderedFaq } from "~/server/site-blocks/rendered.server";


// A page that does not hydrate (app/utils/islands-page.ts).
export const handle = islandsPage;
// The FAQ is the coach's (the Content tab), rendered on the server; nothing else is loaded.
export async function loader() {
  return { faq: await renderedFaq("faqLearnToLift") };
}
export const clientLoader = loadAsDocument;

export default function LearnToLift({ loaderData }: Route.ComponentProps) {
  const { site } = useRootData();
  const price = learnToLiftPrice(site);
  const fit = suitability(site);
  const checkout = price.product.checkoutPath;

  return (
    <main id="main">
      {/* Hero: the offer on the left, the next cohort and its countdown on the right. */}
      <section
        aria-labelledby="learn-to-lift-title"
        className="relative isolate overflow-hidden border-b border-sand-200 bg-linear-to-b from-sand-100 to-sand-50"
      >
        <SoftGlow />
        <div className="container-page grid items-center gap-12 py-14 sm:py-20 lg:grid-cols-[1.1fr_0.9fr] lg:gap-16 lg:py-24">
          <div>
            <p className="eyebrow mb-4">{LEARN_TO_LIFT_FACTS.weeks}-week small-group course</p>
            <h1 id="learn-to-lift-title" className="text-5xl sm:text-6xl lg:text-7xl">
              Learn to Lift
            </h1>
            <p className="mt-6 max-w-xl text-lg text-ink-muted sm:text-xl">
              Feel strong, steady and sure of yourself with weights. Short, expert-led workouts for women in
              perimenopause and menopause, taught one step at a time over {LEARN_TO_LIFT_FACTS.weeks} weeks, in a small
              group that cheers you on.
            </p>
            <ul className="mt-8 flex flex-wrap gap-3" aria-label="At a glance">
              {[
                `${LEARN_TO_LIFT_FACTS.workoutsPerWeek} workouts a week, under ${LEARN_TO_LIFT_FACTS.workoutMaxMinutes} minutes`,
                "No gym needed",
                "Lifetime access",
              ].map((item) => (
                <li
                  key={item}
                  className="inline-flex items-center gap-2 rounded-full border border-sand-300 bg-white/80 px-4 py-2 text-sm font-semibold text-ink"
                >
                  <CheckIcon className="size-4 text-brand-700" strokeWidth={2.5} />
                  {item}
                </li>
              ))}
            </ul>
            <div className="mt-10 flex flex-wrap items-center gap-4">
              <Link to={checkout} className="btn btn-primary btn-lg">
                Join Learn to Lift
                <ArrowRightIcon className="size-5" />
              </Link>
              <a href="#booking" className="btn btn-outline btn-lg">
                Book a free call
              </a>
            </div>
          </div>

          <div
            className="relative rounded-[2rem] border border-sand-200 bg-white/90 p-6 shadow-xl backdrop-blur-sm sm:p-8"
          >
            <div className="flex items-center gap-3">
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-2xl bg-brand-100 text-brand-700">
                <CalendarIcon className="size-6" />
              </span>
              <div className="min-w-0">
                <h2 id="next-cohort-heading" className="font-sans text-xs font-bold tracking-[0.14em] text-accent-700 uppercase">
                  Next cohort
                </h2>
                <p className="font-display text-2xl font-semibold text-ink">
                  <time dateTime={site.nextCohortDate}>{formatWeekdayDate(site.nextCohortDate)}</time>
                </p>
              </div>
            </div>
            <Countdown target={site.nextCohortDate} className="mt-6" />
            <div className="mt-7 flex flex-wrap items-end justify-between gap-4 border-t border-sand-200 pt-6">
              <p>
                <span className="font-display text-5xl leading-none font-semibold text-brand-800">{price.display.amount}</span>
                <span className="ml-1.5 text-lg font-medium text-ink-muted">{price.display.unit}</span>
                <span className="mt-2 block text-base text-ink">{capitalise(price.display.weekly)}</span>
              </p>
              <Link to={checkout} className="btn btn-primary">
                Reserve my place
              </Link>
            </div>
            <p className="mt-5 text-sm text-ink-muted">
              Can't make this date?{" "}
              <Link to="/learn-to-lift-interest" className="link">
                Register your interest
              </Link>{" "}
              and hear first about the next cohort.
            </p>
          </div>
        </div>
      </section>

      <Section
        name="suitability"
        eyebrow="Suitability"
        title="Is Learn to Lift right for you?"
        intro="It's built for women who want to get stronger safely, without a gym, jargon or pressure."
      >
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="rounded-3xl border border-sand-200 bg-white p-7 shadow-sm sm:p-9">
            <h3 className="text-2xl">This is for you if…</h3>
            <ul className="mt-6 space-y-4">
              {fit.forYou.map((line) => (
                <li key={line} className="flex gap-3">
                  <TickBadge size="lg" className="mt-0.5" />
                  <span>{line}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-3xl border border-sand-200 bg-sand-100 p-7 sm:p-9">
            <h3 className="text-2xl">It may not be the right time if…</h3>
            <ul className="mt-6 space-y-4">
              {fit.notYet.map((line) => (
                <li key={line} className="flex gap-3">
                  <span aria-hidden="true" className="mt-0.5 inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-accent-100 text-accent-800">
                    <InfoIcon className="size-4" strokeWidth={2.25} />
                  </span>
                  <span>
                    <RichText>{line}</RichText>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </Section>

      <Section
        name="time-commitment"
        tone="white"
        eyebrow="Time commitment"
        title="Made to fit a full life"
        intro="Short sessions, a clear plan and a steady pace, because the best programme is the one you can keep doing."
      >
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {timeCommitment().map((tile) => (
            <li key={tile.label} className="flex flex-col rounded-3xl border border-sand-200 bg-sand-50 p-7">
              <p className="font-display text-4xl leading-none font-semibold text-brand-700">{tile.value}</p>
              <h3 className="mt-4 font-sans text-lg font-bold tracking-normal">{tile.label}</h3>
              <p className="mt-2 text-base text-ink-muted">{tile.detail}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        name="course-weeks"
        eyebrow={`The ${LEARN_TO_LIFT_FACTS.weeks} weeks`}
        title="One step at a time"
        intro={`No more than ${LEARN_TO_LIFT_FACTS.maxNewExercisesPerWeek} new exercises a week, so each one has time to feel familiar before the next arrives.`}
      >
        <ol className="relative grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          {courseWeeks.map((week) => (
            <li key={week.week} className="relative flex gap-5 rounded-3xl border border-sand-200 bg-white p-6 shadow-xs sm:p-7">
              <span
                aria-hidden="true"
                className={
                  week.week >= LEARN_TO_LIFT_FACTS.dumbbellsFromWeek
                    ? "inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-700 font-display text-xl font-semibold text-white"
                    : "inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-100 font-display text-xl font-semibold text-brand-800"
                }
              >
                {week.week}
              </span>
              <div>
                <h3 className="text-xl">
                  <span className="sr-only">Week {week.week}: </span>
                  {week.title}
                </h3>
                <p className="mt-2 text-base text-ink-muted">{week.summary}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <Section
        name="price"
        tone="plum"
        eyebrow="Your investment"
        title="Everything you need to start lifting"
        intro="One payment, no subscription, and the course is yours to keep."
      >
        <OfferPricePanel
          productName={price.product.name}
          features={price.product.features}
          price={price.display}
          billing={`No subscription: one payment for all ${LEARN_TO_LIFT_FACTS.weeks} weeks, with lifetime access.`}
          checkout={checkout}
          ctaLabel="Join Learn to Lift"
          footnote="Secure card payment. Lifetime access to the course."
        />
      </Section>

      <Section
        name="learn-to-lift-faq"
        eyebrow="FAQ"
        title="Your questions, answered"
        intro="If yours isn't here, book a free call below and ask away."
      >
        <FaqAccordion
          idPrefix="learn-to-lift-faq"
          className="mx-auto max-w-3xl"
          items={renderedFaqItems(loaderData.faq)}
        />
      </Section>

      <Section
        name="booking"
        id="booking"
        tone="sand"
        eyebrow="Free consultation"
        title="Not sure yet? Let's talk"
        intro={`Book a free ${OFFER_FACTS.consultationMinutes}-minute video call with ${site.coachName}. Ask anything about the course, your health or your goals, with no obligation.`}
      >
        <BookingEmbed calLink={site.booking.calLink} namespace={site.booking.namespace} className="mx-auto max-w-4xl" />
      </Section>

      <section aria-labelledby="ready-heading" className="section-y">
        <div className="container-page">
          <div className="relative isolate overflow-hidden rounded-[2rem] bg-brand-800 px-6 py-14 text-center shadow-xl sm:px-12 sm:py-16 on-dark">
            <div aria-hidden="true" className="absolute -top-24 -right-20 -z-10 size-80 rounded-full bg-[radial-gradient(closest-side,rgb(236_167_126/0.35),transparent)]" />
            <h2 id="ready-heading" className="text-3xl text-white sm:text-4xl">
              Ready to feel strong in your own body?
            </h2>
            <p className="mx-auto mt-4 max-w-xl text-lg text-brand-100">
              Join the next cohort for {price.total} in one payment (about {price.weekly} a week), and start with your very
              first lift.
            </p>
            <div className="mt-8 flex flex-wrap items-center justify-center gap-4">
              <Link to={checkout} className="btn btn-accent btn-lg">
                Join Learn to Lift
                <ArrowRightIcon className="size-5" />
              </Link>
              <Link to="/coaching-services" className="btn btn-lg border-white/60 text-white hover:bg-white/10">
                <ArrowLeftIcon className="size-5" />
                Back to Coaching Services
              </Link>
            </div>
          </div>
        </div>
      </section>
    </main>
  );
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const jsonLd = site
    ? [
        learnToLiftJsonLd(site),
        renderedFaqJsonLd(loaderData?.faq ?? []),
      ]
    : [];
  return seo(matches, {
    path: "/learn-to-lift",
    title: `Learn to Lift | ${LEARN_TO_LIFT_FACTS.weeks}-Week Strength Course`,
    description: LEARN_TO_LIFT_DESCRIPTION,
    jsonLd,
  });
}
