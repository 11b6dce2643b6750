import { parseVideoUrl } from "~/validation/video";
import { z } from "~/validation/zod";

// The Courses tab (docs/product.md §10.14): the coach builds the members' courses. One module for
// the browser and the server: the forms' intents, each form's schema and every message.

export const COURSES_INTENTS = {
  addModule: "add-module",
  updateModule: "update-module",
  moveModule: "move-module",
  deleteModule: "delete-module",
  addLesson: "add-lesson",
  updateLesson: "update-lesson",
  moveLesson: "move-lesson",
  deleteLesson: "delete-lesson",
  uploadFile: "upload-file",
  deleteFile: "delete-file",
  /** Posted to /settings/admin/courses/video, which reads the video as it arrives. */
  uploadVideo: "upload-video",
  removeVideo: "remove-video",
} as const;
export type CoursesIntent = (typeof COURSES_INTENTS)[keyof typeof COURSES_INTENTS];

export const COURSE_LIMITS = {
  moduleTitleMax: 100,
  summaryMax: 300,
  lessonTitleMax: 120,
  bodyMax: 20_000,
  minutesMax: 240,
  weekMax: 52,
  fileNameMax: 120,
  /** A worksheet or handout: a PDF of at most 20 MB. */
  fileMaxBytes: 20 * 1024 * 1024,
  /** A lesson's own video: MP4 or WebM of at most 2 GB (an hour at 1080p is about 1.5 GB). */
  videoMaxBytes: 2 * 1024 * 1024 * 1024,
} as const;

export const COURSES_MESSAGES = {
  moduleTitleRequired: "Please enter the module's title.",
  moduleTitleTooLong: `A module's title can be at most ${COURSE_LIMITS.moduleTitleMax} characters.`,
  summaryTooLong: `The summary can be at most ${COURSE_LIMITS.summaryMax} characters.`,
  opensWeek: `Please enter the week it opens as a whole number from 0 (before the course starts) to ${COURSE_LIMITS.weekMax}, or leave it empty.`,
  lessonTitleRequired: "Please enter the lesson's title.",
  lessonTitleTooLong: `A lesson's title can be at most ${COURSE_LIMITS.lessonTitleMax} characters.`,
  minutes: `Please enter the time it takes in minutes, a whole number from 1 to ${COURSE_LIMITS.minutesMax}.`,
  bodyTooLong: `A lesson can be at most ${COURSE_LIMITS.bodyMax.toLocaleString("en-GB")} characters.`,
  videoUrl: "Please paste the full address of a YouTube or Vimeo video, starting with https://, or leave it empty.",
  fileMissing: "Please choose a file to upload.",
  fileType: "Please choose a PDF file.",
  fileSize: "That file is larger than 20 MB. Please choose a smaller one.",
  videoMissing: "Please choose a video to upload.",
  videoType: "Please choose an MP4 or WebM video (most phones and editing apps save MP4).",
  videoSize: "That video is larger than 2 GB. Please export it at 1080p or shorten it, then try again.",
  videoInterrupted: "The upload stopped before the whole video arrived. Please try again.",
  controlCharacters: "Please remove the invisible control characters from this text.",
  unknownItem: "That item is no longer there. Please reload the page and try again.",
  unknownIntent: "Unknown action. Please reload the page and try again.",
  saveFailed: "Your change could not be saved. Please try again.",
} as const;

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function text(max: number, messages: { required?: string; tooLong: string }, oneLine = false) {
  const checked = z
    .string()
    .max(max, messages.tooLong)
    .refine((value) => !CONTROL.test(value), COURSES_MESSAGES.controlCharacters);
  return z
    .string({ error: messages.required ?? messages.tooLong })
    .transform((value) => (oneLine ? value.replace(/[\r\n]+/g, " ") : value.replace(/\r\n?/g, "\n")).trim())
    .pipe(messages.required ? checked.min(1, messages.required) : checked);
}

const uuid = z.uuid({ error: COURSES_MESSAGES.unknownItem });

export const CourseKeySchema = z.object({ course: z.enum(["learn-to-lift", "build-stronger-foundations"], { error: COURSES_MESSAGES.unknownIntent }) });

