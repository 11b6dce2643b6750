import { getStorage } from "~/server/storage/index.server";
import { PDF_POLICY } from "./security-headers.server";

// Sends a stored file that is not public (a key under "private/": a course's worksheet, a lesson's
// video, a file the coach shared with one member) to someone a route has already allowed to have
// it. Nothing here checks who is asking: the route does that first, and answers everyone else
// with its own 404 (docs/security.md).
//
// What it adds to the file:
//  - Ranges (RFC 9110 §14), so a video can seek and a download can resume: one range
//    (`bytes=a-b`, `bytes=a-`, `bytes=-n`) is a 206; a `bytes` range that is malformed or starts
//    past the end is a 416 with `Content-Range: bytes */<size>`; several ranges, or another unit,
//    get the whole file (200), which RFC 9110 allows. A HEAD ignores Range (§14.2: ranges are
//    defined for GET only).
//  - If-Range is honoured with the one validator sent, Last-Modified: the range is served only
//    when If-Range is exactly that date; anything else (an entity tag, another date) gets the
//    whole file, so a resumed download can never join two versions of a file.
//  - `Cache-Control: private, no-store`: these are paid files; no shared cache, and no browser
//    cache for the next person at the keyboard either.
//  - The type the route gives, with nosniff; a policy under which a mis-typed HTML or SVG file
//    opened on its own runs nothing (a PDF gets `frame-ancestors 'none'` only, as the downloads do:
//    Chrome's viewer shows nothing under `default-src 'none'` or `sandbox`, docs/security.md);
//    Cross-Origin-Resource-Policy so no other site can embed it.
//  - A Content-Disposition whose file name cannot break out of the header or name a path
//    (RFC 6266, with RFC 5987's filename* for names that are not plain ASCII).

export interface PrivateFile {
  /** The storage key, e.g. "private/courses/<course>/<file>.pdf". */
  key: string;
  /** The Content-Type to send, e.g. "application/pdf" (the type stored when it was uploaded). */
  contentType: string;
  /** The name the browser offers when saving it; cleaned here, so the original upload name is fine. */
  fileName: string;
  /** "inline" shows it in the browser (a video, a PDF); "attachment" downloads it. */
  disposition: "inline" | "attachment";
}

export const PRIVATE_FILE_CACHE_CONTROL = "private, no-store";

/** Any file but a PDF: nothing in it may run or load if a browser ever renders it as a page. */
export const PRIVATE_FILE_POLICY = "default-src 'none'; sandbox; frame-ancestors 'none'";

/** What a Range header asks of a file of a given size. */
export type RangeRequest =
  | { kind: "whole" }
  | { kind: "range"; start: number; end: number }
  | { kind: "unsatisfiable" };

/**
 * Reads a Range header for a file of `size` bytes (RFC 9110 §14.1.2). Only the `bytes` unit is
 * understood; another unit, or several ranges, is "whole". A single bytes range that is malformed,
 * starts at or past the end, or asks for the last 0 bytes is "unsatisfiable". An end past the file
 * stops at its last byte.
 */
