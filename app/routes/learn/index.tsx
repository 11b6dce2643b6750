import { Link } from "react-router";
import type { Route } from "./+types/index";
import { ProgressBar } from "~/components/learn/progress-bar";
import { PageHero } from "~/components/page-hero";
import { Card, CardContent, CardDescription, CardTitle } from "~/components/ui/card";
import { COURSES, coursePath } from "~/content/courses";
import { foundationsKeptNote } from "~/content/foundations-keep";
import { myCoursesData } from "~/server/courses/member-pages.server";
import { formatCount, formatLongDate } from "~/utils/format";
import { islandsPage, loadAsDocument } from "~/utils/islands-page";
import { seo } from "~/utils/seo";

// /learn, 'My courses' (docs/product.md §19.2): every offer she has, with her progress and
// 'Continue' to where she left off; an offer that has ended says when; with nothing bought, the
// offers instead. A page that does not hydrate (app/utils/islands-page.ts).

export const handle = islandsPage;

export function loader({ request }: Route.LoaderArgs) {
  return myCoursesData(request);
}
export const clientLoader = loadAsDocument;

const OFFER_NAMES = { "build-stronger-foundations": "Build Stronger Foundations", "one-to-one": "1-to-1 coaching" } as const;

export default function MyCourses({ loaderData }: Route.ComponentProps) {
  const { courses, coaching, ended, preview, coachSlug } = loaderData;
  const nothing = courses.length === 0 && !coaching;
  return (
    <main id="main">
      <PageHero
        eyebrow="Members' area"
        title="My courses"
        intro={nothing ? "Nothing here yet: when you join a course, it appears on this page." : "Everything you've joined, in one place. Pick up where you left off."}
      />
      <div className="container-page flex flex-col gap-8 py-10 sm:py-14">
        {preview ? (
          <p role="note" className="rounded-2xl border border-accent-200 bg-accent-50 p-4 text-base text-ink">
            You are previewing the members' area as a member sees it: every course is open to you as the coach, and
            nothing you mark is recorded.
          </p>
        ) : null}
        {courses.length > 0 || coaching ? (
          <ul className="grid gap-6 lg:grid-cols-2">
            {courses.map((course) => (
              <li key={course.course}>
                <Card className="h-full">
                  <CardContent className="flex h-full flex-col gap-5 p-7 sm:p-8">
                    <CardTitle as="h2">{course.title}</CardTitle>
                    <CardDescription>{course.intro}</CardDescription>
                    <ProgressBar percent={course.percent} label={`${course.title} progress`} />
                    <p className="text-base text-ink-muted">
                      {course.done} of {formatCount(course.total, "lesson")} completed
                      {course.until ? `. Your membership ends on ${formatLongDate(course.until)}.` : "."}
                    </p>
                    {course.keptSince ? (
                      <p role="note" className="rounded-2xl border border-sand-200 bg-sand-50 p-4 text-base text-ink">
                        {foundationsKeptNote(formatLongDate(course.keptSince))}{" "}
                        <Link to="/build-stronger-foundations" className="link font-semibold">
                          Join again
                        </Link>
                      </p>
                    ) : null}
                    <div className="mt-auto flex flex-col gap-3 sm:flex-row">
                      <Link to={course.continueHref ?? coursePath(course.course)} className="btn btn-primary">
                        {course.done === 0 ? "Start" : course.continueHref ? "Continue" : "Review the course"}
                        <span className="sr-only"> {course.title}</span>
                      </Link>
                      <Link to={coursePath(course.course)} className="btn btn-outline">
                        All lessons<span className="sr-only"> of {course.title}</span>
                      </Link>
                    </div>
                  </CardContent>
                </Card>
              </li>
            ))}
            {coaching ? (
              <li>
                <Card className="h-full">
                  <CardContent className="flex h-full flex-col gap-5 p-7 sm:p-8">
                    <CardTitle as="h2">Your coaching</CardTitle>
                    <CardDescription>Book your sessions, reach your coach and find the files she has shared with you.</CardDescription>
                    {coaching.until ? <p className="text-base text-ink-muted">Your coaching ends on {formatLongDate(coaching.until)}.</p> : null}
                    <div className="mt-auto">
                      <Link to="/learn/coaching" className="btn btn-primary">
                        Open your coaching page
                      </Link>
                    </div>
                  </CardContent>
                </Card>
              </li>
            ) : null}
          </ul>
        ) : null}
        {ended.map((item) => (
          <p key={item.offer} className="rounded-2xl border border-sand-200 bg-white p-5 text-base text-ink">
            Your {OFFER_NAMES[item.offer]} access ended on {formatLongDate(item.endedAt)}.{" "}
            <Link to={item.offer === "one-to-one" ? `/stronger-with-${coachSlug}` : "/build-stronger-foundations"} className="link font-semibold">
              Join again
            </Link>{" "}
            and carry on where you left off.
          </p>
        ))}
        {nothing ? <Offers coachSlug={coachSlug} /> : null}
      </div>
    </main>
  );
}

function Offers({ coachSlug }: { coachSlug: string }) {
  const offers = [
    { title: COURSES["learn-to-lift"].title, body: "Six weeks to lift with confidence, with lifetime access.", to: "/learn-to-lift" },
    { title: COURSES["build-stronger-foundations"].title, body: "The habit course and community, monthly.", to: "/build-stronger-foundations" },
    { title: "1-to-1 coaching", body: "A programme written around you, with weekly sessions.", to: `/stronger-with-${coachSlug}` },
  ];
  return (
    <section aria-labelledby="offers-heading" className="flex flex-col gap-5">
      <h2 id="offers-heading" className="text-3xl">
        Ways to start
      </h2>
      <ul className="grid gap-5 md:grid-cols-3">
        {offers.map((offer) => (
          <li key={offer.to}>
            <Card className="h-full">
              <CardContent className="flex h-full flex-col gap-3 p-6">
                <CardTitle as="h3">{offer.title}</CardTitle>
                <CardDescription>{offer.body}</CardDescription>
                <Link to={offer.to} className="link mt-auto font-semibold">
                  About {offer.title}
                </Link>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, { title: "My courses", description: "Your courses and coaching.", noindex: true });
}
