import type { SharpOptions } from "sharp";
import { loadSharp } from "./sharp.server";
import { AVATAR_MAX_BYTES, AVATAR_SIZE_MESSAGE, AVATAR_TYPE_MESSAGE } from "~/validation/settings";

// Server-side processing of a profile picture (decision 050; docs/product.md §7.9, §11.6). The
// browser's file name and declared type are never trusted: the real type comes from the bytes, and
// every accepted image is decoded and re-encoded by sharp, which drops all metadata (EXIF with its
// GPS position, XMP, IPTC, ICC profiles, comments) and anything hidden after the image data.
// Decisions: docs/decisions/050-avatar-upload-processing.md.

export { AVATAR_MAX_BYTES };


/** The longest side of a stored avatar, in pixels; larger images are cropped and scaled down. */
export const AVATAR_OUTPUT_SIZE = 512;

/**
 * The largest image, in pixels, we agree to decode. A 5 MB PNG of one colour can claim hundreds of
 * megapixels (a decompression bomb); 50 MP is above any phone camera's default photo.
 */
export const AVATAR_MAX_INPUT_PIXELS = 50_000_000;

export type AvatarType = "jpeg" | "png" | "gif" | "webp";

const OUTPUT: Record<AvatarType, { ext: string; contentType: string }> = {
  jpeg: { ext: "jpg", contentType: "image/jpeg" },
  png: { ext: "png", contentType: "image/png" },
  gif: { ext: "gif", contentType: "image/gif" },
  webp: { ext: "webp", contentType: "image/webp" },
};

export type AvatarUploadResult =
  | { ok: true; data: Buffer; ext: string; contentType: string; width: number; height: number }
  | { ok: false; error: string };

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/** The image type from the file's first bytes (its magic number), or null for anything else. */
export function detectImageType(bytes: Uint8Array): AvatarType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  return null;
}

/**
 * Checks and re-encodes an uploaded avatar. The declared name and type are accepted as given
 * (the browser already checked them) and play no part: a real PNG named `photo.gif` is stored as
 * the PNG it is, while an SVG, HTML page or any other file named `.png` is refused.
 */
export async function processAvatarUpload(
  bytes: Uint8Array,
  _declared: { name: string; type: string },
): Promise<AvatarUploadResult> {
  // Size first: nothing over the limit is decoded.
  if (bytes.byteLength > AVATAR_MAX_BYTES) return { ok: false, error: AVATAR_SIZE_MESSAGE };
  const type = detectImageType(bytes);
  if (!type) return { ok: false, error: AVATAR_TYPE_MESSAGE };

  try {
    // pages: 1 reads only the first frame of an animated GIF or WebP (decision 050).
    const options: SharpOptions = {
      failOn: "error",
      limitInputPixels: AVATAR_MAX_INPUT_PIXELS,
      pages: 1,
      autoOrient: true,
    };
    const sharp = await loadSharp();
    const input = sharp(bytes, options);
    const meta = await input.metadata();
    // libvips sniffs the content itself; both readings must agree.
    if (meta.format !== type) return { ok: false, error: AVATAR_TYPE_MESSAGE };
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    if (!width || !height) return { ok: false, error: AVATAR_TYPE_MESSAGE };

    // A square crop (the avatar is shown in a circle), never enlarged, at most 512 px.
    const side = Math.min(width, height, AVATAR_OUTPUT_SIZE);
    let pipeline = input.resize(side, side, { fit: "cover", position: sharp.strategy.attention });
    // No withMetadata()/keepExif()/keepIccProfile(): sharp writes no metadata and converts to sRGB.
    switch (type) {
      case "jpeg":
        pipeline = pipeline.jpeg({ quality: 85, mozjpeg: true });
        break;
      case "png":
        pipeline = pipeline.png({ compressionLevel: 9 });
        break;
      case "gif":
        pipeline = pipeline.gif();
        break;
      case "webp":
        pipeline = pipeline.webp({ quality: 85 });
        break;
    }
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { ok: true, data, ...OUTPUT[type], width: info.width, height: info.height };
  } catch {
    // Truncated or corrupt data behind a valid signature, or over the pixel limit.
    return { ok: false, error: AVATAR_TYPE_MESSAGE };
  }
}
