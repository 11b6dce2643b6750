import { bookingPageUrl } from "~/config/booking";
import type { MemberOffer } from "~/server/courses/access.server";
import {
  COURSE_KEYS,
  coursePath,
  findLessonFile,
  findLessonVideo,
  isCourseKey,
  isModuleOpen,
  loadCourse,
  loadCourses,
  loadLesson,
  rememberLesson,
  setLessonCompleted,
} from "~/server/courses/courses.server";
import { findMemberFile, listMemberFiles } from "~/server/courses/member-files.server";
import { isUuid, memberContext, notFound, refuse } from "~/server/courses/member-area.server";
import { getDb } from "~/server/db/client.server";
import { formIntent, readForm } from "~/server/http/form-action.server";
import { servePrivateFile } from "~/server/http/serve-private-file.server";
import { getEffectiveSiteConfig } from "~/server/settings/effective-config.server";
import { redirectWithToast } from "~/server/toast.server";
import { renderMarkdown } from "~/utils/markdown";

// The data and actions of the members' area's routes (docs/product.md §19), so each route under
// app/routes/learn/ is its guard's answer and its page: every function starts with memberContext
// (the signed-in member and her access) and gives a refused member the reason only.

/** /learn: her courses with progress, her coaching, what has ended. */
export async function myCoursesData(request: Request) {
  const { user, access, options, coachSlug } = await memberContext(request);
  const open = COURSE_KEYS.filter((course) => access[course].state === "open");
  const courses = await loadCourses(getDb(), user.id, open, options);
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
  const { user, access, options, coachSlug } = await memberContext(request);
  const state = access[courseParam];
  if (state.state !== "open") return refuse(courseParam, state, coachSlug);
  const course = await loadCourse(getDb(), user.id, courseParam, options);
  return { refused: null, course, coachSlug, preview: state.preview, now: (options.now ?? new Date()).toISOString() };
}

interface LessonParams {
  course?: string;
  module?: string;
  lesson?: string;
}

async function findLesson(request: Request, params: LessonParams) {
  if (!params.course || !isCourseKey(params.course)) throw notFound();
  const context = await memberContext(request);
  const state = context.access[params.course];
  if (state.state !== "open") return { context, refused: refuse(params.course, state, context.coachSlug), found: null };
  const found = await loadLesson(getDb(), context.user.id, params.course, params.module ?? "", params.lesson ?? "", context.options);
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
  const { user, access, options } = await memberContext(request);
  if (!isUuid(fileId)) return notFound();
  const file = await findLessonFile(getDb(), fileId);
  if (!file || access[file.courseKey].state !== "open") return notFound();
  if (!(await isModuleOpen(getDb(), user.id, file.courseKey, file.moduleSlug, options))) return notFound();
  return servePrivateFile(request, { key: file.storageKey, contentType: file.contentType, fileName: file.fileName, disposition: "attachment" });
}

/** GET /learn/videos/<lesson id>: the same guard, streamed with byte ranges. */
export async function serveLessonVideo(request: Request, lessonId: string | undefined): Promise<Response> {
  const { user, access, options } = await memberContext(request);
  if (!isUuid(lessonId)) return notFound();
  const video = await findLessonVideo(getDb(), lessonId);
  if (!video || access[video.courseKey].state !== "open") return notFound();
  if (!(await isModuleOpen(getDb(), user.id, video.courseKey, video.moduleSlug, options))) return notFound();
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
