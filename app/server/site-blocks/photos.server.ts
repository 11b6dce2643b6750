import crypto from "node:crypto";
import type { Metadata, Sharp, SharpOptions } from "sharp";
import { loadSharp } from "~/server/uploads/sharp.server";
import { logger } from "~/server/core/logger.server";
import { getStorage } from "~/server/storage/index.server";
import { assertStorageKey } from "~/server/storage/keys.server";
import { detectImageType } from "~/server/uploads/avatar-upload.server";
import { imageSlots, sitePhotoQueue, UploadQueueFullError } from "~/server/uploads/upload-queue.server";
import {
  SITE_PHOTO_FORMATS,
  SITE_PHOTO_MAX_BYTES,
  SITE_PHOTO_MESSAGES,
  SitePhotoSchema,
  type PhotoSourceType,
  type PhotoSources,
  type SitePhoto,
  type SitePhotoFormat,
  type SitePhotoKind,
} from "~/validation/content-photos";

// The coach's site photos (docs/product.md §10.13): the coach photo and the hero photo she uploads
// on the Content tab. The same checks as a profile picture (docs/decisions/050-avatar-upload-processing.md):
// the real type comes from the bytes, libvips must read the same type, the decoder stops at the
// first error and at 50 megapixels, and every stored file is re-encoded by sharp with no metadata
// (no EXIF with its GPS position, no XMP, no ICC profile: pixels are converted to sRGB). Each photo
// becomes a few widths, each in AVIF, WebP and JPEG, for a <picture> with srcset
// (app/components/responsive-photo.tsx).
//
// Keys: site-photos/<kind>/<UTC time, e.g. 20261125T101500>-<6 hex>/<width>.<avif|webp|jpg>. A new
// upload gets a new folder, so a stored file never changes (the uploads are served as immutable).

export const SITE_PHOTO_MAX_INPUT_PIXELS = 50_000_000;

/** The widths a photo is stored at, capped at its own width (never enlarged). */
export const SITE_PHOTO_WIDTHS = [480, 800, 1200, 1600] as const;
const WIDEST = Math.max(...SITE_PHOTO_WIDTHS);

/**
 * Encoder settings. AVIF effort 3, measured on a 2-core machine with a 4000×3000 JPEG of 5 MB:
 * all twelve files in 1.2–1.8 s (decode 0.1–0.2 s, AVIF 0.55–0.75 s, WebP 0.3 s, JPEG 0.2 s);
 * effort 4, sharp's default, took 4.7 s in all for a few per cent fewer bytes. AVIF at 4:2:0
 * chroma, as cameras record photos.
 */
const ENCODERS: Record<SitePhotoFormat, { ext: string; contentType: PhotoSourceType; encode: (image: Sharp) => Sharp }> = {
  avif: { ext: "avif", contentType: "image/avif", encode: (image) => image.avif({ quality: 52, effort: 3, chromaSubsampling: "4:2:0" }) },
  webp: { ext: "webp", contentType: "image/webp", encode: (image) => image.webp({ quality: 78, effort: 4 }) },
  // JPEG has no transparency: a transparent PNG is shown on white.
  jpeg: {
    ext: "jpg",
    contentType: "image/jpeg",
    encode: (image) => image.flatten({ background: "#ffffff" }).jpeg({ quality: 78, mozjpeg: true, progressive: true }),
  },
};

export type SitePhotoResult = { ok: true; photo: SitePhoto } | { ok: false; error: string };

interface Rendition {
  key: string;
  data: Buffer;
  contentType: string;
}

/**
 * The widths to store for a photo `sourceWidth` pixels wide: the ladder's steps well below it,
 * then the photo's own width (at most the ladder's top). A 4000 px photo gets 480, 800, 1200 and
 * 1600; a 1000 px one 480, 800 and 1000; a 300 px one only 300.
 */
export function renditionWidths(sourceWidth: number): number[] {
  const top = Math.min(sourceWidth, WIDEST);
  // A step within about 15 % of the top adds a file no browser would pick.
  return [...SITE_PHOTO_WIDTHS.filter((width) => width < top * 0.87), top];
}

/** "2026-11-25T10:15:00.123Z" → "20261125T101500". */
const compactUtc = (now: Date) => now.toISOString().replace(/\.\d+Z$/, "").replace(/[-:]/g, "");

