import { z } from "~/validation/zod";

// The coach's site photos (docs/product.md §10.13, the Content tab's photos): the rules and words
// the upload form and the server share, and the shape of a processed photo. The server side (checks,
// renditions, storage) is app/server/site-blocks/photos.server.ts, modelled on the avatar pipeline
// (docs/decisions/050-avatar-upload-processing.md); pages show a photo with
// app/components/responsive-photo.tsx.

export const SITE_PHOTO_KINDS = ["coach", "hero"] as const;
export type SitePhotoKind = (typeof SITE_PHOTO_KINDS)[number];

/** The largest upload, in bytes: a full-size phone photo fits. */
export const SITE_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** The most the Content tab's action reads: a 10 MB photo and the form's few small fields. */
export const SITE_PHOTO_UPLOAD_BODY_LIMIT = SITE_PHOTO_MAX_BYTES + 64 * 1024;

/** The file input's accept attribute (the server checks the real type again). */
export const SITE_PHOTO_ACCEPT = "image/jpeg,image/png,image/webp";

export const SITE_PHOTO_MESSAGES = {
  type: "Please choose a JPEG, PNG or WebP photo.",
  size: "That photo is larger than 10 MB. Please choose a smaller one.",
  missing: "Please choose a photo to upload.",
  failed: "The photo could not be processed. Please try another one.",
} as const;

/** The formats every width is stored in, best first; JPEG is the fallback every browser shows. */
export const SITE_PHOTO_FORMATS = ["avif", "webp", "jpeg"] as const;
export type SitePhotoFormat = (typeof SITE_PHOTO_FORMATS)[number];

/** A storage folder: the storage key rule's segments, ending with "/". */
const FOLDER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*\/$/;

const pixels = z.number().int().positive();

/**
 * A processed photo as stored in its content block: the folder holding its renditions
 * (`<base><width>.<avif|webp|jpg>`), the largest rendition's size, every width (ascending) and
 * every format written.
 */
export const SitePhotoSchema = z.object({
  base: z
    .string()
    .max(400)
    .regex(FOLDER_PATTERN)
    .refine((base) => !base.split("/").some((part) => part === "." || part === "..")),
  width: pixels,
  height: pixels,
  widths: z
    .array(pixels)
    .min(1)
    .max(12)
    .refine((widths) => widths.every((w, i) => i === 0 || w > widths[i - 1]!), "The widths must be in ascending order."),
  formats: z
    .array(z.enum(SITE_PHOTO_FORMATS))
    .min(1)
    .refine((formats) => new Set(formats).size === formats.length, "Each format may be listed once.")
    .refine((formats) => formats.includes("jpeg"), "The JPEG fallback is required."),
});
export type SitePhoto = z.output<typeof SitePhotoSchema>;

export type PhotoSourceType = "image/avif" | "image/webp" | "image/jpeg";

/**
 * What a page needs to show a photo (made by photoSources in photos.server.ts): the largest
 * rendition's size (for the width and height attributes), the JPEG for browsers without srcset,
 * and one srcset per format, best format first ("<url> 480w, <url> 800w").
 */
export interface PhotoSources {
  width: number;
  height: number;
  fallback: string;
  sources: { type: PhotoSourceType; srcSet: string }[];
}

/**
 * The browser's check before a photo is sent, by its declared type and size (the server checks the
 * real bytes again): the message to show by the field, or null. It spares her a 10 MB upload that
 * would be refused, and the plain refusal the server gives a body over its limit.
 */
export function checkSitePhotoFile(file: { size: number; type: string }): string | null {
  if (!SITE_PHOTO_ACCEPT.split(",").includes(file.type)) return SITE_PHOTO_MESSAGES.type;
  if (file.size > SITE_PHOTO_MAX_BYTES) return SITE_PHOTO_MESSAGES.size;
  return null;
}
