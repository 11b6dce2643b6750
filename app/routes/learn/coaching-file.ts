import type { Route } from "./+types/coaching-file";
import { serveMemberFile } from "~/server/courses/member-pages.server";

// GET /learn/coaching/files/<id>: a file the coach shared with one 1-to-1 client (docs/product.md
// §19.5). Only to her, while her coaching runs (and to an administrator); anyone else gets a 404.

export function loader({ request, params }: Route.LoaderArgs) {
  return serveMemberFile(request, params.fileId);
}
