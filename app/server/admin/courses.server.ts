import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, lt, sql, desc } from "drizzle-orm";
import { COURSE_KEYS, COURSES, type CourseKey } from "~/content/courses";
import { getDb, type Queryable, type Transaction } from "~/server/db/client.server";
import { adminActivityLog, courseLessons, courseModules, lessonFiles } from "~/server/db/schema";
import { formIntent, parseIntentForm } from "~/server/http/form-action.server";
import { logger } from "~/server/core/logger.server";
import { getStorage } from "~/server/storage/index.server";
import type { FlashToastInput } from "~/server/core/toast.server";
import { formToObject } from "~/validation/first-error";
import { z } from "~/validation/zod";
import {
  cleanFileName,
  COURSE_LIMITS,
  CourseKeySchema,
  COURSES_INTENTS,
  COURSES_MESSAGES,
  DirectionSchema,
  FileIdSchema,
  LessonFieldsSchema,
  LessonIdSchema,
  ModuleFieldsSchema,
  ModuleIdSchema,
  type CoursesIntent,
} from "~/validation/courses";

const I = COURSES_INTENTS;
const intent = <T extends CoursesIntent>(value: T) => z.literal(value);

/**
 * Every form of the Courses tab in one schema, parsed once per request: each intent's fields in
 * the order their problems are reported (the item it is about first, then what the coach typed).
 * A video is sent to its own route (course-video.server.ts), never within this form's 20 MB, so
 * upload-video is not among them.
 */
const CoursesFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: intent(I.addModule), ...CourseKeySchema.shape, ...ModuleFieldsSchema.shape }),
    z.object({ intent: intent(I.updateModule), ...ModuleIdSchema.shape, ...ModuleFieldsSchema.shape }),
    z.object({ intent: intent(I.moveModule), ...DirectionSchema.shape, ...ModuleIdSchema.shape }),
    z.object({ intent: intent(I.deleteModule), ...ModuleIdSchema.shape }),
    z.object({ intent: intent(I.addLesson), ...ModuleIdSchema.shape, ...LessonFieldsSchema.shape }),
    z.object({ intent: intent(I.updateLesson), ...LessonIdSchema.shape, ...LessonFieldsSchema.shape }),
    z.object({ intent: intent(I.moveLesson), ...DirectionSchema.shape, ...LessonIdSchema.shape }),
    z.object({ intent: intent(I.deleteLesson), ...LessonIdSchema.shape }),
    z.object({ intent: intent(I.uploadFile), ...LessonIdSchema.shape }),
    z.object({ intent: intent(I.removeVideo), ...LessonIdSchema.shape }),
    z.object({ intent: intent(I.deleteFile), ...FileIdSchema.shape }),
  ],
  { error: COURSES_MESSAGES.unknownIntent },
);
/** The form's hidden inputs: a problem with one of them is the item's or the page's, not a field's. */
const HIDDEN_FIELDS = ["course", "moduleId", "lessonId", "fileId", "direction"] as const;

// The Courses tab's data and actions (docs/product.md §10.14): the coach adds, edits, reorders
// and removes the modules and lessons of the members' courses and uploads their files. Every
// change is one transaction with its activity-log row; the members' pages read the tables
// directly, so a change shows at once.

export interface AdminLessonFile {
  id: string;
  fileName: string;
  sizeBytes: number;
  href: string;
}

export interface AdminLesson {
  id: string;
  slug: string;
  title: string;
  minutes: number;
  body: string;
  videoUrl: string | null;
  /** Her uploaded video: its name, size and address (the guarded members' route). */
  video: { fileName: string; sizeBytes: number; href: string } | null;
  isDemo: boolean;
  files: AdminLessonFile[];
}

export interface AdminModule {
  id: string;
  slug: string;
  title: string;
  summary: string;
  opensWeek: number | null;
  isDemo: boolean;
  lessons: AdminLesson[];
}

export interface AdminCourse {
  course: CourseKey;
  title: string;
  modules: AdminModule[];
}

export type CoursesTabData = AdminCourse[];

