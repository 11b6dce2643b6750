import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_NO_SPACE_MESSAGE } from "~/server/uploads/disk-space.server";
import { childEnv, ensureBuild, makeTempDir, runProcess, runScript, startServer, type RunningServer } from "../support/processes";
import { fillDisk, freeBytes, mountSmallDisk, type SmallDisk } from "../support/small-disk";
import { startTestSite, type TestSite } from "../support/test-site";
import { stopEmbeddedDatabasesUnder } from "../support/embedded";
import { INTEGRATION_LONG_MS, INTEGRATION_SLOW_MS, INTEGRATION_WHOLE_SCRIPT_MS } from "../support/budgets";

// A lesson's video on a disk that fills up (docs/security.md, "Upload space guard"), on the built
// server with DATA_DIR on a real 256 MB file system (tmpfs; the embedded database lives there too,
// as it does on a small server). An upload that cannot fit is refused before a byte is written; one
// that streams without a length stops while the margin is still free; a write that fails (the
// guard switched off, a nested 32 MB disk for DATA_DIR/tmp) answers at once. Each time the part
// file goes, and the site goes on serving and taking sign-ups. A restart sweeps what a previous
// process left, and a start on a full disk says so in one line.

const MB = 1024 * 1024;
const DISK_MB = 256;
const DRAIN_CAP = 16 * MB;
/** A start of the built server may take a while on a busy machine. */
const START_TIMEOUT_MS = 180_000;

const temp = makeTempDir("sc-disk-");
let skipReason: string | null = null;
const disks: SmallDisk[] = [];
let site: TestSite | undefined;
let server: RunningServer | undefined;
let origin = "";
let dataDir = "";
let adminCookie = "";
const ADMIN_EMAIL = "coach.disk@example.com";
const PASSWORD = "Stronger2025";

beforeAll(async () => {
  const problem = await ensureBuild();
  if (problem) throw new Error(problem);
  const mounted = mountSmallDisk(path.join(temp.dir, "data"), DISK_MB);
  if (!mounted.ok) {
    skipReason = mounted.reason;
    return;
  }
  disks.push(mounted.disk);
  site = await startTestSite(temp.dir, {}, START_TIMEOUT_MS);
  ({ server, origin, dataDir } = site);
  adminCookie = await signUp(ADMIN_EMAIL);
  const granted = await runScript("admin.ts", ["grant", ADMIN_EMAIL], scriptEnv());
  expect(granted.code, granted.stderr).toBe(0);
}, INTEGRATION_WHOLE_SCRIPT_MS);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await site?.database?.close();
  stopEmbeddedDatabasesUnder(temp.dir);
  for (const disk of disks.reverse()) disk.unmount();
  temp.cleanup();
});

const scriptEnv = () => childEnv(site?.database ? { DATABASE_URL: site.database.url! } : { DATA_DIR: dataDir });

function serverEnv(extra: Record<string, string> = {}): Record<string, string> {
  const port = new URL(origin).port;
  const env: Record<string, string> = { PORT: port, SITE_URL: origin, DATA_DIR: dataDir, LOG_LEVEL: "error", ...extra };
  if (site?.database) Object.assign(env, { DATABASE_URL: site.database.url!, AUTH_SECRET: "test-site-secret-0123456789-abcdefghijklmno" });
  return env;
}

async function stopServer() {
  await server?.stop("SIGTERM");
  server = undefined;
}

async function restart(extra: Record<string, string> = {}) {
  await stopServer();
  server = await startServer(serverEnv(extra), START_TIMEOUT_MS);
}

