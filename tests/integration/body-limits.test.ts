import crypto from "node:crypto";
import http from "node:http";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/server/db/client.server";
import { emailSubscribers, profiles, users } from "~/server/db/schema";
import { DEFAULT_BODY_LIMIT } from "~/server/http/body-limit.server";
import { AVATAR_UPLOAD_BODY_LIMIT } from "~/validation/settings";
import { createEmbeddedDataDir, type TestDatabase } from "../support/db";
import { ensureBuild, makeTempDir, type RunningServer } from "../support/processes";
import { startTestSite, type TestSite } from "../support/test-site";
import { INTEGRATION_BUILD_MS, INTEGRATION_LONG_MS, INTEGRATION_TEST_MS } from "../support/budgets";

// Decision 142: request body limits on the built server. A body over its route's limit is
// refused with 413 and plain words, with or without a Content-Length, and nothing is stored; the
// profile-picture upload still takes a 4 MB image.

let buildProblem: string | null = null;
const temp = makeTempDir("sc-limits-");
let site: TestSite | undefined;
let server: RunningServer | undefined;
let database: TestDatabase | null = null;
let dataDir = "";
let origin = "";

beforeAll(async () => {
  buildProblem = await ensureBuild();
  if (buildProblem) return;
  site = await startTestSite(temp.dir);
  ({ server, database, dataDir, origin } = site);
}, INTEGRATION_BUILD_MS);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await database?.close();
  temp.cleanup();
});

function requireServer() {
  if (buildProblem) throw new Error(buildProblem);
}

/** The database as the server left it (embedded: once the server has stopped and let its data directory go). */
async function withDatabase<T>(fn: (db: DatabaseHandle["db"]) => Promise<T>): Promise<T> {
  if (database) return fn(database.db);
  await server?.stop("SIGTERM");
  server = undefined;
  const handle = await createEmbeddedDataDir(dataDir);
  try {
    return await fn(handle.db);
  } finally {
    await handle.close();
  }
}

const formHeaders = () => ({ "content-type": "application/x-www-form-urlencoded", origin });

/** A form post sent in chunks, with no Content-Length (Transfer-Encoding: chunked). */
function postChunked(pathname: string, chunks: Buffer[], headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${origin}${pathname}`, { method: "POST", headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
    let i = 0;
    const writeNext = () => {
      while (i < chunks.length) {
        const ok = request.write(chunks[i++]);
        if (!ok) {
          request.once("drain", writeNext);
          return;
        }
      }
      request.end();
    };
    writeNext();
  });
}

async function signUp(email: string): Promise<string> {
  const response = await fetch(`${origin}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: formHeaders(),
    body: new URLSearchParams({ mode: "sign-up", firstName: "Eira", lastName: "Limits", email, password: "Stronger2025", terms: "on", redirectTo: "/" }).toString(),
  });
  expect(response.status).toBe(302);
  return response.headers.getSetCookie().map((c) => c.split(";")[0] ?? "").filter((c) => c.startsWith("better-auth.")).join("; ");
}

