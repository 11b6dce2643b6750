import fs from "node:fs";
import readline from "node:readline";
import zlib from "node:zlib";
import type { AUTH_SECRET_FILE } from "~/server/core/secret.server";

// The backup archive's format (docs/product.md §17.5, decision 229): one gzip'd file of JSON lines.
//
// Lines, in order: a header; per table a "table" line then its "row" lines (tables in an order
// where every foreign key points backwards); the files; an optional "secret" line; an "end"
// line with the counts (an archive without it is incomplete and refused). A file is one "file"
// line; one over 8 MB (a lesson's video, up to 2 GB) is "file-part" lines of 8 MB and a last
// "file" line with the rest, so that neither the backup nor the restore ever holds more than a
// part in memory (format 2). Format 3 adds the SHA-256 of every line before the end to the end
// line: a restore checks it, with everything else, before it changes anything (decision 252).
// Archives of formats 1 and 2 restore as before, checked for everything but that sum.

export const BACKUP_FORMAT = "strong-coaching-site-backup";
export const BACKUP_VERSION = 3;
/** The most of a file one line of the archive holds. */
export const FILE_PART_BYTES = 8 * 1024 * 1024;
/** Keys under this prefix are a restore's staged files (S3), never the site's own. */
export const STAGING_PREFIX = ".restore-";

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

export interface Header {
  kind: "header";
  format: string;
  version: number;
  createdAt: string;
  database: "postgresql" | "embedded";
  /** The last migration applied to the database backed up (a tag of drizzle/meta/_journal.json). */
  migration: string | null;
  files: "local" | "s3";
  authSecret: "stored" | "environment" | "none";
}

export type Line =
  | Header
  | { kind: "table"; name: string; columns: string[] }
  | { kind: "row"; table: string; data: Record<string, unknown> }
  | { kind: "file"; key: string; contentType: string | null; data: string }
  | { kind: "file-part"; key: string; data: string }
  | { kind: "secret"; name: typeof AUTH_SECRET_FILE; value: string }
  | { kind: "end"; tables: Record<string, number>; files: number; sha256?: string };

/**
 * Why a file key may not be used, or null when it may: a relative path of plain segments (no
 * `.`, `..` or empty segment, no backslash or control character), as the site's storage writes
 * them, and never a restore's staging prefix.
 */
export function keyProblem(key: unknown): string | null {
  if (typeof key !== "string" || key.length === 0) return "a file without a name";
  if (Buffer.byteLength(key) > 1024) return "a file name over 1,024 bytes";
  if (/[\u0000-\u001f\u007f\\]/.test(key)) return `a file name with a control character or backslash (${JSON.stringify(key)})`;
  if (key.startsWith("/") || key.split("/").some((segment) => segment === "" || segment === "." || segment === ".."))
    return `a file outside the uploads folder (${key})`;
  if (key.startsWith(STAGING_PREFIX)) return `a file in a restore's staging folder (${key})`;
  return null;
}

/** The archive's lines, each with its text (for the checksum). */
export async function* readArchive(file: string): AsyncIterable<{ line: Line; text: string; number: number }> {
  const input = fs.createReadStream(file).pipe(zlib.createGunzip());
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  let number = 0;
  try {
    for await (const text of lines) {
      number += 1;
      if (!text) continue;
      let line: Line;
      try {
        line = JSON.parse(text) as Line;
      } catch {
        throw new BackupError(`The archive is damaged (line ${number} is not readable).`);
      }
      if (line === null || typeof line !== "object") throw new BackupError(`The archive is damaged (line ${number} is not an entry).`);
      yield { line, text, number };
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`The archive cannot be read: ${(error as Error).message}. Is it a backup made by npm run backup?`);
  }
}
