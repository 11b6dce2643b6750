// Import rules of the code (docs/architecture.md §2): no circles, and imports flow one way,
//   routes (app/routes, app/root.tsx, app/routes.ts, app/entry.server.tsx)
//     → components (app/components, app/islands)
//       → server (app/server)
//         → db (app/server/db), which only server modules import
// with app/config, app/validation, app/content and app/utils at the bottom, importing nothing
// above them. `npm run lint` runs this check, so `npm test` fails on a new circle or an import
// that runs back up.

const ROUTES = "^app/(routes/|root\\.tsx$|routes\\.ts$|entry\\.)";
const COMPONENTS = "^app/(components|islands)/";
const SERVER = "^app/server/";
const DB = "^app/server/db/";
const BOTTOM = "^app/(config|validation|content|utils)/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A circle of imports (type-only imports count too): move the shared part down a layer.",
      from: {},
      to: { circular: true },
    },
    {
      name: "bottom-imports-nothing-above",
      severity: "error",
      comment: "config, validation, content and utils import only each other and libraries.",
      from: { path: BOTTOM },
      to: { path: ["^app/(routes|components|islands|server)/", "^app/(root\\.tsx|routes\\.ts|entry\\.)", "^server/"] },
    },
    {
      name: "server-never-imports-ui",
      severity: "error",
      comment: "Server modules never import components, islands or routes: shared rules live in validation/ or config/.",
      from: { path: SERVER },
      to: { path: [COMPONENTS, ROUTES] },
    },
    {
      name: "db-imports-only-db",
      severity: "error",
      comment: "The database layer is the lowest server layer: it imports no other server module but the logger.",
      from: { path: DB },
      to: { path: SERVER, pathNot: [DB, "^app/server/core/(logger|request-context)\\.server\\.ts$"] },
    },
    {
      name: "routes-reach-the-database-through-server-modules",
      severity: "error",
      comment: "Routes and components never import the database layer (getDb, the schema): they call a server module, which owns the queries.",
      from: { path: [ROUTES, COMPONENTS] },
      to: { path: DB },
    },
    {
      name: "components-never-import-routes",
      severity: "error",
      comment: "Components never import a route module, the root or the route table: shared types go to utils/ or config/.",
      from: { path: COMPONENTS },
      to: { path: ROUTES },
    },
    {
      name: "components-use-server-types-only",
      severity: "error",
      comment: "Components reach server modules only through types; data comes from the route's loader.",
      from: { path: COMPONENTS },
      to: { path: SERVER, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "app-never-imports-outside",
      severity: "error",
      comment: "The app does not import the Express wrapper, scripts or tests.",
      from: { path: "^app/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^(server|scripts|tests)/" },
    },
    {
      name: "production-never-imports-tests",
      severity: "error",
      comment: "Production code and scripts never import test support: shared factories live where both can import them.",
      from: { path: "^(app|server|scripts)/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^tests/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|\\.react-router|node_modules)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".d.ts"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
