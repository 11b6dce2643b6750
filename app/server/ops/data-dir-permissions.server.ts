import fs from "node:fs";
import path from "node:path";

// DATA_DIR holds what no other user of the machine may read: emails with reset links
// (outbox/*.eml), the members' private files (uploads/private), the auth secret, the database's
// log (docs/security.md, "File permissions"). The site writes everything with umask 077 (server.js
// and the scripts); at start-up this puts right what an earlier version, a copy or a person left
// open: folders 0700, files 0600.
//
// Left alone: the embedded database's own folders (`postgres/`, kept 0700 by PostgreSQL and owned
// by its user when root runs the site, and the socket's `run/`), and symbolic links. DATA_DIR
// itself may keep its group's passage (0710) when root runs the site: that is how the database's
// user reaches its folders (app/server/db/embedded-postgres-access.server.ts).

const DATABASE_OWN = new Set(["postgres", "run"]);

export interface PermissionsReport {
  /** Paths (relative to DATA_DIR) that others could read, write or enter, now made private. */
  fixed: string[];
}

/** Makes DATA_DIR and everything the site wrote in it private; says what it had to change. */
export function makeDataDirPrivate(dataDir: string, { groupPassage = false }: { groupPassage?: boolean } = {}): PermissionsReport {
  const fixed: string[] = [];
  let top: fs.Stats;
  try {
    top = fs.lstatSync(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { fixed };
    throw error;
  }
  if (!top.isDirectory()) return { fixed };
  const topMode = top.mode & 0o777;
  const allowed = groupPassage ? 0o710 : 0o700;
  if ((topMode & ~allowed) !== 0) {
    fs.chmodSync(dataDir, topMode & allowed);
    fixed.push(".");
  }
  const walk = (dir: string, relative: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const rel = relative ? `${relative}/${entry.name}` : entry.name;
      if (!relative && DATABASE_OWN.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isSymbolicLink()) continue;
      const mode = fs.lstatSync(full).mode & 0o777;
      if ((mode & 0o077) !== 0) {
        fs.chmodSync(full, mode & 0o700);
        fixed.push(rel);
      }
      if (entry.isDirectory()) walk(full, rel);
    }
  };
  walk(dataDir, "");
  return { fixed };
}

/** The one-line warning for a start that had to make files private, or null. */
export function permissionsWarning(dataDir: string, report: PermissionsReport): string | null {
  if (report.fixed.length === 0) return null;
  const examples = report.fixed.slice(0, 3).join(", ");
  const more = report.fixed.length > 3 ? `, and ${report.fixed.length - 3} more` : "";
  return (
    `DATA_DIR (${dataDir}) had files or folders other users of this machine could read (${examples}${more}): ` +
    "they are now readable by the site alone (folders 0700, files 0600). Check how they were made open, e.g. a copy or a chmod."
  );
}
