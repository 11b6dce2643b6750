import { Link } from "react-router";
import type { PublicSiteConfig } from "~/config/public";
import { DumbbellIcon, PhoneChatIcon, VideoIcon } from "~/components/feature-icons";
import { ArrowRightIcon } from "~/components/icons";
import { Section } from "~/components/section";
import { oneToOneCallToAction, oneToOneCards, oneToOneSection } from "~/content/home";
import type { PagePhoto } from "~/server/site-blocks/rendered.server";
import { ResponsivePhoto } from "~/components/responsive-photo";

// The home page's 1-to-1 coaching sections: what it includes, and the call to action with the
// coach's photo.

const oneToOneIcons = [DumbbellIcon, VideoIcon, PhoneChatIcon];

export function OneToOne({ site }: { site: PublicSiteConfig }) {
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

export function OneToOneCallToAction({ site, coachPhoto }: { site: PublicSiteConfig; coachPhoto: PagePhoto | null }) {
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
