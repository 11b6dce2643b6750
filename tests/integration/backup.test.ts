import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadServerEnv } from "~/config/env.server";
import { createDatabase, type DatabaseHandle, type Queryable } from "~/server/db/client.server";
import { adminActivityLog, emailSubscribers } from "~/server/db/schema";
import { startBackupSchedule } from "~/server/ops/backup-schedule.server";
import { FILE_PART_BYTES, localFileStore, pruneBackups, s3FileStore, writeBackup } from "~/server/ops/backup.server";
import { createEmbeddedDataDir, createTestDatabase, dropDatabase, testDatabaseName, withDatabaseName, withServerClient, type TestDatabase } from "../support/db";
import { createMember } from "../../scripts/factories";
import { childEnv, makeTempDir, runScript } from "../support/processes";
import { startS3StandIn, type S3StandIn } from "../support/s3-standin";
import { INTEGRATION_LONG_MS, INTEGRATION_SLOW_MS, INTEGRATION_STATE_MS, INTEGRATION_TEST_MS } from "../support/budgets";

// Backups (docs/product.md §17.5): `npm run backup` writes one archive of the database and the
// uploaded files and prints its path last; `npm run restore -- FILE` brings an empty database and
// file store back to exactly that state, refuses one that has data unless --force. On PostgreSQL
// (DATABASE_URL set: the CI's second pass) with an S3 bucket; on the embedded database with the
// uploads folder. Every table is compared row for row.

const POSTGRES = process.env.DATABASE_URL?.trim();
const temp = makeTempDir("sc-backup-");
const PICTURE = crypto.randomBytes(3000);
/** A lesson's video over one part of the archive (8 MB): it goes in as parts and comes back whole. */
const VIDEO = Buffer.concat([crypto.randomBytes(64 * 1024), Buffer.alloc(FILE_PART_BYTES + 1024 * 1024, 7)]);
const VIDEO_KEY = "private/lesson-videos/lesson-1/1.mp4";
let s3: S3StandIn;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  s3 = await startS3StandIn({ buckets: ["site-files", "restored-files"] });
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  await s3.close();
  temp.cleanup();
});

/** Every public table, each as its rows in a stable order: the whole state of the database. */
async function everything(q: Queryable): Promise<Record<string, unknown[]>> {
  const tables = (await q.execute<{ name: string }>(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)).rows;
  const state: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    const rows = await q.execute<{ r: string }>(sql`select row_to_json(t)::text as r from ${sql.raw(`"${name}"`)} t order by 1`);
    state[name] = rows.rows.map((row) => JSON.parse(row.r));
  }
  return state;
}

/** Members with purchases and logins, an email-list subscriber, an activity-log entry, a picture. */
async function seed(db: Queryable, writePicture: (key: string, bytes: Buffer) => Promise<void>) {
  const members = [];
  for (let i = 0; i < 3; i++) members.push(await createMember(db, { purchases: 1, logins: 2, admin: i === 0 }));
  const key = `profile-pictures/${members[1]!.user.id}/1.webp`;
  await writePicture(key, PICTURE);
  await writePicture(VIDEO_KEY, VIDEO);
  await db.execute(sql`update profiles set avatar_url = ${`/uploads/${key}`} where user_id = ${members[1]!.user.id}`);
  await db.insert(emailSubscribers).values({ email: "reader@example.com", firstName: "Nia", form: "calendar", status: "confirmed", unsubscribeToken: crypto.randomUUID(), confirmedAt: new Date() });
  await db.insert(adminActivityLog).values({ adminId: members[0]!.user.id, actionType: "update_user", targetUserId: members[2]!.user.id, details: { field: "name" } });
  return { members, key };
}

function lastLine(text: string): string {
  return text.trim().split("\n").at(-1)!;
}

