import { StepNumber } from "~/components/list-markers";
import type { ComponentType, ReactNode } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/contact";
import type { PublicSiteConfig } from "~/config/public";
import { BookingEmbed } from "~/components/booking-embed";
import { AwardIcon, GlobeIcon, VideoIcon } from "~/components/feature-icons";
import {
  ArrowRightIcon,
  CalendarIcon,
  FacebookIcon,
  InstagramIcon,
  MailIcon,
  TikTokIcon,
  YouTubeIcon,
  type IconProps,
} from "~/components/icons";
import { NewsletterSection } from "~/components/newsletter-section";
import { PageHero } from "~/components/page-hero";
import { Section } from "~/components/section";
import {
  bookingSection,
  contactCards,
  contactHero,
  contactNewsletter,
  expectSection,
  qualifications,
  socialSection,
} from "~/content/contact";
import { OFFER_FACTS } from "~/content/plans";
import { useRootData } from "~/utils/root-data";
import { seo } from "~/utils/seo";
import { islandsPage, loadAsDocument } from "~/utils/islands-page";
import { getBlock } from "~/server/site-blocks/blocks.server";

const socialNetworks: { key: keyof PublicSiteConfig["social"]; label: string; Icon: ComponentType<IconProps> }[] = [
  { key: "instagram", label: "Instagram", Icon: InstagramIcon },
  { key: "facebook", label: "Facebook", Icon: FacebookIcon },
  { key: "youtube", label: "YouTube", Icon: YouTubeIcon },
  { key: "tiktok", label: "TikTok", Icon: TikTokIcon },
];



// A page that does not hydrate (app/utils/islands-page.ts).
export const handle = islandsPage;
// The qualifications are the coach's (the Content tab), read on the server; nothing else is loaded.
export async function loader() {
  return { qualifications: await getBlock("qualifications") };
}
export const clientLoader = loadAsDocument;

