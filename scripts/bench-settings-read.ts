// Micro-benchmark of the settings page's own database work (decisions 171 and 173;
// docs/performance.md): one member with ten logins, purchases and a subscription in a scratch
// embedded PostgreSQL (or DATABASE_URL's server, in a scratch database), then times, each --runs
// times after a warm-up, and prints the median and p95 in microseconds:
//   1. the settings read as a plain (unnamed) query, parsed and planned every time;
//   2. the same SQL as a named prepared statement (what the page runs, decision 171);
//   3. the same data as four Drizzle queries (the piece-by-piece fallback, decision 208);
//   4. loadSettings at an unchanged settings version: served from memory (decision 173).
//
//   npm run bench:settings-read [-- --runs=2000]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type pg from "pg";

function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

const runs = Number(option("runs") ?? 2000);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "bench-settings-"));
process.env.DATA_DIR = scratch;
process.env.LOG_LEVEL ??= "error";
process.env.NODE_ENV ??= "production";

// After the environment is set: the modules read it as they load.
const { getDatabaseHandle, migrateDatabase } = await import("~/server/db/client.server");
const settings = await import("~/server/account/settings.server");
const { createLoginHistory, createPurchase, createUser } = await import("./factories");

async function time(label: string, run: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < Math.min(200, runs); i += 1) await run();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await run();
    samples.push((performance.now() - started) * 1000);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => Math.round(samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!);
  console.log(`${label.padEnd(46)} median ${String(at(0.5)).padStart(5)} µs   p95 ${String(at(0.95)).padStart(5)} µs`);
}

try {
  await migrateDatabase();
  const handle = getDatabaseHandle();
  const member = (await createUser(handle.db, { firstName: "Helen", lastName: "Bench" })).user;
  await createLoginHistory(handle.db, member.id, { count: 12 });
  for (let i = 0; i < 3; i += 1) await createPurchase(handle.db, member.id);
  const params = [member.id, 10];
  const loaded = await settings.loadSettingsAtOnce(member.id);
  if (!loaded) throw new Error("The bench member has no settings.");
  // The pool under Drizzle (node-postgres), to send the same text as an unnamed statement.
  const plain = (handle.db as unknown as { $client: pg.Pool }).$client;
  console.log(`Settings read of one member (embedded PostgreSQL, ${runs} runs each, Node ${process.version}):`);
  await time("1. plain query (parsed and planned each time)", () => plain.query(settings.SETTINGS_STATEMENT.text, params));
  await time("2. named prepared statement (the page's read)", () => settings.loadSettingsAtOnce(member.id));
  await time("3. four Drizzle queries (the fallback)", () => settings.loadSettingsPiecewise(member.id));
  await time("4. loadSettings at an unchanged version", () => settings.loadSettings(member.id, loaded.version));
  await handle.close();
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
