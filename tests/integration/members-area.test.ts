import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loader as myCoursesLoader } from "~/routes/learn/index";
import { loader as courseLoader } from "~/routes/learn/course";
import { action as lessonAction, loader as lessonLoader } from "~/routes/learn/lesson";
import { loader as fileLoader } from "~/routes/learn/file";
import { loader as coachingLoader } from "~/routes/learn/coaching";
import { loader as coachingFileLoader } from "~/routes/learn/coaching-file";
import { courseEnrolments, courseLessons, courseModules, lessonFiles, lessonProgress, memberFiles, subscriptions } from "~/server/db/schema";
import { getStorage } from "~/server/storage/index.server";
import { installDemoCourses } from "~/server/courses/demo-courses.server";
import { createPurchase } from "../../scripts/factories";
import { setupTestDatabase } from "../support/db";
import { answer, formRequest, getRequest, routeArgs, setupAuthEnvironment, type CookieJar } from "../support/auth";
import { signedInMember } from "../support/admin-fixtures";

// The members' area (docs/product.md §19) against a real database, with the installed demo
// courses: who may open what (a buyer for life, a subscriber until her paid period ends, nobody
// else), Learn to Lift's weeks opening from her cohort's date, 'Mark complete' and its undo, the
// progress and 'Continue', and files served only to the members who may have them.

const t = setupTestDatabase();
setupAuthEnvironment();

const DAY = 24 * 60 * 60 * 1000;

/** Route arguments with the address's parameters. */
function withParams(args: unknown, params: Record<string, string>) {
  return { ...(args as object), params } as never;
}

function get(path: string, jar?: CookieJar, params: Record<string, string> = {}) {
  return withParams(routeArgs(getRequest(path, { jar })), params);
}

async function lifter() {
  const member = await signedInMember(t.db);
  await createPurchase(t.db, member.user.id, { productKey: "learn-to-lift" });
  return member;
}

async function subscribe(userId: string, values: Partial<typeof subscriptions.$inferInsert> = {}) {
  await t.db.insert(subscriptions).values({
    userId,
    provider: "test",
    providerSubscriptionId: `sub_test_${Math.random().toString(36).slice(2)}`,
    productKey: "build-stronger-foundations",
    productName: "Build Stronger Foundations",
    status: "active",
    currentPeriodEnd: new Date(Date.now() + 20 * DAY),
    stateAt: new Date(),
    ...values,
  });
}

/** Sets her cohort to start `days` from now (negative: already started). */
async function cohortIn(userId: string, days: number) {
  await t.db
    .update(courseEnrolments)
    .set({ cohortStartsOn: new Date(Date.now() + days * DAY).toISOString() })
    .where(and(eq(courseEnrolments.userId, userId), eq(courseEnrolments.courseKey, "learn-to-lift")));
}

type CourseData = {
  refused: { state: string; endedAt: string | null } | null;
  course: { percent: number; done: number; total: number; continueHref: string | null; modules: { slug: string; open: boolean; opensAt: string | null; lessons: { href: string; completed: boolean }[] }[] };
};

function course(jar: CookieJar, key: string) {
  return answer<CourseData>(() => courseLoader(get(`/learn/${key}`, jar, { course: key })));
}

// The courses a fresh site starts with (installed when the server starts).
beforeAll(async () => {
  expect(await installDemoCourses(t.db)).toBe(true);
});

beforeEach(async () => {
  await t.db.delete(lessonProgress);
  await t.db.delete(courseEnrolments);
});