/** A module's fields. The week is Learn to Lift's only; empty means open with the course. */
export const ModuleFieldsSchema = z.object({
  title: text(COURSE_LIMITS.moduleTitleMax, { required: COURSES_MESSAGES.moduleTitleRequired, tooLong: COURSES_MESSAGES.moduleTitleTooLong }, true),
  summary: text(COURSE_LIMITS.summaryMax, { tooLong: COURSES_MESSAGES.summaryTooLong }, true).optional().default(""),
  opensWeek: z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim())
    .pipe(
      z.union([
        z.literal("").transform(() => null),
        z
          .string()
          .regex(/^\d{1,2}$/, COURSES_MESSAGES.opensWeek)
          .transform(Number)
          .pipe(z.number().int().min(0, COURSES_MESSAGES.opensWeek).max(COURSE_LIMITS.weekMax, COURSES_MESSAGES.opensWeek)),
      ], { error: COURSES_MESSAGES.opensWeek }),
    ),
});

/** A lesson's fields (a new lesson gives its title; the rest may come later). */
export const LessonFieldsSchema = z.object({
  title: text(COURSE_LIMITS.lessonTitleMax, { required: COURSES_MESSAGES.lessonTitleRequired, tooLong: COURSES_MESSAGES.lessonTitleTooLong }, true),
  minutes: z.coerce
    .number({ error: COURSES_MESSAGES.minutes })
    .int(COURSES_MESSAGES.minutes)
    .min(1, COURSES_MESSAGES.minutes)
    .max(COURSE_LIMITS.minutesMax, COURSES_MESSAGES.minutes)
    .optional()
    .default(10),
  body: text(COURSE_LIMITS.bodyMax, { tooLong: COURSES_MESSAGES.bodyTooLong }).optional().default(""),
  videoUrl: z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim())
    .refine((value) => value === "" || parseVideoUrl(value) !== null, COURSES_MESSAGES.videoUrl)
    .transform((value) => (value === "" ? null : value)),
});

export const ModuleIdSchema = z.object({ moduleId: uuid });
export const LessonIdSchema = z.object({ lessonId: uuid });
export const FileIdSchema = z.object({ fileId: uuid });
export const DirectionSchema = z.object({ direction: z.enum(["up", "down"], { error: COURSES_MESSAGES.unknownIntent }) });

/** A file's name as the member sees it: the uploaded name, cleaned. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>|*?:]/g, "").replace(/\s+/g, " ").trim();
  const trimmed = cleaned.length > COURSE_LIMITS.fileNameMax ? cleaned.slice(cleaned.length - COURSE_LIMITS.fileNameMax) : cleaned;
  return trimmed || "worksheet.pdf";
}

/** The browser's check before a file is sent (the server checks its bytes again). */
export function checkLessonFile(file: { size: number; type: string; name: string }): string | null {
  if (file.type !== "application/pdf" && !file.name.toLowerCase().endsWith(".pdf")) return COURSES_MESSAGES.fileType;
  if (file.size > COURSE_LIMITS.fileMaxBytes) return COURSES_MESSAGES.fileSize;
  return null;
}

/** The video types a lesson may have: what every current browser plays in a <video> element. */
export type LessonVideoType = "video/mp4" | "video/webm";

/**
 * A video's real type from its first bytes (at least 12): MP4 and its relatives start with an
 * `ftyp` box (Apple's QuickTime `qt  ` brand is refused: browsers other than Safari often cannot
 * play it), WebM with the EBML header. The file's name and declared type play no part.
 */
export function lessonVideoTypeOf(head: Uint8Array): LessonVideoType | null {
  if (head.length < 12) return null;
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (ascii(4, 8) === "ftyp") return ascii(8, 12) === "qt  " ? null : "video/mp4";
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return "video/webm";
  return null;
}

/** The browser's check before a video is sent (the server checks its bytes again). */
export function checkLessonVideo(file: { size: number; type: string; name: string }): string | null {
  const named = /\.(mp4|m4v|webm)$/i.test(file.name);
  if (file.type !== "video/mp4" && file.type !== "video/webm" && !named) return COURSES_MESSAGES.videoType;
  if (file.size > COURSE_LIMITS.videoMaxBytes) return COURSES_MESSAGES.videoSize;
  if (file.size === 0) return COURSES_MESSAGES.videoMissing;
  return null;
}
