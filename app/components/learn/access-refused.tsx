import { Link } from "react-router";
import type { MemberOffer } from "~/server/courses/access.server";
import type { Refusal } from "~/server/courses/member-area.server";
import { PageHero } from "~/components/page-hero";
import { formatLongDate } from "~/utils/format";

// The page a member sees for a course she does not have, or no longer has (docs/product.md §19.1):
// why, and the way in. Nothing of the course is on it.

const OFFERS: Record<MemberOffer, { name: string; salesPath: (slug: string) => string; again: string }> = {
  "learn-to-lift": { name: "Learn to Lift", salesPath: () => "/learn-to-lift", again: "See the course" },
  "build-stronger-foundations": { name: "Build Stronger Foundations", salesPath: () => "/build-stronger-foundations", again: "Join again" },
  "one-to-one": { name: "1-to-1 coaching", salesPath: (slug) => `/stronger-with-${slug}`, again: "Start coaching again" },
};

export function AccessRefused({ refusal, coachSlug }: { refusal: Refusal; coachSlug: string }) {
  const offer = OFFERS[refusal.offer];
  const ended = refusal.state === "ended" && refusal.endedAt;
  // Learn to Lift only ends on a payment plan with a payment still to make (docs/product.md §8.11).
  if (ended && refusal.offer === "learn-to-lift") {
    return (
      <main id="main">
        <PageHero
          eyebrow="My courses"
          title="Learn to Lift is closed for now"
          intro={`Your payment plan has a payment still to make, so the course closed on ${formatLongDate(refusal.endedAt!)}. Your progress is kept: once your card goes through, or what's left is settled, you carry on where you left off.`}
        >
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link to="/settings" className="btn btn-primary btn-lg">
              Go to my account settings
            </Link>
            <Link to="/learn" className="btn btn-outline btn-lg">
              My courses
            </Link>
          </div>
        </PageHero>
      </main>
    );
  }
  return (
    <main id="main">
      <PageHero
        eyebrow="My courses"
        title={ended ? `Your ${offer.name} access has ended` : `${offer.name} isn't part of your account yet`}
        intro={
          ended
            ? `Your access ended on ${formatLongDate(refusal.endedAt!)}, at the end of the period you had paid for. Your progress is kept: join again and you carry on where you left off.`
            : `When you join ${offer.name}, everything in it appears here, under My courses.`
        }
      >
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link to={offer.salesPath(coachSlug)} className="btn btn-primary btn-lg">
            {ended ? offer.again : `About ${offer.name}`}
          </Link>
          <Link to="/learn" className="btn btn-outline btn-lg">
            My courses
          </Link>
        </div>
      </PageHero>
    </main>
  );
}
