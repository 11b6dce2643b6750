import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { siteRoutes } from "./config/pages";
import { coachSlugFromEnv } from "./config/slug";

// The route table (docs/product.md §2.1 and §2.2), built from the one list of the site's addresses
// in app/config/pages.ts, which the sitemap, robots.txt and the page cache read too. The coach's
// slug (decision 002) is read when the app is built; the server refuses to start if its configured
// slug differs from the built one.
const slug = coachSlugFromEnv(process.env);

export default [
  ...siteRoutes(slug).map(({ path, file, children }) =>
    path === "/" ? index(file) : route(path.slice(1), file, (children ?? []).map((child) => (child.path === "" ? index(child.file) : route(child.path, child.file)))),
  ),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
