import { getServerEnv } from "~/config/env.server";
import { createLocalStorage } from "./local.server";
import { createS3Storage } from "./s3.server";

export { assertStorageKey, profilePictureKey } from "./keys.server";

// File storage for uploads (profile pictures), behind one small interface so the backend can be
// chosen by configuration (DESIGN §2): the local disk under DATA_DIR/uploads by default, an
// S3-compatible bucket in production (added with S3_BUCKET). Routes and models call getStorage(),
// never a backend directly.
//
// Keys are relative paths with "/" separators, e.g. "profile-pictures/<user id>/<timestamp>.svg"
// (SPEC §3: the profile-pictures bucket, named by user id, a slash, a timestamp and the file
// extension). assertStorageKey() is the one rule every backend applies.

export interface FileStorage {
  /** Which backend this is, for logs. */
  readonly kind: "local" | "s3";
  /** Stores the bytes under the key, replacing any file already there. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Removes the file; a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Removes every file under a folder, e.g. "profile-pictures/<user id>/" when an account is
   * deleted. The prefix must end with "/" (a folder, never part of a name).
   */
  deletePrefix(prefix: string): Promise<void>;
  /** The address a browser loads the file from (e.g. "/uploads/<key>" for the local backend). */
  publicUrl(key: string): string;
}

const state = globalThis as typeof globalThis & { __fileStorage?: FileStorage };

/** The configured storage backend (created on first use). */
export function getStorage(): FileStorage {
  return (state.__fileStorage ??= getServerEnv().S3_BUCKET ? createS3Storage() : createLocalStorage());
}

/** Forgets the backend, so the next getStorage() follows a changed environment (tests). */
export function resetStorageForTests(): void {
  delete state.__fileStorage;
}
