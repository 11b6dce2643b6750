import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { getServerEnv } from "~/config/env.server";
import type { FileStorage } from "./file-storage.server";
import { assertStorageKey } from "./keys.server";

// The default backend: files under DATA_DIR/uploads/<key>, served at /uploads/<key> by the
// uploads route, which infers the content type from the extension. Writes go to a temporary file
// first and are renamed into place, so a reader never sees half a file.

/** The folder the local backend writes to. */
export function localUploadsDir(): string {
  return path.join(getServerEnv().DATA_DIR_ABS, "uploads");
}

/** The file of a key inside the uploads folder (the key is checked first). */
export function localUploadPath(key: string): string {
  assertStorageKey(key);
  return path.join(localUploadsDir(), ...key.split("/"));
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
  };
}