async function signUp(email: string): Promise<string> {
  const response = await fetch(`${origin}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({ mode: "sign-up", firstName: "Dora", lastName: "Disk", email, password: PASSWORD, terms: "on", redirectTo: "/" }).toString(),
  });
  expect(response.status).toBe(302);
  const cookie = response.headers.getSetCookie().map((c) => c.split(";")[0] ?? "").filter((c) => c.startsWith("better-auth.")).join("; ");
  expect(cookie).toContain("better-auth.session_token=");
  return cookie;
}

/** The site still answers, its database included, and a visitor can still make an account. */
async function expectSiteServes(email: string) {
  expect((await fetch(`${origin}/readyz`)).status).toBe(200);
  expect((await fetch(`${origin}/`)).status).toBe(200);
  await signUp(email);
}

const partFiles = () => {
  const dir = path.join(dataDir, "tmp", "uploads");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

interface Sent {
  status: number;
  body: string;
  /** Bytes of the body written before the answer came. */
  sent: number;
}

/**
 * Posts a lesson's video to the script's address: the form's head, then a video's bytes, 1 MB at a
 * time, until the answer comes (or `upTo` bytes). With `declared`, the Content-Length says that
 * many bytes but only the head is sent: the answer must come from the length alone.
 */
function sendVideo({ declared, upTo = 8 * 1024 * MB }: { declared?: number; upTo?: number }): Promise<Sent> {
  const boundary = `----disk${randomUUID().slice(0, 8)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="lessonId"\r\n\r\n${randomUUID()}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="long.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const mp4Start = Buffer.from([0, 0, 0, 0x18, ...Buffer.from("ftypisom"), 0, 0, 0, 0]);
  const chunk = Buffer.alloc(MB, 0x2a);
  return new Promise((resolve, reject) => {
    let answered = false;
    let sent = 0;
    const headers: Record<string, string> = { cookie: adminCookie, origin, "content-type": `multipart/form-data; boundary=${boundary}` };
    if (declared !== undefined) headers["content-length"] = String(declared);
    else headers["transfer-encoding"] = "chunked";
    const request = http.request(`${origin}/settings/admin/courses/video-upload`, { method: "POST", headers }, (response) => {
      answered = true;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (text) => (body += text));
      response.on("end", () => {
        resolve({ status: response.statusCode ?? 0, body, sent });
        request.destroy();
      });
    });
    request.on("error", (error) => {
      // Once answered, the server closing the connection on the rest of the body is expected.
      if (!answered) reject(error);
    });
    const write = (bytes: Buffer) => {
      sent += bytes.length;
      return request.write(bytes);
    };
    write(head);
    write(mp4Start);
    if (declared !== undefined) return;
    const pump = () => {
      while (!answered && !request.destroyed && sent < upTo) {
        if (!write(chunk)) {
          request.once("drain", pump);
          return;
        }
      }
      if (!answered && !request.destroyed) request.end(`\r\n--${boundary}--\r\n`);
    };
    pump();
  });
}

describe.sequential("an upload on a disk that fills up", () => {
  it("refuses a video declared larger than the disk can take before a byte is written (507), and the site goes on", async (context) => {
    context.skip(skipReason !== null, skipReason ?? "");
    const before = freeBytes(dataDir);
    const answer = await sendVideo({ declared: 800 * MB });
    expect(answer.status).toBe(507);
    expect(JSON.parse(answer.body)).toEqual({ ok: false, message: UPLOAD_NO_SPACE_MESSAGE, field: "video" });
    expect(partFiles()).toEqual([]);
    // Nothing of the video reached the disk (the database may write a little meanwhile).
    expect(freeBytes(dataDir)).toBeGreaterThan(before - 4 * MB);
    await expectSiteServes("after.declared@example.com");
  }, INTEGRATION_LONG_MS);

  it("stops writing a video sent without a length while the margin is still free (507), and removes what it wrote", async (context) => {
    context.skip(skipReason !== null, skipReason ?? "");
    const before = freeBytes(dataDir);
    const answer = await sendVideo({});
    expect(answer.status).toBe(507);
    expect(JSON.parse(answer.body)).toEqual({ ok: false, message: UPLOAD_NO_SPACE_MESSAGE, field: "video" });
    // Answered while it was still sending: at most what fitted, plus what is read and dropped after the answer.
    expect(answer.sent).toBeLessThan(before + DRAIN_CAP + 16 * MB);
    expect(partFiles()).toEqual([]);
    expect(freeBytes(dataDir)).toBeGreaterThan(before - 4 * MB);
    await expectSiteServes("after.streamed@example.com");
  }, INTEGRATION_SLOW_MS);

  it("answers at once when the disk is full (the guard off, DATA_DIR/tmp on a 32 MB disk), removes the part file and goes on", async (context) => {
    context.skip(skipReason !== null, skipReason ?? "");
    await stopServer();
    const small = mountSmallDisk(path.join(dataDir, "tmp"), 32);
    if (!small.ok) throw new Error(small.reason);
    try {
      await restart({ UPLOAD_MIN_FREE_SPACE: "0" });
      const answer = await sendVideo({});
      expect(answer.status).toBe(507);
      expect(JSON.parse(answer.body)).toEqual({ ok: false, message: UPLOAD_NO_SPACE_MESSAGE, field: "video" });
      expect(answer.sent).toBeLessThan(32 * MB + DRAIN_CAP + 16 * MB);
      expect(partFiles()).toEqual([]);
      expect(freeBytes(path.join(dataDir, "tmp"))).toBeGreaterThan(30 * MB);
      await expectSiteServes("after.full@example.com");
    } finally {
      // The next tests use DATA_DIR's own disk again.
      await stopServer();
      small.disk.unmount();
    }
  }, INTEGRATION_WHOLE_SCRIPT_MS);

  it("at start-up removes the part files a stopped server left, even one that fills the disk, and starts", async (context) => {
    context.skip(skipReason !== null, skipReason ?? "");
    await stopServer();
    // A part file named for a process that has ended (the last server, killed mid-upload).
    const ended = await runProcess(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { env: childEnv({}) });
    const left = path.join(dataDir, "tmp", "uploads", `video-${ended.stdout}-x-deadbeef.part`);
    fillDisk(left, 1 * MB);
    expect(freeBytes(dataDir)).toBeLessThan(2 * MB);
    await restart();
    expect(fs.existsSync(left)).toBe(false);
    expect(freeBytes(dataDir)).toBeGreaterThan(100 * MB);
    await expectSiteServes("after.restart@example.com");
  }, INTEGRATION_WHOLE_SCRIPT_MS);

  it("refuses to start on a full disk with one line naming DATA_DIR and the space it needs, and exits 1", async (context) => {
    context.skip(skipReason !== null, skipReason ?? "");
    context.skip(site?.database != null, "with DATABASE_URL the database is not in DATA_DIR, so a full DATA_DIR does not stop the start");
    await stopServer();
    const filler = path.join(dataDir, "someone-elses-file.bin");
    fillDisk(filler, 4 * MB);
    try {
      const failed = await startServer(serverEnv(), START_TIMEOUT_MS).then(
        async (running) => {
          await running.stop("SIGKILL");
          return null;
        },
        (error: Error) => error.message,
      );
      expect(failed, "the server started on a full disk").not.toBeNull();
      expect(failed).toContain("exited (code 1)");
      const lines = failed!.split("\n").filter((line) => line.trim() !== "" && !line.startsWith("The server exited"));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`DATA_DIR (${dataDir})`);
      expect(lines[0]).toMatch(/needs at least \d+ MB free/);
      expect(failed).not.toMatch(/\n\s+at /);
    } finally {
      fs.rmSync(filler, { force: true });
    }
  }, INTEGRATION_WHOLE_SCRIPT_MS);
});