export async function loadCoursesData(q: Queryable): Promise<CoursesTabData> {
  const [modules, lessons, files] = await Promise.all([
    q.select().from(courseModules).orderBy(asc(courseModules.position), asc(courseModules.createdAt)),
    q.select().from(courseLessons).orderBy(asc(courseLessons.position), asc(courseLessons.createdAt)),
    q.select().from(lessonFiles).orderBy(asc(lessonFiles.position), asc(lessonFiles.createdAt)),
  ]);
  return COURSE_KEYS.map((course) => ({
    course,
    title: COURSES[course].title,
    modules: modules
      .filter((m) => m.courseKey === course)
      .map((m) => ({
        id: m.id,
        slug: m.slug,
        title: m.title,
        summary: m.summary,
        opensWeek: m.opensWeek,
        isDemo: m.isDemo,
        lessons: lessons
          .filter((l) => l.moduleId === m.id)
          .map((l) => ({
            id: l.id,
            slug: l.slug,
            title: l.title,
            minutes: l.minutes,
            body: l.body,
            videoUrl: l.videoUrl,
            video: l.videoKey ? { fileName: l.videoFileName ?? "video", sizeBytes: l.videoSizeBytes ?? 0, href: `/learn/videos/${l.id}` } : null,
            isDemo: l.isDemo,
            files: files.filter((f) => f.lessonId === l.id).map((f) => ({ id: f.id, fileName: f.fileName, sizeBytes: f.sizeBytes, href: `/learn/files/${f.id}` })),
          })),
      })),
  }));
}

/** What a refused form says, and where. */
export interface CoursesActionFailure {
  ok: false;
  intent: CoursesIntent | null;
  /** The module or lesson the form was about. */
  target: string | null;
  field: string | null;
  message: string;
  values: Record<string, string>;
}

export type CoursesActionOutcome = { ok: true; toast: FlashToastInput } | { ok: false; status: number; failure: CoursesActionFailure };

/** "Week 1: Foundations" → "week-1-foundations": an address part, unique among its siblings. */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
  return slug || "lesson";
}

function uniqueSlug(base: string, taken: readonly string[]): string {
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.includes(`${base}-${n}`)) return `${base}-${n}`;
}

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

/** A refusal inside a change's transaction: rolls it back and answers `status` with `message`. */
export class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * One change to the courses and its activity-log row, in one transaction (serialised with every
 * other change to the courses); a Refused thrown inside rolls it back and gives its answer.
 */