export default function Page({ loaderData }: Route.ComponentProps) {
  const { site } = useRootData();
  const expect = expectSection(site);
  const booking = bookingSection(site);

  return (
    <main id="main">
      <PageHero eyebrow={contactHero.eyebrow} title={contactHero.title} intro={contactHero.intro}>
        <a href="#consultation" className="btn btn-primary btn-lg max-sm:px-5 max-sm:text-base">
          <CalendarIcon className="size-5" />
          {contactHero.cta}
        </a>
      </PageHero>

      {/* Email, location and consultation cards. */}
      <section aria-label="Ways to get in touch" className="relative z-10 -mt-10 sm:-mt-12">
        <div className="container-page">
          <ul className="grid gap-5 lg:grid-cols-3">
            <li className="flex flex-col rounded-[2rem] border border-sand-200 bg-white p-7 shadow-md tablet-card-row">
              <ContactCardIcon>
                <MailIcon className="size-6" />
              </ContactCardIcon>
              <h2 className="mt-5 text-2xl">{contactCards.email.title}</h2>
              <p className="mt-2 flex-1 text-base text-ink-muted">{contactCards.email.body}</p>
              <a href={`mailto:${site.contactEmail}`} className="link mt-4 text-lg break-all">
                {site.contactEmail}
              </a>
            </li>
            <li className="flex flex-col rounded-[2rem] border border-sand-200 bg-white p-7 shadow-md tablet-card-row">
              <ContactCardIcon>
                <GlobeIcon className="size-6" />
              </ContactCardIcon>
              <h2 className="mt-5 text-2xl">{contactCards.location.title}</h2>
              <p className="mt-2 font-display text-xl font-semibold text-brand-800">{contactCards.location.value}</p>
              <p className="mt-2 text-base text-ink-muted">{contactCards.location.body}</p>
            </li>
            <li className="flex flex-col rounded-[2rem] border border-sand-200 bg-white p-7 shadow-md tablet-card-row">
              <ContactCardIcon>
                <VideoIcon className="size-6" />
              </ContactCardIcon>
              <h2 className="mt-5 text-2xl">{contactCards.consultation.title}</h2>
              <p className="mt-2 font-display text-xl font-semibold text-brand-800">
                {contactCards.consultation.value}
              </p>
              <p className="mt-2 flex-1 text-base text-ink-muted">{contactCards.consultation.body}</p>
              <a href="#consultation" className="mt-4 inline-flex items-center gap-2 font-semibold text-brand-700 hover:text-brand-800">
                Choose a time
                <ArrowRightIcon className="size-5" />
              </a>
            </li>
          </ul>
        </div>
      </section>

      {/* What to expect */}
      <Section name="expect" eyebrow={expect.eyebrow} title={expect.title} intro={expect.intro}>
        <ol className="grid gap-6 lg:grid-cols-3">
          {expect.steps.map((step, index) => (
            <li key={step.title} className="rounded-[2rem] border border-sand-200 bg-white p-7 shadow-sm tablet-card-row">
              <StepNumber n={index + 1} />
              <h3 className="mt-5 text-2xl">{step.title}</h3>
              <p className="mt-2 text-base text-ink-muted">{step.body}</p>
            </li>
          ))}
        </ol>
      </Section>

      {/* Booking (#consultation) */}
      <section id="consultation" aria-labelledby="consultation-heading" className="section-y bg-white">
        <div className="container-page">
          <div className="mx-auto max-w-3xl text-center">
            <p className="eyebrow">{booking.eyebrow}</p>
            <h2 id="consultation-heading" className="mt-3 text-3xl sm:text-4xl lg:text-5xl">
              {booking.title}
            </h2>
            <p className="mt-5 text-lg text-ink-muted sm:text-xl">{booking.intro}</p>
          </div>
          <div className="mx-auto mt-12 max-w-4xl">
            <BookingEmbed calLink={site.booking.calLink} namespace={site.booking.namespace} />
          </div>
        </div>
      </section>

      {/* Qualifications and social links */}
      <Section name="qualifications" tone="sand" align="left" eyebrow={qualifications.eyebrow} title={qualifications.title} intro={qualifications.intro}>
        <div className="grid gap-8 lg:grid-cols-[1.6fr_1fr] lg:gap-10">
          <ul className="grid gap-4 sm:grid-cols-2">
            {loaderData.qualifications.map((item) => (
              <li key={item.title} className="flex gap-4 rounded-2xl border border-sand-200 bg-white p-5 shadow-xs">
                <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <AwardIcon className="size-6" />
                </span>
                <div>
                  <h3 className="font-sans text-base font-semibold tracking-normal">{item.title}</h3>
                  {item.detail ? <p className="mt-1 text-sm text-ink-muted">{item.detail}</p> : null}
                </div>
              </li>
            ))}
          </ul>
          <div className="on-dark self-start rounded-[2rem] bg-brand-800 p-7 text-sand-100 shadow-lg sm:p-8">
            <h3 className="text-2xl text-white">{socialSection.title}</h3>
            <p className="mt-2 text-base text-brand-100">{socialSection.body}</p>
            <ul className="mt-6 grid grid-cols-2 gap-3">
              {socialNetworks.map(({ key, label, Icon }) => (
                <li key={key}>
                  <a
                    href={site.social[key]}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="flex min-h-12 items-center gap-2 rounded-full border border-white/20 px-3.5 text-sm font-semibold text-white transition-colors hover:border-accent-300 hover:bg-white/10"
                  >
                    <Icon className="size-5 shrink-0 text-accent-300" />
                    {label}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </Section>

      {/* Newsletter */}
      <NewsletterSection
        name="contact-newsletter"
        eyebrow={contactNewsletter.eyebrow}
        title={contactNewsletter.title}
        intro={contactNewsletter.intro}
      >
        <p className="mt-8 text-center text-base text-ink-muted">
          Prefer to browse first?{" "}
          <Link to="/coaching-services#top" className="link">
            See all coaching services
          </Link>
        </p>
      </NewsletterSection>
    </main>
  );
}

function ContactCardIcon({ children }: { children: ReactNode }) {
  return (
    <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-brand-700 text-white shadow-md">
      {children}
    </span>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    path: "/contact",
    title: "Contact",
    description: `Get in touch or book a free ${OFFER_FACTS.consultationMinutes}-minute video consultation to talk through your goals, your symptoms and the right next step.`,
  });
}
