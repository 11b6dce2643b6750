import { defineConfig } from "drizzle-kit";

// `npm run db:generate -- --name <change>` writes a new SQL migration to ./drizzle from the schema.
// Review it and commit it; the server applies pending migrations at start-up.
// NOTE: drizzle-kit never emits CREATE EXTENSION; extensions live in the hand-written first
// migration (drizzle/0000_extensions.sql).
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/server/db/schema/index.ts",
  out: "./drizzle",
  strict: true,
  verbose: true,
});
