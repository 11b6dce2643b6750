import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError } from "~/config/site";
import { loadServerEnv, reloadConfig } from "~/config/env.server";
import {
  CHECK_EVERY_BYTES,
  diskSpace,
  freeSpaceMargin,
  InsufficientStorageError,
  isNoSpaceError,
  spaceGuard,
  START_FREE_SPACE_BYTES,
} from "./disk-space.server";

// The upload space guard's rules (docs/security.md, "Upload space guard"; decision 240). What the
// guard does on a disk that really fills up is tested on a small tmpfs in
// tests/integration/upload-disk-space.test.ts.

const MB = 1024 * 1024;
const GB = 1024 * MB;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sc-disk-space-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("UPLOAD_MIN_FREE_SPACE", () => {
  const parse = (value: string) => loadServerEnv({ UPLOAD_MIN_FREE_SPACE: value }).UPLOAD_MIN_FREE_SPACE;

  it("takes a size, a share of the disk, or 0; unset is the default", () => {
    expect(parse("2GB")).toEqual({ bytes: 2 * GB });
    expect(parse("500 MB")).toEqual({ bytes: 500 * MB });
    expect(parse("1.5gb")).toEqual({ bytes: 1.5 * GB });
    expect(parse("5%")).toEqual({ share: 0.05 });
    expect(parse("0")).toEqual({ bytes: 0 });
    expect(parse("")).toBeUndefined();
    expect(loadServerEnv({}).UPLOAD_MIN_FREE_SPACE).toBeUndefined();
  });

  it("refuses anything else with a message naming the variable", () => {
    for (const value of ["lots", "-1GB", "10 %%", "95%", "2 GiB"]) {
      expect(() => parse(value), value).toThrow(ConfigError);
      try {
        parse(value);
      } catch (error) {
        expect((error as ConfigError).message, value).toContain("UPLOAD_MIN_FREE_SPACE");
      }
    }
  });
});

describe("freeSpaceMargin", () => {
  it("is, by default, the smaller of 1 GB and 10 % of the disk, and never less than 64 MB", () => {
    expect(freeSpaceMargin(100 * GB, undefined)).toBe(GB);
    expect(freeSpaceMargin(5 * GB, undefined)).toBe(Math.floor(0.5 * GB));
    expect(freeSpaceMargin(256 * MB, undefined)).toBe(64 * MB);
    // Uploads always leave the site room to start again.
    expect(freeSpaceMargin(1 * MB, undefined)).toBeGreaterThan(START_FREE_SPACE_BYTES);
  });

  it("follows the setting: a size as given, a share of this disk, 0 for none", () => {
    expect(freeSpaceMargin(100 * GB, { bytes: 3 * GB })).toBe(3 * GB);
    expect(freeSpaceMargin(100 * GB, { share: 0.05 })).toBe(5 * GB);
    expect(freeSpaceMargin(100 * GB, { bytes: 0 })).toBe(0);
  });
});

describe("isNoSpaceError", () => {
  it("is a full disk or quota, and the guard's own refusal; not other failures", () => {
    for (const code of ["ENOSPC", "EDQUOT", "EFBIG"]) expect(isNoSpaceError(Object.assign(new Error(code), { code })), code).toBe(true);
    expect(isNoSpaceError(new InsufficientStorageError())).toBe(true);
    for (const code of ["EIO", "EACCES", "ECONNRESET"]) expect(isNoSpaceError(Object.assign(new Error(code), { code })), code).toBe(false);
    expect(isNoSpaceError(null)).toBe(false);
  });
});

describe("spaceGuard", () => {
  /** Sends `bytes` through the guard (1 MB at a time) and counts what came out. */
  async function through(bytes: number, guardDir: string) {
    let passed = 0;
    const chunks = Array.from({ length: Math.ceil(bytes / MB) }, () => Buffer.alloc(MB));
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        passed += chunk.length;
        done();
      },
    });
    const result = await pipeline(Readable.from(chunks), spaceGuard(guardDir), sink).then(
      () => null,
      (error: unknown) => error,
    );
    return { passed, error: result };
  }

  it("lets everything through while the disk keeps its margin", async () => {
    const { free } = await diskSpace(dir);
    // This test machine's disk has room for 12 MB above its margin, or the test says why not.
    expect(free, "free space on the test machine's disk").toBeGreaterThan(freeSpaceMargin((await diskSpace(dir)).total) + 3 * CHECK_EVERY_BYTES);
    expect(await through(12 * MB, dir)).toEqual({ passed: 12 * MB, error: null });
  });

  it("stops at its first look at the free space when the margin is gone, having passed less than one stretch", async () => {
    const saved = process.env.UPLOAD_MIN_FREE_SPACE;
    process.env.UPLOAD_MIN_FREE_SPACE = "1000TB";
    reloadConfig();
    try {
      const { passed, error } = await through(12 * MB, dir);
      expect(error).toBeInstanceOf(InsufficientStorageError);
      expect(passed).toBeLessThan(CHECK_EVERY_BYTES);
    } finally {
      if (saved === undefined) delete process.env.UPLOAD_MIN_FREE_SPACE;
      else process.env.UPLOAD_MIN_FREE_SPACE = saved;
      reloadConfig();
    }
  });
});
