import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadConfig } from "~/config/env.server";
import { getStorage, resetStorage } from "~/server/storage/index.server";
import { makeTempDir } from "../support/processes";

// deletePrefix on the local backend (account deletion removes a member's whole folder).

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
