import { Link } from "react-router";
import type { Route } from "./+types/strength-training";
import { ArticleBlocks, Callout } from "~/components/article-blocks";
import { ResourceCard } from "~/components/article-resource-card";
import { RichText, plainText } from "~/components/article-text";
import { ArticleToc } from "~/components/article-toc";
import { ExploreMore } from "~/components/explore-more";
import { FaqAccordion, faqPageJsonLd } from "~/components/faq-accordion";
import { OFFER_FACTS } from "~/content/plans";
import { resources } from "~/content/resources";
import {
  ARTICLE,
  ARTICLE_DISCLAIMER,
  articleFaq,
  articleJsonLd,
  articleSections,
  readingMinutes,
} from "~/content/strength-training";
import { formatLongDate } from "~/utils/format";
import { useRootData } from "~/utils/root-data";
import { seo, siteFromMatches } from "~/utils/seo";
import { islandsPage, loadAsDocument, noServerData } from "~/utils/islands-page";

const FAQ_ID = "faq";
const RESOURCES_ID = "resources";


// A page that does not hydrate (app/utils/islands-page.ts).
export const handle = islandsPage;
export const loader = noServerData;
export const clientLoader = loadAsDocument;

export default function StrengthTraining() {
  const { site } = useRootData();
  const toc = [
    ...articleSections.map(({ id, title }) => ({ id, title })),
    { id: FAQ_ID, title: "Frequently asked questions" },
    { id: RESOURCES_ID, title: "Evidence-based resources" },
  ];

  return (
    <main id="main">
      <article aria-labelledby="article-title">
        <header className="relative isolate overflow-hidden border-b border-sand-200 bg-linear-to-b from-sand-100 to-sand-50">
          <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
            <div className="absolute -top-48 -right-40 size-[36rem] rounded-full bg-[radial-gradient(closest-side,rgb(233_204_214/0.85),transparent)]" />
            <div className="absolute -bottom-56 -left-48 size-[30rem] rounded-full bg-[radial-gradient(closest-side,rgb(244_203_174/0.55),transparent)]" />
            <ArticleArt />
          </div>
          <div className="container-page py-14 sm:py-20 lg:py-24">
            <div className="max-w-3xl xl:max-w-2xl">
              <p className="eyebrow mb-4">Guide · Strength and menopause</p>
              <h1 id="article-title" className="text-4xl sm:text-5xl lg:text-6xl">
                {ARTICLE.headline}
              </h1>
              <p className="mt-6 text-lg text-ink-muted sm:text-xl">{ARTICLE.lede}</p>
              <div className="mt-8 flex items-center gap-4 text-base text-ink-muted">
                <span
                  aria-hidden="true"
                  className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-700 font-display text-lg font-semibold text-white"
                >
                  {site.coachName.charAt(0)}
                </span>
                <p>
                  By{" "}
                  <Link to={`/meet-${site.coachSlug}`} className="link">
                    {site.coachName}
                  </Link>
                  , {site.businessName}
                  <br />
                  Published <time dateTime={ARTICLE.datePublished}>{formatLongDate(ARTICLE.datePublished)}</time> · Updated{" "}
                  <time dateTime={ARTICLE.dateModified}>{formatLongDate(ARTICLE.dateModified)}</time> · {readingMinutes()} min read
                </p>
              </div>
            </div>
          </div>
        </header>

        <div className="container-page py-12 sm:py-16 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-14 lg:py-20">
          <div className="lg:sticky lg:top-28 lg:self-start">
            <ArticleToc items={toc} />
          </div>

          <div className="mt-10 max-w-[46rem] lg:mt-0">
            <Callout tone="info" title="Before you start" text={ARTICLE_DISCLAIMER} className="!mt-0" />

            {articleSections.map((section) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="mt-16 first-of-type:mt-12">
                <h2 id={`${section.id}-heading`} className="text-3xl sm:text-4xl">
                  {section.title}
                </h2>
                <ArticleBlocks blocks={section.blocks} className="mt-6" />
              </section>
            ))}

            <section id={FAQ_ID} aria-labelledby={`${FAQ_ID}-heading`} className="mt-16">
              <h2 id={`${FAQ_ID}-heading`} className="text-3xl sm:text-4xl">
                Frequently asked questions
              </h2>
              <FaqAccordion
                idPrefix="article-faq"
                className="mt-8"
                items={articleFaq.map((item) => ({
                  question: item.question,
                  answer: (
                    <p>
                      <RichText>{item.answer}</RichText>
                    </p>
                  ),
                }))}
              />
            </section>

            <section id={RESOURCES_ID} aria-labelledby={`${RESOURCES_ID}-heading`} className="mt-16">
              <h2 id={`${RESOURCES_ID}-heading`} className="text-3xl sm:text-4xl">
                Evidence-based resources
              </h2>
              <p className="mt-4 text-lg text-ink-muted">
                The guidelines and research behind this guide. Each is published and freely searchable by its title.
              </p>
              <ul className="mt-8 grid gap-5 sm:grid-cols-2">
                {resources.map((resource) => (
                  <li key={resource.title}>
                    <ResourceCard resource={resource} />
                  </li>
                ))}
              </ul>
            </section>
          </div>
        </div>
      </article>

      <ExploreMore
        name="next-steps"
        title="Ready to put this into practice?"
        intro="Start with a course, choose personal coaching, or talk it through first. Whichever you pick, you won't be doing it alone."
        className="border-t border-sand-200 bg-white"
        items={[
          {
            title: "Learn to Lift",
            description: "Our beginners' course: short workouts at home, a small group and a coach teaching you every move.",
            to: "/learn-to-lift#top",
            cta: "See the course",
          },
          {
            title: "Coaching Services",
            description: "Compare the course, 1-to-1 coaching and the free community to find the support that fits you.",
            to: "/coaching-services#top",
            cta: "Compare the options",
          },
          {
            title: "Book a free consultation",
            description: `A relaxed ${OFFER_FACTS.consultationMinutes}-minute video call with ${site.coachName} about your goals, your health and the right next step.`,
            to: "/contact#consultation",
            cta: "Choose a time",
          },
        ]}
      />
    </main>
  );
}

