import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { CourseKey } from "~/content/courses";
import { createdAt, updatedAt } from "./columns";
import { users } from "./auth";

// The members' area: courses, lessons, files, progress, enrolments and files shared with a member.

/** The courses the site delivers: the one-off course and the habit course of the subscription. */
export type { CourseKey };

/** A course's module: Learn to Lift's 'Before you start' and weeks, or a habit module. */
export const courseModules = pgTable(
  "course_modules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    courseKey: text("course_key").$type<CourseKey>().notNull(),
    /** Its part of the lessons' addresses: /learn/<course>/<module slug>/<lesson slug>. */
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    /**
     * When it opens: the week of the cohort (1 = the cohort's start date, 2 = a week later…);
     * 0 = before the course starts, open from the day she buys; null = open whenever she has access.
     */
    opensWeek: integer("opens_week"),
    position: integer("position").notNull(),
    /** Installed example content for the coach to replace. */
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("course_modules_course_slug_idx").on(t.courseKey, t.slug),
    index("course_modules_course_position_idx").on(t.courseKey, t.position),
    check("course_modules_course_check", sql`${t.courseKey} in ('learn-to-lift', 'build-stronger-foundations')`),
    check("course_modules_opens_week_check", sql`${t.opensWeek} is null or ${t.opensWeek} between 0 and 52`),
  ],
);

/** A lesson: Markdown body, an optional video (an address or an uploaded file), files, an estimated time. */
export const courseLessons = pgTable(
  "course_lessons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    moduleId: uuid("module_id")
      .notNull()
      .references(() => courseModules.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    /** Markdown, the "lesson" profile of app/utils/markdown.ts. */
    body: text("body").notNull().default(""),
    /** A YouTube or Vimeo address, shown behind a click (app/validation/video.ts). */
    videoUrl: text("video_url"),
    /** A video the coach uploaded: its private storage key and type. */
    videoKey: text("video_key"),
    videoType: text("video_type"),
    /** The uploaded video's own name and size, shown to the coach on the Courses tab. */
    videoFileName: text("video_file_name"),
    videoSizeBytes: bigint("video_size_bytes", { mode: "number" }),
    minutes: integer("minutes").notNull().default(10),
    position: integer("position").notNull(),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("course_lessons_module_slug_idx").on(t.moduleId, t.slug),
    index("course_lessons_module_position_idx").on(t.moduleId, t.position),
  ],
);

/** A file of a lesson (a worksheet as PDF): private storage, served only to members with access. */
export const lessonFiles = pgTable(
  "lesson_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    lessonId: uuid("lesson_id")
      .notNull()
      .references(() => courseLessons.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("lesson_files_lesson_idx").on(t.lessonId)],
);

/** 'Mark complete': one row per member and lesson she finished. */
export const lessonProgress = pgTable(
  "lesson_progress",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: uuid("lesson_id")
      .notNull()
      .references(() => courseLessons.id, { onDelete: "cascade" }),
    completedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] })],
);

/** Her place in a course: the cohort she starts with, and the lesson she opened last. */
export const courseEnrolments = pgTable(
  "course_enrolments",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseKey: text("course_key").$type<CourseKey>().notNull(),
    /** Learn to Lift: the cohort start date that was set when she first came in (YYYY-MM-DD). */
    cohortStartsOn: text("cohort_starts_on"),
    lastLessonId: uuid("last_lesson_id").references(() => courseLessons.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseKey] })],
);

/** A file the coach shares with one 1-to-1 client (the 'Your coaching' page). */
export const memberFiles = pgTable(
  "member_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("member_files_user_idx").on(t.userId, t.createdAt.desc())],
);
