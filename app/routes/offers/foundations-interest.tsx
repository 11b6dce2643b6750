import { TickBadge } from "~/components/list-markers";
import type { Route } from "./+types/foundations-interest";
import { SoftGlow } from "~/components/brand-art";
import { EmailListForm } from "~/components/email-list-form";
import { ExploreMore } from "~/components/explore-more";
import { waitlistExploreCards, waitlistPromises } from "~/content/foundations";
import { seo } from "~/utils/seo";
import { islandsPage, loadAsDocument, noServerData } from "~/utils/islands-page";

// docs/product.md §5.6: the waitlist form, then three Explore More cards.
// The other address, /build-stronger-foundations/interest, redirects here (docs/product.md §2.1).


// A page that does not hydrate (app/utils/islands-page.ts).
export const handle = islandsPage;
export const loader = noServerData;
export const clientLoader = loadAsDocument;

export default function FoundationsWaitlist() {
  return (
    <main id="main">
      <section
        aria-labelledby="waitlist-title"
        className="relative isolate overflow-hidden border-b border-sand-200 bg-linear-to-b from-sand-100 to-sand-50"
      >
        <SoftGlow />
        <div className="container-page grid items-center gap-12 py-14 sm:py-20 lg:grid-cols-[1fr_minmax(0,30rem)] lg:gap-16 lg:py-24">
          <div>
            <p className="eyebrow mb-4">Build Stronger Foundations waitlist</p>
            <h1 id="waitlist-title" className="text-5xl sm:text-6xl lg:text-7xl">
              Make Exercise Easier
            </h1>
            <p className="mt-6 max-w-xl text-lg text-ink-muted sm:text-xl">
              Exercise gets easier when it stops relying on willpower. Join the waitlist for practical, guilt-free habit
              tips written for women in perimenopause and menopause, and be the first to hear when new places open.
            </p>
            <ul className="mt-8 space-y-3">
              {waitlistPromises.map((line) => (
                <li key={line} className="flex gap-3 text-lg">
                  <TickBadge className="mt-1" />
                  {line}
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-[2rem] border border-sand-200 bg-white p-6 shadow-xl sm:p-9">
            <EmailListForm
              variant="waitlist"
              description="Practical habit tips in your inbox, and the first word when new places and live sessions open."
            />
          </div>
        </div>
      </section>

      <ExploreMore
        items={waitlistExploreCards}
        intro="While you wait, find out more about how we can help you feel strong through menopause and beyond."
      />
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    path: "/build-stronger-foundations-interest",
    title: "Make Exercise Easier | Build Stronger Foundations Waitlist",
    description: "Join the waitlist for Build Stronger Foundations and get simple, practical habit tips for women 40+.",
  });
}