/** Hero art for wide screens: a dumbbell resting in rings, with an apricot arc of progress. */
function ArticleArt() {
  return (
    <svg
      viewBox="0 0 400 400"
      fill="none"
      focusable="false"
      className="absolute top-1/2 right-[calc((100%-72rem)/2+2rem)] hidden w-[18rem] -translate-y-1/2 xl:block"
    >
      <circle cx="200" cy="200" r="170" className="stroke-brand-200" strokeWidth="1.5" />
      <circle cx="200" cy="200" r="130" className="stroke-brand-200" strokeWidth="1" strokeDasharray="2 10" strokeLinecap="round" />
      <circle cx="200" cy="200" r="96" className="fill-accent-100" />
      <path d="M70 250A140 140 0 0 1 120 85" className="stroke-accent-300" strokeWidth="5" strokeLinecap="round" />
      <circle cx="120" cy="85" r="8" className="fill-accent-400" />
      <g transform="rotate(-18 200 200)">
        <rect x="128" y="192" width="144" height="16" rx="8" className="fill-brand-800" />
        <rect x="112" y="152" width="30" height="96" rx="12" className="fill-brand-700" />
        <rect x="90" y="166" width="26" height="68" rx="11" className="fill-brand-500" />
        <rect x="258" y="152" width="30" height="96" rx="12" className="fill-brand-700" />
        <rect x="284" y="166" width="26" height="68" rx="11" className="fill-brand-500" />
      </g>
    </svg>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return seo(matches, {
    path: "/strength-training",
    title: ARTICLE.headline,
    description: ARTICLE.description,
    type: "article",
    jsonLd: [
      ...(site ? [articleJsonLd(site)] : []),
      faqPageJsonLd(articleFaq.map((item) => ({ question: item.question, answer: plainText(item.answer) }))),
    ],
  });
}
