import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError } from "~/config/site";
import { AUTH_SECRET_FILE, resolveAuthSecret } from "~/server/core/secret.server";

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sc-secret-"));
  dirs.push(dir);
  return path.join(dir, "data");
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("auth secret", () => {
  it("uses AUTH_SECRET when it is set", () => {
    const secret = "s".repeat(40);
    expect(resolveAuthSecret({ AUTH_SECRET: secret, NODE_ENV: "production", DATABASE_URL: "postgres://x", DATA_DIR_ABS: tempDir() })).toBe(secret);
  });

  it("generates one secret in DATA_DIR, readable only by its owner, and keeps it", () => {
    const dataDir = tempDir();
    const env = { NODE_ENV: "development" as const, DATA_DIR_ABS: dataDir };
    const first = resolveAuthSecret(env);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, AUTH_SECRET_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveAuthSecret(env)).toBe(first);
    expect(resolveAuthSecret({ ...env, DATA_DIR_ABS: tempDir() })).not.toBe(first);
  });

  it("refuses to start in production on PostgreSQL without AUTH_SECRET, naming the variable", () => {
    const attempt = () => resolveAuthSecret({ NODE_ENV: "production", DATABASE_URL: "postgres://db/site", DATA_DIR_ABS: tempDir() });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/AUTH_SECRET: must be set/);
  });
});
