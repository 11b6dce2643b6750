import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Dirent } from "node:fs";
import { Readable } from "node:stream";
import { getServerEnv } from "~/config/env.server";
import { assertByteRange, type FileStorage } from "./file-storage.server";
import { assertStorageKey } from "./keys.server";

// The default backend: files under DATA_DIR/uploads/<key>, served at /uploads/<key> by the
// uploads route, which infers the content type from the extension. Writes go to a temporary file
// first and are renamed into place, so a reader never sees half a file.

/** True for the errors of a file (or a folder on its path) that does not exist. */
function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

/** The folder the local backend writes to. */
export function localUploadsDir(): string {
  return path.join(getServerEnv().DATA_DIR_ABS, "uploads");
}

/** The file of a key inside the uploads folder (the key is checked first). */
export function localUploadPath(key: string): string {
  assertStorageKey(key);
  return path.join(localUploadsDir(), ...key.split("/"));
}

/**
 * Every file under a folder, as storage keys ("a/b.png"), in name order; nothing for a folder
 * that does not exist. Backups walk the uploads folder with it (app/server/ops/backup-stores.server.ts).
 */
export async function* walkFiles(root: string, prefix = ""): AsyncIterable<string> {
  let entries: Dirent[];
  try {
    entries = await fs.readdir(root, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walkFiles(path.join(root, entry.name), key);
    else if (entry.isFile()) yield key;
  }
}

export function createLocalStorage(): FileStorage {
  return {
    kind: "local",
    async put(key, bytes) {
      const file = localUploadPath(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${crypto.randomBytes(6).toString("hex")}.tmp`;
      try {
        await fs.writeFile(temp, bytes);
        await fs.rename(temp, file);
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
    },
    async putFile(key, sourcePath) {
      const file = localUploadPath(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      try {
        // The same disk (an upload's temporary file sits in DATA_DIR): moved, not copied.
        await fs.rename(sourcePath, file);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
      }
      const temp = `${file}.${crypto.randomBytes(6).toString("hex")}.tmp`;
      try {
        await fs.copyFile(sourcePath, temp);
        await fs.rename(temp, file);
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(localUploadPath(key), { force: true });
    },
    async deletePrefix(prefix) {
      if (!prefix.endsWith("/")) throw new Error(`Invalid storage prefix: ${JSON.stringify(prefix)}`);
      await fs.rm(localUploadPath(prefix.slice(0, -1)), { recursive: true, force: true });
    },
    publicUrl(key) {
      assertStorageKey(key);
      return `/uploads/${key}`;
    },
    async stat(key) {
      const file = localUploadPath(key);
      try {
        const stat = await fs.stat(file);
        return stat.isFile() ? { size: stat.size, lastModified: stat.mtime } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async read(key, range) {
      const file = localUploadPath(key);
      if (range) assertByteRange(range);
      // Opened here, not lazily by the stream, so a missing file is null rather than a stream
      // that fails once it is read.
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(file, "r");
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        if (!(await handle.stat()).isFile()) {
          await handle.close();
          return null;
        }
      } catch (error) {
        await handle.close();
        throw error;
      }
      // The stream closes the file when it ends, fails or is cancelled (autoClose).
      const stream = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
    },
  };
}
