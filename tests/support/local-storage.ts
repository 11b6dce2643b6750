import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { reloadConfig } from "~/config/env.server";
import { resetStorage } from "~/server/storage/index.server";

// A file's tests on the local storage backend in a DATA_DIR of their own: set before the file's
// first test (S3 off), put back and removed after its last. Real files, nothing stubbed.

/** Registers the hooks; `dir` is the temporary DATA_DIR once the tests run. */
export function withTemporaryDataDir(prefix: string): { readonly dir: string } {
  const saved = { DATA_DIR: process.env.DATA_DIR, S3_BUCKET: process.env.S3_BUCKET };
  let dir = "";
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    process.env.DATA_DIR = dir;
    delete process.env.S3_BUCKET;
    reloadConfig();
    resetStorage();
  });
  afterAll(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    reloadConfig();
    resetStorage();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    get dir() {
      return dir;
    },
  };
}
