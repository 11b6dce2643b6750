import type { TestProject } from "vitest/node";
import { dropPostgresTemplate, prepareEmbeddedTemplate, preparePostgresTemplate, startRunCluster } from "./db";
import { stopOrphanedEmbeddedDatabases } from "./embedded";
import { ensureBuild } from "./processes";

// Runs once per `vitest run` for the integration project: starts the run's PostgreSQL server (or
// uses DATABASE_URL's), prepares the migrated template every test file copies its database from
// (see ./db.ts, docs/decisions/270), and removes what the run created.
export default async function setup(project: TestProject) {
  // Several test files start the built server; build once here so they never build at the same
  // time into one directory. `npm test` builds first, and this finds that build current.
  // (A failed build is reported by those files, not here.)
  const building = ensureBuild();
  const serverUrl = process.env.DATABASE_URL?.trim();
  if (serverUrl) {
    const templateName = await preparePostgresTemplate(serverUrl);
    project.provide("testDatabase", { serverUrl, templateName, embeddedTemplate: null });
    await building;
    return async () => {
      await dropPostgresTemplate(serverUrl, templateName);
    };
  }
  // Spawned servers and scripts get a data directory copied from the migrated embedded cluster;
  // in-process tests share one server started from the same copy.
  const embeddedTemplate = await prepareEmbeddedTemplate();
  const cluster = await startRunCluster(embeddedTemplate);
  project.provide("testDatabase", { serverUrl: cluster.serverUrl, templateName: cluster.templateName, embeddedTemplate });
  try {
    await building;
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return async () => {
    await cluster.stop();
    stopOrphanedEmbeddedDatabases();
  };
}