export async function changeCourses(
  adminId: string,
  summary: string,
  details: Record<string, unknown>,
  run: (tx: Transaction) => Promise<void>,
): Promise<{ ok: true } | { ok: false; status: number; message: string }> {
  try {
    await getDb().transaction(async (tx: Transaction) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('courses'))`);
      await run(tx);
      await tx.insert(adminActivityLog).values({ adminId, actionType: "update_course", details: { summary, ...details } });
    });
    return { ok: true };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, status: error.status, message: error.message };
    logger.error("admin: could not change a course", { error, adminId, summary });
    return { ok: false, status: 500, message: COURSES_MESSAGES.saveFailed };
  }
}

/** A lesson in a change's transaction, or a 404 refusal when it has gone. */
export async function lessonOf(tx: Queryable, id: string) {
  const [row] = await tx.select().from(courseLessons).where(eq(courseLessons.id, id));
  if (!row) throw new Refused(404, COURSES_MESSAGES.unknownItem);
  return row;
}

export async function runCoursesAction(adminId: string, form: FormData): Promise<CoursesActionOutcome> {
  const intent = formIntent(form, Object.values(COURSES_INTENTS));
  const target = String(form.get("lessonId") ?? form.get("moduleId") ?? "") || null;
  const values = Object.fromEntries(Object.entries(formToObject(form)).map(([k, v]) => [k, v.slice(0, COURSE_LIMITS.bodyMax)]));
  const fail = (status: number, message: string, field: string | null = null): CoursesActionOutcome => ({
    ok: false,
    status,
    failure: { ok: false, intent, target, field, message, values },
  });
  const parsed = parseIntentForm(form, CoursesFormSchema, HIDDEN_FIELDS);
  if (!parsed.ok) return fail(400, parsed.message, parsed.field);
  const posted = parsed.data;

  const change = async (summary: string, details: Record<string, unknown>, run: (tx: Transaction) => Promise<void>, toast: string) => {
    const outcome = await changeCourses(adminId, summary, details, run);
    if (outcome.ok) return { ok: true, toast: { title: "Saved", description: toast, variant: "success" } } satisfies CoursesActionOutcome;
    return fail(outcome.status, outcome.message);
  };

  const moduleOf = async (tx: Queryable, id: string) => {
    const [row] = await tx.select().from(courseModules).where(eq(courseModules.id, id));
    if (!row) throw new Refused(404, COURSES_MESSAGES.unknownItem);
    return row;
  };

  switch (posted.intent) {
    case COURSES_INTENTS.addModule: {
      const key = posted.course;
      return change(`Module added: ${posted.title}`, { course: key }, async (tx) => {
        const siblings = await tx.select({ slug: courseModules.slug, position: courseModules.position }).from(courseModules).where(eq(courseModules.courseKey, key));
        await tx.insert(courseModules).values({
          courseKey: key,
          slug: uniqueSlug(slugify(posted.title), siblings.map((s) => s.slug)),
          title: posted.title,
          summary: posted.summary,
          opensWeek: key === "learn-to-lift" ? posted.opensWeek : null,
          position: Math.max(0, ...siblings.map((s) => s.position)) + 1,
        });
      }, "The module is in the course now.");
    }
    case COURSES_INTENTS.updateModule: {
      return change(`Module changed: ${posted.title}`, { moduleId: posted.moduleId }, async (tx) => {
        const row = await moduleOf(tx, posted.moduleId);
        await tx
          .update(courseModules)
          .set({ title: posted.title, summary: posted.summary, opensWeek: row.courseKey === "learn-to-lift" ? posted.opensWeek : null, isDemo: false })
          .where(eq(courseModules.id, row.id));
      }, "The module is updated.");
    }
    case COURSES_INTENTS.moveModule:
    case COURSES_INTENTS.moveLesson: {
      const up = posted.direction === "up";
      if (posted.intent === COURSES_INTENTS.moveModule) {
        return change(`Module moved ${posted.direction}`, { moduleId: posted.moduleId }, async (tx) => {
          const row = await moduleOf(tx, posted.moduleId);
          const [neighbour] = await tx
            .select()
            .from(courseModules)
            .where(and(eq(courseModules.courseKey, row.courseKey), up ? lt(courseModules.position, row.position) : gt(courseModules.position, row.position)))
            .orderBy(up ? desc(courseModules.position) : asc(courseModules.position))
            .limit(1);
          if (!neighbour) return;
          await tx.update(courseModules).set({ position: neighbour.position }).where(eq(courseModules.id, row.id));
          await tx.update(courseModules).set({ position: row.position }).where(eq(courseModules.id, neighbour.id));
        }, "The order is saved.");
      }
      return change(`Lesson moved ${posted.direction}`, { lessonId: posted.lessonId }, async (tx) => {
        const row = await lessonOf(tx, posted.lessonId);
        const [neighbour] = await tx
          .select()
          .from(courseLessons)
          .where(and(eq(courseLessons.moduleId, row.moduleId), up ? lt(courseLessons.position, row.position) : gt(courseLessons.position, row.position)))
          .orderBy(up ? desc(courseLessons.position) : asc(courseLessons.position))
          .limit(1);
        if (!neighbour) return;
        await tx.update(courseLessons).set({ position: neighbour.position }).where(eq(courseLessons.id, row.id));
        await tx.update(courseLessons).set({ position: row.position }).where(eq(courseLessons.id, neighbour.id));
      }, "The order is saved.");
    }
    case COURSES_INTENTS.deleteModule: {
      const keys: string[] = [];
      const outcome = await change("Module deleted", { moduleId: posted.moduleId }, async (tx) => {
        await moduleOf(tx, posted.moduleId);
        const files = await tx
          .select({ key: lessonFiles.storageKey })
          .from(lessonFiles)
          .innerJoin(courseLessons, eq(courseLessons.id, lessonFiles.lessonId))
          .where(eq(courseLessons.moduleId, posted.moduleId));
        keys.push(...files.map((f) => f.key));
        const videos = await tx.select({ key: courseLessons.videoKey }).from(courseLessons).where(eq(courseLessons.moduleId, posted.moduleId));
        keys.push(...videos.flatMap((v) => (v.key ? [v.key] : [])));
        await tx.delete(courseModules).where(eq(courseModules.id, posted.moduleId));
      }, "The module and its lessons are removed.");
      if (outcome.ok) await removeFiles(keys);
      return outcome;
    }
    case COURSES_INTENTS.addLesson: {
      return change(`Lesson added: ${posted.title}`, { moduleId: posted.moduleId }, async (tx) => {
        await moduleOf(tx, posted.moduleId);
        const siblings = await tx.select({ slug: courseLessons.slug, position: courseLessons.position }).from(courseLessons).where(eq(courseLessons.moduleId, posted.moduleId));
        await tx.insert(courseLessons).values({
          moduleId: posted.moduleId,
          slug: uniqueSlug(slugify(posted.title), siblings.map((s) => s.slug)),
          title: posted.title,
          minutes: posted.minutes,
          body: posted.body,
          videoUrl: posted.videoUrl,
          position: Math.max(0, ...siblings.map((s) => s.position)) + 1,
        });
      }, "The lesson is in the course now.");
    }
    case COURSES_INTENTS.updateLesson: {
      return change(`Lesson changed: ${posted.title}`, { lessonId: posted.lessonId }, async (tx) => {
        await lessonOf(tx, posted.lessonId);
        await tx
          .update(courseLessons)
          .set({ title: posted.title, minutes: posted.minutes, body: posted.body, videoUrl: posted.videoUrl, isDemo: false })
          .where(eq(courseLessons.id, posted.lessonId));
      }, "The lesson is updated.");
    }
    case COURSES_INTENTS.deleteLesson: {
      const keys: string[] = [];
      const outcome = await change("Lesson deleted", { lessonId: posted.lessonId }, async (tx) => {
        const lesson = await lessonOf(tx, posted.lessonId);
        keys.push(...(await tx.select({ key: lessonFiles.storageKey }).from(lessonFiles).where(eq(lessonFiles.lessonId, posted.lessonId))).map((f) => f.key));
        if (lesson.videoKey) keys.push(lesson.videoKey);
        await tx.delete(courseLessons).where(eq(courseLessons.id, posted.lessonId));
      }, "The lesson is removed.");
      if (outcome.ok) await removeFiles(keys);
      return outcome;
    }
    case COURSES_INTENTS.uploadFile: {
      const file = form.get("file");
      if (!(file instanceof File) || file.size === 0) return fail(400, COURSES_MESSAGES.fileMissing, "file");
      if (file.size > COURSE_LIMITS.fileMaxBytes) return fail(413, COURSES_MESSAGES.fileSize, "file");
      const bytes = new Uint8Array(await file.arrayBuffer());
      // The real type from its first bytes; the declared name and type play no part.
      if (!PDF_MAGIC.every((b, i) => bytes[i] === b)) return fail(400, COURSES_MESSAGES.fileType, "file");
      const fileName = cleanFileName(file.name.toLowerCase().endsWith(".pdf") ? file.name : `${file.name}.pdf`);
      const key = `private/lesson-files/${posted.lessonId}/${Date.now().toString(36)}-${randomBytes(6).toString("hex")}.pdf`;
      try {
        await getStorage().put(key, bytes, "application/pdf");
      } catch (error) {
        logger.error("admin: could not store a lesson file", { error, adminId });
        return fail(500, COURSES_MESSAGES.saveFailed, "file");
      }
      const outcome = await change(`File added: ${fileName}`, { lessonId: posted.lessonId }, async (tx) => {
        await lessonOf(tx, posted.lessonId);
        await tx.insert(lessonFiles).values({ lessonId: posted.lessonId, storageKey: key, fileName, contentType: "application/pdf", sizeBytes: bytes.byteLength });
      }, "The file is in the lesson now.");
      if (!outcome.ok) await removeFiles([key]);
      return outcome;
    }
    case COURSES_INTENTS.removeVideo: {
      const keys: string[] = [];
      const outcome = await change("Video removed", { lessonId: posted.lessonId }, async (tx) => {
        const lesson = await lessonOf(tx, posted.lessonId);
        if (lesson.videoKey) keys.push(lesson.videoKey);
        await tx
          .update(courseLessons)
          .set({ videoKey: null, videoType: null, videoFileName: null, videoSizeBytes: null })
          .where(eq(courseLessons.id, lesson.id));
      }, "The video is removed from the lesson.");
      if (outcome.ok) await removeFiles(keys);
      return outcome;
    }
    case COURSES_INTENTS.deleteFile: {
      const keys: string[] = [];
      const outcome = await change("File deleted", { fileId: posted.fileId }, async (tx) => {
        const [row] = await tx.select().from(lessonFiles).where(eq(lessonFiles.id, posted.fileId));
        if (!row) throw new Refused(404, COURSES_MESSAGES.unknownItem);
        keys.push(row.storageKey);
        await tx.delete(lessonFiles).where(eq(lessonFiles.id, row.id));
      }, "The file is removed.");
      if (outcome.ok) await removeFiles(keys);
      return outcome;
    }
  }
}

/** Best effort: a file left behind is only disk space, never served (its row is gone). */
export async function removeFiles(keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    await getStorage()
      .delete(key)
      .catch((error: unknown) => logger.warn("admin: could not delete a course file", { error, key }));
  }
}

// ─── For the dashboard's routes (app/routes/admin/), with the site's database ───────────────────

/** The Courses tab (docs/product.md §10.14), read now. */
export function loadCoursesTab(): Promise<CoursesTabData> {
  return loadCoursesData(getDb());
}
