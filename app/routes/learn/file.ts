import type { Route } from "./+types/file";
import { serveLessonFile } from "~/server/courses/member-pages.server";

// GET /learn/files/<id>: a lesson's file (docs/product.md §19.6). Only to a member with the course
// whose module is open for her; everyone else gets the same plain 404, and never a byte of it.

export function loader({ request, params }: Route.LoaderArgs) {
  return serveLessonFile(request, params.fileId);
}
