import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as coursesAction, loader as coursesLoader } from "~/routes/admin/courses";
import { loader as lessonLoader } from "~/routes/learn/lesson";
import { loader as fileLoader } from "~/routes/learn/file";
import { adminActivityLog, courseLessons, courseModules, lessonFiles } from "~/server/db/schema";
import { COURSES_MESSAGES } from "~/validation/courses";
import { installDemoCourses } from "~/server/courses/demo-courses.server";
import { setupTestDatabase } from "../support/db";
import { answer, formRequest, getRequest, routeArgs, setupAuthEnvironment, TEST_ORIGIN, type CookieJar } from "../support/auth";
import { signedInMember } from "../support/admin-fixtures";

// The Courses tab (docs/product.md §10.14): the coach builds a module and a lesson with a PDF,
// sees them as a member would ('Preview as a member'), reorders and removes them; bad input is
// refused next to its field and changes nothing; only administrators may do any of it.

const t = setupTestDatabase();
setupAuthEnvironment();

beforeAll(async () => {
  await installDemoCourses(t.db);
});

type Failure = { result: { message: string; field: string | null } | null };

function post(jar: CookieJar, fields: Record<string, string>) {
  return answer<Failure>(() => coursesAction(routeArgs(formRequest("/settings/admin/courses", fields, { jar }))));
}

function upload(jar: CookieJar, lessonId: string, bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.append("intent", "upload-file");
  form.append("lessonId", lessonId);
  form.append("file", new File([new Uint8Array(bytes)], name, { type }));
  const request = new Request(`${TEST_ORIGIN}/settings/admin/courses`, { method: "POST", headers: { origin: TEST_ORIGIN, cookie: jar.header() }, body: form });
  return answer<Failure>(() => coursesAction(routeArgs(request)));
}

function withParams(args: unknown, params: Record<string, string>) {
  return { ...(args as object), params } as never;
}

