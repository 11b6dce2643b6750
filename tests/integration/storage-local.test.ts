import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { reloadConfig } from "~/config/env.server";
import { getStorage, resetStorage } from "~/server/storage/index.server";
import { INTEGRATION_STATE_MS } from "../support/budgets";
import { makeTempDir } from "../support/processes";

// deletePrefix on the local backend (account deletion removes a member's whole folder), and
// reading files back (stat, read with and without a byte range) for the members' private files.

const saved = { ...process.env };
const temp = makeTempDir("sc-storage-local-");

beforeAll(() => {
  process.env.DATA_DIR = temp.dir;
  delete process.env.S3_BUCKET;
  reloadConfig();
  resetStorage();
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

describe("the local backend's deletePrefix", () => {
  it("removes a member's folder and nothing beside it", async () => {
    const storage = getStorage();
    expect(storage.kind).toBe("local");
    const bytes = new TextEncoder().encode("<svg/>");
    for (const key of [
      "profile-pictures/user1/1.svg",
      "profile-pictures/user1/2.png",
      "profile-pictures/user10/1.svg",
      "profile-pictures/user2/1.svg",
    ]) {
      await storage.put(key, bytes, "image/svg+xml");
    }
    await storage.deletePrefix("profile-pictures/user1/");
    const root = path.join(temp.dir, "uploads", "profile-pictures");
    expect(fs.existsSync(path.join(root, "user1"))).toBe(false);
    expect(fs.readdirSync(root).sort()).toEqual(["user10", "user2"]);
    // A folder that does not exist is not an error.
    await expect(storage.deletePrefix("profile-pictures/nobody/")).resolves.toBeUndefined();
  });

  it("refuses a prefix that is not a folder inside the uploads", async () => {
    const storage = getStorage();
    await expect(storage.deletePrefix("profile-pictures/user2")).rejects.toThrow(/Invalid storage prefix/);
    await expect(storage.deletePrefix("")).rejects.toThrow(/Invalid storage prefix/);
    await expect(storage.deletePrefix("/")).rejects.toThrow(/Invalid storage key/);
    await expect(storage.deletePrefix("../")).rejects.toThrow(/Invalid storage key/);
    expect(fs.existsSync(path.join(temp.dir, "uploads", "profile-pictures", "user2", "1.svg"))).toBe(true);
  });
});

/** Everything a stream gives, as one array. */
async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe("the local backend's stat and read", () => {
  const key = "private/courses/strength/1700000000000.pdf";
  const bytes = Uint8Array.from({ length: 300 }, (_, i) => i % 256);

  it("gives a file's size and last change, and null for a missing key or a folder", async () => {
    const storage = getStorage();
    const before = Date.now() - 2000;
    await storage.put(key, bytes, "application/pdf");
    const stat = await storage.stat(key);
    expect(stat?.size).toBe(300);
    expect(stat?.lastModified).toBeInstanceOf(Date);
    expect(stat!.lastModified.getTime()).toBeGreaterThan(before);
    expect(await storage.stat("private/courses/strength/missing.pdf")).toBeNull();
    expect(await storage.stat("private/nowhere/at/all.pdf")).toBeNull();
    expect(await storage.stat("private/courses")).toBeNull();
    // A path below a file is missing too, not an error.
    expect(await storage.stat(`${key}/inside.pdf`)).toBeNull();
  });

  it("reads a whole file, a range of it, and null for a missing key", async () => {
    const storage = getStorage();
    await storage.put(key, bytes, "application/pdf");
    expect(await readAll((await storage.read(key))!)).toEqual(bytes);
    expect(await readAll((await storage.read(key, { start: 10, end: 19 }))!)).toEqual(bytes.slice(10, 20));
    expect(await readAll((await storage.read(key, { start: 299, end: 299 }))!)).toEqual(bytes.slice(299));
    // An end past the file stops at its last byte; a start past it gives nothing.
    expect(await readAll((await storage.read(key, { start: 290, end: 5000 }))!)).toEqual(bytes.slice(290));
    expect((await readAll((await storage.read(key, { start: 300, end: 400 }))!)).length).toBe(0);
    expect(await storage.read("private/courses/strength/missing.pdf")).toBeNull();
    expect(await storage.read("private/courses/strength/missing.pdf", { start: 0, end: 1 })).toBeNull();
    expect(await storage.read("private/courses")).toBeNull();
  });

  it("closes the file when a reader stops early", async () => {
    const storage = getStorage();
    const big = new Uint8Array(4 * 1024 * 1024).fill(7);
    await storage.put("private/big/1700000000000.bin", big, "application/octet-stream");
    const stream = (await storage.read("private/big/1700000000000.bin"))!;
    const reader = stream.getReader();
    const first = await reader.read();
    expect(first.value?.length).toBeGreaterThan(0);
    await reader.cancel();
    // On Linux the process's open files are listed; the file leaves them once the close is done.
    if (fs.existsSync("/proc/self/fd")) {
      const openFiles = () =>
        fs.readdirSync("/proc/self/fd").map((fd) => {
          try {
            return fs.readlinkSync(`/proc/self/fd/${fd}`);
          } catch {
            return "";
          }
        });
      await vi.waitFor(() => expect(openFiles().filter((file) => file.endsWith("1700000000000.bin"))).toEqual([]), {
        timeout: INTEGRATION_STATE_MS,
      });
    }
  });

  it("refuses keys that are not plain relative paths, and ranges that are not ranges", async () => {
    const storage = getStorage();
    await expect(storage.stat("../escape.pdf")).rejects.toThrow(/Invalid storage key/);
    await expect(storage.read("/etc/passwd")).rejects.toThrow(/Invalid storage key/);
    await expect(storage.read(key, { start: 5, end: 4 })).rejects.toThrow(RangeError);
    await expect(storage.read(key, { start: -1, end: 4 })).rejects.toThrow(RangeError);
    await expect(storage.read(key, { start: 0.5, end: 4 })).rejects.toThrow(RangeError);
  });
});

describe("the local backend's putFile", () => {
  it("moves a file from DATA_DIR into place, and copies one from another folder, leaving no temporary file", async () => {
    const storage = getStorage();
    const waiting = path.join(temp.dir, "tmp", "video.part");
    fs.mkdirSync(path.dirname(waiting), { recursive: true });
    const bytes = Buffer.alloc(256 * 1024, 7);
    fs.writeFileSync(waiting, bytes);
    await storage.putFile("private/lesson-videos/l1/a.mp4", waiting, "video/mp4");
    const stored = path.join(temp.dir, "uploads", "private", "lesson-videos", "l1", "a.mp4");
    expect(fs.readFileSync(stored).equals(bytes)).toBe(true);
    expect(fs.existsSync(waiting)).toBe(false);

    // From a folder elsewhere (another disk in production: copied, then renamed into place).
    const other = makeTempDir("sc-storage-elsewhere-");
    try {
      const source = path.join(other.dir, "b.webm");
      fs.writeFileSync(source, Buffer.from("webm bytes"));
      await storage.putFile("private/lesson-videos/l1/b.webm", source, "video/webm");
      expect(fs.readFileSync(path.join(path.dirname(stored), "b.webm"), "utf8")).toBe("webm bytes");
      expect(fs.readdirSync(path.dirname(stored)).sort()).toEqual(["a.mp4", "b.webm"]);
    } finally {
      other.cleanup();
    }
    await expect(storage.putFile("../escape.mp4", waiting, "video/mp4")).rejects.toThrow(/Invalid storage key/);
  });
});
