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
  },
} satisfies Config;
