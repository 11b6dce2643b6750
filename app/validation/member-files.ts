import { COURSE_LIMITS } from "~/validation/courses";
import { z } from "~/validation/zod";

// The files the coach shares with one member from her row on the Users tab (docs/product.md
// §10.15): one module for the browser and the server, with the forms' intents, schemas and words.

export const MEMBER_FILES_INTENTS = {
  share: "share-file",
  delete: "delete-file",
} as const;
export type MemberFilesIntent = (typeof MEMBER_FILES_INTENTS)[keyof typeof MEMBER_FILES_INTENTS];

export const MEMBER_FILE_LIMITS = {
  /** Her programme, a plan, a photo: a PDF, JPEG or PNG of at most 20 MB. */
  fileMaxBytes: 20 * 1024 * 1024,
  /** The route's body limit: the file and the form's few small fields. */
  bodyMaxBytes: 20 * 1024 * 1024 + 64 * 1024,
  fileNameMax: COURSE_LIMITS.fileNameMax,
} as const;

/** The types she may be sent, found from a file's first bytes (never its name or declared type). */
export const MEMBER_FILE_TYPES = {
  pdf: { contentType: "application/pdf", ext: "pdf", extensions: ["pdf"] },
  jpeg: { contentType: "image/jpeg", ext: "jpg", extensions: ["jpg", "jpeg"] },
  png: { contentType: "image/png", ext: "png", extensions: ["png"] },
} as const;
export type MemberFileType = keyof typeof MEMBER_FILE_TYPES;

/** What the file input offers in the browser's picker. */
export const MEMBER_FILE_ACCEPT = "application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png";

export const MEMBER_FILES_MESSAGES = {
  fileMissing: "Please choose a file to share.",
  fileType: "Please choose a PDF, JPEG or PNG file.",
  fileSize: "That file is larger than 20 MB. Please choose a smaller one.",
  unknownMember: "That member no longer has an account, so nothing was shared or removed.",
  unknownFile: "That file has already been removed. Please reload the page to see her files as they are now.",
  unknownIntent: "Unknown action. Please reload the page and try again.",
  saveFailed: "The file could not be shared just now. Please try again.",
  deleteFailed: "The file could not be removed just now. Please try again.",
} as const;

/** The member a form is about: an id as the Users tab's forms send it (app/validation/admin.ts). */
export const MemberFilesTargetSchema = z.object({
  userId: z
    .string({ error: MEMBER_FILES_MESSAGES.unknownMember })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, MEMBER_FILES_MESSAGES.unknownMember),
});

/** 'Delete' on one of her files. */
export const DeleteMemberFileSchema = MemberFilesTargetSchema.extend({
  fileId: z.uuid({ error: MEMBER_FILES_MESSAGES.unknownFile }),
});

/** The browser's check before a file is sent (the server checks its bytes again). */
export function checkMemberFile(file: { size: number; type: string; name: string }): string | null {
  const types: readonly string[] = Object.values(MEMBER_FILE_TYPES).map((t) => t.contentType);
  const extensions: readonly string[] = Object.values(MEMBER_FILE_TYPES).flatMap((t) => t.extensions);
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? "";
  if (!types.includes(file.type) && !extensions.includes(extension)) return MEMBER_FILES_MESSAGES.fileType;
  if (file.size > MEMBER_FILE_LIMITS.fileMaxBytes) return MEMBER_FILES_MESSAGES.fileSize;
  return null;
}
