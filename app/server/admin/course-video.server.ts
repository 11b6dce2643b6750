import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { eq } from "drizzle-orm";
import { courseLessons } from "~/server/db/schema";
import { BodyTooLargeError } from "~/server/http/body-limit.server";
import { logger } from "~/server/logger.server";
import { getStorage } from "~/server/storage/index.server";
import { uploadTempDir } from "~/server/uploads/upload-temp.server";
import { changeCourses, lessonOf, removeFiles, type CoursesActionOutcome } from "./courses.server";
import { cleanFileName, COURSE_LIMITS, COURSES_INTENTS, COURSES_MESSAGES, LessonIdSchema, lessonVideoTypeOf } from "~/validation/courses";

// A lesson's own video, uploaded from the Courses tab (docs/product.md §10.14). Up to 2 GB, so
// the form is read as it arrives (busboy) and the video written straight to a temporary file in
// DATA_DIR, never held in memory; the route's body limit (app/server/http/body-limit.server.ts)
// stops a body that goes past it. The file's first bytes decide its type (MP4 or WebM); then it
// goes to the private part of the file storage, and the lesson points at it in one transaction
// with the activity log. Members reach it only through /learn/videos/<lesson id>.

interface ReceivedForm {
  fields: Map<string, string>;
  file: { path: string; name: string; size: number; head: Uint8Array } | null;
  tooLarge: boolean;
}

/** Reads the multipart form: its small fields, and its one file written to `tempPath`. */
async function receiveForm(request: Request, tempPath: string, maxBytes: number): Promise<ReceivedForm | "unreadable"> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body || !/^multipart\/form-data\b/i.test(contentType)) return "unreadable";
  const received: ReceivedForm = { fields: new Map(), file: null, tooLarge: false };
  let parser: busboy.Busboy;
  try {
    // Browsers send a file's name as UTF-8 ("Squat – week 1.mp4"); busboy assumes Latin-1 unless told.
    parser = busboy({ headers: { "content-type": contentType }, defParamCharset: "utf8", limits: { files: 1, fields: 8, fieldSize: 1024, parts: 10, fileSize: maxBytes } });
  } catch {
    return "unreadable";
  }
  const writes: Promise<void>[] = [];
  let writeFailed: unknown = null;
  parser.on("field", (name, value) => received.fields.set(name, value));
  parser.on("file", (name, stream, info) => {
    if (name !== "video" || received.file) {
      stream.resume();
      return;
    }
    const file = { path: tempPath, name: info.filename ?? "", size: 0, head: new Uint8Array(0) };
    received.file = file;
    stream.on("limit", () => (received.tooLarge = true));
    // Counts the bytes and keeps the first few, which say what the file really is.
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        if (file.head.length < 16) file.head = new Uint8Array(Buffer.concat([file.head, chunk.subarray(0, 16 - file.head.length)]));
        file.size += chunk.length;
        done(null, chunk);
      },
    });
    writes.push(
      pipeline(stream, measure, createWriteStream(tempPath)).catch((error: unknown) => {
        writeFailed = error ?? new Error("The video could not be written");
      }),
    );
  });
  const source = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  try {
    await pipeline(source, parser);
    await Promise.all(writes);
    if (writeFailed) throw writeFailed;
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { ...received, tooLarge: true };
    logger.warn("admin: a lesson video's upload could not be read", { error });
    return "unreadable";
  }
  return received;
}

/**
 * Takes the Courses tab's video form (fields `lessonId`, then the file `video`) from the request
 * and puts the video on the lesson, replacing any earlier one. `maxBytes` is the 2 GB limit
 * (smaller in tests).
 */
export async function receiveLessonVideo(adminId: string, request: Request, maxBytes: number = COURSE_LIMITS.videoMaxBytes): Promise<CoursesActionOutcome> {
  const dir = uploadTempDir();
  await fs.mkdir(dir, { recursive: true });
  const tempPath = path.join(dir, `video-${Date.now().toString(36)}-${randomBytes(6).toString("hex")}.part`);
  let lessonId: string | null = null;
  const fail = (status: number, message: string, field: string | null = "video"): CoursesActionOutcome => ({
    ok: false,
    status,
    failure: { ok: false, intent: COURSES_INTENTS.uploadVideo, target: lessonId, field, message, values: {} },
  });
  try {
    const form = await receiveForm(request, tempPath, maxBytes);
    if (form === "unreadable") return fail(400, COURSES_MESSAGES.videoInterrupted);
    const id = LessonIdSchema.safeParse({ lessonId: form.fields.get("lessonId") });
    if (!id.success) return fail(400, COURSES_MESSAGES.unknownItem, null);
    lessonId = id.data.lessonId;
    if (form.tooLarge) return fail(413, COURSES_MESSAGES.videoSize);
    if (!form.file || form.file.size === 0) return fail(400, COURSES_MESSAGES.videoMissing);
    const type = lessonVideoTypeOf(form.file.head);
    if (!type) return fail(400, COURSES_MESSAGES.videoType);

    const extension = type === "video/webm" ? "webm" : "mp4";
    const fileName = cleanFileName(form.file.name.toLowerCase().endsWith(`.${extension}`) || /\.m4v$/i.test(form.file.name) ? form.file.name : `${form.file.name || "video"}.${extension}`);
    const key = `private/lesson-videos/${lessonId}/${Date.now().toString(36)}-${randomBytes(6).toString("hex")}.${extension}`;
    try {
      await getStorage().putFile(key, tempPath, type);
    } catch (error) {
      logger.error("admin: could not store a lesson video", { error, adminId });
      return fail(500, COURSES_MESSAGES.saveFailed);
    }
    const size = form.file.size;
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
    await fs.rm(tempPath, { force: true }).catch(() => {});
  }
}
