import type { TestProject } from "vitest/node";
import { dropPostgresTemplate, prepareEmbeddedTemplate, preparePgliteTemplate, preparePostgresTemplate } from "./db";
import { stopOrphanedEmbeddedDatabases } from "./embedded";
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
  // In-process tests use in-memory PGlite (fast, the same migrations); spawned servers and scripts
  // use the embedded PostgreSQL default, copied from a migrated template (docs/decisions/200).
  const [templatePath, embeddedTemplate] = await Promise.all([preparePgliteTemplate(), prepareEmbeddedTemplate()]);
  project.provide("testDatabase", { driver: "pglite", templatePath, embeddedTemplate });
  return () => stopOrphanedEmbeddedDatabases();
}
