import type { Route } from "./+types/course-video-upload";
import { receiveLessonVideo } from "~/server/admin/course-video.server";
import { requireAdmin } from "~/server/auth/guards.server";

// POST /settings/admin/courses/video-upload: the Courses tab's script sends a lesson's video here
// (the same form as ./course-video.ts, read the same way as it arrives) so that it can show the
// upload's progress; the answer is JSON, { ok, message, field }, with the refusal's status (507
// when the server's disk has no room for it). Admins only: anyone else is redirected home, and a
// form from another site is refused (403), before a byte of the body is read.

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const outcome = await receiveLessonVideo(admin.id, request);
  const body = outcome.ok
    ? { ok: true, message: outcome.toast.description ?? "", field: null }
    : { ok: false, message: outcome.failure.message, field: outcome.failure.field };
  return Response.json(body, { status: outcome.ok ? 200 : outcome.status, headers: { "Cache-Control": "no-store" } });
}
