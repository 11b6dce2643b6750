import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { BodyTooLargeError } from "~/server/http/body-limit.server";
import { refuseOtherSite } from "~/server/http/same-origin.server";
import { logger } from "~/server/core/logger.server";
import { hasRoomFor, InsufficientStorageError, isNoSpaceError, spaceGuard } from "./disk-space.server";
import { partFilePath, uploadTempDir } from "./upload-temp.server";

// A multipart form whose one file is too large to hold in memory (a lesson's video, up to 2 GB),
// read as it arrives: its few small fields kept, its file written straight to a part file in
// DATA_DIR/tmp/uploads (./upload-temp.server.ts). In order:
//   1. a form from another site is refused (403) before a byte is read, as in the form pipeline;
//   2. a declared length that would leave less than the free-space margin is refused before a
//      byte is written (./disk-space.server.ts);
//   3. the file is written through the space guard, which stops it while the margin is still free;
//   4. any failure to write (the guard, ENOSPC, EDQUOT, EIO) stops reading the request at once:
//      busboy waits for a file stream that has failed forever, so the request's stream is
//      destroyed, the parse settles, and the part file is removed before the answer.
// The route's body limit (app/server/http/body-limit.server.ts) stops a body that passes it.

export interface ReceivedFile {
  path: string;
  /** The name the browser gave (never trusted for the type). */
  name: string;
  size: number;
  /** The first 16 bytes, which say what the file really is. */
  head: Uint8Array;
}

export type StreamedUploadRefusal =
  /** Not multipart, or the connection was lost midway. */
  | "unreadable"
  /** Past the route's body limit or the file's own limit. */
  | "too-large"
  /** The disk has no room for it (the margin, or a full disk). */
  | "no-space"
  /** The disk failed to write it (EIO and the like). */
  | "write-failed";

export type StreamedUpload =
  | { ok: true; fields: Map<string, string>; file: ReceivedFile | null; discard(): Promise<void> }
  | { ok: false; refusal: StreamedUploadRefusal; fields: Map<string, string> };

export interface StreamedUploadOptions {
  /** The form's file field; any other file is skipped. */
  fileField: string;
  /** The start of the part file's name (`video` gives video-<pid>-….part). */
  kind: string;
  /** The file's own limit in bytes. */
  maxBytes: number;
}

/**
 * Reads the request's multipart form as it arrives. On success the file is in a part file until
 * the caller has stored it; `discard()` removes whatever is left. A refusal has removed it already.
 * Throws the 403 answer for a form from another site (before anything is read).
 */
export async function receiveStreamedUpload(request: Request, options: StreamedUploadOptions): Promise<StreamedUpload> {
  await refuseOtherSite(request);
  const fields = new Map<string, string>();
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body || !/^multipart\/form-data\b/i.test(contentType)) return { ok: false, refusal: "unreadable", fields };

  const dir = uploadTempDir();
  const declared = Number(request.headers.get("content-length") ?? "");
  let refusal: StreamedUploadRefusal | null = null;
  try {
    await fs.mkdir(dir, { recursive: true });
    if (Number.isSafeInteger(declared) && declared > 0 && !(await hasRoomFor(dir, declared))) refusal = "no-space";
  } catch (error) {
    // A disk too full (or too broken) to make the folder or say how much room it has.
    logger.error("upload refused: the upload folder is not usable", { error, dir });
    refusal = isNoSpaceError(error) ? "no-space" : "write-failed";
  }
  if (refusal) {
    if (refusal === "no-space") logger.warn("upload refused: not enough free disk space", { dir, declared });
    await request.body.cancel().catch(() => {});
    return { ok: false, refusal, fields };
  }

  const tempPath = partFilePath(options.kind);
  const discard = () => fs.rm(tempPath, { force: true }).catch(() => {});
  const outcome = await parse(request.body, contentType, tempPath, dir, options, fields);
  if (outcome.ok) return { ok: true, fields, file: outcome.file, discard };
  await discard();
  return { ok: false, refusal: outcome.refusal, fields };
}

/** An error of the disk (the guard's, or a file-system call's), not of the request being read. */
function isDiskError(error: unknown): boolean {
  return error instanceof InsufficientStorageError || typeof (error as NodeJS.ErrnoException | null)?.syscall === "string";
}

async function parse(
  body: ReadableStream<Uint8Array>,
  contentType: string,
  tempPath: string,
  dir: string,
  { fileField, maxBytes }: StreamedUploadOptions,
  fields: Map<string, string>,
): Promise<{ ok: true; file: ReceivedFile | null } | { ok: false; refusal: StreamedUploadRefusal }> {
  let parser: busboy.Busboy;
  try {
    // Browsers send a file's name as UTF-8 ("Squat – week 1.mp4"); busboy assumes Latin-1 unless told.
    parser = busboy({ headers: { "content-type": contentType }, defParamCharset: "utf8", limits: { files: 1, fields: 8, fieldSize: 1024, parts: 10, fileSize: maxBytes } });
  } catch {
    await body.cancel().catch(() => {});
    return { ok: false, refusal: "unreadable" };
  }
  const source = Readable.fromWeb(body as NodeReadableStream<Uint8Array>);
  let file: ReceivedFile | null = null;
  let tooLarge = false;
  let writeFailed: unknown = null;
  const writes: Promise<void>[] = [];
  parser.on("field", (name, value) => fields.set(name, value));
  parser.on("file", (name, stream, info) => {
    if (name !== fileField || file) {
      stream.resume();
      return;
    }
    const received: ReceivedFile = { path: tempPath, name: info.filename ?? "", size: 0, head: new Uint8Array(0) };
    file = received;
    stream.on("limit", () => (tooLarge = true));
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        if (received.head.length < 16) received.head = new Uint8Array(Buffer.concat([received.head, chunk.subarray(0, 16 - received.head.length)]));
        received.size += chunk.length;
        done(null, chunk);
      },
    });
    writes.push(
      pipeline(stream, measure, spaceGuard(dir), createWriteStream(tempPath)).catch((error: unknown) => {
        // A failure of the request itself (too large, cut off) is the parse's to report.
        if (!isDiskError(error)) return;
        writeFailed ??= error;
        // NOTE: busboy now waits forever for the failed file stream to take more: stop reading the
        // request, so the parse below settles and the answer goes out at once.
        source.destroy(error as Error);
      }),
    );
  });
  let readFailed: unknown = null;
  try {
    await pipeline(source, parser);
  } catch (error) {
    readFailed = error;
  }
  // Every write has finished or failed before the part file is judged (or removed).
  await Promise.allSettled(writes);
  if (writeFailed) {
    if (isNoSpaceError(writeFailed)) {
      logger.warn("upload stopped: not enough free disk space", { dir, error: writeFailed });
      return { ok: false, refusal: "no-space" };
    }
    logger.error("upload stopped: the file could not be written", { error: writeFailed, dir });
    return { ok: false, refusal: "write-failed" };
  }
  if (readFailed instanceof BodyTooLargeError) return { ok: false, refusal: "too-large" };
  if (readFailed) {
    logger.warn("an upload could not be read", { error: readFailed });
    return { ok: false, refusal: "unreadable" };
  }
  if (tooLarge) return { ok: false, refusal: "too-large" };
  return { ok: true, file };
}
