import { and, asc, eq, sql } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { COURSES, lessonPath, type CourseKey } from "~/content/courses";
import { courseEnrolments, courseLessons, courseModules, lessonFiles, lessonProgress } from "~/server/db/schema";

// The courses as a member reads them (docs/product.md §19): modules in order, each open or not yet
// (Learn to Lift's weeks open one a week from her cohort's start date), lessons with her
// 'Completed' marks, the progress of the course and where 'Continue' takes her. Access itself is
// checked first, in ./access.server.ts.

export { COURSE_KEYS, COURSES, coursePath, isCourseKey, lessonPath } from "~/content/courses";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** When a module opens for a cohort starting at `cohortStart`: null when it is open from the start. */
export function moduleOpensAt(opensWeek: number | null, cohortStart: Date | null): Date | null {
  if (opensWeek === null || opensWeek === 0 || cohortStart === null) return null;
  return new Date(cohortStart.getTime() + (opensWeek - 1) * WEEK_MS);
}

export interface LessonSummary {
  id: string;
  slug: string;
  title: string;
  minutes: number;
  completed: boolean;
  href: string;
}

export interface ModuleView {
  id: string;
  slug: string;
  title: string;
  summary: string;
  /** When it opens (ISO), or null when it is open from the start. */
  opensAt: string | null;
  /** It has not opened for members yet. */
  opensLater: boolean;
  /** She may read it: it has opened, or the coach is previewing (she sees every module). */
  open: boolean;
  lessons: LessonSummary[];
}

export interface CourseView {
  course: CourseKey;
  title: string;
  intro: string;
  modules: ModuleView[];
  total: number;
  done: number;
  /** Whole per cent of the course's lessons completed. */
  percent: number;
  /** Where 'Continue' goes: the lesson she opened last if she has not finished it, else the first open lesson not completed. */
  continueHref: string | null;
  /** Learn to Lift: her cohort's start (ISO); null for a course without weeks. */
  cohortStartsAt: string | null;
}

export interface CourseOptions {
  now?: Date;
  /** The cohort start date of the site (the Offers tab's), for a member's first visit. */
  siteCohortDate: string;
  /** True for the coach's 'Preview as a member': nothing of hers is recorded. */
  preview?: boolean;
  /**
   * Only the lessons published by then: a Build Stronger Foundations member whose subscription
   * has ended keeps those (docs/decisions/255-foundations-materials-kept-after-cancelling.md).
   */
  publishedBy?: Date | null;
}

/**
 * Her cohort for Learn to Lift: fixed on her first visit (the cohort date of the site then), so a
 * later change of the next cohort's date never closes weeks she already had (decision 231).
 */
async function cohortStart(q: Queryable, userId: string, course: CourseKey, options: CourseOptions): Promise<{ start: Date | null; lastLessonId: string | null }> {
  if (options.preview) return { start: course === "learn-to-lift" ? new Date(options.siteCohortDate) : null, lastLessonId: null };
  const cohort = course === "learn-to-lift" ? options.siteCohortDate : null;
  await q.insert(courseEnrolments).values({ userId, courseKey: course, cohortStartsOn: cohort }).onConflictDoNothing();
  const [row] = await q
    .select({ cohortStartsOn: courseEnrolments.cohortStartsOn, lastLessonId: courseEnrolments.lastLessonId })
    .from(courseEnrolments)
    .where(and(eq(courseEnrolments.userId, userId), eq(courseEnrolments.courseKey, course)));
  const start = row?.cohortStartsOn ? new Date(row.cohortStartsOn) : null;
  return { start: start && !Number.isNaN(start.getTime()) ? start : null, lastLessonId: row?.lastLessonId ?? null };
}

/** The whole course as she sees it now. */
export async function loadCourse(q: Queryable, userId: string, course: CourseKey, options: CourseOptions): Promise<CourseView> {
  const now = options.now ?? new Date();
  const [{ start, lastLessonId }, modules, lessons] = await Promise.all([
    cohortStart(q, userId, course, options),
    q.select().from(courseModules).where(eq(courseModules.courseKey, course)).orderBy(asc(courseModules.position), asc(courseModules.createdAt)),
    q
      .select({
        id: courseLessons.id,
        moduleId: courseLessons.moduleId,
        slug: courseLessons.slug,
        title: courseLessons.title,
        minutes: courseLessons.minutes,
        createdAt: courseLessons.createdAt,
        completed: sql<boolean>`exists (select 1 from ${lessonProgress} where ${lessonProgress.lessonId} = ${courseLessons.id} and ${lessonProgress.userId} = ${userId})`,
      })
      .from(courseLessons)
      .innerJoin(courseModules, eq(courseModules.id, courseLessons.moduleId))
      .where(eq(courseModules.courseKey, course))
      .orderBy(asc(courseLessons.position), asc(courseLessons.createdAt)),
  ]);
  const publishedBy = options.publishedBy ?? null;
  const kept = publishedBy ? lessons.filter((lesson) => lesson.createdAt.getTime() <= publishedBy.getTime()) : lessons;
  const shown = publishedBy ? modules.filter((module) => kept.some((lesson) => lesson.moduleId === module.id)) : modules;
  const views: ModuleView[] = shown.map((module) => {
    const opensAt = moduleOpensAt(module.opensWeek, start);
    const opensLater = opensAt !== null && opensAt.getTime() > now.getTime();
    return {
      id: module.id,
      slug: module.slug,
      title: module.title,
      summary: module.summary,
      opensAt: opensAt?.toISOString() ?? null,
      opensLater,
      open: !opensLater || options.preview === true,
      lessons: kept
        .filter((lesson) => lesson.moduleId === module.id)
        .map((lesson) => ({
          id: lesson.id,
          slug: lesson.slug,
          title: lesson.title,
          minutes: lesson.minutes,
          completed: Boolean(lesson.completed),
          href: lessonPath(course, module.slug, lesson.slug),
        })),
    };
  });
  const all = views.flatMap((module) => module.lessons);
  const done = all.filter((lesson) => lesson.completed).length;
  const openLessons = views.filter((module) => module.open).flatMap((module) => module.lessons);
  const last = openLessons.find((lesson) => lesson.id === lastLessonId && !lesson.completed);
  const next = last ?? openLessons.find((lesson) => !lesson.completed);
  return {
    course,
    title: COURSES[course].title,
    intro: COURSES[course].intro,
    modules: views,
    total: all.length,
    done,
    percent: all.length === 0 ? 0 : Math.floor((done / all.length) * 100),
    continueHref: next?.href ?? null,
    cohortStartsAt: course === "learn-to-lift" && start ? start.toISOString() : null,
  };
}

