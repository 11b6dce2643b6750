// The folder rule of the import rules (docs/architecture.md §2): the production code's folders
// import each other one way only. A module in folder A importing folder B while something in B
// (or further down that road) imports A is an arrow running back up, even when no two modules
// form a circle. Tests are left out: a test may reach across folders to set up what it checks.
// Run with .dependency-cruiser.cjs by `npm run lint:imports` and `npm test`.

// eslint-disable-next-line @typescript-eslint/no-require-imports -- dependency-cruiser reads CommonJS configurations
const base = require("./.dependency-cruiser.cjs");

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-folder-circles",
      severity: "error",
      comment: "Move what both folders need into the lower one (docs/architecture.md §2 lists the layers of app/server).",
      scope: "folder",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    ...base.options,
    exclude: { path: ["^(build|\\.react-router|node_modules)/", "\\.test\\.tsx?$"] },
  },
};
