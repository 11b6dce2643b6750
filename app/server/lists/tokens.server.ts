import crypto from "node:crypto";

// Tokens in email links. The confirmation token is "<subscriber id>.<secret>": the id finds the
// row by its primary key (no index on the hash is needed), and only SHA-256 of the secret is
// stored, so a copy of the database confirms nobody. The unsubscribe token is stored as it is
// (it has to be put into every later email) and only ever unsubscribes.

export const CONFIRM_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SECRET = /^[A-Za-z0-9_-]{43}$/; // 32 random bytes, base64url

export function randomToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

export function hashSecret(secret: string): string {
  return crypto.createHash("sha256").update(secret).digest("hex");
}

export function newConfirmSecret(): { secret: string; hash: string } {
  const secret = randomToken();
  return { secret, hash: hashSecret(secret) };
}

export function confirmToken(subscriberId: string, secret: string): string {
  return `${subscriberId}.${secret}`;
}

/** Splits a confirmation token, or null when it can't be one of ours. */
export function parseConfirmToken(token: string | null | undefined): { subscriberId: string; hash: string } | null {
  if (!token) return null;
  const [id, secret, ...rest] = token.trim().split(".");
  if (rest.length || !id || !secret || !UUID.test(id) || !SECRET.test(secret)) return null;
  return { subscriberId: id.toLowerCase(), hash: hashSecret(secret) };
}

export function isWellFormedUnsubscribeToken(token: string | null | undefined): token is string {
  return !!token && SECRET.test(token);
}
