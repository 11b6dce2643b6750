import type { TestProject } from "vitest/node";
import { dropPostgresTemplate, preparePgliteTemplate, preparePostgresTemplate } from "./db";
import { ensureBuild } from "./processes";

// Runs once per `vitest run` for the integration project: prepares the migrated template every
// test file copies its database from (see ./db.ts), and removes what the run created.
export default async function setup(project: TestProject) {
  // Several test files start the built server; build once here so they never build at the same
  // time into one directory. (A failed build is reported by those files, not here.)
  await ensureBuild();
  const serverUrl = process.env.DATABASE_URL?.trim();
  if (serverUrl) {
    const templateName = await preparePostgresTemplate(serverUrl);
    project.provide("testDatabase", { driver: "postgres", serverUrl, templateName });
    return async () => {
      await dropPostgresTemplate(serverUrl, templateName);
    };
  }
  const templatePath = await preparePgliteTemplate();
  project.provide("testDatabase", { driver: "pglite", templatePath });
}
