import { Link } from "react-router";
import type { Route } from "./+types/course";
import { AccessRefused } from "~/components/learn/access-refused";
import { ProgressBar } from "~/components/learn/progress-bar";
import { Countdown } from "~/components/countdown";
import { CheckCircleIcon } from "~/components/icons";
import { PageHero } from "~/components/page-hero";
import { Badge } from "~/components/ui/badge";
import { foundationsKeptNote } from "~/content/foundations-keep";
import { coursePageData } from "~/server/courses/member-pages.server";
import { formatCount, formatLongDate } from "~/utils/format";
import { islandsPage, loadAsDocument } from "~/utils/islands-page";
import { seo } from "~/utils/seo";

// /learn/<course> (docs/product.md §19.3): the course's modules in order, each with its lessons and
// her 'Completed' marks; a module not open yet says when it opens (Learn to Lift's weeks open one a
// week from her cohort's start date, and before it she sees 'Before you start' and the countdown).
// Only a member with access gets any of it (403 otherwise).

export const handle = islandsPage;

export function loader({ request, params }: Route.LoaderArgs) {
  return coursePageData(request, params.course);
}
export const clientLoader = loadAsDocument;

export default function CoursePage({ loaderData }: Route.ComponentProps) {
  if (loaderData.refused) return <AccessRefused refusal={loaderData.refused} coachSlug={loaderData.coachSlug} />;
  const { course, now } = loaderData;
  const started = !course.cohortStartsAt || course.cohortStartsAt <= now;
  return (
    <main id="main">
      <PageHero eyebrow="My courses" title={course.title} intro={course.intro}>
        <div className="flex max-w-xl flex-col gap-5">
          <ProgressBar percent={course.percent} label={`${course.title} progress`} />
          {course.continueHref ? (
            <div>
              <Link to={course.continueHref} className="btn btn-primary btn-lg">
                {course.done === 0 ? "Start the first lesson" : "Continue"}
              </Link>
            </div>
          ) : null}
        </div>
      </PageHero>
      <div className="container-page flex flex-col gap-6 py-10 sm:py-14">
        {loaderData.kept ? (
          <p role="note" className="rounded-2xl border border-sand-200 bg-sand-50 p-5 text-base text-ink">
            {foundationsKeptNote(formatLongDate(loaderData.kept.endedAt))}{" "}
            <Link to="/build-stronger-foundations" className="link font-semibold">
              Join again
            </Link>
          </p>
        ) : null}
        {course.cohortStartsAt && !started ? (
          <section aria-labelledby="countdown-heading" className="rounded-3xl border border-accent-200 bg-accent-50 p-6 sm:p-8">
            <h2 id="countdown-heading" className="text-2xl">
              Your cohort starts on {formatLongDate(course.cohortStartsAt)}
            </h2>
            <p className="mt-2 text-lg text-ink">
              Until then, &lsquo;Before you start&rsquo; has everything you need to get ready.
            </p>
            <Countdown target={course.cohortStartsAt} label="Your cohort starts in" doneLabel="Your cohort has started" className="mt-5" />
          </section>
        ) : null}
        <ol className="flex flex-col gap-6">
          {course.modules.map((module) => (
            <li key={module.id} className="rounded-3xl border border-sand-200 bg-white p-6 shadow-xs sm:p-8">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h2 className="text-2xl sm:text-3xl">{module.title}</h2>
                {!module.opensLater ? null : module.open ? (
                  // The coach's preview: she sees it now; members from this date.
                  <Badge variant="accent">For members from {formatLongDate(module.opensAt!)}</Badge>
                ) : (
                  <Badge variant="neutral">Opens on {formatLongDate(module.opensAt!)}</Badge>
                )}
              </div>
              {module.summary ? <p className="mt-2 text-base text-ink-muted">{module.summary}</p> : null}
              {module.open ? (
                <ol className="mt-5 divide-y divide-sand-200 rounded-2xl border border-sand-200">
                  {module.lessons.map((lesson) => (
                    <li key={lesson.id}>
                      <Link to={lesson.href} className="flex items-center justify-between gap-4 p-4 hover:bg-sand-50 sm:px-5">
                        <span className="flex items-center gap-3">
                          {lesson.completed ? (
                            <CheckCircleIcon className="size-6 shrink-0 text-success-700" aria-hidden="true" />
                          ) : (
                            <span aria-hidden="true" className="size-6 shrink-0 rounded-full border-2 border-sand-300" />
                          )}
                          <span className="font-semibold text-ink">{lesson.title}</span>
                          {lesson.completed ? <span className="sr-only">(completed)</span> : null}
                        </span>
                        <span className="shrink-0 text-sm text-ink-muted">{lesson.minutes} min</span>
                      </Link>
                    </li>
                  ))}
                  {module.lessons.length === 0 ? <li className="p-4 text-base text-ink-muted">Lessons are on their way.</li> : null}
                </ol>
              ) : (
                <p className="mt-4 text-base text-ink-muted">
                  {formatCount(module.lessons.length, "lesson")}, open from {formatLongDate(module.opensAt!)}.
                </p>
              )}
            </li>
          ))}
        </ol>
      </div>
    </main>
  );
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const title = loaderData && "course" in loaderData && loaderData.course ? loaderData.course.title : "My courses";
  return seo(matches, { title, description: "Your course.", noindex: true });
}
