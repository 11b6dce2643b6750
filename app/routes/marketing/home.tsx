import { TickBadge } from "~/components/list-markers";
import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/home";
import type { PublicSiteConfig } from "~/config/public";
import { ArtChip, SoftGlow, SunriseArch } from "~/components/brand-art";
import { DownloadSignup } from "~/components/download-signup";
import { CommunityIcon, DumbbellIcon, HabitIcon, PhoneChatIcon, SupportIcon, VideoIcon } from "~/components/feature-icons";
import { ArrowRightIcon } from "~/components/icons";
import { EmailListForm } from "~/components/email-list-form";
import { LazySection } from "~/components/lazy-section";
import { Section } from "~/components/section";
import { TestimonialCarousel } from "~/components/testimonial-carousel";
import {
  businessJsonLd,
  calendarSection,
  helpCards,
  helpSection,
  homeHero,
  leadCaptureSection,
  oneToOneCallToAction,
  oneToOneCards,
  oneToOneSection,
  painPoints,
  painPointsSection,
  testimonialsSection,
} from "~/content/home";
import { useRootData } from "~/utils/root-data";
import { seo, siteFromMatches } from "~/utils/seo";
import { EMAIL_LIST_RESULT_PARAM, EMAIL_LIST_STATUS_PARAM, type EmailListForm as EmailListVariant } from "~/validation/email-list-text";
import { getBlock, getTestimonials } from "~/server/content/blocks.server";
import { pagePhoto, type PagePhoto } from "~/server/content/rendered.server";
import { ResponsivePhoto } from "~/components/responsive-photo";
import { islandsPage, loadAsDocument } from "~/utils/islands-page";

const SERVICES = "/coaching-services#top";

/** True when a sign-up without JavaScript came back to this page with a success for this form. */
function useSignedUpWithoutScript(form: EmailListVariant): boolean {
  const [params] = useSearchParams();
  return params.get(EMAIL_LIST_RESULT_PARAM) === form && params.get(EMAIL_LIST_STATUS_PARAM) === "ok";
}


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

/**
 * The loaded sign-up form's height at each width (measured), so nothing shifts when it arrives;
 * once the form has given way to its success message, the space it kept is let go.
 */
const SIGNUP_FORM_HEIGHT =
  "min-h-[30rem] sm:min-h-[26.25rem] has-[[data-email-list-success]:not([hidden])]:min-h-0";

