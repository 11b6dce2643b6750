import fs from "node:fs";
import path from "node:path";

// The embedded database servers (postgres processes) that tests leave behind: a site killed with
// SIGKILL leaves its database running, as it would in production (the next start adopts it).
// Test clean-ups stop those under a directory they are about to delete, and the global teardown
// those whose directory is already gone.

export interface Postmaster {
  pid: number;
  cluster: string;
}

/** The running postmasters of embedded databases (by their `-D` argument), from /proc. */
export function embeddedPostmasters(): Postmaster[] {
  let pids: string[];
  try {
    pids = fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const found: Postmaster[] = [];
  for (const pid of pids) {
    let args: string[];
    try {
      args = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    } catch {
      continue;
    }
    if (!args[0]?.endsWith(`${path.sep}native${path.sep}bin${path.sep}postgres`)) continue;
    const cluster = args[args.indexOf("-D") + 1];
    if (args.includes("-D") && cluster) found.push({ pid: Number(pid), cluster });
  }
  return found;
}

function quit(pid: number) {
  try {
    process.kill(pid, "SIGQUIT");
  } catch {
    // Already gone.
  }
}

/** Stops (immediate shutdown) every embedded database whose files are under `dir`. */
export function stopEmbeddedDatabasesUnder(dir: string): void {
  const root = path.resolve(dir) + path.sep;
  for (const { pid, cluster } of embeddedPostmasters()) if (cluster.startsWith(root)) quit(pid);
}

/** Stops embedded databases whose directory was deleted (left by a killed test). */
export function stopOrphanedEmbeddedDatabases(): void {
  for (const { pid, cluster } of embeddedPostmasters()) if (!fs.existsSync(cluster)) quit(pid);
}
