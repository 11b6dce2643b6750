import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadServerEnv } from "~/config/env.server";
import { createDatabase, type Queryable } from "~/server/db/client.server";
import { localFileStore, writeBackup } from "~/server/ops/backup.server";
import { createMember } from "../../scripts/factories";
import { createEmbeddedDataDir } from "../support/db";
import { childEnv, makeTempDir, runScript } from "../support/processes";
import { INTEGRATION_SLOW_MS } from "../support/budgets";

// A restore that fails leaves the site exactly as it was (docs/product.md §17.5, decision 252):
// crafted archives that fail at each stage (a bad file name late in the archive, a changed byte,
// a database failure after the files and the secret have been read) must leave the old rows, the
// old uploaded files and the old auth secret untouched, with `--force`. The good archive then
// restores whole.

const temp = makeTempDir("sc-restore-safety-");
const dataDir = path.join(temp.dir, "data");
const uploads = path.join(dataDir, "uploads");
const secretFile = path.join(dataDir, "auth-secret");
const ARCHIVED_SECRET = "the-secret-of-the-archive-0123456789abcdefghij";
const CURRENT_SECRET = "the-secret-in-use-today-0123456789abcdefghijklm";
let archive: string;
let archivedLines: Record<string, unknown>[];

interface SiteState {
  rows: Record<string, unknown[]>;
  files: Record<string, string>;
  secret: string;
}

/** Every row of every table, every uploaded file (by its SHA-256) and the auth secret. */
async function siteState(): Promise<SiteState> {
  const handle = await createDatabase({ dataDir });
  try {
    const db: Queryable = handle.db;
    const tables = (await db.execute<{ name: string }>(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)).rows;
    const rows: Record<string, unknown[]> = {};
    for (const { name } of tables) {
      const result = await db.execute<{ r: string }>(sql`select row_to_json(t)::text as r from ${sql.raw(`"${name}"`)} t order by 1`);
      rows[name] = result.rows.map((row) => JSON.parse(row.r));
    }
    const files: Record<string, string> = {};
    for (const name of fs.existsSync(uploads) ? fs.readdirSync(uploads, { recursive: true, encoding: "utf8" }) : []) {
      const file = path.join(uploads, name);
      if (fs.statSync(file).isFile()) files[name] = crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
    }
    return { rows, files, secret: fs.readFileSync(secretFile, "utf8").trim() };
  } finally {
    await handle.close();
  }
}

function writePicture(key: string, bytes: Buffer) {
  const file = path.join(uploads, ...key.split("/"));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
}

/** An archive made of `lines`, its end line's counts and checksum made right unless told not to. */
function craft(name: string, lines: Record<string, unknown>[], { fixEnd = true } = {}): string {
  const body = lines.filter((line) => line.kind !== "end");
  const end = { ...lines.find((line) => line.kind === "end") } as { tables: Record<string, number>; files: number; sha256?: string };
  if (fixEnd) {
    const tables: Record<string, number> = {};
    for (const line of body) {
      if (line.kind === "table") tables[line.name as string] = 0;
      if (line.kind === "row") tables[line.table as string]! += 1;
    }
    end.tables = tables;
    end.files = body.filter((line) => line.kind === "file").length;
    end.sha256 = crypto.createHash("sha256").update(body.map((line) => `${JSON.stringify(line)}\n`).join("")).digest("hex");
  }
  const file = path.join(temp.dir, `${name}.jsonl.gz`);
  const text = [...body, { kind: "end", ...end }].map((line) => JSON.stringify(line)).join("\n") + "\n";
  fs.writeFileSync(file, zlib.gzipSync(text));
  return file;
}

function restore(file: string) {
  return runScript("restore.ts", [file, "--force"], childEnv({ DATA_DIR: dataDir, AUTH_SECRET: "", LOG_LEVEL: "warn" }), 120_000);
}

