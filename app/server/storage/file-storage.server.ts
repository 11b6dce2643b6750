// The interface every storage backend implements (local.server.ts, s3.server.ts); the registry
// (index.server.ts) picks one.
//
// File storage for uploads (profile pictures), behind this one small interface so the backend can be
// chosen by configuration (docs/architecture.md §1): the local disk under DATA_DIR/uploads by default, an
// S3-compatible bucket in production (added with S3_BUCKET). Routes and models call getStorage(),
// never a backend directly.
//
// Keys are relative paths with "/" separators, e.g. "profile-pictures/<user id>/<timestamp>.svg"
// (docs/product.md §13: the profile-pictures bucket, named by user id, a slash, a timestamp and the file
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