describe("the Courses tab", () => {
  it("builds a module and a lesson with a PDF that a member's view shows, then reorders and removes them", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const tab = await answer<{ courses: { course: string; modules: { title: string }[] }[] }>(() => coursesLoader(routeArgs(getRequest("/settings/admin/courses", { jar: admin.jar }))));
    expect(tab.data.courses.map((c) => c.course)).toEqual(["learn-to-lift", "build-stronger-foundations"]);
    expect(tab.data.courses[0]!.modules[0]!.title).toBe("Before you start");

    expect((await post(admin.jar, { intent: "add-module", course: "learn-to-lift", title: "Week 7: Beyond the course", summary: "Keeping going.", opensWeek: "7" })).status).toBe(303);
    const [module] = await t.db.select().from(courseModules).where(and(eq(courseModules.courseKey, "learn-to-lift"), eq(courseModules.slug, "week-7-beyond-the-course")));
    expect(module).toMatchObject({ opensWeek: 7, isDemo: false, summary: "Keeping going." });

    expect((await post(admin.jar, { intent: "add-lesson", moduleId: module!.id, title: "Your next twelve weeks" })).status).toBe(303);
    expect((await post(admin.jar, { intent: "add-lesson", moduleId: module!.id, title: "Your next twelve weeks" })).status).toBe(303);
    const lessons = await t.db.select().from(courseLessons).where(eq(courseLessons.moduleId, module!.id)).orderBy(courseLessons.position);
    expect(lessons.map((l) => l.slug)).toEqual(["your-next-twelve-weeks", "your-next-twelve-weeks-2"]);
    const lesson = lessons[0]!;
    const saved = await post(admin.jar, {
      intent: "update-lesson",
      lessonId: lesson.id,
      title: "Your next twelve weeks",
      minutes: "15",
      videoUrl: "https://youtu.be/dQw4w9WgXcQ",
      body: "## The plan\n\nTrain **twice** a week. <script>alert(1)</script>",
    });
    expect(saved.status).toBe(303);

    const pdf = new TextEncoder().encode("%PDF-1.4\n% a worksheet\n");
    expect((await upload(admin.jar, lesson.id, pdf, "Twelve-week plan.pdf", "application/pdf")).status).toBe(303);
    const [file] = await t.db.select().from(lessonFiles).where(eq(lessonFiles.lessonId, lesson.id));
    expect(file).toMatchObject({ fileName: "Twelve-week plan.pdf", contentType: "application/pdf", sizeBytes: pdf.byteLength });
    expect(file!.storageKey.startsWith(`private/lesson-files/${lesson.id}/`)).toBe(true);

    // 'Preview as a member': the coach sees the lesson as members will, with its file.
    const params = { course: "learn-to-lift", module: module!.slug, lesson: lesson.slug };
    const view = await answer<{ lesson: { title: string; bodyHtml: string; videoUrl: string; minutes: number; files: { fileName: string; href: string }[] } }>(() =>
      lessonLoader(withParams(routeArgs(getRequest(`/learn/learn-to-lift/${module!.slug}/${lesson.slug}`, { jar: admin.jar })), params)),
    );
    expect(view.data.lesson).toMatchObject({ title: "Your next twelve weeks", minutes: 15, videoUrl: "https://youtu.be/dQw4w9WgXcQ" });
    expect(view.data.lesson.bodyHtml).toContain("<h3>The plan</h3>");
    expect(view.data.lesson.bodyHtml).toContain("&lt;script&gt;");
    expect(view.data.lesson.files.map((f) => f.fileName)).toEqual(["Twelve-week plan.pdf"]);
    const served = await answer<string>(() => fileLoader(withParams(routeArgs(getRequest(view.data.lesson.files[0]!.href, { jar: admin.jar })), { fileId: file!.id })));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");

    // Reorder, then remove a file, a lesson and the module (its lessons go with it).
    expect((await post(admin.jar, { intent: "move-lesson", lessonId: lessons[1]!.id, direction: "up" })).status).toBe(303);
    const reordered = await t.db.select().from(courseLessons).where(eq(courseLessons.moduleId, module!.id)).orderBy(courseLessons.position);
    expect(reordered.map((l) => l.slug)).toEqual(["your-next-twelve-weeks-2", "your-next-twelve-weeks"]);
    expect((await post(admin.jar, { intent: "delete-file", fileId: file!.id })).status).toBe(303);
    expect(await t.db.select().from(lessonFiles).where(eq(lessonFiles.lessonId, lesson.id))).toEqual([]);
    expect((await post(admin.jar, { intent: "delete-module", moduleId: module!.id })).status).toBe(303);
    expect(await t.db.select().from(courseLessons).where(eq(courseLessons.moduleId, module!.id))).toEqual([]);

    const log = await t.db.select().from(adminActivityLog).where(eq(adminActivityLog.actionType, "update_course")).orderBy(desc(adminActivityLog.createdAt));
    expect(log.map((row) => (row.details as { summary: string }).summary)).toContain("Module added: Week 7: Beyond the course");
    expect(log.every((row) => row.adminId === admin.user.id)).toBe(true);
  });

  it("refuses bad input next to its field, and changes nothing", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const [lesson] = await t.db.select().from(courseLessons).limit(1);
    const before = await t.db.select().from(courseLessons).where(eq(courseLessons.id, lesson!.id));
    const cases: [Record<string, string>, string, string][] = [
      [{ intent: "add-module", course: "learn-to-lift", title: "" }, "title", COURSES_MESSAGES.moduleTitleRequired],
      [{ intent: "add-module", course: "learn-to-lift", title: "Week 9", opensWeek: "nine" }, "opensWeek", COURSES_MESSAGES.opensWeek],
      [{ intent: "add-module", course: "learn-to-lift", title: "Week 99", opensWeek: "99" }, "opensWeek", COURSES_MESSAGES.opensWeek],
      [{ intent: "update-lesson", lessonId: lesson!.id, title: "Fine", minutes: "0" }, "minutes", COURSES_MESSAGES.minutes],
      [{ intent: "update-lesson", lessonId: lesson!.id, title: "Fine", videoUrl: "javascript:alert(1)" }, "videoUrl", COURSES_MESSAGES.videoUrl],
      [{ intent: "update-lesson", lessonId: lesson!.id, title: "Fine", videoUrl: "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ" }, "videoUrl", COURSES_MESSAGES.videoUrl],
    ];
    for (const [fields, field, message] of cases) {
      const refused = await post(admin.jar, fields);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(refused.data.result, JSON.stringify(fields)).toMatchObject({ field, message });
    }
    const html = await upload(admin.jar, lesson!.id, new TextEncoder().encode("<html><script>alert(1)</script></html>"), "worksheet.pdf", "application/pdf");
    expect(html.data.result).toMatchObject({ field: "file", message: COURSES_MESSAGES.fileType });
    expect((await post(admin.jar, { intent: "update-lesson", lessonId: "00000000-0000-4000-8000-000000000000", title: "Gone" })).status).toBe(404);
    expect((await post(admin.jar, { intent: "drop-table" })).status).toBe(400);
    expect(await t.db.select().from(courseLessons).where(eq(courseLessons.id, lesson!.id))).toEqual(before);
    expect(await t.db.select().from(lessonFiles).where(eq(lessonFiles.lessonId, lesson!.id))).toEqual([]);
  });

  it("is for administrators only", async () => {
    const member = await signedInMember(t.db);
    const count = (await t.db.select().from(courseModules)).length;
    const refused = await post(member.jar, { intent: "add-module", course: "learn-to-lift", title: "Sneaky" });
    expect(refused.status).toBe(302);
    expect(refused.location).toBe("/");
    expect((await answer(() => coursesLoader(routeArgs(getRequest("/settings/admin/courses", { jar: member.jar }))))).status).toBe(302);
    expect(await t.db.select().from(courseModules)).toHaveLength(count);
  });
});
