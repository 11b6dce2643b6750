import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Who the embedded database runs as, and who may connect to it (docs/security.md, "The embedded
// database's user"; docs/decisions/251).
//
// - PostgreSQL refuses to run as root. A site started by root runs its database as a system user
//   of its own, `strongsite-db` (or EMBEDDED_DB_USER), created when missing, used by nothing else:
//   never the shared `nobody`, whose other programs would otherwise own the site's database files.
// - Connections are checked by the kernel's word on who is calling (`peer`), mapped in
//   pg_ident.conf: only the site's own system user and the database's may connect, as the
//   database's superuser, over the unix socket (no TCP port). Both files are written again at
//   every start, so a data directory made by an earlier version (owned by `nobody`, `trust` for
//   everybody) is brought in line when it is next opened.

/** A problem starting the embedded database, with a message for the person starting the site. */
export class EmbeddedDatabaseError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DatabaseStartError";
  }
}

export const DEFAULT_EMBEDDED_DB_USER = "strongsite-db";
/** Accounts other programs share: the database's files must never belong to them. */
const SHARED_USERS = new Set(["nobody", "root"]);
const NOBODY_UID = 65534;
/** What useradd accepts on every distribution (and nothing a shell would read twice). */
const USER_NAME = /^[a-z_][a-z0-9_-]{0,30}$/;
/** The database role the site connects as (initdb's superuser). */
const DATABASE_ROLE = "postgres";

export interface RunAs {
  uid: number;
  gid: number;
  name: string;
}

export function lookupUser(name: string): RunAs | null {
  let passwd = "";
  try {
    passwd = fs.readFileSync("/etc/passwd", "utf8");
  } catch {
    // No passwd file: nobody to find.
  }
  for (const line of passwd.split("\n")) {
    const fields = line.split(":");
    if (fields[0] === name && fields.length >= 4) return { name, uid: Number(fields[2]), gid: Number(fields[3]) };
  }
  return null;
}

function isRoot(): boolean {
  return typeof process.getuid === "function" && process.getuid() === 0;
}

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Creates a system account for the database: no home, no login shell, a group of its own. Two
 * sites starting at once may both try: the loser finds the account made, or retries while the
 * other holds the password file's lock.
 */
function createSystemUser(name: string): RunAs {
  let problem = "";
  for (let attempt = 0; attempt < 20; attempt++) {
    const result = spawnSync(
      "useradd",
      ["--system", "--no-create-home", "--home-dir", "/nonexistent", "--shell", "/usr/sbin/nologin", "--user-group", "--comment", "Embedded database of the coaching site", name],
      { encoding: "utf8", env: { PATH: `${process.env.PATH ?? ""}:/usr/sbin:/sbin` }, timeout: 30_000 },
    );
    const made = lookupUser(name);
    if (made) return made;
    problem = (result.error?.message ?? result.stderr ?? "").trim().split("\n")[0] ?? "";
    // ENOENT: no useradd on this system (Alpine has adduser): nothing to retry.
    if ((result.error as NodeJS.ErrnoException | undefined)?.code === "ENOENT") break;
    sleepSync(50 + attempt * 50);
  }
  throw new EmbeddedDatabaseError(
    `The site runs as root, and PostgreSQL refuses to: the embedded database runs as the system user "${name}", which could not be created (${problem || "useradd failed"}). ` +
      `Create it yourself (useradd --system --no-create-home --shell /usr/sbin/nologin --user-group ${name}), set EMBEDDED_DB_USER to another unprivileged user used by nothing else, start the site as a normal user, or set DATABASE_URL.`,
  );
}

/**
 * The user the embedded database runs as when the site runs as root (null otherwise):
 * EMBEDDED_DB_USER, default `strongsite-db`, created as a system account when it does not exist
 * (unless `create` is false). Refuses root and `nobody`.
 */
export function embeddedRunAs(env: NodeJS.ProcessEnv = process.env, { create = true }: { create?: boolean } = {}): RunAs | null {
  if (!isRoot()) return null;
  const name = env.EMBEDDED_DB_USER?.trim() || DEFAULT_EMBEDDED_DB_USER;
  const refuse = (why: string) =>
    new EmbeddedDatabaseError(
      `The site runs as root, and PostgreSQL refuses to: the embedded database needs an unprivileged user of its own to run as, and "${name}" ${why} ` +
        `Leave EMBEDDED_DB_USER unset (the site then creates the system user ${DEFAULT_EMBEDDED_DB_USER}) or set it to a user used by nothing else, start the site as a normal user, or set DATABASE_URL.`,
    );
  if (SHARED_USERS.has(name)) throw refuse(name === "root" ? "is root." : "is shared by other programs: whatever runs as it could read the site's database.");
  if (!USER_NAME.test(name)) throw refuse("is not a valid user name (lower-case letters, digits, - and _).");
  const user = lookupUser(name) ?? (create ? createSystemUser(name) : null);
  if (!user) throw refuse("does not exist on this machine.");
  if (user.uid === 0) throw refuse("is root.");
  if (user.uid === NOBODY_UID) throw refuse("is shared by other programs: whatever runs as it could read the site's database.");
  return user;
}

