import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { getStorage } from "~/server/storage/index.server";
import { assertStorageKey } from "~/server/storage/keys.server";
import { localUploadsDir } from "~/server/storage/local.server";

// Serves the local storage backend's files at /uploads/<key> (decision 052). Only files the
// site wrote can be reached: the key must pass the storage key rule, its extension must be one
// of the image types below, and the resolved file (after following any symlink) must still be
// inside DATA_DIR/uploads. Keys under "private/" are never served here, whatever their
// extension: members' files go out only through a route that has checked who is asking
// (app/server/http/serve-private-file.server.ts). Everything else is a plain 404. Decisions:
// docs/decisions/052-serving-local-uploads.md.

export const UPLOAD_CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  // The generated initials avatars (docs/product.md §7.9).
  svg: "image/svg+xml",
};

/** Keys are unique per upload (a timestamp in every name), so a file never changes. */
const CACHE_CONTROL = "public, max-age=31536000, immutable";

/** An SVG opened on its own runs no script and loads nothing; its inline styles still apply. */
export const SVG_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

const PREFIX = "/uploads/";

/** The folder of keys that are never public (app/server/storage/file-storage.server.ts). */
const PRIVATE_FOLDER = "private";

function notFound(): Response {
  return new Response("Not Found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", "Cache-Control": "no-cache" },
  });
}

/**
 * The storage key in a request's path, or null. Each segment is percent-decoded once; a segment
 * that decodes to contain a slash, a backslash or NUL, or any key the storage rule refuses
 * ("..", ".", empty or hidden segments, anything but letters, digits, ".", "_", "-"), is null.
 */
export function uploadKeyFromPath(pathname: string): string | null {
  if (!pathname.startsWith(PREFIX)) return null;
  const segments: string[] = [];
  for (const raw of pathname.slice(PREFIX.length).split("/")) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (/[/\\\0]/.test(segment)) return null;
    segments.push(segment);
  }
  const key = segments.join("/");
  try {
    assertStorageKey(key);
  } catch {
    return null;
  }
  return key;
}

function isInside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
}

/** True when an If-None-Match header matches the ETag (weak comparison, as RFC 9110 asks). */
function matchesETag(ifNoneMatch: string, etag: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

export async function serveLocalUpload(request: Request): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return new Response(null, { status: 405, headers: { Allow: "GET, HEAD" } });
  }
  // With S3 the files live in the bucket and are linked by its own URLs.
  if (getStorage().kind !== "local") return notFound();

  const key = uploadKeyFromPath(new URL(request.url).pathname);
  if (!key) return notFound();
  // NOTE: compared without case: on a case-insensitive disk (macOS) "PRIVATE/" is the same folder.
  if (key.split("/")[0]!.toLowerCase() === PRIVATE_FOLDER) return notFound();
  const name = key.slice(key.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  const contentType = dot > 0 ? UPLOAD_CONTENT_TYPES[name.slice(dot + 1).toLowerCase()] : undefined;
  if (!contentType) return notFound();

  const root = path.resolve(localUploadsDir());
  const file = path.resolve(root, ...key.split("/"));
  if (!isInside(root, file)) return notFound();

  let realFile: string;
  let stat: Awaited<ReturnType<typeof fs.stat>>;
  try {
    const realRoot = await fs.realpath(root);
    realFile = await fs.realpath(file);
    // A symlink placed inside the folder must not lead out of it.
    if (!isInside(realRoot, realFile)) return notFound();
    stat = await fs.stat(realFile);
  } catch {
    return notFound();
  }
  if (!stat.isFile()) return notFound();

  const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  const headers = new Headers({
    "Cache-Control": CACHE_CONTROL,
    ETag: etag,
    "Last-Modified": stat.mtime.toUTCString(),
    "X-Content-Type-Options": "nosniff",
  });
  if (contentType === "image/svg+xml") headers.set("Content-Security-Policy", SVG_CONTENT_SECURITY_POLICY);

  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch && matchesETag(ifNoneMatch, etag)) return new Response(null, { status: 304, headers });

  headers.set("Content-Type", contentType);
  headers.set("Content-Length", String(stat.size));
  if (request.method === "HEAD") return new Response(null, { status: 200, headers });
  const body = Readable.toWeb(createReadStream(realFile)) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
}
