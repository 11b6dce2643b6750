import { bookingPageUrl } from "~/config/booking";
import type { MemberOffer } from "~/server/courses/access.server";
import { COURSES, type CourseKey } from "~/content/courses";
import type { CourseOptions } from "~/server/courses/courses.server";
import {
  COURSE_KEYS,
  coursePath,
  findLessonFile,
  findLessonVideo,
  isCourseKey,
  isLessonOpen,
  loadCourse,
  loadLesson,
  rememberLesson,
  setLessonCompleted,
} from "~/server/courses/courses.server";
import { findMemberFile, listMemberFiles } from "~/server/courses/member-files.server";
import { isUuid, memberContext, notFound, refuse, type MemberContext } from "~/server/courses/member-area.server";
import { getDb } from "~/server/db/client.server";
import { formIntent, readForm } from "~/server/http/form-action.server";
import { servePrivateFile } from "~/server/http/serve-private-file.server";
import { getEffectiveSiteConfig } from "~/server/settings/effective-config.server";
import { redirectWithToast } from "~/server/core/toast.server";
import { renderMarkdown } from "~/utils/markdown";

// The data and actions of the members' area's routes (docs/product.md §19), so each route under
// app/routes/learn/ is its guard's answer and its page: every function starts with memberContext
// (the signed-in member and her access) and gives a refused member the reason only.

/**
 * How she may read a course now: with the site's options while it is open; with only the lessons
 * published by the end of her paid period once a Build Stronger Foundations subscription has ended
 * (decision 255); null when she may not.
 */
function readableCourse(context: MemberContext, course: CourseKey): { options: CourseOptions; keptSince: Date | null } | null {
  const state = context.access[course];
  if (state.state === "open") return { options: context.options, keptSince: null };
  if (state.state === "kept") return { options: { ...context.options, publishedBy: state.endedAt }, keptSince: state.endedAt };
  return null;
}

/** One place in the members' area's navigation. */
export interface MembersAreaLink {
  label: string;
  href: string;
}

/**
 * The members' area's navigation (its layout, app/routes/learn/layout.tsx): 'My courses', each
 * course she may open (or keeps, decision 255) and her coaching while it runs. Nothing for a
 * member with one place to go. A visitor is sent home by memberContext, as from every page here.
 */
export async function membersAreaLinks(request: Request): Promise<{ links: MembersAreaLink[] }> {
  const context = await memberContext(request);
  const links: MembersAreaLink[] = [{ label: "My courses", href: "/learn" }];
  for (const course of COURSE_KEYS) {
    if (readableCourse(context, course)) links.push({ label: COURSES[course].title, href: coursePath(course) });
  }
  if (context.access["one-to-one"].state === "open") links.push({ label: "Your coaching", href: "/learn/coaching" });
  return { links: links.length > 1 ? links : [] };
}

/** /learn: her courses with progress, her coaching, what has ended. */
export async function myCoursesData(request: Request) {
  const context = await memberContext(request);
  const { user, access, options, coachSlug } = context;
  const courses = (
    await Promise.all(
      COURSE_KEYS.map(async (course) => {
        const readable = readableCourse(context, course);
        if (!readable) return null;
        const view = await loadCourse(getDb(), user.id, course, readable.options);
        return { ...view, keptSince: readable.keptSince?.toISOString() ?? null };
      }),
    )
  ).filter((course) => course !== null);
  const until = (offer: MemberOffer) => {
    const state = access[offer];
    return state.state === "open" && state.until ? state.until.toISOString() : null;
  };
  const ended = (["build-stronger-foundations", "one-to-one"] as const).flatMap((offer) => {
    const state = access[offer];
    return state.state === "ended" ? [{ offer, endedAt: state.endedAt.toISOString() }] : [];
  });
  return {
    courses: courses.map((course) => ({ ...course, until: until(course.course) })),
    coaching: access["one-to-one"].state === "open" ? { until: until("one-to-one") } : null,
    ended,
    preview: options.preview === true,
    coachSlug,
  };
}

/** /learn/<course>. */
export async function coursePageData(request: Request, courseParam: string) {
  if (!isCourseKey(courseParam)) throw notFound();
  const context = await memberContext(request);
  const { user, access, options, coachSlug } = context;
  const state = access[courseParam];
  const readable = readableCourse(context, courseParam);
  if (!readable) return refuse(courseParam, state, coachSlug);
  const course = await loadCourse(getDb(), user.id, courseParam, readable.options);
  return {
    refused: null,
    course,
    coachSlug,
    preview: state.state === "open" && state.preview,
    /** Her subscription has ended and these are the materials she keeps (decision 255). */
    kept: readable.keptSince ? { endedAt: readable.keptSince.toISOString() } : null,
    now: (options.now ?? new Date()).toISOString(),
  };
}

interface LessonParams {
  course?: string;
  module?: string;
  lesson?: string;
}

async function findLesson(request: Request, params: LessonParams) {
  if (!params.course || !isCourseKey(params.course)) throw notFound();
  const context = await memberContext(request);
  const readable = readableCourse(context, params.course);
  if (!readable) return { context, refused: refuse(params.course, context.access[params.course], context.coachSlug), found: null };
  const found = await loadLesson(getDb(), context.user.id, params.course, params.module ?? "", params.lesson ?? "", readable.options);
  if (!found) throw notFound();
  return { context, refused: null, found };
}