function LeadCapture() {
  const signedUp = useSignedUpWithoutScript("lead_capture");
  return (
    <section aria-labelledby="guide-heading" className="section-y relative isolate overflow-hidden bg-brand-50">
      <SoftGlow />
      <div className="container-page grid items-start gap-10 lg:grid-cols-2 lg:gap-16">
        <div className="lg:pt-6">
          <p className="eyebrow">{leadCaptureSection.eyebrow}</p>
          <h2 id="guide-heading" className="mt-3 text-3xl sm:text-4xl lg:text-5xl">
            {leadCaptureSection.title}
          </h2>
          <p className="mt-5 text-lg text-ink-muted sm:text-xl">{leadCaptureSection.intro}</p>
          <ul className="mt-8 space-y-4">
            {leadCaptureSection.points.map((point) => (
              <li key={point} className="flex gap-3 text-base text-ink sm:text-lg">
                <TickBadge tone="accent" className="mt-1" />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-[2rem] border border-sand-200 bg-white p-6 shadow-lg sm:p-9">
          <LazyDownloadSignup section={leadCaptureSection} variant="lead_capture" when="idle" signedUp={signedUp} />
        </div>
      </div>
    </section>
  );
}

const oneToOneIcons = [DumbbellIcon, VideoIcon, PhoneChatIcon];

function OneToOne({ site }: { site: PublicSiteConfig }) {
  const section = oneToOneSection(site);
  const href = `/stronger-with-${site.coachSlug}#top`;
  return (
    <Section name="one-to-one" eyebrow={section.eyebrow} title={section.title} intro={section.intro}>
      <ul className="grid gap-6 lg:grid-cols-3">
        {oneToOneCards(site).map((card, index) => {
          const Icon = oneToOneIcons[index] ?? DumbbellIcon;
          return (
            <li key={card.title} className="flex">
              <Link
                to={href}
                className="group flex w-full flex-col rounded-[2rem] border border-sand-200 bg-white p-7 shadow-sm transition-[box-shadow,transform,border-color] duration-200 tablet-card-row hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-lg sm:p-8"
              >
                <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-accent-100 text-accent-800">
                  <Icon className="size-8" />
                </span>
                <span className="mt-6 block font-display text-2xl font-semibold text-ink">{card.title}</span>
                <span className="mt-3 block flex-1 text-base text-ink-muted">{card.body}</span>
                {/* Inline, so on a narrow card the arrow wraps with the last word, not alone. */}
                <span className="mt-6 block font-semibold text-brand-700">
                  Discover 1-to-1 coaching
                  <ArrowRightIcon className="ml-2 inline-block size-5 align-[-0.2em] transition-transform group-hover:translate-x-1" />
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

function OneToOneCallToAction({ site, coachPhoto }: { site: PublicSiteConfig; coachPhoto: PagePhoto | null }) {
  const cta = oneToOneCallToAction(site);
  return (
    <section aria-labelledby="one-to-one-cta-heading" className="on-dark relative isolate overflow-hidden bg-brand-900">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 -right-24 -z-10 size-[34rem] rounded-full bg-[radial-gradient(closest-side,rgb(236_167_126/0.28),transparent)]"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-40 -left-32 -z-10 size-[30rem] rounded-full bg-[radial-gradient(closest-side,rgb(194_123_149/0.35),transparent)]"
      />
      <div className="container-page section-y grid items-center gap-10 lg:grid-cols-[1.4fr_1fr]">
        <div>
          {coachPhoto ? (
            <ResponsivePhoto
              photo={coachPhoto.sources}
              alt={coachPhoto.alt}
              sizes="8rem"
              className="mb-6 block size-32 overflow-hidden rounded-full border-4 border-white/80 shadow-lg"
              imgClassName="size-full object-cover"
            />
          ) : null}
          <p className="eyebrow text-accent-200">1-to-1 coaching</p>
          <h2 id="one-to-one-cta-heading" className="mt-3 text-3xl text-white sm:text-4xl lg:text-5xl">
            {cta.title}
          </h2>
          <p className="mt-5 max-w-2xl text-lg text-brand-100 sm:text-xl">{cta.body}</p>
        </div>
        <div className="flex flex-col gap-4 sm:flex-row lg:flex-col lg:items-stretch">
          <Link to={`/stronger-with-${site.coachSlug}#top`} className="btn btn-accent btn-lg max-sm:px-5 max-sm:text-base">
            {cta.primary}
            <ArrowRightIcon className="size-5 max-sm:hidden" />
          </Link>
          <Link
            to="/contact#consultation"
            className="btn btn-lg max-sm:px-5 max-sm:text-base border-white/60 bg-transparent text-white hover:bg-white/10"
          >
            {cta.secondary}
          </Link>
        </div>
      </div>
    </section>
  );
}

function CalendarSignup() {
  const signedUp = useSignedUpWithoutScript("calendar");
  return (
    <section aria-labelledby="calendar-heading" className="section-y relative isolate overflow-hidden">
      <div className="container-page">
        <div className="grid items-center gap-10 overflow-hidden rounded-[2.5rem] border border-sand-200 bg-sand-100 px-4 py-8 shadow-sm sm:p-10 lg:grid-cols-[0.9fr_1.1fr] lg:gap-14 lg:p-14">
          <div>
            <CalendarArt />
            <p className="eyebrow mt-8 block">{calendarSection.eyebrow}</p>
            <h2 id="calendar-heading" className="mt-3 text-3xl sm:text-4xl">
              {calendarSection.title}
            </h2>
            <p className="mt-4 text-lg text-ink-muted">{calendarSection.intro}</p>
            <ul className="mt-6 flex flex-wrap gap-2.5">
              {calendarSection.points.map((point) => (
                <li
                  key={point}
                  className="rounded-full border border-sand-300 bg-white px-4 py-1.5 text-sm font-semibold text-ink"
                >
                  {point}
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-[2rem] bg-white p-5 shadow-md sm:p-8">
            <LazyDownloadSignup section={calendarSection} variant="calendar" when="visible" signedUp={signedUp} />
          </div>
        </div>
      </div>
    </section>
  );
}

/** Four weeks of ticks: the calendar section's picture. */
function CalendarArt() {
  const days = Array.from({ length: 28 }, (_, i) => i);
  const done = new Set([0, 2, 4, 7, 9, 11, 14, 16]);
  return (
    <svg viewBox="0 0 240 150" aria-hidden="true" focusable="false" className="h-auto w-full max-w-[17rem]">
      <rect x="2" y="2" width="236" height="146" rx="18" className="fill-white stroke-sand-300" strokeWidth="2" />
      <rect x="2" y="2" width="236" height="30" rx="18" className="fill-brand-700" />
      <rect x="2" y="20" width="236" height="12" className="fill-brand-700" />
      <text x="20" y="22" className="fill-white" style={{ font: "600 13px var(--font-sans)" }}>
        28 days
      </text>
      {days.map((i) => {
        const col = i % 7;
        const row = Math.floor(i / 7);
        const x = 16 + col * 30.5;
        const y = 42 + row * 26;
        const ticked = done.has(i);
        return (
          <g key={i}>
            <rect
              x={x}
              y={y}
              width="22"
              height="20"
              rx="6"
              className={ticked ? "fill-accent-300" : "fill-brand-50 stroke-brand-100"}
            />
            {ticked ? (
              <path
                d={`M${x + 6} ${y + 10.5}l3.5 3.5 6.5-7`}
                fill="none"
                className="stroke-brand-900"
                strokeWidth="2.2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            ) : null}
          </g>
        );
      })}
    </svg>
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

interface DownloadSignupSection {
  downloadHref: string;
  download: string;
  thanks?: string;
  formHeading: string;
  formDescription: string;
}

/** An email-list form loaded lazily (docs/product.md §14.4), then a download button once she has signed up. */
function LazyDownloadSignup({
  section,
  variant,
  when,
  signedUp,
}: {
  section: DownloadSignupSection;
  variant: "lead_capture" | "calendar";
  when: "idle" | "visible";
  signedUp: boolean;
}) {
  return (
    <DownloadSignup href={section.downloadHref} label={section.download} thanks={section.thanks} initiallyDone={signedUp}>
      <LazySection when={when} className={SIGNUP_FORM_HEIGHT}>
        <EmailListForm
          variant={variant}
          headingLevel="h3"
          heading={section.formHeading}
          description={section.formDescription}
        />
      </LazySection>
    </DownloadSignup>
  );
}
