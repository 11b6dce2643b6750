import { serveLocalUpload } from "~/server/uploads/serve-upload.server";
import type { Route } from "./+types/uploads";

// /uploads/<key>: the files of the local storage backend (DATA_DIR/uploads), with their content
// type, a year's immutable caching and ETags. 404 for anything else, and always when the files
// are in S3. The checks live in serveLocalUpload.
export function loader({ request }: Route.LoaderArgs) {
  return serveLocalUpload(request);
}
