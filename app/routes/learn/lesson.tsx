import { Link } from "react-router";
import type { Route } from "./+types/lesson";
import { AccessRefused } from "~/components/learn/access-refused";
import { ProgressBar } from "~/components/learn/progress-bar";
import { VideoEmbed } from "~/components/video-embed";
import { ArrowRightIcon, CheckCircleIcon } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { lessonAction, lessonPageData } from "~/server/courses/member-pages.server";
import { formatCount, formatFileSize, formatLongDate } from "~/utils/format";
import { islandsPage, loadAsDocument } from "~/utils/islands-page";
import { seo } from "~/utils/seo";

// A lesson, /learn/<course>/<module>/<lesson> (docs/product.md §19.3): its title, estimated time,
// video (a YouTube or Vimeo address behind a click that loads nothing from them before it, or the
// coach's own file), the body (Markdown, rendered here on the server), files to download, and
// 'Mark complete' ('Completed', with 'Undo'). A lesson of a module not open yet, or of a course she
// does not have, shows none of its content.

export const handle = islandsPage;

export function loader({ request, params }: Route.LoaderArgs) {
  return lessonPageData(request, params);
}
export const clientLoader = loadAsDocument;

export function action({ request, params }: Route.ActionArgs) {
  return lessonAction(request, params);
}

export default function LessonPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.refused) return <AccessRefused refusal={loaderData.refused} coachSlug={loaderData.coachSlug} />;
  if (loaderData.locked) {
    const { locked } = loaderData;
    return (
      <main id="main" className="container-prose py-14 sm:py-20">
        <p className="eyebrow">Not open yet</p>
        <h1 className="mt-3 text-4xl sm:text-5xl">{locked.title}</h1>
        <p className="mt-5 text-lg text-ink">This part of the course opens on {formatLongDate(locked.opensAt!)}.</p>
        <p className="mt-8">
          <Link to={locked.coursePath} className="btn btn-primary">
            Back to the course
          </Link>
        </p>
      </main>
    );
  }
  const { lesson, course, preview } = loaderData;
  return (
    <main id="main" className="pb-16 sm:pb-24">
      <div className="border-b border-sand-200 bg-sand-100">
        <div className="container-prose flex flex-col gap-4 py-10 sm:py-14">
          <nav aria-label="Breadcrumb" className="text-base">
            <Link to="/learn" className="link">
              My courses
            </Link>
            <span aria-hidden="true"> / </span>
            <Link to={course.path} className="link">
              {course.title}
            </Link>
            <span aria-hidden="true"> / </span>
            <span>{lesson.module.title}</span>
          </nav>
          <h1 className="text-4xl sm:text-5xl">{lesson.title}</h1>
          <p className="text-base text-ink-muted">About {formatCount(lesson.minutes, "minute")}</p>
          <div className="max-w-sm">
            <ProgressBar percent={course.percent} label={`${course.title} progress`} />
          </div>
        </div>
      </div>
      <div className="container-prose flex flex-col gap-10 pt-10">
        {/* Her uploaded video when there is one; otherwise the YouTube or Vimeo address, if any. */}
        {lesson.videoUrl && !lesson.videoHref ? <VideoEmbed url={lesson.videoUrl} title={lesson.title} /> : null}
        {lesson.videoHref ? (
          // Her own video, streamed through the guarded route with range requests; nothing loads before play.
          <video controls preload="none" className="aspect-video w-full rounded-3xl bg-brand-900" aria-label={`Video: ${lesson.title}`}>
            <source src={lesson.videoHref} type={lesson.videoType ?? "video/mp4"} />
          </video>
        ) : null}
        {/* Her Markdown, rendered on the server to safe HTML (app/utils/markdown.ts, the "lesson" profile). */}
        <div className="prose-copy max-w-none text-lg" dangerouslySetInnerHTML={{ __html: lesson.bodyHtml }} />
        {lesson.files.length > 0 ? (
          <section aria-labelledby="files-heading" className="rounded-3xl border border-sand-200 bg-white p-6 sm:p-8">
            <h2 id="files-heading" className="text-2xl">
              Files for this lesson
            </h2>
            <ul className="mt-4 flex flex-col gap-3">
              {lesson.files.map((file) => (
                <li key={file.id}>
                  <a href={file.href} download className="link font-semibold">
                    {file.fileName}
                  </a>{" "}
                  <span className="text-sm text-ink-muted">({formatFileSize(file.sizeBytes)})</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section aria-label="Your progress" className="flex flex-col gap-4 rounded-3xl border border-sand-200 bg-sand-50 p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
          {lesson.completed ? (
            <>
              <p className="flex items-center gap-3 text-lg font-semibold text-success-700">
                <CheckCircleIcon className="size-7" aria-hidden="true" />
                Completed
              </p>
              <form method="post">
                <input type="hidden" name="intent" value="undo" />
                <Button type="submit" variant="ghost">
                  Undo
                </Button>
              </form>
            </>
          ) : (
            <form method="post">
              <input type="hidden" name="intent" value="complete" />
              <Button type="submit" size="lg">
                Mark complete
              </Button>
            </form>
          )}
          {preview ? <p className="text-sm text-ink-muted">Preview: nothing is recorded for you.</p> : null}
        </section>
        <nav aria-label="Lessons" className="flex flex-col gap-3 sm:flex-row sm:justify-between">
          {lesson.previous ? (
            <Link to={lesson.previous.href} className="btn btn-outline">
              Previous: {lesson.previous.title}
            </Link>
          ) : (
            <span />
          )}
          {lesson.next ? (
            <Link to={lesson.next.href} className="btn btn-primary">
              Next: {lesson.next.title}
              <ArrowRightIcon className="size-5" />
            </Link>
          ) : (
            <Link to={course.path} className="btn btn-primary">
              Back to the course
            </Link>
          )}
        </nav>
      </div>
    </main>
  );
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const title = loaderData && "lesson" in loaderData && loaderData.lesson ? loaderData.lesson.title : "Lesson";
  return seo(matches, { title, description: "A lesson of your course.", noindex: true });
}
