import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { logger } from "~/server/logger.server";

// SPEC §2 "404": the unknown path is logged on the server only.
export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  logger.warn("404 not found", { path: pathname });
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <main id="main" className="container-page flex min-h-[60vh] flex-col items-center justify-center py-24 text-center">
      <p className="font-display text-7xl font-semibold text-brand-700 sm:text-8xl">404</p>
      <h1 className="mt-4 font-display text-3xl sm:text-4xl">Oops! Page not found</h1>
      <p className="mt-4 max-w-prose text-lg text-ink-muted">
        The page you were looking for has moved or never existed.
      </p>
      <Link to="/" className="btn btn-primary mt-10">
        Return to Home
      </Link>
    </main>
  );
}

export function meta() {
  return [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
}
