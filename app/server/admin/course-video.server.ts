import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { courseLessons } from "~/server/db/schema";
import { logger } from "~/server/core/logger.server";
import { getStorage } from "~/server/storage/index.server";
import { isNoSpaceError, NO_SPACE_STATUS, UPLOAD_NO_SPACE_MESSAGE, UPLOAD_WRITE_FAILED_MESSAGE } from "~/server/uploads/disk-space.server";
import { receiveStreamedUpload } from "~/server/uploads/streamed-upload.server";
import { changeCourses, lessonOf, removeFiles, type CoursesActionOutcome } from "./courses.server";
import { cleanFileName, COURSE_LIMITS, COURSES_INTENTS, COURSES_MESSAGES, LessonIdSchema, lessonVideoTypeOf } from "~/validation/courses";

// A lesson's own video, uploaded from the Courses tab (docs/product.md §10.14). Up to 2 GB, so
// the form is read as it arrives (busboy) and the video written straight to a temporary file in
// DATA_DIR, never held in memory; the route's body limit (app/server/http/body-limit.server.ts)
// stops a body that goes past it. The file's first bytes decide its type (MP4 or WebM); then it
// goes to the private part of the file storage, and the lesson points at it in one transaction
// with the activity log. Members reach it only through /learn/videos/<lesson id>.

/**
 * Takes the Courses tab's video form (fields `lessonId`, then the file `video`) from the request
 * and puts the video on the lesson, replacing any earlier one. `maxBytes` is the 2 GB limit
 * (smaller in tests).
 */
export async function receiveLessonVideo(adminId: string, request: Request, maxBytes: number = COURSE_LIMITS.videoMaxBytes): Promise<CoursesActionOutcome> {
  let lessonId: string | null = null;
  const fail = (status: number, message: string, field: string | null = "video"): CoursesActionOutcome => ({
    ok: false,
    status,
    failure: { ok: false, intent: COURSES_INTENTS.uploadVideo, target: lessonId, field, message, values: {} },
  });
  // A form from another site is refused (403) here, before a byte is read.
  const form = await receiveStreamedUpload(request, { fileField: "video", kind: "video", maxBytes });
  const id = LessonIdSchema.safeParse({ lessonId: form.fields.get("lessonId") });
  if (id.success) lessonId = id.data.lessonId;
  if (!form.ok) {
    // The disk's problems first: whatever else is wrong with the form, this is what she must know.
    if (form.refusal === "no-space") return fail(NO_SPACE_STATUS, UPLOAD_NO_SPACE_MESSAGE);
    if (form.refusal === "write-failed") return fail(500, UPLOAD_WRITE_FAILED_MESSAGE);
    if (form.refusal === "unreadable") return fail(400, COURSES_MESSAGES.videoInterrupted);
  }
  try {
    if (!lessonId) return fail(400, COURSES_MESSAGES.unknownItem, null);
    if (!form.ok) return fail(413, COURSES_MESSAGES.videoSize);
    const file = form.file;
    if (!file || file.size === 0) return fail(400, COURSES_MESSAGES.videoMissing);
    const type = lessonVideoTypeOf(file.head);
    if (!type) return fail(400, COURSES_MESSAGES.videoType);

    const extension = type === "video/webm" ? "webm" : "mp4";
    const fileName = cleanFileName(file.name.toLowerCase().endsWith(`.${extension}`) || /\.m4v$/i.test(file.name) ? file.name : `${file.name || "video"}.${extension}`);
    const key = `private/lesson-videos/${lessonId}/${Date.now().toString(36)}-${randomBytes(6).toString("hex")}.${extension}`;
    try {
      await getStorage().putFile(key, file.path, type);
    } catch (error) {
      // A copy to another disk (or a bucket's local staging) can run out of room too.
      if (isNoSpaceError(error)) return fail(NO_SPACE_STATUS, UPLOAD_NO_SPACE_MESSAGE);
      logger.error("admin: could not store a lesson video", { error, adminId });
      return fail(500, COURSES_MESSAGES.saveFailed);
    }
    const size = file.size;
    const replaced: string[] = [];
    const outcome = await changeCourses(adminId, `Video added: ${fileName}`, { lessonId }, async (tx) => {
      const lesson = await lessonOf(tx, lessonId!);
      if (lesson.videoKey) replaced.push(lesson.videoKey);
      await tx
        .update(courseLessons)
        .set({ videoKey: key, videoType: type, videoFileName: fileName, videoSizeBytes: size, isDemo: false })
        .where(eq(courseLessons.id, lesson.id));
    });
    if (!outcome.ok) {
      await removeFiles([key]);
      return fail(outcome.status, outcome.message, outcome.status === 404 ? null : "video");
    }
    await removeFiles(replaced);
    return { ok: true, toast: { title: "Saved", description: "The video is in the lesson now.", variant: "success" } };
  } finally {
    if (form.ok) await form.discard();
  }
}
