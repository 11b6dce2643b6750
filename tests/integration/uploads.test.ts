import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadConfig } from "~/config/env.server";
import { loader } from "~/routes/api/uploads";
import { renderInitialsAvatar } from "~/server/core/avatar.server";
import { getStorage, resetStorage } from "~/server/storage/index.server";
import { createEmbeddedDataDir, createTestDatabase, type TestDatabase } from "../support/db";
import { ensureBuild, makeTempDir, startServer, type RunningServer } from "../support/processes";
import { INTEGRATION_BUILD_MS, INTEGRATION_LONG_MS } from "../support/budgets";

// /uploads/<key> (app/routes/api/uploads.ts): the local backend's files, called through the
// route's loader with real Requests, then through the built server over raw HTTP, where a client
// can send any bytes in the path.

const saved = { ...process.env };
const temp = makeTempDir("sc-uploads-");
// The SDK warns once per process that its 2027 releases will need Node 22 (docs/architecture.md §7: Node 20).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";
const dataDir = path.join(temp.dir, "data");
const ORIGIN = "http://localhost";

const files: Record<string, { bytes: Buffer; type: string }> = {};

function useLocalStorage(extra: Record<string, string | undefined> = {}) {
  process.env.DATA_DIR = dataDir;
  delete process.env.S3_BUCKET;
  for (const [name, value] of Object.entries(extra)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  reloadConfig();
  resetStorage();
}

beforeAll(async () => {
  useLocalStorage();
  const image = sharp({ create: { width: 8, height: 8, channels: 3, background: "#7a3b52" } });
  const made: [string, Buffer, string][] = [
    ["profile-pictures/user1/1700000000000.jpg", await image.clone().jpeg().toBuffer(), "image/jpeg"],
    ["profile-pictures/user1/1700000000001.png", await image.clone().png().toBuffer(), "image/png"],
    ["profile-pictures/user1/1700000000002.gif", await image.clone().gif().toBuffer(), "image/gif"],
    ["profile-pictures/user1/1700000000003.webp", await image.clone().webp().toBuffer(), "image/webp"],
    ["profile-pictures/user1/1700000000004.jpeg", await image.clone().jpeg().toBuffer(), "image/jpeg"],
    ["profile-pictures/user2/1700000000005.svg", Buffer.from(renderInitialsAvatar("Sarah", "Jones").svg), "image/svg+xml"],
  ];
  for (const [key, bytes, type] of made) {
    await getStorage().put(key, bytes, type);
    files[key] = { bytes, type };
  }
  // Things that are on disk but must never be served.
  fs.writeFileSync(path.join(dataDir, "secret.png"), "outside the uploads folder");
  fs.writeFileSync(path.join(dataDir, "uploads", "profile-pictures", "user1", "page.html"), "<script>alert(1)</script>");
  fs.writeFileSync(path.join(dataDir, "uploads", "profile-pictures", "user1", "1700000000009.png.abc123.tmp"), "half");
  fs.writeFileSync(path.join(dataDir, "uploads", "profile-pictures", "user1", ".hidden.png"), "hidden");
  fs.symlinkSync(path.join(dataDir, "secret.png"), path.join(dataDir, "uploads", "profile-pictures", "user1", "link.png"));
});

afterAll(() => {
  for (const name of ["DATA_DIR", "S3_BUCKET"]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  reloadConfig();
  resetStorage();
  temp.cleanup();
});

async function get(pathname: string, init: RequestInit = {}) {
  const request = new Request(`${ORIGIN}${pathname}`, init);
  const splat = new URL(request.url).pathname.replace(/^\/uploads\//, "");
  return (await loader({ request, params: { "*": splat }, context: {} } as Parameters<typeof loader>[0])) as Response;
}

/** Paths that try to leave the uploads folder or reach what it must not serve. */
const FORBIDDEN = [
  "/uploads/../secret.png",
  "/uploads/..%2fsecret.png",
  "/uploads/..%2Fsecret.png",
  "/uploads/%2e%2e/secret.png",
  "/uploads/profile-pictures/..%2f..%2f..%2fsecret.png",
  "/uploads/..%5csecret.png",
  "/uploads/profile-pictures%5c..%5c..%5csecret.png",
  "/uploads/%2Fetc%2Fpasswd",
  "/uploads//etc/passwd",
  "/uploads/C:%5Cwindows%5Cwin.ini",
  "/uploads/profile-pictures/user1/1700000000001.png%00.html",
  "/uploads/profile-pictures/user1/1700000000001.png%00",
  "/uploads/profile-pictures/user1/%E0%A4%A.png",
  "/uploads/profile-pictures/user1/page.html",
  "/uploads/profile-pictures/user1/1700000000009.png.abc123.tmp",
  "/uploads/profile-pictures/user1/.hidden.png",
  "/uploads/profile-pictures/user1/link.png",
  "/uploads/profile-pictures/user1",
  "/uploads/profile-pictures/user1/",
  "/uploads/",
  "/uploads/profile-pictures/user1/missing.png",
  "/uploads/profile-pictures/nobody/1700000000000.jpg",
];

describe("the uploads route (loader)", () => {
  it("serves every stored type with its content type, length, immutable caching, ETag and nosniff", async () => {
    for (const [key, file] of Object.entries(files)) {
      const response = await get(`/uploads/${key}`);
      expect(response.status, key).toBe(200);
      expect(response.headers.get("content-type")).toBe(file.type);
      expect(response.headers.get("content-length")).toBe(String(file.bytes.length));
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
      expect(response.headers.get("last-modified")).toBeTruthy();
      expect(Buffer.from(await response.arrayBuffer()).equals(file.bytes)).toBe(true);
      if (file.type === "image/svg+xml") {
        expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'");
      } else {
        expect(response.headers.get("content-security-policy")).toBeNull();
      }
    }
  });

  it("serves the address the local backend gives out", async () => {
    const key = "profile-pictures/user1/1700000000001.png";
    const response = await get(getStorage().publicUrl(key));
    expect(response.status).toBe(200);
  });

  it("answers 304 when If-None-Match holds the ETag, and 200 otherwise", async () => {
    const url = "/uploads/profile-pictures/user1/1700000000001.png";
    const etag = (await get(url)).headers.get("etag")!;
    for (const header of [etag, `W/${etag}`, `"nope", ${etag}`, "*"]) {
      const response = await get(url, { headers: { "If-None-Match": header } });
      expect(response.status, header).toBe(304);
      expect(response.body).toBeNull();
      expect(response.headers.get("etag")).toBe(etag);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
    const changed = await get(url, { headers: { "If-None-Match": '"something-else"' } });
    expect(changed.status).toBe(200);
  });

  it("answers HEAD with the headers and no body", async () => {
    const response = await get("/uploads/profile-pictures/user2/1700000000005.svg", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.body).toBeNull();
  });

  it("answers 404, and never the file, for traversal, NUL bytes, other types, hidden files, symlinks out, folders and missing files", async () => {
    for (const pathname of FORBIDDEN) {
      const response = await get(pathname);
      expect(response.status, pathname).toBe(404);
      const text = await response.text();
      expect(text, pathname).not.toContain("outside the uploads folder");
      expect(text, pathname).not.toContain("<script>");
    }
  });

  it("serves nothing from the disk when S3 is configured", async () => {
    useLocalStorage({ S3_BUCKET: "avatars", S3_REGION: "eu-west-2" });
    try {
      expect((await get("/uploads/profile-pictures/user1/1700000000001.png")).status).toBe(404);
    } finally {
      useLocalStorage({ S3_REGION: undefined });
    }
    expect((await get("/uploads/profile-pictures/user1/1700000000001.png")).status).toBe(200);
  });
});

/** Sends a request line exactly as given (fetch would normalise the path) and returns the reply. */
function rawRequest(port: number, method: string, target: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: string; body: Buffer }>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf("\r\n\r\n");
      const head = all.subarray(0, split).toString("latin1");
      resolve({ status: Number(head.split(" ")[1]), headers: head, body: all.subarray(split + 4) });
    });
    const extra = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join("");
    socket.write(`${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${extra}\r\n`);
  });
}

