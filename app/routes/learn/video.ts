import type { Route } from "./+types/video";
import { serveLessonVideo } from "~/server/courses/member-pages.server";

// GET /learn/videos/<lesson id>: a video the coach uploaded to a lesson, with range requests so the
// browser can seek (docs/product.md §19.6). The same guard as the lesson's files.

export function loader({ request, params }: Route.LoaderArgs) {
  return serveLessonVideo(request, params.lessonId);
}
