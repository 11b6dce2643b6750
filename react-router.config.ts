import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets several checkouts' builds (or parallel test runs) live side by side.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  routeDiscovery: { mode: "initial" },
  future: {
    // Loaders and actions get the request as it came instead of a copy each (React Router made two
    // new Request objects per loader per request, so per-request caches keyed by the request, like
    // the session lookup, missed). Code that needs the path reads the normalised `url` argument.
    v8_passThroughRequests: true,
    // React Router 8 needs Node 22; this site runs on Node 20 (package.json engines), so these
    // stay as they are, stated here so that the build does not warn about each of them on every
    // start. Each is a change to make with the upgrade (docs/decisions/190-build-output.md): middleware changes
    // the load context every loader reads, the split route modules and the Environment API change
    // the client chunks tuned in vite.config.ts and the server build's entry, and the data request
    // URLs change what app/server/http/body-limit.server.ts matches.
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