describe("the members' area", () => {
  it("installs the demo courses: a Learn to Lift outline by week and a first habit module", async () => {
    const modules = await t.db.select().from(courseModules);
    const lift = modules.filter((m) => m.courseKey === "learn-to-lift").sort((a, b) => a.position - b.position);
    expect(lift.map((m) => [m.slug, m.opensWeek])).toEqual([
      ["before-you-start", 0],
      ["week-1", 1],
      ["week-2", 2],
      ["week-3", 3],
      ["week-4", 4],
      ["week-5", 5],
      ["week-6", 6],
    ]);
    expect(modules.every((m) => m.isDemo)).toBe(true);
    expect(modules.some((m) => m.courseKey === "build-stronger-foundations" && m.opensWeek === null)).toBe(true);
    // Once per database: a second start installs nothing more.
    expect(await installDemoCourses(t.db)).toBe(false);
    expect(await t.db.select().from(courseModules)).toHaveLength(modules.length);
  });

  it("a member with nothing bought sees the offers, and no course, lesson or file", async () => {
    const member = await signedInMember(t.db);
    const mine = await answer<{ courses: unknown[]; coaching: unknown }>(() => myCoursesLoader(get("/learn", member.jar)));
    expect(mine.data).toMatchObject({ courses: [], coaching: null });
    const refused = await course(member.jar, "learn-to-lift");
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({ refused: { offer: "learn-to-lift", state: "none", endedAt: null } });
    const lesson = await answer<Record<string, unknown>>(() =>
      lessonLoader(get("/learn/learn-to-lift/before-you-start/welcome", member.jar, { course: "learn-to-lift", module: "before-you-start", lesson: "welcome" })),
    );
    expect(lesson.status).toBe(403);
    expect(JSON.stringify(lesson.data)).not.toContain("Welcome, and well done");
    // A visitor is sent home.
    expect((await answer(() => courseLoader(get("/learn/learn-to-lift", undefined, { course: "learn-to-lift" })))).status).toBe(302);
  });

  it("Learn to Lift: before her cohort only 'Before you start' is open; the weeks open one a week", async () => {
    const member = await lifter();
    let view = await course(member.jar, "learn-to-lift");
    expect(view.status).toBe(200);
    await cohortIn(member.user.id, 10);
    view = await course(member.jar, "learn-to-lift");
    expect(view.data.course.modules.map((m) => m.open)).toEqual([true, false, false, false, false, false, false]);
    const week1 = view.data.course.modules[1]!;
    expect(Math.round((Date.parse(week1.opensAt!) - Date.now()) / DAY)).toBe(10);
    // A lesson of a week not open yet shows none of its content.
    const locked = await answer<Record<string, unknown>>(() =>
      lessonLoader(get("/learn/learn-to-lift/week-1/sit-to-stand", member.jar, { course: "learn-to-lift", module: "week-1", lesson: "sit-to-stand" })),
    );
    expect(locked.data.lesson).toBeNull();
    expect(locked.data.locked).toMatchObject({ title: "Week 1: Foundations of movement" });

    await cohortIn(member.user.id, -8);
    view = await course(member.jar, "learn-to-lift");
    expect(view.data.course.modules.map((m) => m.open)).toEqual([true, true, true, false, false, false, false]);
  });

  it("'Mark complete' moves the progress and 'Continue'; 'Undo' takes it back; both survive a new visit", async () => {
    const member = await lifter();
    const before = await course(member.jar, "learn-to-lift");
    expect(before.data.course).toMatchObject({ done: 0, percent: 0, continueHref: "/learn/learn-to-lift/before-you-start/welcome" });
    const total = before.data.course.total;
    const params = { course: "learn-to-lift", module: "before-you-start", lesson: "welcome" };
    const done = await answer(() =>
      lessonAction(withParams(routeArgs(formRequest("/learn/learn-to-lift/before-you-start/welcome", { intent: "complete" }, { jar: member.jar })), params)),
    );
    expect(done.status).toBe(303);
    const after = await course(member.jar, "learn-to-lift");
    expect(after.data.course).toMatchObject({ done: 1, percent: Math.floor(100 / total), continueHref: "/learn/learn-to-lift/before-you-start/your-space-and-kit" });
    const lesson = await answer<{ lesson: { completed: boolean; bodyHtml: string } }>(() => lessonLoader(get("/learn/learn-to-lift/before-you-start/welcome", member.jar, params)));
    expect(lesson.data.lesson.completed).toBe(true);
    expect(lesson.data.lesson.bodyHtml).toContain("<strong>How it works</strong>");

    await answer(() => lessonAction(withParams(routeArgs(formRequest("/learn/learn-to-lift/before-you-start/welcome", { intent: "undo" }, { jar: member.jar })), params)));
    expect((await course(member.jar, "learn-to-lift")).data.course.done).toBe(0);
    // Another member's marks are her own.
    const other = await lifter();
    await answer(() => lessonAction(withParams(routeArgs(formRequest("/learn/learn-to-lift/before-you-start/welcome", { intent: "complete" }, { jar: other.jar })), params)));
    expect((await course(member.jar, "learn-to-lift")).data.course.done).toBe(0);
  });

  it("Build Stronger Foundations: open while subscribed; after the paid period ends she keeps the lessons published by then; everything again on a new subscription", async () => {
    const member = await signedInMember(t.db);
    await subscribe(member.user.id, { status: "active", cancelAtPeriodEnd: true, currentPeriodEnd: new Date(Date.now() + 5 * DAY) });
    const open = await answer<{ courses: { course: string; until: string | null }[] }>(() => myCoursesLoader(get("/learn", member.jar)));
    expect(open.data.courses.map((c) => c.course)).toEqual(["build-stronger-foundations"]);
    expect(Math.round((Date.parse(open.data.courses[0]!.until!) - Date.now()) / DAY)).toBe(5);

    // The period ends: the provider says canceled, with the end in the past. The course materials
    // published while she paid stay hers (decision 255); a lesson published after the end does not.
    const endedAt = new Date(Date.now() - DAY);
    await t.db.update(subscriptions).set({ status: "canceled", currentPeriodEnd: endedAt }).where(eq(subscriptions.userId, member.user.id));
    const [habits] = await t.db.select().from(courseModules).where(and(eq(courseModules.courseKey, "build-stronger-foundations"), eq(courseModules.slug, "make-room-for-movement")));
    // The installed lessons were published before she joined.
    await t.db.update(courseLessons).set({ createdAt: new Date(Date.now() - 30 * DAY) }).where(eq(courseLessons.moduleId, habits!.id));
    await t.db.insert(courseLessons).values({ moduleId: habits!.id, slug: "after-she-left", title: "A lesson published after she left", body: "New this month", position: 99, createdAt: new Date() });
    const kept = (await course(member.jar, "build-stronger-foundations")) as Awaited<ReturnType<typeof course>> & { data: { kept: { endedAt: string } | null } };
    expect(kept.status).toBe(200);
    expect(kept.data.kept?.endedAt).toBe(endedAt.toISOString());
    expect(JSON.stringify(kept.data)).toContain("Why small works");
    expect(JSON.stringify(kept.data)).not.toContain("A lesson published after she left");
    const params = (lesson: string) => ({ course: "build-stronger-foundations", module: "make-room-for-movement", lesson });
    const keptLesson = await answer<{ lesson: { title: string } | null }>(() =>
      lessonLoader(get("/learn/build-stronger-foundations/make-room-for-movement/why-small-works", member.jar, params("why-small-works"))),
    );
    expect(keptLesson.status).toBe(200);
    expect(keptLesson.data.lesson?.title).toBe("Why small works");
    const newer = await answer<unknown>(() => lessonLoader(get("/learn/build-stronger-foundations/make-room-for-movement/after-she-left", member.jar, params("after-she-left"))));
    expect(newer.status).toBe(404);
    const mine = await answer<{ courses: { course: string; keptSince: string | null }[]; ended: unknown[] }>(() => myCoursesLoader(get("/learn", member.jar)));
    expect(mine.data.courses).toMatchObject([{ course: "build-stronger-foundations", keptSince: endedAt.toISOString() }]);
    expect(mine.data.ended).toEqual([]);

    await subscribe(member.user.id);
    const again = await course(member.jar, "build-stronger-foundations");
    expect(again.status).toBe(200);
    expect(JSON.stringify(again.data)).toContain("A lesson published after she left");
    await t.db.delete(courseLessons).where(eq(courseLessons.slug, "after-she-left"));
    // A Foundations subscriber has no Learn to Lift.
    expect((await course(member.jar, "learn-to-lift")).status).toBe(403);
  });

  it("a lesson's file: only to a member with the course and the module open; everyone else a plain 404", async () => {
    const [lesson] = await t.db
      .select({ id: courseLessons.id })
      .from(courseLessons)
      .innerJoin(courseModules, eq(courseModules.id, courseLessons.moduleId))
      .where(and(eq(courseModules.courseKey, "learn-to-lift"), eq(courseModules.slug, "week-2")));
    const key = "private/lesson-files/week-2/worksheet.pdf";
    await getStorage().put(key, new TextEncoder().encode("%PDF-1.4 worksheet"), "application/pdf");
    const [file] = await t.db
      .insert(lessonFiles)
      .values({ lessonId: lesson!.id, storageKey: key, fileName: "Week 2 worksheet.pdf", contentType: "application/pdf", sizeBytes: 18 })
      .returning();
    const fetchAs = (jar: CookieJar | undefined) => answer<string>(() => fileLoader(get(`/learn/files/${file!.id}`, jar, { fileId: file!.id })));

    const buyer = await lifter();
    await course(buyer.jar, "learn-to-lift");
    await cohortIn(buyer.user.id, 3);
    expect((await fetchAs(buyer.jar)).status).toBe(404); // week 2 not open yet
    await cohortIn(buyer.user.id, -8);
    const got = await fetchAs(buyer.jar);
    expect(got.status).toBe(200);
    expect(got.data).toBe("%PDF-1.4 worksheet");
    expect(got.headers.get("cache-control")).toContain("no-store");

    const stranger = await signedInMember(t.db);
    expect((await fetchAs(stranger.jar)).status).toBe(404);
    expect((await fetchAs(undefined)).status).toBe(302);
  });

  it("'Your coaching': for a 1-to-1 client only, with the files shared with her alone", async () => {
    const client = await signedInMember(t.db);
    await subscribe(client.user.id, { productKey: "stronger-with-jo", productName: "Stronger with Jo" });
    const key = `private/member-files/${client.user.id}/programme.pdf`;
    await getStorage().put(key, new TextEncoder().encode("%PDF programme"), "application/pdf");
    const [file] = await t.db.insert(memberFiles).values({ userId: client.user.id, storageKey: key, fileName: "Your programme.pdf", contentType: "application/pdf", sizeBytes: 14 }).returning();

    const page = await answer<{ files: { fileName: string; href: string }[]; bookingUrl: string }>(() => coachingLoader(get("/learn/coaching", client.jar)));
    expect(page.status).toBe(200);
    expect(page.data.files.map((f) => f.fileName)).toEqual(["Your programme.pdf"]);
    expect(page.data.bookingUrl).toMatch(/^https:\/\/cal\.com\//);
    const own = await answer<string>(() => coachingFileLoader(get(page.data.files[0]!.href, client.jar, { fileId: file!.id })));
    expect(own.data).toBe("%PDF programme");

    // Another 1-to-1 client cannot have it, nor can a member without coaching.
    const other = await signedInMember(t.db);
    await subscribe(other.user.id, { productKey: "stronger-with-jo", productName: "Stronger with Jo" });
    expect((await answer(() => coachingFileLoader(get(`/learn/coaching/files/${file!.id}`, other.jar, { fileId: file!.id })))).status).toBe(404);
    const nobody = await signedInMember(t.db);
    expect((await answer(() => coachingLoader(get("/learn/coaching", nobody.jar)))).status).toBe(403);
  });
});