// ─── Ownership ─────────────────────────────────────────────────────────────────────────────────

/**
 * Gives `target` and everything in it to `runAs`. Every entry is checked, not only the top: an
 * earlier start stopped half-way (or a copied template) leaves some files with another owner.
 */
export function chownTree(target: string, runAs: RunAs): void {
  const give = (file: string) => {
    const stat = fs.lstatSync(file);
    if (stat.uid !== runAs.uid || stat.gid !== runAs.gid) fs.lchownSync(file, runAs.uid, runAs.gid);
  };
  give(target);
  if (!fs.lstatSync(target).isDirectory()) return;
  for (const entry of fs.readdirSync(target, { recursive: true, encoding: "utf8" })) give(path.join(target, entry));
}

/** Makes `dir` exist, owned by the database's user (when root runs the site), readable by nobody else. */
export function ensureOwnedDir(dir: string, runAs: RunAs | null): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  if (runAs) chownTree(dir, runAs);
}

/**
 * DATA_DIR stays the site's (root's), private (docs/security.md, "File permissions"): the
 * database's user may only pass through it to its own folders, through the group (0710).
 */
export function grantPassage(dataDir: string, runAs: RunAs): void {
  const stat = fs.statSync(dataDir);
  if (stat.gid !== runAs.gid) fs.chownSync(dataDir, stat.uid, runAs.gid);
  if ((stat.mode & 0o777) !== 0o710) fs.chmodSync(dataDir, 0o710);
}

/** The first folder above `dir` that `runAs` may not pass through, or null. */
export function blockedAncestor(dir: string, runAs: RunAs): string | null {
  for (let current = path.dirname(dir); ; current = path.dirname(current)) {
    const stat = fs.statSync(current);
    const bit = stat.uid === runAs.uid ? 0o100 : stat.gid === runAs.gid ? 0o010 : 0o001;
    if ((stat.mode & bit) === 0) return current;
    if (path.dirname(current) === current) return null;
  }
}

/** The real uid a process runs as (Linux /proc), or null when it cannot be read. */
export function processUid(pid: number): number | null {
  try {
    const line = fs.readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith("Uid:"));
    const uid = Number.parseInt(line?.split(/\s+/)[1] ?? "", 10);
    return Number.isInteger(uid) ? uid : null;
  } catch {
    return null;
  }
}

// ─── Who may connect ────────────────────────────────────────────────────────────────────────────

/** This process's user name, or null when its uid has no entry in the passwd file. */
function currentUserName(): string | null {
  try {
    return os.userInfo().username || null;
  } catch {
    return null;
  }
}

/**
 * pg_hba.conf and pg_ident.conf of the cluster: local connections only, each allowed only to the
 * system users named (the site's and the database's), as the database's superuser. A uid with no
 * user name (some containers) cannot be checked by PostgreSQL: the socket's folder, readable by
 * the one user that runs both, is then the only gate.
 */
export function writeAccessRules(cluster: string, runAs: RunAs | null): void {
  const site = currentUserName();
  const users = [...new Set([site, runAs?.name].filter((name): name is string => Boolean(name)))];
  const header = [
    "# Written by the site each time it starts its embedded database: changes here are replaced.",
    "# docs/security.md, \"The embedded database's user\".",
  ];
  const hba = site
    ? [...header, "# Only this machine's unix socket, and only the system users mapped in pg_ident.conf.", "local all all peer map=site", ""]
    : [...header, "# This process's uid has no user name, so PostgreSQL cannot check it: the socket's folder", "# (readable by this uid alone) is the gate.", "local all all trust", ""];
  const ident = [...header, "# MAP  SYSTEM-USER  DATABASE-USER", ...users.map((user) => `site ${user} ${DATABASE_ROLE}`), ""];
  for (const [name, text] of [
    ["pg_hba.conf", hba.join("\n")],
    ["pg_ident.conf", ident.join("\n")],
  ] as const) {
    const file = path.join(cluster, name);
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, text, { mode: 0o600 });
    if (runAs) fs.chownSync(temp, runAs.uid, runAs.gid);
    fs.renameSync(temp, file);
  }
}
