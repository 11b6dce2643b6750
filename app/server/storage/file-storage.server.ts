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
//
// Keys under "private/" (the members' course files, files the coach shares with one member) are
// never public: /uploads/private/... is a plain 404 (app/server/uploads/serve-upload.server.ts), and
// they reach a browser only through app/server/http/serve-private-file.server.ts, after a route has
// checked who may have them (docs/security.md).

/** A byte range of a file: both ends inclusive, as in HTTP's `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

/** What a backend knows about a stored file without reading it. */
export interface StoredFileStat {
  size: number;
  lastModified: Date;
}

/** Throws unless the range is two whole numbers with 0 <= start <= end. */
export function assertByteRange(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(`Invalid byte range: ${JSON.stringify(range)}`);
  }
}

export interface FileStorage {
  /** Which backend this is, for logs. */
  readonly kind: "local" | "s3";
  /** Stores the bytes under the key, replacing any file already there. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /**
   * Stores the file at `sourcePath` (on this server's disk) under the key without reading it into
   * memory: the way for files of any size, such as a lesson's video. The source may be moved into
   * place (the local backend) or left where it is: the caller removes it afterwards either way.
   */
  putFile(key: string, sourcePath: string, contentType: string): Promise<void>;
  /** Removes the file; a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Removes every file under a folder, e.g. "profile-pictures/<user id>/" when an account is
   * deleted. The prefix must end with "/" (a folder, never part of a name).
   */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * The address a browser loads the file from (e.g. "/uploads/<key>" for the local backend).
   * NOTE: never for a key under "private/": the S3 backend's address would be the bucket's (or the
   * CDN's) own, which no route's check stands in front of.
   */
  publicUrl(key: string): string;
  /** The file's size and last change, or null when there is no file under the key. */
  stat(key: string): Promise<StoredFileStat | null>;
  /**
   * The file's bytes, or only those of `range` (both ends inclusive; an end past the file stops at
   * its last byte, a start past it gives no bytes), or null when there is no file under the key.
   * The caller must read the stream to its end or cancel it, which closes the file (or the
   * connection to the bucket).
   */
  read(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | null>;
}