/** The new folder for a photo's renditions: site-photos/<kind>/<timestamp>-<6 hex>/. */
export function sitePhotoBase(kind: SitePhotoKind, now: Date = new Date()): string {
  const base = `site-photos/${kind}/${compactUtc(now)}-${crypto.randomBytes(3).toString("hex")}/`;
  assertStorageKey(base.slice(0, -1));
  return base;
}

/** The storage key of one rendition. */
export function sitePhotoKey(photo: Pick<SitePhoto, "base">, width: number, format: SitePhotoFormat): string {
  const key = `${photo.base}${width}.${ENCODERS[format].ext}`;
  assertStorageKey(key);
  return key;
}

type Encoded = { ok: true; width: number; height: number; widths: number[]; files: { width: number; format: SitePhotoFormat; data: Buffer }[] };

/** Decodes the photo once, then writes every width in every format (all in memory). */
async function encodeRenditions(bytes: Uint8Array, type: "jpeg" | "png" | "webp"): Promise<Encoded | { ok: false; error: string }> {
  // pages: 1 reads only the first frame of an animated WebP; autoOrient turns the pixels upright
  // (and the EXIF orientation goes with the rest of the metadata).
  const options: SharpOptions = { failOn: "error", limitInputPixels: SITE_PHOTO_MAX_INPUT_PIXELS, pages: 1, autoOrient: true };
  const sharp = await loadSharp();
  const input = sharp(bytes, options);
  let meta: Metadata;
  try {
    meta = await input.metadata();
  } catch {
    return { ok: false, error: SITE_PHOTO_MESSAGES.failed };
  }
  // libvips sniffs the content itself; both readings must agree.
  if (meta.format !== type) return { ok: false, error: SITE_PHOTO_MESSAGES.type };
  const sourceWidth = meta.autoOrient?.width ?? meta.width;
  if (!sourceWidth) return { ok: false, error: SITE_PHOTO_MESSAGES.failed };

  const widths = renditionWidths(sourceWidth);
  const largest = widths[widths.length - 1]!;
  try {
    // The one decode: the upright photo at the largest width, in sRGB, 8 bits per channel. The
    // smaller widths are made from these pixels rather than from the file again.
    const { data, info } = await input
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
    const decoded = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const files = await Promise.all(
      widths.flatMap((width) => {
        const sized = width === info.width ? decoded.clone() : decoded.clone().resize({ width });
        return SITE_PHOTO_FORMATS.map(async (format) => {
          const { data: file, info: out } = await ENCODERS[format].encode(sized.clone()).toBuffer({ resolveWithObject: true });
          return { width: out.width, height: out.height, format, data: file };
        });
      }),
    );
    const top = files.find((file) => file.width === largest);
    if (!top || files.some((file, i) => file.width !== widths[Math.floor(i / SITE_PHOTO_FORMATS.length)])) {
      return { ok: false, error: SITE_PHOTO_MESSAGES.failed };
    }
    return { ok: true, width: top.width, height: top.height, widths, files };
  } catch {
    // Truncated or corrupt data behind a valid signature, or over the pixel limit.
    return { ok: false, error: SITE_PHOTO_MESSAGES.failed };
  }
}

/**
 * Checks an uploaded site photo, makes its renditions and stores them. The file's name and
 * declared type play no part: a PNG named `.jpg` is stored as the PNG it is, while a GIF, an SVG,
 * an HTML page or anything else is refused with the type message. Nothing over 10 MB is decoded.
 * On a storage failure, what was written is removed (best effort).
 */
