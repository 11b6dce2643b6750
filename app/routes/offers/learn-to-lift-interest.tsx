import { TickBadge } from "~/components/list-markers";
import { Link } from "react-router";
import type { Route } from "./+types/learn-to-lift-interest";
import { SoftGlow } from "~/components/brand-art";
import { EmailListForm } from "~/components/email-list-form";
import { ArrowRightIcon } from "~/components/icons";
import { LEARN_TO_LIFT_FACTS, learnToLiftPrice } from "~/content/learn-to-lift";
import { useRootData } from "~/utils/root-data";
import { seo } from "~/utils/seo";
import { islandsPage, loadAsDocument, noServerData } from "~/utils/islands-page";

// docs/product.md §5.6 /learn-to-lift-interest: an interest form for the next cohort (first name, email and an
// optional biggest challenge, which helps the coach shape the course).


// A page that does not hydrate (app/utils/islands-page.ts).
export const handle = islandsPage;
export const loader = noServerData;
export const clientLoader = loadAsDocument;

export default function LearnToLiftInterest() {
  const { site } = useRootData();
  const price = learnToLiftPrice(site);
  const f = LEARN_TO_LIFT_FACTS;
  const perks = [
    "The start date of the next cohort, before anyone else",
    "A reminder before places open, so you don't miss out",
    "Practical tips to help you feel ready for week one",
  ];

  return (
    <main id="main">
      <section
        aria-labelledby="interest-title"
        className="relative isolate overflow-hidden bg-linear-to-b from-sand-100 to-sand-50"
      >
        <SoftGlow />
        <div className="container-page grid items-start gap-12 py-14 sm:py-20 lg:grid-cols-[1fr_minmax(0,30rem)] lg:gap-16 lg:py-24">
          <div>
            <p className="eyebrow mb-4">Next cohort</p>
            <h1 id="interest-title" className="text-4xl sm:text-5xl lg:text-6xl">
              Register Your Interest in Learn to Lift
            </h1>
            <p className="mt-6 max-w-xl text-lg text-ink-muted sm:text-xl">
              Learn to Lift runs in small groups, a few times a year. Leave your details and you'll be the first to know
              when the next cohort opens.
            </p>
            <h2 className="mt-10 font-sans text-xs font-bold tracking-[0.14em] text-accent-700 uppercase">
              What you'll hear from us
            </h2>
            <ul className="mt-4 space-y-3">
              {perks.map((line) => (
                <li key={line} className="flex gap-3 text-lg">
                  <TickBadge className="mt-1" />
                  {line}
                </li>
              ))}
            </ul>
            <div className="mt-10 rounded-3xl border border-sand-200 bg-white/80 p-6 sm:p-7">
              <p className="font-display text-xl font-semibold text-ink">The course at a glance</p>
              <ul className="mt-4 grid gap-x-6 gap-y-2 text-base text-ink sm:grid-cols-2">
                {[
                  `${f.weeks} weeks, in a small group`,
                  `${f.workoutsPerWeek} workouts a week, under ${f.workoutMaxMinutes} minutes`,
                  `Weekly video call, under ${f.callMaxMinutes} minutes`,
                  `Dumbbells from week ${f.dumbbellsFromWeek}`,
                  "Lifetime access",
                  `${price.total} in one payment, about ${price.weekly} a week`,
                ].map((fact) => (
                  <li key={fact} className="flex gap-2.5">
                    <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-accent-500" />
                    {fact}
                  </li>
                ))}
              </ul>
              <Link to="/learn-to-lift" className="link mt-4 inline-flex min-h-11 items-center gap-2 font-semibold">
                Read about Learn to Lift
                <ArrowRightIcon className="size-5" />
              </Link>
            </div>
          </div>
          <div className="rounded-[2rem] border border-sand-200 bg-white p-6 shadow-xl sm:p-9">
            <EmailListForm
              variant="interest"
              heading="Tell me when it opens"
              description="Sharing your biggest challenge is optional, but it helps us shape the course around you."
            />
          </div>
        </div>
      </section>
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    path: "/learn-to-lift-interest",
    title: "Learn to Lift: Register Your Interest",
    description: "Register your interest in the next Learn to Lift cohort and be the first to hear when places open.",
  });
}
