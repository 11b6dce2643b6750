import { data } from "react-router";
import type { Route } from "./+types/courses";
import { CoursesTab } from "~/components/admin/courses-tab";
import { TabFailed } from "~/components/admin/tab-failed";
import { loadCoursesTab, runCoursesAction, type CoursesActionFailure } from "~/server/admin/courses.server";
import { loadTab } from "~/server/admin/tab-data.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { readForm } from "~/server/http/form-action.server";
import { redirectWithToast } from "~/server/core/toast.server";
import { COURSE_LIMITS, COURSES_MESSAGES } from "~/validation/courses";

// /settings/admin/courses: the Courses tab (docs/product.md §10.14) and its forms. Admins only (a
// visitor or member is sent home with the message of docs/product.md §10.1 and nothing changes).
// Success: back to the tab with a toast. A refused form answers 400 (404 for an item that has
// gone, 413 for a file over 20 MB) and changes nothing; the tab is shown again as it is now, with
// the message by its field.

const BACK_TO_TAB = "/settings/admin/courses";

/** A 20 MB file and the form's few small fields (the body limit of the route is the same). */
export const COURSES_BODY_LIMIT = COURSE_LIMITS.fileMaxBytes + 64 * 1024;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { courses: await loadTab("courses", () => loadCoursesTab()), result: null as CoursesActionFailure | null };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const read = await readForm(request, { maxBytes: COURSES_BODY_LIMIT, tooLargeMessage: COURSES_MESSAGES.fileSize });
  const outcome = read.ok
    ? await runCoursesAction(admin.id, read.form)
    : ({
        ok: false,
        status: read.status,
        failure: { ok: false, intent: null, target: null, field: null, message: read.status === 413 ? read.message : COURSES_MESSAGES.unknownIntent, values: {} },
      } as const);
  if (outcome.ok) return redirectWithToast(BACK_TO_TAB, outcome.toast, { status: 303 });
  return data({ courses: await loadCoursesTab(), result: outcome.failure }, { status: outcome.status });
}

export default function CoursesRoute({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData ?? loaderData;
  return view.courses ? <CoursesTab data={view.courses} result={view.result} /> : <TabFailed tab="courses" />;
}
