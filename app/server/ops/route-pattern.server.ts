import { matchRoutes, type RouteObject } from "react-router";

// The route pattern of a request path, for metrics and logs (docs/product.md §17.3): the path as
// the site's routes describe it (/articles/:slug), never the URL itself, so a label has a bounded
// number of values whatever visitors type.

export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

type Tree = RouteObject & { id: string };

function tree(routes: ManifestRoute[], parentId: string | undefined): Tree[] {
  return routes
    .filter((route) => route.parentId === parentId)
    .map((route) => {
      const node = { id: route.id, path: route.path, caseSensitive: route.caseSensitive } as Tree;
      if (route.index) (node as { index?: boolean }).index = true;
      else node.children = tree(routes, route.id);
      return node;
    });
}

/** How many paths' patterns are remembered: the site's pages many times over, never unbounded. */
const REMEMBERED_PATHS = 2_000;

/**
 * Builds a matcher from the build's flat route manifest. NOTE: React Router's matchRoutes flattens
 * and ranks every route on each call (about 0.3 ms here): done for every request, it cut the
 * cached public pages' throughput tenfold. The answer for a path never changes, so the recent
 * paths' patterns are remembered (the oldest forgotten first).
 */
export function routePatternMatcher(manifest: Record<string, ManifestRoute | undefined>): (pathname: string) => string {
  const routes = tree(Object.values(manifest).filter((r): r is ManifestRoute => Boolean(r)), undefined);
  const remembered = new Map<string, string>();
  return (pathname) => {
    if (pathname.startsWith("/assets/")) return "/assets/*";
    const known = remembered.get(pathname);
    if (known !== undefined) return known;
    const pattern = patternOf(routes, pathname);
    if (remembered.size >= REMEMBERED_PATHS) remembered.delete(remembered.keys().next().value!);
    remembered.set(pathname, pattern);
    return pattern;
  };
}

function patternOf(routes: Tree[], pathname: string): string {
  const matches = matchRoutes(routes, pathname);
  if (!matches || matches.length === 0) return "unmatched";
  const pattern = matches
    .map((m) => m.route.path)
    .filter((p): p is string => Boolean(p))
    .join("/")
    .replace(/\/+/g, "/");
  return `/${pattern.replace(/^\//, "")}`;
}