/** A PNG of random pixels (it barely compresses) of about `bytes` bytes. */
async function noisePng(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  return sharp(crypto.randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

async function uploadAvatar(cookie: string, image: Buffer) {
  const form = new FormData();
  form.set("intent", "avatar");
  form.set("avatar", new File([new Uint8Array(image)], "photo.png", { type: "image/png" }));
  return fetch(`${origin}/settings`, { method: "POST", redirect: "manual", headers: { cookie, origin }, body: form });
}

async function avatarOf(cookie: string): Promise<string | null> {
  const html = await (await fetch(`${origin}/settings`, { headers: { cookie } })).text();
  return /\/uploads\/profile-pictures\/[^"]+\.(svg|png)/.exec(html)?.[0] ?? null;
}

const SUBSCRIBER = "too.big@example.com";
const BIG_SIGNUP = "big.signup@example.com";

describe("request body limits", () => {
  it("refuses an email-list sign-up over 64 KB with 413, with a Content-Length", async () => {
    requireServer();
    const body = new URLSearchParams({
      form: "newsletter",
      email_address: SUBSCRIBER,
      first_name: "Big",
      returnTo: "/",
      notes: "x".repeat(DEFAULT_BODY_LIMIT),
    }).toString();
    const response = await fetch(`${origin}/api/email-list`, { method: "POST", redirect: "manual", headers: formHeaders(), body });
    expect(response.status).toBe(413);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe("This request is too large: forms on this site send at most 64 KB. Nothing was changed.");
  });

  it("refuses the same sign-up sent in chunks without a Content-Length", async () => {
    requireServer();
    const head = Buffer.from(new URLSearchParams({ form: "newsletter", email_address: SUBSCRIBER, returnTo: "/" }).toString() + "&notes=");
    const chunks = [head, ...Array.from({ length: 40 }, () => Buffer.alloc(4096, "y"))];
    const response = await postChunked("/api/email-list", chunks, { ...formHeaders(), "transfer-encoding": "chunked" });
    expect(response.status).toBe(413);
    expect(response.body).toContain("at most 64 KB");
  });

  it("refuses a sign-up over the limit, and still takes a normal one", async () => {
    requireServer();
    const body = new URLSearchParams({
      mode: "sign-up",
      firstName: "Big",
      lastName: "x".repeat(DEFAULT_BODY_LIMIT),
      email: BIG_SIGNUP,
      password: "Stronger2025",
      terms: "on",
      redirectTo: "/",
    }).toString();
    const refused = await fetch(`${origin}/auth`, { method: "POST", redirect: "manual", headers: formHeaders(), body });
    expect(refused.status).toBe(413);
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect(await signUp("normal.signup@example.com")).toContain("better-auth.session_token=");
  });

  it("refuses a payment webhook over 1 MB", async () => {
    requireServer();
    const response = await fetch(`${origin}/api/payments/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
      body: JSON.stringify({ id: "evt_big", padding: "z".repeat(1024 * 1024) }),
    });
    expect(response.status).toBe(413);
  });

  it("refuses a lesson's video declared over 2 GB before reading a byte, and answers a member's small one without reading it", async () => {
    requireServer();
    const declared = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      // Only the headers and a few bytes are sent: the answer must come from the length alone.
      const request = http.request(`${origin}/settings/admin/courses/video`, {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(2 * 1024 ** 3 + 1024 * 1024), origin },
      }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on("error", reject);
      request.write("--x\r\n");
    });
    expect(declared).toEqual({ status: 413, body: "This upload is too large: a lesson's video can be at most 2 GB. Nothing was changed." });

    // A member is no administrator: sent home, the body dropped, and the connection still answers.
    const cookie = await signUp("video.limits@example.com");
    const chunks = Array.from({ length: 64 }, () => Buffer.alloc(64 * 1024, "v"));
    const refused = await postChunked("/settings/admin/courses/video-upload", chunks, { cookie, origin, "content-type": "multipart/form-data; boundary=x", "transfer-encoding": "chunked" });
    expect(refused.status).toBe(302);
  });

  it("takes a 4 MB profile picture, and refuses one over the upload limit, keeping the old one", async () => {
    requireServer();
    const cookie = await signUp("avatar.limits@example.com");
    const before = await avatarOf(cookie);
    expect(before).toMatch(/\.svg$/);

    const fourMb = await noisePng(4 * 1024 * 1024);
    expect(fourMb.length).toBeGreaterThan(4 * 1024 * 1024 - 64 * 1024);
    const accepted = await uploadAvatar(cookie, fourMb);
    expect(accepted.status).toBe(303);
    const after = await avatarOf(cookie);
    expect(after).toMatch(/\.png$/);

    const tooLarge = await noisePng(AVATAR_UPLOAD_BODY_LIMIT + 256 * 1024);
    const refused = await uploadAvatar(cookie, tooLarge);
    expect(refused.status).toBe(413);
    expect(await refused.text()).toBe("This upload is too large: a profile picture can be at most 5 MB. Nothing was changed.");
    expect(await avatarOf(cookie)).toBe(after);
  }, INTEGRATION_LONG_MS);

  it("stored nothing from the refused requests", async () => {
    requireServer();
    await withDatabase(async (db) => {
      expect(await db.select().from(emailSubscribers).where(eq(emailSubscribers.email, SUBSCRIBER))).toEqual([]);
      expect(await db.select().from(users).where(eq(users.email, BIG_SIGNUP))).toEqual([]);
      const [member] = await db
        .select({ avatarUrl: profiles.avatarUrl })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId))
        .where(eq(users.email, "avatar.limits@example.com"));
      expect(member?.avatarUrl).toMatch(/\.png$/);
    });
  }, INTEGRATION_TEST_MS);
});
