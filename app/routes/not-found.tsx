import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { logger } from "~/server/core/logger.server";
import { ArrowLeftIcon } from "~/components/icons";
import { mainNavItems } from "~/components/nav-links";
import { StatusPage } from "~/components/status-page";
import { useRootData } from "~/utils/root-data";
import { islandsPage, loadAsDocument } from "~/utils/islands-page";

// docs/product.md §3.5: the unknown path is logged on the server only.
export function loader({ url }: Route.LoaderArgs) {
  logger.warn("404 not found", { path: url.pathname });
  return data(null, { status: 404 });
}


// A page that does not hydrate (app/utils/islands-page.ts).
export const handle = islandsPage;
export const clientLoader = loadAsDocument;

export default function NotFound() {
  const { site } = useRootData();
  return (
    <StatusPage
      code="404"
      title="Oops! Page not found"
      message="The page you were looking for has moved or never existed."
      action={
        <Link to="/" className="btn btn-primary btn-lg">
          <ArrowLeftIcon className="size-5" />
          Return to Home
        </Link>
      }
    >
      <nav aria-label="Popular pages" className="rounded-3xl border border-sand-200 bg-white/70 p-6 shadow-sm">
        <h2 className="font-sans text-xs font-bold tracking-[0.14em] text-accent-700 uppercase">
          Or try one of these
        </h2>
        <ul className="mt-4 flex flex-wrap justify-center gap-x-6 gap-y-2">
          {mainNavItems(site).map((item) => (
            <li key={item.to}>
              <Link to={item.to} className="link inline-flex min-h-10 items-center">
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </StatusPage>
  );
}

export function meta() {
  return [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
}
