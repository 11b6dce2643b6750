import { TickBadge } from "~/components/list-markers";
import { Link } from "react-router";
import type { Route } from "./+types/one-to-one";
import { SoftGlow } from "~/components/brand-art";
import { BookingEmbed } from "~/components/booking-embed";
import { ArrowLeftIcon, ArrowRightIcon } from "~/components/icons";
import { OfferPricePanel } from "~/components/offer-price-panel";
import { Section } from "~/components/section";
import {
  goodToKnow,
  oneToOneBenefits,
  oneToOneDescription,
  oneToOneFit,
  oneToOneJsonLd,
  oneToOnePrice,
  oneToOneSteps,
} from "~/content/one-to-one";
import { capitalise, OFFER_FACTS } from "~/content/plans";
import { useRootData } from "~/utils/root-data";
import { seo, siteFromMatches } from "~/utils/seo";
import { islandsPage, loadAsDocument, noServerData } from "~/utils/islands-page";


// A page that does not hydrate (app/utils/islands-page.ts).
export const handle = islandsPage;
export const loader = noServerData;
export const clientLoader = loadAsDocument;

export default function OneToOne() {
  const { site } = useRootData();
  const price = oneToOnePrice(site);
  // docs/product.md §5.3: the sales page links to the checkout's #top.
  const checkout = `${price.product.checkoutPath}#top`;

  return (
    <main id="main">
      <section
        aria-labelledby="one-to-one-title"
        className="relative isolate overflow-hidden border-b border-sand-200 bg-linear-to-b from-sand-100 to-sand-50"
      >
        <SoftGlow />
        <div className="container-page grid items-center gap-12 py-14 sm:py-20 lg:grid-cols-[1.25fr_0.75fr] lg:gap-16 lg:py-24">
          <div>
            <p className="eyebrow mb-4">1-to-1 online coaching</p>
            <h1 id="one-to-one-title" className="text-5xl sm:text-6xl lg:text-7xl">
              Stronger with {site.coachName}
            </h1>
            <p className="mt-6 max-w-xl text-lg text-ink-muted sm:text-xl">
              Personal strength coaching built around your body, your symptoms and your week, with {site.coachName} in
              your corner every single day.
            </p>
            <div className="mt-10 flex flex-wrap items-center gap-4">
              <Link to={checkout} className="btn btn-primary btn-lg">
                Start 1-to-1 coaching
                <ArrowRightIcon className="size-5" />
              </Link>
              <a href="#booking" className="btn btn-outline btn-lg">
                Book a free call
              </a>
            </div>
          </div>

          <div
            className="rounded-[2rem] border border-sand-200 bg-white/90 p-7 shadow-xl backdrop-blur-sm sm:p-9"
          >
            <h2 id="one-to-one-price-heading" className="font-sans text-xs font-bold tracking-[0.14em] text-accent-700 uppercase">
              {price.product.name}
            </h2>
            <p className="mt-4 flex items-baseline gap-1.5">
              <span className="font-display text-6xl leading-none font-semibold text-brand-800">{price.display.amount}</span>
              <span className="text-lg font-medium text-ink-muted">{price.display.unit}</span>
            </p>
            <p className="mt-3 text-lg text-ink">{capitalise(price.display.weekly)}, billed monthly</p>
            <ul className="mt-6 space-y-3 border-t border-sand-200 pt-6">
              {[
                `Weekly ${OFFER_FACTS.oneToOneSessionMinutes}-minute video workouts`,
                "Daily messaging-app support",
                "A programme written just for you",
              ].map((line) => (
                <li key={line} className="flex gap-3">
                  <TickBadge className="mt-0.5" />
                  <span>{line}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <Section
        name="benefits"
        eyebrow="Why 1-to-1"
        title="Coaching that fits you, not the other way round"
        intro="Generic plans ask you to fit around them. 1-to-1 coaching starts with you: your history, your goals and the way menopause is showing up for you."
      >
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {oneToOneBenefits(site).map((benefit, index) => (
            <li key={benefit.title} className="flex flex-col rounded-3xl border border-sand-200 bg-white p-7 shadow-sm">
              <span
                aria-hidden="true"
                className="inline-flex size-11 items-center justify-center rounded-2xl bg-accent-100 font-display text-lg font-semibold text-accent-800"
              >
                {String(index + 1).padStart(2, "0")}
              </span>
              <h3 className="mt-5 text-2xl">{benefit.title}</h3>
              <p className="mt-3 text-base text-ink-muted">{benefit.body}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section name="how-it-works" tone="white" eyebrow="How it works" title="From first chat to first lift">
        <ol className="grid gap-5 md:grid-cols-2 lg:grid-cols-4">
          {oneToOneSteps(site).map((step, index) => (
            <li key={step.title} className="relative rounded-3xl bg-sand-50 p-7">
              <span aria-hidden="true" className="font-display text-5xl leading-none font-semibold text-brand-300">
                {index + 1}
              </span>
              <h3 className="mt-4 text-xl">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-base text-ink-muted">{step.body}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section
        name="fit"
        eyebrow="Who it's for"
        title="Is 1-to-1 coaching right for you?"
        intro="It's the most personal way to train with us, and it suits some women especially well."
      >
        <ul className="grid gap-5 sm:grid-cols-2">
          {oneToOneFit.map((line) => (
            <li key={line} className="flex gap-4 rounded-3xl border border-sand-200 bg-white p-6 shadow-xs sm:p-7">
              <TickBadge size="lg" className="mt-0.5" />
              <span className="text-lg">{line}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        name="included"
        tone="plum"
        eyebrow="What's included"
        title="Everything in your coaching"
        intro="One monthly payment covers it all. No extras, no upsells."
      >
        <OfferPricePanel
          productName={price.product.name}
          features={price.product.features}
          price={price.display}
          billing="Billed monthly. Cancel any time from your account."
          checkout={checkout}
          ctaLabel="Start 1-to-1 coaching"
          footnote="Secure card payment, taken monthly."
        />
      </Section>

      <Section name="good-to-know" eyebrow="Good to know" title="The practical bits">
        <ul className="grid gap-5 lg:grid-cols-3">
          {goodToKnow.map((item) => (
            <li key={item.title} className="rounded-3xl border border-sand-200 bg-white p-7 shadow-xs">
              <h3 className="text-xl">{item.title}</h3>
              <p className="mt-2 text-base text-ink-muted">{item.body}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        name="booking"
        id="booking"
        tone="sand"
        eyebrow="Free consultation"
        title="Let's see if we're a good fit"
        intro={`Book a free ${OFFER_FACTS.consultationMinutes}-minute video call with ${site.coachName}. Talk through your goals and your health, and leave with a clear next step, whatever you decide.`}
      >
        <BookingEmbed calLink={site.booking.calLink} namespace={site.booking.namespace} className="mx-auto max-w-4xl" />
      </Section>

      <section aria-labelledby="ready-heading" className="section-y">
        <div className="container-page">
          <div className="on-dark relative isolate overflow-hidden rounded-[2rem] bg-brand-800 px-6 py-14 text-center shadow-xl sm:px-12 sm:py-16">
            <div aria-hidden="true" className="absolute -bottom-28 -left-20 -z-10 size-96 rounded-full bg-[radial-gradient(closest-side,rgb(236_167_126/0.3),transparent)]" />
            <h2 id="ready-heading" className="text-3xl text-white sm:text-4xl">
              Your strongest years can be ahead of you
            </h2>
            <p className="mx-auto mt-4 max-w-xl text-lg text-brand-100">
              {price.monthly} a month, about {price.weekly} a week. Start this week, at your own pace.
            </p>
            <div className="mt-8 flex flex-wrap items-center justify-center gap-4">
              <Link to={checkout} className="btn btn-accent btn-lg">
                Start 1-to-1 coaching
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

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const name = site?.coachName ?? "";
  return seo(matches, {
    path: `/stronger-with-${site?.coachSlug ?? ""}`,
    title: `Stronger with ${name} | 1-to-1 Online Coaching`,
    description: oneToOneDescription({ coachName: name }),
    jsonLd: site ? [oneToOneJsonLd(site)] : [],
  });
}
