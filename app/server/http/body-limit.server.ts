import type { IncomingMessage } from "node:http";
import { MEMBER_FILE_LIMITS } from "~/validation/member-files";
import { SITE_PHOTO_UPLOAD_BODY_LIMIT } from "~/validation/content-photos";
import { COURSE_LIMITS } from "~/validation/courses";
import { AVATAR_UPLOAD_BODY_LIMIT } from "~/validation/settings";

// Request body limits (decision 142). Every request with a body is read here, up
// to its route's limit, before React Router sees it: a declared Content-Length over the limit is
// refused before a byte is read, and a body without one (chunked) is counted as it streams and
// refused the moment it passes the limit. The route then gets the bytes already read, so no
// action, Better Auth endpoint or webhook can read more than its limit, whatever it does.

/** Forms and JSON: the largest real one (the sign-up form, an interest form) is under 4 KB. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;
/** Stripe's webhook events: a large invoice with many lines stays well under this. */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;

export interface BodyLimit {
  bytes: number;
  /** The plain words a 413 answer carries. */
  message: string;
  /**
   * The route reads the body itself as it arrives (a lesson's video, up to 2 GB): it gets a
   * stream that fails once more than `bytes` have come, instead of the body read into memory.
   */
  streamed?: boolean;
}

const DEFAULT_MESSAGE = "This request is too large: forms on this site send at most 64 KB. Nothing was changed.";

/** A lesson's video and its form's few small fields, read by the route as it arrives. */
const VIDEO_LIMIT: BodyLimit = {
  bytes: COURSE_LIMITS.videoMaxBytes + 64 * 1024,
  message: "This upload is too large: a lesson's video can be at most 2 GB. Nothing was changed.",
  streamed: true,
};

/**
 * The routes that take more than the default. /settings is the profile-picture upload (a 5 MB
 * image plus the multipart framing: the same figure the settings action enforces itself);
 * /settings/admin/content takes the coach's photos (10 MB, docs/product.md §10.13);
 * /settings/admin/courses a lesson's PDF (20 MB, §10.14) and /settings/admin/courses/video (with
 * its script's twin, …/video-upload) its video (2 GB, streamed to the disk, never held in memory).
 */
const LARGER_LIMITS: ReadonlyMap<string, BodyLimit> = new Map([
  [
    "/settings",
    {
      bytes: AVATAR_UPLOAD_BODY_LIMIT,
      message: "This upload is too large: a profile picture can be at most 5 MB. Nothing was changed.",
    },
  ],
  [
    "/settings/admin/content",
    {
      bytes: SITE_PHOTO_UPLOAD_BODY_LIMIT,
      message: "This upload is too large: a photo can be at most 10 MB. Nothing was changed.",
    },
  ],
  [
    "/settings/admin/courses",
    {
      bytes: COURSE_LIMITS.fileMaxBytes + 64 * 1024,
      message: "This upload is too large: a lesson file can be at most 20 MB. Nothing was changed.",
    },
  ],
  ["/settings/admin/courses/video", VIDEO_LIMIT],
  ["/settings/admin/courses/video-upload", VIDEO_LIMIT],
  ["/api/payments/webhook", { bytes: WEBHOOK_BODY_LIMIT, message: "This request is too large. Nothing was changed." }],
  // A file the coach shares with one member (docs/product.md §10.15).
  [
    "/settings/admin/member-files",
    {
      bytes: MEMBER_FILE_LIMITS.bodyMaxBytes,
      message: "This upload is too large: a file shared with a member can be at most 20 MB. Nothing was changed.",
    },
  ],
]);

/**
 * The route a path belongs to: React Router's single-fetch requests add `.data` to the page's
 * path (`/settings.data`, `/_root.data` for /), and a trailing slash reaches the same route.
 */
export function routePathOf(pathname: string): string {
  let path = pathname;
  if (path === "/_root.data") return "/";
  if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  if (path.length > 1 && path.endsWith("/")) path = path.replace(/\/+$/, "") || "/";
  return path;
}

export function bodyLimitFor(pathname: string): BodyLimit {
  let path: string;
  try {
    path = routePathOf(decodeURIComponent(pathname));
  } catch {
    path = routePathOf(pathname);
  }
  return LARGER_LIMITS.get(path) ?? { bytes: DEFAULT_BODY_LIMIT, message: DEFAULT_MESSAGE };
}

