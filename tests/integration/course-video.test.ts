import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as videoAction } from "~/routes/admin/course-video";
import { action as videoUploadAction } from "~/routes/admin/course-video-upload";
import { action as coursesAction } from "~/routes/admin/courses";
import { loader as videoLoader } from "~/routes/learn/video";
import { reloadConfig } from "~/config/env.server";
import { receiveLessonVideo } from "~/server/admin/course-video.server";
import { UPLOAD_NO_SPACE_MESSAGE } from "~/server/uploads/disk-space.server";
import { removeStaleUploads, uploadTempDir } from "~/server/uploads/upload-temp.server";
import { installDemoCourses } from "~/server/courses/demo-courses.server";
import { adminActivityLog, courseLessons } from "~/server/db/schema";
import { getStorage } from "~/server/storage/index.server";
import { COURSES_MESSAGES } from "~/validation/courses";
import { signedInMember } from "../support/admin-fixtures";
import { answer, formRequest, getRequest, routeArgs, setupAuthEnvironment, TEST_ORIGIN, type CookieJar } from "../support/auth";
import { setupTestDatabase } from "../support/db";

// A lesson's own video from the Courses tab (docs/product.md §10.14): read as it arrives, checked
// by its first bytes (MP4 or WebM), stored privately, shown to members through the guarded,
// range-serving route; a refused upload changes nothing and leaves no file behind.

const t = setupTestDatabase();
setupAuthEnvironment();

beforeAll(async () => {
  await installDemoCourses(t.db);
});

/** An MP4's first box ('ftyp', brand isom) and then `size` bytes of a pattern. */
function mp4(size: number, brand = "isom"): Uint8Array {
  const bytes = new Uint8Array(16 + size);
  bytes.set([0, 0, 0, 0x18], 0);
  bytes.set(new TextEncoder().encode(`ftyp${brand}`), 4);
  for (let i = 16; i < bytes.length; i += 1) bytes[i] = i % 251;
  return bytes;
}

function webm(size: number): Uint8Array {
  const bytes = new Uint8Array(16 + size);
  bytes.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81]);
  return bytes;
}

function videoRequest(jar: CookieJar | null, fields: Record<string, string>, file: { bytes: Uint8Array; name: string; type: string } | null) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("video", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  const headers = new Headers({ origin: TEST_ORIGIN });
  if (jar) headers.set("cookie", jar.header());
  return new Request(`${TEST_ORIGIN}/settings/admin/courses/video`, { method: "POST", headers, body: form });
}

type Failure = { result: { message: string; field: string | null } | null };

/** The form's own route (no script) or, with `json`, the script's twin that answers in JSON. */
function send(jar: CookieJar | null, lessonId: string, file: { bytes: Uint8Array; name: string; type: string } | null, json?: "json") {
  const request = videoRequest(jar, { lessonId }, file);
  return answer<Failure & { ok?: boolean; message?: string }>(() => (json ? videoUploadAction(routeArgs(request)) : videoAction(routeArgs(request))));
}

async function firstLesson() {
  // The same lesson every time (an updated row may come back in another place unordered).
  const [lesson] = await t.db.select().from(courseLessons).orderBy(courseLessons.id).limit(1);
  return lesson!;
}

async function storedBytes(key: string): Promise<Buffer | null> {
  const stream = await getStorage().read(key);
  if (!stream) return null;
  return Buffer.from(await new Response(stream).arrayBuffer());
}