describe.runIf(POSTGRES)("on PostgreSQL with an S3 bucket", () => {
  it("backs up, restores into an empty database and bucket, refuses a non-empty one, and --force replaces it", async () => {
    const source: TestDatabase = await createTestDatabase();
    cleanups.push(() => source.close());
    const s3Env = { S3_ENDPOINT: s3.endpoint, S3_REGION: s3.region, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey };
    const env = loadServerEnv({ DATABASE_URL: source.url!, S3_BUCKET: "site-files", ...s3Env, DATA_DIR: path.join(temp.dir, "pg-data") });
    const bucket = await s3FileStore(env);
    const { key } = await seed(source.db, (k, bytes) => bucket.write(k, bytes, "image/webp"));
    const before = await everything(source.db);

    const backupDir = path.join(temp.dir, "pg-backups");
    const backup = await runScript("backup.ts", [], childEnv({ DATABASE_URL: source.url!, S3_BUCKET: "site-files", ...s3Env, BACKUP_DIR: backupDir, DATA_DIR: path.join(temp.dir, "pg-data") }));
    expect(backup.code, backup.stderr).toBe(0);
    const archive = lastLine(backup.stdout);
    expect(path.dirname(archive)).toBe(backupDir);
    expect(path.basename(archive)).toMatch(/^site-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.jsonl\.gz$/);
    expect(fs.statSync(archive).mode & 0o077).toBe(0);

    // A new, empty database and bucket: the new machine.
    const serverUrl = POSTGRES!;
    const name = testDatabaseName("restore");
    await withServerClient(serverUrl, (client) => client.query(`create database "${name}"`));
    cleanups.push(() => dropDatabase(serverUrl, name));
    const targetUrl = withDatabaseName(serverUrl, name);
    const targetEnv = childEnv({ DATABASE_URL: targetUrl, S3_BUCKET: "restored-files", ...s3Env, DATA_DIR: path.join(temp.dir, "pg-target") });
    const restored = await runScript("restore.ts", [archive], targetEnv);
    expect(restored.code, restored.stderr + restored.stdout).toBe(0);
    expect(restored.stdout).toMatch(/Restored \d+ rows in \d+ tables and 2 files\. Start the site\./);

    const target = await createDatabase({ url: targetUrl, poolSize: 2 });
    try {
      expect(await everything(target.db)).toEqual(before);
      expect(Buffer.compare(s3.objects("restored-files").get(key)!.body as Buffer, PICTURE)).toBe(0);
      expect(Buffer.compare(s3.objects("restored-files").get(VIDEO_KEY)!.body as Buffer, VIDEO)).toBe(0);

      const refused = await runScript("restore.ts", [archive], targetEnv);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^The target is not empty: the database has data .*; the bucket restored-files has files .*Nothing was changed\. .*add --force/m);

      // A change made after the backup disappears with --force.
      await target.db.execute(sql`delete from purchases`);
      const forced = await runScript("restore.ts", [archive, "--force"], targetEnv);
      expect(forced.code, forced.stderr).toBe(0);
      expect(await everything(target.db)).toEqual(before);
    } finally {
      await target.close();
    }
  }, INTEGRATION_SLOW_MS);

  it("the snapshot is consistent while the site writes: every member in the archive is whole", async () => {
    const source: TestDatabase = await createTestDatabase();
    cleanups.push(() => source.close());
    const env = loadServerEnv({ DATABASE_URL: source.url!, DATA_DIR: path.join(temp.dir, "live-data") });
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await createMember(source.db, { purchases: 1, logins: 1 });
        written += 1;
      }
    })();
    // The backup starts while members are being written.
    await vi.waitFor(() => expect(written).toBeGreaterThanOrEqual(3), { timeout: INTEGRATION_STATE_MS });
    const result = await writeBackup(source, localFileStore(path.join(temp.dir, "live-uploads")), env, path.join(temp.dir, "live-backups"));
    writing = false;
    await writer;
    // Each member is written in one transaction (user, account, profile): the snapshot has all or none.
    expect(result.tables.users).toBeGreaterThan(0);
    expect(result.tables.profiles).toBe(result.tables.users);
    expect(result.tables.accounts).toBe(result.tables.users);
  }, INTEGRATION_LONG_MS);
});

