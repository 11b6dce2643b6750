// TEMPORARY minimal client (to be completed: lock, migrations, PostgreSQL).
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { getServerEnv } from "~/config/env.server";

const state = globalThis as typeof globalThis & { __pglite?: PGlite; __db?: ReturnType<typeof drizzle> };

export async function openDatabase() {
  if (state.__db) return state.__db;
  const env = getServerEnv();
  fs.mkdirSync(env.DATA_DIR_ABS, { recursive: true });
  state.__pglite = new PGlite(path.join(env.DATA_DIR_ABS, "pglite"));
  await state.__pglite.waitReady;
  state.__db = drizzle(state.__pglite);
  return state.__db;
}
export async function migrateDatabase() {}
export function getDb() {
  if (!state.__db) throw new Error("Database is not open");
  return state.__db;
}
export async function pingDatabase() {
  await state.__pglite!.query("select 1");
}
export async function closeDatabase() {
  await state.__pglite?.close();
  delete state.__pglite;
  delete state.__db;
}
