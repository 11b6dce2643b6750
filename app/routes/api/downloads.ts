import type { Route } from "./+types/downloads";

// /downloads/<file>: the free 28-day workout calendar and the menopause strength guide
// (docs/product.md §4.10), PDFs generated on the server from the configuration. Any other name is a 404.
// The PDF library is loaded with the first download, not at start (docs/performance.md, Memory).
export async function loader({ request, params }: Route.LoaderArgs) {
  const { serveDownload } = await import("~/server/pdf/downloads.server");
  const response = await serveDownload(request, params.file);
  return response ?? new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