describe("the uploads route in the built server", () => {
  let server: RunningServer | undefined;
  let buildProblem: string | null = null;
  let database: TestDatabase | undefined;

  beforeAll(async () => {
    buildProblem = await ensureBuild();
    if (buildProblem) return;
    const env: Record<string, string> = { DATA_DIR: dataDir, AUTH_SECRET: "uploads-test-secret-0123456789-abcdefghijk" };
    if (process.env.DATABASE_URL) {
      database = await createTestDatabase();
      env.DATABASE_URL = database.url!;
    } else {
      await (await createEmbeddedDataDir(dataDir)).close();
    }
    server = await startServer(env);
  }, INTEGRATION_BUILD_MS);

  afterAll(async () => {
    await server?.stop("SIGKILL");
    await database?.close();
  });

  it("serves a file with its headers and a 304 over HTTP, and refuses raw traversal paths", async () => {
    if (buildProblem) throw new Error(buildProblem);
    const port = server!.port;
    const key = "profile-pictures/user1/1700000000000.jpg";
    const ok = await rawRequest(port, "GET", `/uploads/${key}`);
    expect(ok.status).toBe(200);
    expect(ok.headers).toMatch(/^content-type: image\/jpeg$/im);
    expect(ok.headers).toMatch(/^cache-control: public, max-age=31536000, immutable$/im);
    expect(ok.headers).toMatch(/^x-content-type-options: nosniff$/im);
    expect(ok.body.equals(files[key]!.bytes)).toBe(true);
    const etag = /^etag: (.+)$/im.exec(ok.headers)![1]!;
    const cached = await rawRequest(port, "GET", `/uploads/${key}`, { "If-None-Match": etag });
    expect(cached.status).toBe(304);
    expect(cached.body.length).toBe(0);

    const svg = await rawRequest(port, "GET", "/uploads/profile-pictures/user2/1700000000005.svg");
    expect(svg.headers).toMatch(/^content-security-policy: default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'$/im);

    for (const target of [...FORBIDDEN, "/uploads/../../secret.png", "/uploads/profile-pictures/../../secret.png"]) {
      const response = await rawRequest(port, "GET", target);
      expect(response.status, target).not.toBe(200);
      expect(response.body.toString("latin1"), target).not.toContain("outside the uploads folder");
    }
  }, INTEGRATION_LONG_MS);
});
