import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// Browser chunks. A first visit on a phone pays for every request (Lighthouse simulates a slow 4G
// line over HTTP/1.1: six connections, 150 ms a round trip), so the automatic splitting's thirty
// small shared chunks cost more than their bytes. Five groups instead, each with the modules it
// imports: React, React DOM and React Router; the chrome of every page (the root route's
// components and the utilities); the email-list form (its schema and Zod load when a form is
// first used); Zod whole, wherever it is first needed (left to itself, the bundler cuts it in two
// when pages use different parts of it, and a checkout then loads both); and the small
// presentational pieces the marketing pages share. Everything else (a page's own module, the
// account and admin pages, what loads on demand) is split automatically.
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router[\\/]dev)[\\/]/;
const SHELL = /app[\\/](components[\\/](site-shell|status-page|lazy-auth-form|ui[\\/]toaster)\.tsx|utils[\\/][\w-]+\.ts)$/;
const FORMS = /app[\\/]components[\\/]email-list-form\.tsx$/;
const ZOD = /node_modules[\\/]zod[\\/]|app[\\/]validation[\\/]zod\.ts$/;
const CONTENT = /app[\\/](content[\\/][\w-]+\.ts|components[\\/](section|page-hero|brand-art|feature-icons|explore-more|plan-card|offer-price-panel|lazy-section|download-signup)\.tsx)$/;

const clientChunks = {
  groups: [
    { name: "framework", test: FRAMEWORK, priority: 4 },
    { name: "shell", test: SHELL, priority: 3 },
    { name: "forms", test: FORMS, priority: 2 },
    { name: "zod", test: ZOD, priority: 2 },
    { name: "content", test: CONTENT, minShareCount: 2, priority: 1 },
  ],
};

// NOTE: the SSR build bundles server/app.ts (the Express app with the React Router handler), so
// the database, auth and queue code exist once in the server bundle: build/server/index.js.
// (React Router reads the server entry from rollupOptions.input; a rolldownOptions object here
// would replace it, so the server build's checks sit beside it.) A dynamic import there never
// splits anything, by design: the login dialog's form is imported on demand for the browser's
// sake, and the test checkout imports the webhook handling late to avoid an import cycle. So the
// server build does not warn that such an import is "ineffective". Neither build reports which
// plugins took long (`bundlerTimings`): on a busy machine that is every build, and nobody starting
// the site can act on it (`node --cpu-prof` finds it when the build itself is the work).
export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts", checks: { ineffectiveDynamicImport: false, bundlerTimings: false } } }
    : { rolldownOptions: { output: { codeSplitting: clientChunks }, checks: { bundlerTimings: false } } },
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  // The islands script (app/islands/islands.ts, imported with ?worker&url) is bundled like a
  // worker: on its own, as an ES module, so the login form and the form schema split off and load
  // only when needed.
  worker: { format: "es" as const, rolldownOptions: { checks: { bundlerTimings: false } } },
  plugins: [tailwindcss(), reactRouter()],
}));