describe.runIf(!POSTGRES)("on the embedded database with the uploads folder", () => {
  it("backs up with the site stopped, restores into an empty data directory, refuses a non-empty one", async () => {
    const dataDir = path.join(temp.dir, "embedded-data");
    const handle: DatabaseHandle = await createEmbeddedDataDir(dataDir);
    const uploads = localFileStore(path.join(dataDir, "uploads"));
    await seed(handle.db, (key, bytes) => uploads.write(key, bytes, null));
    const before = await everything(handle.db);
    await handle.close();
    fs.writeFileSync(path.join(dataDir, "auth-secret"), "a-generated-secret-kept-in-data-dir-0123456789\n");

    const backupDir = path.join(temp.dir, "embedded-backups");
    const backup = await runScript("backup.ts", [], childEnv({ DATA_DIR: dataDir, BACKUP_DIR: backupDir, AUTH_SECRET: "" }), 120_000);
    expect(backup.code, backup.stderr).toBe(0);
    const archive = lastLine(backup.stdout);
    expect(fs.existsSync(archive)).toBe(true);
    // The video went in as one 8 MB part and a last line with the rest.
    const kinds = zlib.gunzipSync(fs.readFileSync(archive)).toString("utf8").split("\n").filter(Boolean).map((line) => (JSON.parse(line) as { kind: string; key?: string }));
    expect(kinds.filter((line) => line.key === VIDEO_KEY).map((line) => line.kind)).toEqual(["file-part", "file"]);

    const newDir = path.join(temp.dir, "embedded-new");
    const restored = await runScript("restore.ts", [archive], childEnv({ DATA_DIR: newDir, AUTH_SECRET: "" }), 120_000);
    expect(restored.code, restored.stderr + restored.stdout).toBe(0);
    const target = await createDatabase({ dataDir: newDir });
    try {
      expect(await everything(target.db)).toEqual(before);
    } finally {
      await target.close();
    }
    const pictures = fs.readdirSync(path.join(newDir, "uploads", "profile-pictures"), { recursive: true }).filter((f) => String(f).endsWith(".webp"));
    expect(pictures).toHaveLength(1);
    expect(Buffer.compare(fs.readFileSync(path.join(newDir, "uploads", "profile-pictures", String(pictures[0]))), PICTURE)).toBe(0);
    expect(Buffer.compare(fs.readFileSync(path.join(newDir, "uploads", ...VIDEO_KEY.split("/"))), VIDEO)).toBe(0);
    expect(fs.readdirSync(path.join(newDir, "tmp"))).toEqual([]);
    // Sessions and two-factor secrets depend on the generated auth secret: it comes back too.
    expect(fs.readFileSync(path.join(newDir, "auth-secret"), "utf8").trim()).toBe("a-generated-secret-kept-in-data-dir-0123456789");

    const refused = await runScript("restore.ts", [archive], childEnv({ DATA_DIR: newDir, AUTH_SECRET: "" }), 120_000);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("The target is not empty: the database has data");
  }, INTEGRATION_SLOW_MS);
});

describe("archives", () => {
  it("a damaged or incomplete archive is refused before anything changes", async () => {
    const file = path.join(temp.dir, "broken.jsonl.gz");
    fs.writeFileSync(file, "not a backup");
    const result = await runScript("restore.ts", [file], childEnv({ DATA_DIR: path.join(temp.dir, "never-made") }));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/cannot be read|not a backup/);
    expect(fs.existsSync(path.join(temp.dir, "never-made"))).toBe(false);
  }, INTEGRATION_TEST_MS);

  it("BACKUP_KEEP: only the newest archives stay", () => {
    const dir = path.join(temp.dir, "keep");
    fs.mkdirSync(dir);
    const names = ["2026-11-20T01-00-00-000Z", "2026-11-21T01-00-00-000Z", "2026-11-22T01-00-00-000Z"].map((t) => `site-backup-${t}.jsonl.gz`);
    for (const name of [...names, "notes.txt"]) fs.writeFileSync(path.join(dir, name), "");
    expect(pruneBackups(dir, 2)).toEqual([names[0]]);
    expect(fs.readdirSync(dir).sort()).toEqual([...names.slice(1), "notes.txt"].sort());
  });

  it("BACKUP_EVERY: the running server writes archives through its own connection, keeping BACKUP_KEEP", async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.close());
    const dir = path.join(temp.dir, "scheduled");
    const env = loadServerEnv({ DATA_DIR: path.join(temp.dir, "scheduled-data"), BACKUP_DIR: dir, BACKUP_EVERY: "6h", BACKUP_KEEP: "1" });
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const schedule = startBackupSchedule(env, () => database)!;
      const archives = () => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith(".jsonl.gz")) : []);
      const waitFor = async (check: () => boolean) => {
        for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      };
      expect(archives()).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(6 * 3_600_000);
      await waitFor(() => archives().length === 1);
      const first = archives()[0];
      await vi.advanceTimersByTimeAsync(6 * 3_600_000);
      await waitFor(() => archives().length === 1 && archives()[0] !== first);
      await schedule.stop();
      expect(archives()).toHaveLength(1);
      expect(archives()[0]).not.toBe(first);
    } finally {
      vi.useRealTimers();
    }
  }, INTEGRATION_TEST_MS);
});
