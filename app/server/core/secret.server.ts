import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getServerEnv, type ServerEnv } from "~/config/env.server";
import { ConfigError } from "~/config/site";

// The secret that signs session cookies, flash-toast cookies and tokens, and encrypts TOTP
// secrets. AUTH_SECRET when set; otherwise one random secret generated on the first start and
// kept in DATA_DIR (mode 0600), so a single offline server needs no set-up and keeps its
// sessions across restarts. Several servers on one PostgreSQL must share one secret, so that
// combination refuses to start without AUTH_SECRET.

export const AUTH_SECRET_FILE = "auth-secret";

type SecretEnv = Pick<ServerEnv, "AUTH_SECRET" | "DATABASE_URL" | "NODE_ENV" | "DATA_DIR_ABS">;

/** Reads or creates the secret for this environment. Throws ConfigError naming AUTH_SECRET. */
export function resolveAuthSecret(env: SecretEnv): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.DATABASE_URL && env.NODE_ENV === "production") {
    throw new ConfigError([
      {
        field: "AUTH_SECRET",
        reason:
          "must be set (32+ random characters, the same on every server) when the site runs in production on DATABASE_URL " +
          "(NODE_ENV=production, which `npm start` also assumes when NODE_ENV is unset); generate one with `openssl rand -base64 48`",
      },
    ]);
  }
  const file = path.join(env.DATA_DIR_ABS, AUTH_SECRET_FILE);
  try {
    return readSecretFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(env.DATA_DIR_ABS, { recursive: true });
  const secret = crypto.randomBytes(48).toString("base64url");
  try {
    // "wx": never overwrite a secret another process wrote a moment ago.
    fs.writeFileSync(file, secret + "\n", { flag: "wx", mode: 0o600 });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readSecretFile(file);
    throw error;
  }
}

function readSecretFile(file: string): string {
  const secret = fs.readFileSync(file, "utf8").trim();
  if (secret.length < 32) {
    throw new ConfigError([{ field: "AUTH_SECRET", reason: `the stored secret in ${file} is too short; delete the file to generate a new one` }]);
  }
  return secret;
}

const cache = globalThis as typeof globalThis & { __authSecret?: { key: string; secret: string } };

/** The secret for the running server (cached; the cache follows the environment in tests). */
export function getAuthSecret(): string {
  const env = getServerEnv();
  const key = `${env.AUTH_SECRET ?? ""}|${env.DATA_DIR_ABS}|${env.DATABASE_URL ?? ""}|${env.NODE_ENV}`;
  if (cache.__authSecret?.key === key) return cache.__authSecret.secret;
  const secret = resolveAuthSecret(env);
  cache.__authSecret = { key, secret };
  return secret;
}
