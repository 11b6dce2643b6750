// The build folder is shared by every server started from this checkout: a start for another
// configuration (another COACH_NAME) must never rebuild it under a server that is running on it,
// whose pages would then ask for fingerprinted assets that are gone (docs/decisions/253).
//
// - A server running on a build says so with a file of its own in BUILD_DIR/.servers (its pid and
//   the process's start time, so a recycled pid is not taken for it), removed when it exits; one
//   left by a killed server is recognised as dead.
// - Building, and deciding whether to, happen under a lock file beside BUILD_DIR, so that two
//   starts at once never build into one folder together: the second waits for the first.
import fs from "node:fs";
import path from "node:path";

const WAIT_STEP_MS = 250;
const WAIT_LIMIT_MS = 10 * 60_000;

/** Field 22 of /proc/<pid>/stat (starttime), or null off Linux. */
function processStart(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(owner) {
  if (!owner || !Number.isInteger(owner.pid)) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if (error.code !== "EPERM") return false;
  }
  const start = processStart(owner.pid);
  return !owner.start || start === null || start === owner.start;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

const me = () => ({ pid: process.pid, start: processStart(process.pid) });

/** The live servers running on the build in `buildDir`. */
export function serversUsing(buildDir) {
  const dir = path.join(buildDir, ".servers");
  let names = [];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const live = [];
  for (const name of names) {
    const owner = readJson(path.join(dir, name));
    if (isAlive(owner) && owner.pid !== process.pid) live.push(owner);
    else if (!isAlive(owner)) fs.rmSync(path.join(dir, name), { force: true });
  }
  return live;
}

/** Records that this process serves the build in `buildDir`, until it exits. */
export function markBuildInUse(buildDir) {
  const dir = path.join(buildDir, ".servers");
  const file = path.join(dir, `${process.pid}.json`);
  serversUsing(buildDir); // forgets the servers that were killed
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(me()));
  } catch {
    return; // a read-only build (an image built elsewhere): nobody can rebuild it here either
  }
  process.on("exit", () => fs.rmSync(file, { force: true }));
}

/**
 * Takes the lock on building into `buildDir` (waiting while another live process holds it) and
 * returns its release. `onWait` is told once who is being waited for.
 */
export async function takeBuildLock(buildDir, onWait) {
  const lock = path.join(path.dirname(buildDir), `.${path.basename(buildDir)}.lock`);
  const deadline = Date.now() + WAIT_LIMIT_MS;
  let told = false;
  for (;;) {
    try {
      fs.writeFileSync(lock, JSON.stringify(me()), { flag: "wx" });
      return () => {
        if (readJson(lock)?.pid === process.pid) fs.rmSync(lock, { force: true });
      };
    } catch (error) {
      if (error.code === "EACCES" || error.code === "EROFS") return () => {}; // read-only: nothing will be built here
      if (error.code !== "EEXIST") throw error;
    }
    const holder = readJson(lock);
    if (!isAlive(holder)) {
      // Left by a process that died while building; an unreadable one may be being written now.
      if (holder || Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0) > 5_000) fs.rmSync(lock, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
      continue;
    }
    if (!told) {
      told = true;
      onWait?.(holder);
    }
    if (Date.now() > deadline) throw Object.assign(new Error(`Another process (pid ${holder.pid}) has been building the site for ten minutes. Stop it, then start again.`), { name: "BuildInUseError" });
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}