export function parseRange(header: string | null, size: number): RangeRequest {
  if (header === null) return { kind: "whole" };
  const match = /^\s*bytes\s*=(.*)$/is.exec(header);
  if (!match) return { kind: "whole" };
  const spec = match[1]!.trim();
  if (spec.includes(",")) return { kind: "whole" };
  const parts = /^(\d*)-(\d*)$/.exec(spec);
  if (!parts || (parts[1] === "" && parts[2] === "")) return { kind: "unsatisfiable" };
  const [, first, last] = parts as unknown as [string, string, string];
  if (first === "") {
    // bytes=-n: the last n bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "range", start: Math.max(size - length, 0), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Number(last);
  if (end < start || start >= size) return { kind: "unsatisfiable" };
  return { kind: "range", start, end: Math.min(end, size - 1) };
}

// C0 and C1 controls, and the marks that reorder text (an "exe" hidden behind a right-to-left override).
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const MAX_FILE_NAME_LENGTH = 180;

/** A file name that is one plain name: no path, quotes or control characters, not hidden, not empty. */
function cleanFileName(name: string): string {
  let clean = name
    .normalize("NFC")
    .replace(/\s+/g, " ")
    .replace(UNSAFE_CHARACTERS, "")
    .replace(/[/\\]/g, "_")
    .replace(/"/g, "")
    .trim()
    // "../../x", ".hidden": nothing before the first real character of the name.
    .replace(/^[.\s_]+/, "");
  const characters = [...clean];
  if (characters.length > MAX_FILE_NAME_LENGTH) {
    const extension = /\.[^.]{1,10}$/.exec(clean)?.[0] ?? "";
    clean = characters.slice(0, MAX_FILE_NAME_LENGTH - [...extension].length).join("").trimEnd() + extension;
  }
  return clean || "download";
}

/** RFC 5987's attr-char set: encodeURIComponent leaves ' ( ) * as they are, which it does not allow. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * A Content-Disposition value (RFC 6266): the cleaned name as a quoted ASCII fallback (accents
 * dropped, other characters and "%" as "_"), plus `filename*=UTF-8''…` when the name is not
 * plain ASCII.
 */
export function contentDisposition(disposition: "inline" | "attachment", fileName: string): string {
  const type = disposition === "inline" ? "inline" : "attachment";
  const name = cleanFileName(fileName);
  const fallback = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|%/gu, "_");
  const header = `${type}; filename="${fallback}"`;
  return fallback === name ? header : `${header}; filename*=UTF-8''${encodeRfc5987(name)}`;
}

function plainAnswer(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(text, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": PRIVATE_FILE_CACHE_CONTROL,
      ...headers,
    },
  });
}

/**
 * Answers a GET or HEAD for a private file (see the top of this file). Use it only after the route
 * has decided that whoever is asking may have the file. A key with no file is a plain 404.
 */
export async function servePrivateFile(request: Request, file: PrivateFile): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return new Response(null, {
      status: 405,
      headers: { Allow: "GET, HEAD", "Cache-Control": PRIVATE_FILE_CACHE_CONTROL },
    });
  }
  const storage = getStorage();
  const stat = await storage.stat(file.key);
  if (!stat) return plainAnswer(404, "Not Found");

  const { size } = stat;
  const lastModified = stat.lastModified.toUTCString();
  const pdf = /^application\/pdf\s*(;|$)/i.test(file.contentType);
  const headers = new Headers({
    "Content-Type": file.contentType,
    "X-Content-Type-Options": "nosniff",
    "Content-Disposition": contentDisposition(file.disposition, file.fileName),
    "Cache-Control": PRIVATE_FILE_CACHE_CONTROL,
    "Content-Security-Policy": pdf ? PDF_POLICY : PRIVATE_FILE_POLICY,
    "Cross-Origin-Resource-Policy": "same-origin",
    "Accept-Ranges": "bytes",
    "Last-Modified": lastModified,
  });

  if (request.method === "HEAD") {
    headers.set("Content-Length", String(size));
    return new Response(null, { status: 200, headers });
  }

  const ifRange = request.headers.get("if-range");
  const range =
    ifRange !== null && ifRange.trim() !== lastModified
      ? ({ kind: "whole" } as const)
      : parseRange(request.headers.get("range"), size);

  if (range.kind === "unsatisfiable") {
    return plainAnswer(416, "Range Not Satisfiable", {
      "Content-Range": `bytes */${size}`,
      "Accept-Ranges": "bytes",
    });
  }
  if (range.kind === "range") {
    const body = await storage.read(file.key, { start: range.start, end: range.end });
    if (!body) return plainAnswer(404, "Not Found");
    headers.set("Content-Range", `bytes ${range.start}-${range.end}/${size}`);
    headers.set("Content-Length", String(range.end - range.start + 1));
    return new Response(body, { status: 206, headers });
  }
  const body = await storage.read(file.key);
  if (!body) return plainAnswer(404, "Not Found");
  headers.set("Content-Length", String(size));
  return new Response(body, { status: 200, headers });
}