export interface LessonFileView {
  id: string;
  fileName: string;
  sizeBytes: number;
  href: string;
}

export interface LessonView {
  id: string;
  title: string;
  /** Markdown (the "lesson" profile). */
  body: string;
  videoUrl: string | null;
  /** The address of her uploaded video, through the guarded route. */
  videoHref: string | null;
  videoType: string | null;
  minutes: number;
  completed: boolean;
  files: LessonFileView[];
  module: ModuleView;
  previous: LessonSummary | null;
  next: LessonSummary | null;
}

/** One lesson, with the course around it; null when the address names no lesson of the course. */
export async function loadLesson(
  q: Queryable,
  userId: string,
  course: CourseKey,
  moduleSlug: string,
  lessonSlug: string,
  options: CourseOptions,
): Promise<{ course: CourseView; lesson: LessonView } | null> {
  const view = await loadCourse(q, userId, course, options);
  const module = view.modules.find((m) => m.slug === moduleSlug);
  const summary = module?.lessons.find((l) => l.slug === lessonSlug);
  if (!module || !summary) return null;
  const [[row], files] = await Promise.all([
    q.select().from(courseLessons).where(eq(courseLessons.id, summary.id)),
    q.select().from(lessonFiles).where(eq(lessonFiles.lessonId, summary.id)).orderBy(asc(lessonFiles.position), asc(lessonFiles.createdAt)),
  ]);
  if (!row) return null;
  const ordered = view.modules.filter((m) => m.open).flatMap((m) => m.lessons);
  const at = ordered.findIndex((l) => l.id === summary.id);
  return {
    course: view,
    lesson: {
      id: row.id,
      title: row.title,
      body: row.body,
      videoUrl: row.videoUrl,
      videoHref: row.videoKey ? `/learn/videos/${row.id}` : null,
      videoType: row.videoType,
      minutes: row.minutes,
      completed: summary.completed,
      files: files.map((file) => ({ id: file.id, fileName: file.fileName, sizeBytes: file.sizeBytes, href: `/learn/files/${file.id}` })),
      module,
      previous: at > 0 ? (ordered[at - 1] ?? null) : null,
      next: at >= 0 ? (ordered[at + 1] ?? null) : null,
    },
  };
}

/** Remembers the lesson she opened, for 'Continue'. */
export async function rememberLesson(q: Queryable, userId: string, course: CourseKey, lessonId: string): Promise<void> {
  await q
    .update(courseEnrolments)
    .set({ lastLessonId: lessonId })
    .where(and(eq(courseEnrolments.userId, userId), eq(courseEnrolments.courseKey, course)));
}

/** 'Mark complete' (done) and its undo. */
export async function setLessonCompleted(q: Queryable, userId: string, lessonId: string, done: boolean): Promise<void> {
  if (done) await q.insert(lessonProgress).values({ userId, lessonId }).onConflictDoNothing();
  else await q.delete(lessonProgress).where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId)));
}

/** A lesson's file with the module it sits in, for the guarded download route. */
export async function findLessonFile(q: Queryable, fileId: string) {
  const [row] = await q
    .select({
      storageKey: lessonFiles.storageKey,
      fileName: lessonFiles.fileName,
      contentType: lessonFiles.contentType,
      lessonId: lessonFiles.lessonId,
      courseKey: courseModules.courseKey,
      moduleSlug: courseModules.slug,
    })
    .from(lessonFiles)
    .innerJoin(courseLessons, eq(courseLessons.id, lessonFiles.lessonId))
    .innerJoin(courseModules, eq(courseModules.id, courseLessons.moduleId))
    .where(eq(lessonFiles.id, fileId));
  return row ?? null;
}

/** A lesson's uploaded video with the module it sits in. */
export async function findLessonVideo(q: Queryable, lessonId: string) {
  const [row] = await q
    .select({
      videoKey: courseLessons.videoKey,
      videoType: courseLessons.videoType,
      title: courseLessons.title,
      courseKey: courseModules.courseKey,
      moduleSlug: courseModules.slug,
    })
    .from(courseLessons)
    .innerJoin(courseModules, eq(courseModules.id, courseLessons.moduleId))
    .where(eq(courseLessons.id, lessonId));
  return row?.videoKey ? row : null;
}

/** Whether a lesson of a course is open for her now: its module has opened and the lesson is hers (for files and videos). */
export async function isLessonOpen(q: Queryable, userId: string, course: CourseKey, moduleSlug: string, lessonId: string, options: CourseOptions): Promise<boolean> {
  const view = await loadCourse(q, userId, course, options);
  return view.modules.some((module) => module.slug === moduleSlug && module.open && module.lessons.some((lesson) => lesson.id === lessonId));
}