export type ReadBodyResult =
  | { ok: true; body: Buffer | null }
  | { ok: false; status: 413 | 400; message: string };

/** Methods whose requests carry no body for React Router (it never reads one). */
export function hasNoBody(method: string | undefined): boolean {
  return method === "GET" || method === "HEAD" || method === "OPTIONS";
}

/**
 * Reads the request's body up to `limit.bytes`. Stops reading (and leaves the rest unread, to be
 * dropped with the connection) as soon as the body is known to be too large.
 */
export function readLimitedBody(req: IncomingMessage, limit: BodyLimit): Promise<ReadBodyResult> {
  const declared = req.headers["content-length"];
  if (declared !== undefined) {
    const length = Number(declared);
    if (!Number.isSafeInteger(length) || length < 0) return Promise.resolve({ ok: false, status: 400, message: "Bad request." });
    if (length > limit.bytes) return Promise.resolve({ ok: false, status: 413, message: limit.message });
    if (length === 0) return Promise.resolve({ ok: true, body: Buffer.alloc(0) });
  } else if (req.headers["transfer-encoding"] === undefined) {
    // No length and not chunked: HTTP/1.1 says there is no body.
    return Promise.resolve({ ok: true, body: null });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    const finish = (result: ReadBodyResult) => {
      if (settled) return;
      settled = true;
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("aborted", onError);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit.bytes) {
        req.pause();
        finish({ ok: false, status: 413, message: limit.message });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish({ ok: true, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total) });
    const onError = () => finish({ ok: false, status: 400, message: "The request could not be read." });
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("aborted", onError);
  });
}

/** The error a streamed body fails with once it passes its route's limit. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: BodyLimit) {
    super(limit.message);
    this.name = "BodyTooLargeError";
  }
}

/** After the answer, at most this much more of a body is read (and dropped); then the connection closes. */
export const DRAIN_BYTES = 16 * 1024 * 1024;

export interface StreamedBody {
  body: ReadableStream<Uint8Array> | null;
  /**
   * After the answer: reads and drops what the route left unread, up to DRAIN_BYTES, so a client
   * still sending receives the answer rather than a reset connection and a small remainder leaves
   * the connection ready for its next request. Past that the connection is closed: a refused
   * upload (a visitor's, one from another site, one the disk has no room for) is never read in full.
   */
  finish(): void;
}

/**
 * The request's body as a stream for a route that reads it itself (`streamed` limits): a
 * declared Content-Length over the limit is refused before anything is read, as for every other
 * route; a body that goes past the limit as it arrives makes the stream fail with
 * BodyTooLargeError, and the rest is never read. Beyond its first chunk, nothing is read until the
 * route asks.
 */
export function limitedBodyStream(req: IncomingMessage, limit: BodyLimit): ({ ok: true } & StreamedBody) | { ok: false; status: 413 | 400; message: string } {
  const declared = req.headers["content-length"];
  if (declared !== undefined) {
    const length = Number(declared);
    if (!Number.isSafeInteger(length) || length < 0) return { ok: false, status: 400, message: "Bad request." };
    if (length > limit.bytes) return { ok: false, status: 413, message: limit.message };
  } else if (req.headers["transfer-encoding"] === undefined) {
    return { ok: true, body: null, finish: () => {} };
  }
  let total = 0;
  let iterator: AsyncIterator<Buffer> | null = null;
  const next = () => (iterator ??= req[Symbol.asyncIterator]() as AsyncIterator<Buffer>).next();
  // NOTE: the stream pulls its first chunk at once (high-water mark 1), before the route asks. Node
  // reads and drops in full, once the answer is sent, a request body nobody has begun to read; this
  // one has been begun, so what is dropped after the answer is finish()'s to cap.
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await next();
        if (done) {
          controller.close();
          return;
        }
        total += value.length;
        if (total > limit.bytes) {
          controller.error(new BodyTooLargeError(limit));
          return;
        }
        controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      } catch (error) {
        controller.error(error);
      }
    },
  });
  const finish = () => {
    if (req.complete || req.destroyed) return;
    void (async () => {
      let dropped = 0;
      try {
        for (;;) {
          const { done, value } = await next();
          if (done) return;
          dropped += value.length;
          // Whether the route stopped reading or never started (its guard refused), the same cap.
          if (dropped > DRAIN_BYTES) break;
        }
      } catch {
        // The client went away: nothing to drop.
      }
      req.socket.destroy();
    })();
  };
  return { ok: true, body, finish };
}