/** The files an upload left waiting in DATA_DIR (none, once it has answered). */
function leftovers(): string[] {
  const dir = uploadTempDir();
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

function watch(jar: CookieJar, lessonId: string, range?: string) {
  const request = getRequest(`/learn/videos/${lessonId}`, { jar, headers: range ? { range } : {} });
  return answer<string>(() => videoLoader({ ...(routeArgs(request) as object), params: { lessonId } } as never));
}

describe("a lesson's own video", () => {
  it("is uploaded, stored privately, and served with byte ranges to those who may watch it", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const lesson = await firstLesson();
    const video = mp4(300_000);

    const sent = await send(admin.jar, lesson.id, { bytes: video, name: "Squat – week 1.mp4", type: "video/mp4" });
    expect(sent.status).toBe(303);
    expect(sent.location).toBe("/settings/admin/courses");
    const [row] = await t.db.select().from(courseLessons).where(eq(courseLessons.id, lesson.id));
    expect(row).toMatchObject({ videoType: "video/mp4", videoFileName: "Squat – week 1.mp4", videoSizeBytes: video.byteLength });
    expect(row!.videoKey).toMatch(new RegExp(`^private/lesson-videos/${lesson.id}/.+\\.mp4$`));
    expect(await storedBytes(row!.videoKey!)).toEqual(Buffer.from(video));
    expect(leftovers()).toEqual([]);
    const [logged] = await t.db.select().from(adminActivityLog).where(eq(adminActivityLog.adminId, admin.user.id));
    expect(logged).toMatchObject({ actionType: "update_course", details: { summary: "Video added: Squat – week 1.mp4", lessonId: lesson.id } });

    // The coach (as in 'Preview as a member') gets the bytes asked for, 206.
    const part = await watch(admin.jar, lesson.id, "bytes=100-199");
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${video.byteLength}`);
    expect(part.headers.get("content-type")).toBe("video/mp4");

    // A member without the course gets nothing, as if there were no video.
    const member = await signedInMember(t.db);
    expect((await watch(member.jar, lesson.id)).status).toBe(404);
  });

  it("replaces the earlier video (the script's upload, answered in JSON) and removes its file", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const lesson = await firstLesson();
    const [before] = await t.db.select().from(courseLessons).where(eq(courseLessons.id, lesson.id));
    expect(before!.videoKey).not.toBeNull();

    const sent = await send(admin.jar, lesson.id, { bytes: webm(5_000), name: "squat", type: "" }, "json");
    expect(sent.status).toBe(200);
    expect(sent.data).toMatchObject({ ok: true, message: "The video is in the lesson now." });
    const [after] = await t.db.select().from(courseLessons).where(eq(courseLessons.id, lesson.id));
    expect(after).toMatchObject({ videoType: "video/webm", videoFileName: "squat.webm" });
    expect(await getStorage().stat(before!.videoKey!)).toBeNull();
    expect(await getStorage().stat(after!.videoKey!)).not.toBeNull();
  });

  it("refuses what is not an MP4 or WebM video, a missing file, an unknown lesson and an over-size video, changing nothing", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const lesson = await firstLesson();
    const [before] = await t.db.select().from(courseLessons).where(eq(courseLessons.id, lesson.id));
    const storedFiles = () => fs.readdirSync(path.join(process.env.DATA_DIR!, "uploads", "private", "lesson-videos", lesson.id));
    const filesBefore = storedFiles();

    const quickTime = await send(admin.jar, lesson.id, { bytes: mp4(1_000, "qt  "), name: "clip.mov", type: "video/quicktime" }, "json");
    expect(quickTime.status).toBe(400);
    expect(quickTime.data).toMatchObject({ ok: false, message: COURSES_MESSAGES.videoType, field: "video" });
    const text = await send(admin.jar, lesson.id, { bytes: new TextEncoder().encode("not a video, just words in a file"), name: "notes.mp4", type: "video/mp4" });
    expect(text.status).toBe(400);
    expect(text.data.result).toMatchObject({ message: COURSES_MESSAGES.videoType, field: "video" });
    const empty = await send(admin.jar, lesson.id, null);
    expect(empty.status).toBe(400);
    expect(empty.data.result).toMatchObject({ message: COURSES_MESSAGES.videoMissing });
    const unknown = await send(admin.jar, "00000000-0000-4000-8000-000000000000", { bytes: mp4(1_000), name: "a.mp4", type: "video/mp4" });
    expect(unknown.status).toBe(404);
    expect(unknown.data.result).toMatchObject({ message: COURSES_MESSAGES.unknownItem });

    // Past the limit (2 GB; a smaller one here): 413, and what had arrived is gone.
    const tooLarge = await receiveLessonVideo(admin.user.id, videoRequest(admin.jar, { lessonId: lesson.id }, { bytes: mp4(50_000), name: "long.mp4", type: "video/mp4" }), 10_000);
    expect(tooLarge).toMatchObject({ ok: false, status: 413, failure: { message: COURSES_MESSAGES.videoSize, field: "video" } });

    const [after] = await t.db.select().from(courseLessons).where(eq(courseLessons.id, lesson.id));
    expect(after).toEqual(before);
    expect(storedFiles()).toEqual(filesBefore);
    expect(leftovers()).toEqual([]);
  });

  it("refuses with 507 a video the disk has no room for (UPLOAD_MIN_FREE_SPACE), before a byte is written, changing nothing", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const lesson = await firstLesson();
    const [before] = await t.db.select().from(courseLessons).where(eq(courseLessons.id, lesson.id));
    const saved = process.env.UPLOAD_MIN_FREE_SPACE;
    // A margin no disk has: every upload with a length is refused before it is read.
    process.env.UPLOAD_MIN_FREE_SPACE = "1000TB";
    reloadConfig();
    try {
      const request = videoRequest(admin.jar, { lessonId: lesson.id }, { bytes: mp4(50_000), name: "long.mp4", type: "video/mp4" });
      // As a browser sends it: with its length.
      const body = new Uint8Array(await request.arrayBuffer());
      const headers = new Headers(request.headers);
      headers.set("content-length", String(body.byteLength));
      const sized = new Request(request.url, { method: "POST", headers, body });
      const refused = await answer<{ ok: boolean; message: string; field: string | null }>(() => videoUploadAction(routeArgs(sized)));
      expect(refused.status).toBe(507);
      expect(refused.data).toEqual({ ok: false, message: UPLOAD_NO_SPACE_MESSAGE, field: "video" });
    } finally {
      if (saved === undefined) delete process.env.UPLOAD_MIN_FREE_SPACE;
      else process.env.UPLOAD_MIN_FREE_SPACE = saved;
      reloadConfig();
    }
    const [after] = await t.db.select().from(courseLessons).where(eq(courseLessons.id, lesson.id));
    expect(after).toEqual(before);
    expect(leftovers()).toEqual([]);
  });

  it("is for administrators only: a visitor and a member are refused before the video is read", async () => {
    const lesson = await firstLesson();
    const [before] = await t.db.select().from(courseLessons).where(eq(courseLessons.id, lesson.id));
    const member = await signedInMember(t.db);
    for (const jar of [null, member.jar]) {
      for (const json of [undefined, "json"] as const) {
        const refused = await send(jar, lesson.id, { bytes: mp4(1_000), name: "a.mp4", type: "video/mp4" }, json);
        expect(refused.status).toBe(302);
        // Signed out: the log-in form, then the dashboard (docs/product.md §7.10); a member: home.
        expect(refused.location).toBe(jar ? "/" : "/auth?mode=log-in&redirectTo=%2Fsettings%2Fadmin");
      }
    }
    const [after] = await t.db.select().from(courseLessons).where(eq(courseLessons.id, lesson.id));
    expect(after).toEqual(before);
  });

  it("'Remove video' takes it off the lesson and out of the storage", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const lesson = await firstLesson();
    const [before] = await t.db.select().from(courseLessons).where(eq(courseLessons.id, lesson.id));
    const removed = await answer(() => coursesAction(routeArgs(formRequest("/settings/admin/courses", { intent: "remove-video", lessonId: lesson.id }, { jar: admin.jar }))));
    expect(removed.status).toBe(303);
    const [after] = await t.db.select().from(courseLessons).where(eq(courseLessons.id, lesson.id));
    expect(after).toMatchObject({ videoKey: null, videoType: null, videoFileName: null, videoSizeBytes: null });
    expect(await getStorage().stat(before!.videoKey!)).toBeNull();
    expect((await watch(admin.jar, lesson.id)).status).toBe(404);
  });

  it("what interrupted uploads left behind is swept at start-up, but never another live process's upload in progress", async () => {
    const dir = uploadTempDir();
    fs.mkdirSync(dir, { recursive: true });
    // A process that has ended, and a live one other than this (the test runner's parent).
    const ended = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout;
    const live = process.ppid;
    const files = {
      endedProcess: `video-${ended}-m1abc-0123456789ab.part`,
      thisProcess: `video-${process.pid}-m1abc-0123456789ab.part`,
      unnamed: "old-style.part",
      liveButDayOld: `video-${live}-m1abc-ba9876543210.part`,
      inProgress: `video-${live}-m1abc-0a1b2c3d4e5f.part`,
    };
    for (const name of Object.values(files)) fs.writeFileSync(path.join(dir, name), "half a video");
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    fs.utimesSync(path.join(dir, files.liveButDayOld), dayAgo, dayAgo);
    expect(await removeStaleUploads()).toBe(4);
    expect(fs.readdirSync(dir)).toEqual([files.inProgress]);
    fs.rmSync(path.join(dir, files.inProgress));
  });
});