export async function processSitePhoto(bytes: Uint8Array, kind: SitePhotoKind, now: Date = new Date()): Promise<SitePhotoResult> {
  if (bytes.byteLength > SITE_PHOTO_MAX_BYTES) return { ok: false, error: SITE_PHOTO_MESSAGES.size };
  const type = detectImageType(bytes);
  if (type !== "jpeg" && type !== "png" && type !== "webp") return { ok: false, error: SITE_PHOTO_MESSAGES.type };

  // The decoding and encoding take a slot (upload-queue.server.ts); the upload to storage does not,
  // so a slow bucket never holds up another member's picture.
  const encoded = await imageSlots.run(() => encodeRenditions(bytes, type));
  if (!encoded.ok) return encoded;

  const base = sitePhotoBase(kind, now);
  const photo = SitePhotoSchema.parse({
    base,
    width: encoded.width,
    height: encoded.height,
    widths: encoded.widths,
    formats: [...SITE_PHOTO_FORMATS],
  });
  const renditions: Rendition[] = encoded.files.map((file) => ({
    key: sitePhotoKey(photo, file.width, file.format),
    data: file.data,
    contentType: ENCODERS[file.format].contentType,
  }));
  const storage = getStorage();
  // allSettled: no write is still under way when a failed upload is cleaned up.
  const written = await Promise.allSettled(renditions.map((file) => storage.put(file.key, file.data, file.contentType)));
  const failure = written.find((result) => result.status === "rejected");
  if (failure) {
    logger.error("site photo: could not store the renditions", { error: failure.reason, base, storage: storage.kind });
    await Promise.allSettled(renditions.map((file) => storage.delete(file.key)));
    return { ok: false, error: SITE_PHOTO_MESSAGES.failed };
  }
  return { ok: true, photo };
}

export type SitePhotoUploadResult<T> =
  | { ok: true; kept: T }
  | { ok: false; error: string }
  | { ok: false; refusal: "changed" }
  | { ok: false; refusal: "busy"; error: string };

/**
 * The Content tab's photo upload: one photo at a time per uploader, in the order they came (two
 * more may wait; beyond that "busy", answered 429), as a member's pictures are
 * (../uploads/upload-queue.server.ts). When its turn comes and before a byte is decoded,
 * `stillCurrent` checks that the block is still at the version her form was made from: a photo
 * for a block saved meanwhile is refused ("changed", 409) without being decoded. `keep` (saving
 * the block with the new photo) runs within the same turn, so the next photo waiting checks the
 * version this one has just saved.
 */
export async function processSitePhotoInTurn<T>(
  uploaderId: string,
  file: Blob,
  kind: SitePhotoKind,
  stillCurrent: () => Promise<boolean>,
  keep: (photo: SitePhoto) => Promise<T>,
): Promise<SitePhotoUploadResult<T>> {
  try {
    return await sitePhotoQueue.run(uploaderId, async (): Promise<SitePhotoUploadResult<T>> => {
      if (!(await stillCurrent())) return { ok: false, refusal: "changed" };
      // Copied out of the form only now: a photo waiting its turn is held once, not twice.
      const processed = await processSitePhoto(new Uint8Array(await file.arrayBuffer()), kind);
      if (!processed.ok) return processed;
      return { ok: true, kept: await keep(processed.photo) };
    });
  } catch (error) {
    if (error instanceof UploadQueueFullError) return { ok: false, refusal: "busy", error: error.message };
    throw error;
  }
}

/** The JPEG a browser without srcset shows: the largest width up to 800 px (else the smallest). */
function fallbackWidth(widths: readonly number[]): number {
  return widths.filter((width) => width <= 800).at(-1) ?? widths[0]!;
}

/** The addresses and sizes a page needs to show a stored photo (see PhotoSources). */
export function photoSources(photo: SitePhoto): PhotoSources {
  const storage = getStorage();
  const url = (width: number, format: SitePhotoFormat) => storage.publicUrl(sitePhotoKey(photo, width, format));
  const widths = [...photo.widths].sort((a, b) => a - b);
  return {
    width: photo.width,
    height: photo.height,
    fallback: url(fallbackWidth(widths), "jpeg"),
    // SITE_PHOTO_FORMATS is best first: a browser takes the first <source> it can show.
    sources: SITE_PHOTO_FORMATS.filter((format) => photo.formats.includes(format)).map((format) => ({
      type: ENCODERS[format].contentType,
      srcSet: widths.map((width) => `${url(width, format)} ${width}w`).join(", "),
    })),
  };
}

/** Removes every file of a photo: best effort, a failure is logged and never thrown. */
export async function deleteSitePhoto(photo: Pick<SitePhoto, "base">): Promise<void> {
  try {
    await getStorage().deletePrefix(photo.base);
  } catch (error) {
    // A file left behind costs a little space, never a broken page.
    logger.warn("site photo: could not delete the renditions", { error, base: photo.base });
  }
}
