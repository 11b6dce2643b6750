import { Outlet, useLocation } from "react-router";
import type { Route } from "./+types/layout";
import { MembersNav } from "~/components/learn/members-nav";
import { membersAreaLinks } from "~/server/courses/member-pages.server";
import { islandsPage, loadAsDocument } from "~/utils/islands-page";

// /learn and the pages under it (docs/product.md §19): what they share is the area's navigation
// (her courses and her coaching); each page below owns its loader and page. The navigation's data
// comes from the same member context as the page's (read once per request), so a visitor is sent
// home by either, before anything is read. Like its pages, it does not hydrate.

export const handle = islandsPage;

export function loader({ request }: Route.LoaderArgs) {
  return membersAreaLinks(request);
}
export const clientLoader = loadAsDocument;

export default function MembersArea({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <>
      <MembersNav links={loaderData.links} pathname={pathname} />
      <Outlet />
    </>
  );
}