beforeAll(async () => {
  // The site when the backup was made: two members, a picture, the generated secret.
  const handle = await createEmbeddedDataDir(dataDir);
  try {
    for (let i = 0; i < 2; i++) await createMember(handle.db, { purchases: 1, logins: 1 });
    writePicture("profile-pictures/archived/1.webp", crypto.randomBytes(2000));
    fs.writeFileSync(secretFile, `${ARCHIVED_SECRET}\n`, { mode: 0o600 });
    const result = await writeBackup(handle, localFileStore(uploads), loadServerEnv({ DATA_DIR: dataDir, AUTH_SECRET: "" }), path.join(temp.dir, "backups"));
    archive = result.file;
    // And today, after it: another member, another picture, another secret.
    await createMember(handle.db, { purchases: 1, logins: 1 });
  } finally {
    await handle.close();
  }
  writePicture("profile-pictures/today/2.webp", crypto.randomBytes(3000));
  fs.writeFileSync(secretFile, `${CURRENT_SECRET}\n`, { mode: 0o600 });
  archivedLines = zlib.gunzipSync(fs.readFileSync(archive)).toString("utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line));
}, INTEGRATION_SLOW_MS);

afterAll(() => temp.cleanup());

describe("a forced restore that fails changes nothing", () => {
  it("a file named outside the uploads folder, late in the archive: refused before anything changes", async () => {
    const before = await siteState();
    const end = archivedLines.findIndex((line) => line.kind === "end");
    const lines = [...archivedLines.slice(0, end), { kind: "file", key: "../escaped.txt", contentType: null, data: Buffer.from("x").toString("base64") }, archivedLines[end]!];
    const result = await restore(craft("late-bad-key", lines));
    expect(await siteState()).toEqual(before);
    expect(fs.existsSync(path.join(dataDir, "escaped.txt"))).toBe(false);
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(result.stderr).toContain("a file outside the uploads folder (../escaped.txt)");
    expect(result.stderr).toContain("Nothing was changed");
  }, INTEGRATION_SLOW_MS);

  it("a byte changed after the archive was written: its checksum is refused", async () => {
    const before = await siteState();
    const lines = archivedLines.map((line) => (line.kind === "row" && line.table === "users" ? { ...line, data: { ...(line.data as object), name: "Changed Later" } } : line));
    const result = await restore(craft("changed-byte", lines, { fixEnd: false }));
    expect(await siteState()).toEqual(before);
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(result.stderr).toContain("its checksum does not match");
  }, INTEGRATION_SLOW_MS);

  it("the database fails after the files and the secret were read: rolled back, the staged files dropped, the secret kept", async () => {
    const before = await siteState();
    // The secret and the files first, then the tables with one row twice (a unique key broken).
    const files = archivedLines.filter((line) => line.kind === "file" || line.kind === "file-part" || line.kind === "secret");
    const rest = archivedLines.filter((line) => !files.includes(line) && line.kind !== "header");
    const firstUser = rest.findIndex((line) => line.kind === "row" && line.table === "users");
    rest.splice(firstUser + 1, 0, rest[firstUser]!);
    const result = await restore(craft("database-failure", [archivedLines[0]!, ...files, ...rest]));
    expect(await siteState()).toEqual(before);
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith("uploads."))).toEqual([]);
    expect(result.code, result.stdout + result.stderr).toBe(1);
    // PostgreSQL's reason, never the rows it was given.
    expect(result.stderr).toMatch(/^The restore failed: duplicate key value violates unique constraint .*\. Nothing was changed\.$/m);
  }, INTEGRATION_SLOW_MS);

  it("an archive cut short: refused", async () => {
    const before = await siteState();
    const file = path.join(temp.dir, "cut-short.jsonl.gz");
    const text = archivedLines.filter((line) => line.kind !== "end").map((line) => JSON.stringify(line)).join("\n");
    fs.writeFileSync(file, zlib.gzipSync(text));
    const result = await restore(file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("is incomplete");
    expect(await siteState()).toEqual(before);
  }, INTEGRATION_SLOW_MS);
});

describe("the archive itself", () => {
  it("restores whole over today's site with --force: its rows, only its files, its secret", async () => {
    const result = await restore(archive);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const after = await siteState();
    expect(after.secret).toBe(ARCHIVED_SECRET);
    expect(Object.keys(after.files)).toEqual([path.join("profile-pictures", "archived", "1.webp")]);
    const archivedUsers = archivedLines.filter((line) => line.kind === "row" && line.table === "users").map((line) => (line.data as { id: string }).id);
    expect((after.rows.users as { id: string }[]).map((user) => user.id).sort()).toEqual(archivedUsers.sort());
  }, INTEGRATION_SLOW_MS);
});
