import { data } from "react-router";
import type { Route } from "./+types/course-video";
import { CoursesTab } from "~/components/admin/courses-tab";
import { TabFailed } from "~/components/admin/tab-failed";
import { receiveLessonVideo } from "~/server/admin/course-video.server";
import { loadCoursesTab, type CoursesActionFailure } from "~/server/admin/courses.server";
import { loadTab } from "~/server/admin/tab-data.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { redirectWithToast } from "~/server/core/toast.server";

// POST /settings/admin/courses/video: a lesson's own video from the Courses tab (docs/product.md
// §10.14), up to 2 GB, read as it arrives (its body limit streams, app/server/http/body-limit.server.ts).
// Admins only and from this site only (403 otherwise), checked before a byte of the body is read.
// This is the form's own address, for a browser without JavaScript: success is a redirect to the
// tab with a toast; a refusal is a 4xx (507 when the server's disk has no room for the video) and
// the Courses tab again with the message next to the field. The tab's script sends the same form
// to ./course-video-upload.ts instead, to show the upload's progress.

const BACK_TO_TAB = "/settings/admin/courses";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { courses: await loadTab("courses", () => loadCoursesTab()), result: null as CoursesActionFailure | null };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const outcome = await receiveLessonVideo(admin.id, request);
  if (outcome.ok) return redirectWithToast(BACK_TO_TAB, outcome.toast, { status: 303 });
  return data({ courses: await loadCoursesTab(), result: outcome.failure }, { status: outcome.status });
}

export default function CourseVideoRoute({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData ?? loaderData;
  return view.courses ? <CoursesTab data={view.courses} result={view.result} /> : <TabFailed tab="courses" />;
}