/** /learn/<course>/<module>/<lesson>: the lesson, or when its module opens, or the refusal. */
export async function lessonPageData(request: Request, params: LessonParams) {
  const { context, refused, found } = await findLesson(request, params);
  if (refused) return refused;
  const { course, lesson } = found!;
  if (!lesson.module.open) {
    return {
      refused: null,
      locked: { title: lesson.module.title, opensAt: lesson.module.opensAt, coursePath: coursePath(course.course) },
      lesson: null,
      coachSlug: context.coachSlug,
    };
  }
  if (!context.options.preview) await rememberLesson(getDb(), context.user.id, course.course, lesson.id);
  const { body, ...rest } = lesson;
  return {
    refused: null,
    locked: null,
    coachSlug: context.coachSlug,
    preview: context.options.preview === true,
    course: { title: course.title, path: coursePath(course.course), percent: course.percent },
    lesson: { ...rest, bodyHtml: renderMarkdown(body, { profile: "lesson" }) },
  };
}

const LESSON_INTENTS = ["complete", "undo"] as const;

/** 'Mark complete' and 'Undo' (the coach's preview records nothing), back to the lesson with a toast. */
export async function lessonAction(request: Request, params: LessonParams) {
  const { context, refused, found } = await findLesson(request, params);
  if (refused) return refused;
  const { lesson } = found!;
  if (!lesson.module.open) throw notFound();
  const read = await readForm(request);
  const intent = read.ok ? formIntent(read.form, LESSON_INTENTS) : null;
  const back = new URL(request.url).pathname;
  if (!intent) return redirectWithToast(back, { title: "Nothing changed", description: "Please try again.", variant: "destructive" }, { status: 303 });
  if (!context.options.preview) await setLessonCompleted(getDb(), context.user.id, lesson.id, intent === "complete");
  return redirectWithToast(
    back,
    intent === "complete"
      ? { title: "Completed", description: lesson.next ? `Well done. Next: ${lesson.next.title}.` : "Well done: that's the last lesson open so far.", variant: "success" }
      : { title: "Marked as not completed", description: "It's back on your list.", variant: "default" },
    { status: 303 },
  );
}

/** /learn/coaching: for a 1-to-1 client. */
export async function coachingPageData(request: Request) {
  const { user, access, coachSlug } = await memberContext(request);
  const state = access["one-to-one"];
  if (state.state !== "open") return refuse("one-to-one", state, coachSlug);
  const site = await getEffectiveSiteConfig();
  // Her coach's booking page (all her session types), from the consultation link's account.
  const account = site.booking.calLink.replace(/^\/+/, "").split("/")[0] ?? "";
  return {
    refused: null,
    coachSlug,
    coachName: site.coachName,
    contactEmail: site.contactEmail,
    bookingUrl: bookingPageUrl(account),
    until: state.until?.toISOString() ?? null,
    files: await listMemberFiles(getDb(), user.id),
  };
}

/** GET /learn/files/<id>: only with the course and the module open; a plain 404 otherwise. */
export async function serveLessonFile(request: Request, fileId: string | undefined): Promise<Response> {
  const context = await memberContext(request);
  if (!isUuid(fileId)) return notFound();
  const file = await findLessonFile(getDb(), fileId);
  const readable = file ? readableCourse(context, file.courseKey) : null;
  if (!file || !readable) return notFound();
  if (!(await isLessonOpen(getDb(), context.user.id, file.courseKey, file.moduleSlug, file.lessonId, readable.options))) return notFound();
  return servePrivateFile(request, { key: file.storageKey, contentType: file.contentType, fileName: file.fileName, disposition: "attachment" });
}

/** GET /learn/videos/<lesson id>: the same guard, streamed with byte ranges. */
export async function serveLessonVideo(request: Request, lessonId: string | undefined): Promise<Response> {
  const context = await memberContext(request);
  if (!isUuid(lessonId)) return notFound();
  const video = await findLessonVideo(getDb(), lessonId);
  const readable = video ? readableCourse(context, video.courseKey) : null;
  if (!video || !readable) return notFound();
  if (!(await isLessonOpen(getDb(), context.user.id, video.courseKey, video.moduleSlug, lessonId, readable.options))) return notFound();
  const ext = video.videoType === "video/webm" ? "webm" : "mp4";
  return servePrivateFile(request, { key: video.videoKey!, contentType: video.videoType ?? "video/mp4", fileName: `${video.title}.${ext}`, disposition: "inline" });
}

/** GET /learn/coaching/files/<id>: only to her, while her coaching runs (and to an administrator). */
export async function serveMemberFile(request: Request, fileId: string | undefined): Promise<Response> {
  const { user, access } = await memberContext(request);
  if (!isUuid(fileId) || access["one-to-one"].state !== "open") return notFound();
  const file = await findMemberFile(getDb(), fileId, { userId: user.id, isAdmin: user.isAdmin });
  if (!file) return notFound();
  return servePrivateFile(request, { key: file.storageKey, contentType: file.contentType, fileName: file.fileName, disposition: "attachment" });
}
