// How the site's command-line scripts start (npm run admin, seed, doctor, backup, restore): the
// environment read as the server reads it, the database opened with a plain message when it
// cannot be, and the exit code set from what the script answers. Messages go to the terminal;
// nothing here prints a stack trace.
import fs from "node:fs";
import { loadServerEnv, type ServerEnv } from "~/config/env.server";
import { createDatabaseFromEnv, type DatabaseHandle } from "~/server/db/client.server";
import { isDataDirLockedError, type DataDirLockedError } from "~/server/db/data-dir-lock.server";

/**
 * Reads .env (when there is one) and the server's environment; `defaults` fill what the
 * environment leaves unset (LOG_LEVEL, NODE_ENV). Prints what is wrong and answers null.
 */
export function loadScriptEnv(defaults: { LOG_LEVEL?: string; NODE_ENV?: string } = {}): ServerEnv | null {
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  for (const [name, value] of Object.entries(defaults)) process.env[name] ??= value;
  try {
    return loadServerEnv();
  } catch (error) {
    console.error((error as Error).message);
    return null;
  }
}

export interface OpenScriptDatabaseOptions {
  /** Through the database server the running site started (backup, seed, admin), rather than alone (restore). */
  shared?: boolean;
  /** Ask the database before going on. */
  ping?: boolean;
  /** What to say when the embedded database's directory is held by a server whose database does not answer. */
  whenLocked: (error: DataDirLockedError) => string;
}

/** Opens the site's database for a script; prints why it cannot and answers null. */
export async function openScriptDatabase(env: ServerEnv, { shared = false, ping = false, whenLocked }: OpenScriptDatabaseOptions): Promise<DatabaseHandle | null> {
  let handle: DatabaseHandle | null = null;
  try {
    handle = await createDatabaseFromEnv(env, { shared });
    if (ping) await handle.ping();
    return handle;
  } catch (error) {
    await handle?.close().catch(() => {});
    console.error(isDataDirLockedError(error) ? whenLocked(error) : `Cannot open the database: ${(error as Error).message}`);
    return null;
  }
}

/** Runs a script's main function and sets the exit code from its answer; an unexpected failure is said in one line and exits 1. */
export function runScript(main: () => Promise<number>, failed: string): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`${failed}: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}
