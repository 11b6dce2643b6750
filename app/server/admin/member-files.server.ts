import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { coachingAccessOf, summariseAccess, type AccessSummary } from "~/server/courses/access.server";
import { listMemberFiles, memberFilesPrefix, type MemberFileView } from "~/server/courses/member-files.server";
import type { Database, Transaction } from "~/server/db/client.server";
import { adminActivityLog, memberFiles, users } from "~/server/db/schema";
import { formIntent, parseIntentForm } from "~/server/http/form-action.server";
import { z } from "~/validation/zod";
import { logger } from "~/server/core/logger.server";
import { getStorage } from "~/server/storage/index.server";
import type { FlashToastInput } from "~/server/core/toast.server";
import { detectImageType } from "~/server/uploads/avatar-upload.server";
import { formatFileSize } from "~/utils/format";
import { cleanFileName } from "~/validation/courses";
import {
  DeleteMemberFileSchema,
  MEMBER_FILE_LIMITS,
  MEMBER_FILE_TYPES,
  MEMBER_FILES_INTENTS,
  MEMBER_FILES_MESSAGES,
  MemberFilesTargetSchema,
  type MemberFileType,
  type MemberFilesIntent,
} from "~/validation/member-files";
import { fullName } from "~/utils/names";
import { findMember, memberDetails, type MemberSummary } from "./users.server";
import { getDb } from "~/server/db/client.server";
import { getSiteConfig } from "~/config/env.server";

// The files the coach shares with one member from her row on the Users tab (docs/product.md
// §10.15): her programme, a plan, a photo, which the member alone sees on her 'Your coaching' page
// (§19.5) while she has 1-to-1 coaching. Every share and removal is one transaction with its
// activity-log row; a refused form changes nothing. The files live under
// private/member-files/<user id>/ and reach a browser only through /learn/coaching/files/<id>.

/** What the dialog and the route's own page show about one member. */
export interface MemberFilesData {
  member: { userId: string; firstName: string; name: string; email: string };
  coaching: AccessSummary;
  files: MemberFileView[];
}

/** What a refused form says, and where. */
export interface MemberFilesActionFailure {
  ok: false;
  intent: MemberFilesIntent | null;
  /** The member the form was about (as sent). */
  userId: string | null;
  /** The file a 'Delete' was about. */
  fileId: string | null;
  field: "file" | null;
  message: string;
}

export type MemberFilesActionOutcome =
  | { ok: true; userId: string; toast: FlashToastInput }
  | { ok: false; status: number; failure: MemberFilesActionFailure };

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

/** The file's real type from its first bytes, or null for anything but a PDF, JPEG or PNG. */
export function detectMemberFileType(bytes: Uint8Array): MemberFileType | null {
  if (PDF_MAGIC.every((b, i) => bytes[i] === b)) return "pdf";
  const image = detectImageType(bytes);
  return image === "jpeg" || image === "png" ? image : null;
}

/**
 * The name she sees: the uploaded name cleaned, ending in its real type's extension ("plan" →
 * "plan.pdf"; a JPEG named "photo.png" → "photo.jpg").
 */
export function memberFileName(name: string, type: MemberFileType): string {
  const { ext, extensions } = MEMBER_FILE_TYPES[type];
  const known: readonly string[] = Object.values(MEMBER_FILE_TYPES).flatMap((t) => t.extensions);
  let cleaned = cleanFileName(name);
  const current = /\.([A-Za-z0-9]+)$/.exec(cleaned);
  const extension = current?.[1]?.toLowerCase();
  if (extension && (extensions as readonly string[]).includes(extension)) return cleaned;
  if (current && extension && known.includes(extension)) cleaned = cleaned.slice(0, -current[0].length).trim() || "file";
  return cleanFileName(`${cleaned}.${ext}`);
}

function dataOf(member: MemberSummary, coaching: AccessSummary, files: MemberFileView[]): MemberFilesData {
  return {
    member: { userId: member.userId, firstName: member.firstName || member.email, name: fullName(member) || member.email, email: member.email },
    coaching,
    files,
  };
}

/** One member's files and coaching, or null when there is no such member. */
export async function loadMemberFilesData(db: Database, userId: string, coachSlug: string): Promise<MemberFilesData | null> {
  const member = await findMember(db, userId);
  if (!member) return null;
  const [access, files] = await Promise.all([coachingAccessOf(db, [userId], coachSlug), listMemberFiles(db, userId)]);
  return dataOf(member, summariseAccess(access.get(userId) ?? { state: "none" }), files);
}

class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Both forms in one schema, parsed once per request (the file itself is read apart). */
const MemberFilesFormSchema = z.discriminatedUnion(
  "intent",
  [
    MemberFilesTargetSchema.safeExtend({ intent: z.literal(MEMBER_FILES_INTENTS.share) }),
    DeleteMemberFileSchema.safeExtend({ intent: z.literal(MEMBER_FILES_INTENTS.delete) }),
  ],
  { error: MEMBER_FILES_MESSAGES.unknownIntent },
);

/** Runs one of the forms: 'Share with …' or a file's 'Delete'. */
export async function runMemberFilesAction(db: Database, adminId: string, form: FormData, coachSlug: string): Promise<MemberFilesActionOutcome> {
  const intent = formIntent(form, Object.values(MEMBER_FILES_INTENTS));
  const sentUserId = form.get("userId");
  const sentFileId = form.get("fileId");
  const fail = (status: number, message: string, field: "file" | null = null): MemberFilesActionOutcome => ({
    ok: false,
    status,
    failure: {
      ok: false,
      intent,
      userId: typeof sentUserId === "string" ? sentUserId.slice(0, 64) : null,
      fileId: typeof sentFileId === "string" ? sentFileId.slice(0, 64) : null,
      field,
      message,
    },
  });
  const parsed = parseIntentForm(form, MemberFilesFormSchema);
  if (!parsed.ok) return fail(400, parsed.message);
  const posted = parsed.data;
  const userId = posted.userId;

  let found: MemberSummary | null;
  try {
    found = await findMember(db, userId);
  } catch (error) {
    logger.error("admin: could not read a member for her files", { error, adminId, userId });
    return fail(500, intent === MEMBER_FILES_INTENTS.share ? MEMBER_FILES_MESSAGES.saveFailed : MEMBER_FILES_MESSAGES.deleteFailed);
  }
  if (!found) return fail(404, MEMBER_FILES_MESSAGES.unknownMember);
  const member = found;
  const firstName = member.firstName || member.email;

  /** The change and its log row in one transaction, under a lock on her account (so it cannot be deleted meanwhile). */
  const change = async (run: (tx: Transaction) => Promise<{ summary: string; details: Record<string, unknown> }>) => {
    await db.transaction(async (tx) => {
      const [still] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("key share");
      if (!still) throw new Refused(404, MEMBER_FILES_MESSAGES.unknownMember);
      const { summary, details } = await run(tx);
      await tx.insert(adminActivityLog).values({
        adminId,
        actionType: intent === MEMBER_FILES_INTENTS.share ? "share_member_file" : "delete_member_file",
        targetUserId: userId,
        details: { ...memberDetails(member), summary, ...details },
      });
    });
  };

  switch (posted.intent) {
    case MEMBER_FILES_INTENTS.share: {
      const file = form.get("file");
      if (!(file instanceof File) || file.size === 0) return fail(400, MEMBER_FILES_MESSAGES.fileMissing, "file");
      if (file.size > MEMBER_FILE_LIMITS.fileMaxBytes) return fail(413, MEMBER_FILES_MESSAGES.fileSize, "file");
      const bytes = new Uint8Array(await file.arrayBuffer());
      // The real type from its first bytes; the declared name and type play no part.
      const type = detectMemberFileType(bytes);
      if (!type) return fail(400, MEMBER_FILES_MESSAGES.fileType, "file");
      const { contentType, ext } = MEMBER_FILE_TYPES[type];
      const fileName = memberFileName(file.name, type);
      const key = `${memberFilesPrefix(userId)}${Date.now().toString(36)}-${randomBytes(6).toString("hex")}.${ext}`;
      try {
        await getStorage().put(key, bytes, contentType);
      } catch (error) {
        logger.error("admin: could not store a member's file", { error, adminId, userId });
        return fail(500, MEMBER_FILES_MESSAGES.saveFailed, "file");
      }
      try {
        await change(async (tx) => {
          const [row] = await tx
            .insert(memberFiles)
            .values({ userId, storageKey: key, fileName, contentType, sizeBytes: bytes.byteLength, uploadedBy: adminId })
            .returning({ id: memberFiles.id });
          return { summary: `File shared: ${fileName} (${formatFileSize(bytes.byteLength)})`, details: { file_id: row!.id, file_name: fileName } };
        });
      } catch (error) {
        await removeStoredFiles([key]);
        if (error instanceof Refused) return fail(error.status, error.message);
        logger.error("admin: could not share a file with a member", { error, adminId, userId });
        return fail(500, MEMBER_FILES_MESSAGES.saveFailed, "file");
      }
      logger.info("admin shared a file with a member", { adminId, userId });
      const access = (await coachingAccessOf(db, [userId], coachSlug).catch(() => null))?.get(userId);
      const description =
        access?.state === "open"
          ? `“${fileName}” is on ${firstName}'s ‘Your coaching’ page now.`
          : `“${fileName}” is saved for ${firstName}: she'll see it on her ‘Your coaching’ page once she has 1-to-1 coaching${access?.state === "ended" ? " again" : ""}.`;
      return { ok: true, userId, toast: { title: "Shared", description, variant: "success" } };
    }
    case MEMBER_FILES_INTENTS.delete: {
      const { fileId } = posted;
      let removed: { storageKey: string; fileName: string } | undefined;
      try {
        await change(async (tx) => {
          const [row] = await tx
            .delete(memberFiles)
            .where(and(eq(memberFiles.id, fileId), eq(memberFiles.userId, userId)))
            .returning({ storageKey: memberFiles.storageKey, fileName: memberFiles.fileName });
          if (!row) throw new Refused(404, MEMBER_FILES_MESSAGES.unknownFile);
          removed = row;
          return { summary: `File removed: ${row.fileName}`, details: { file_id: fileId, file_name: row.fileName } };
        });
      } catch (error) {
        if (error instanceof Refused) return fail(error.status, error.message);
        logger.error("admin: could not remove a member's file", { error, adminId, userId });
        return fail(500, MEMBER_FILES_MESSAGES.deleteFailed);
      }
      // Her page no longer lists it (the row is gone); the stored bytes go after, best effort.
      await removeStoredFiles([removed!.storageKey]);
      logger.info("admin removed a member's file", { adminId, userId });
      return { ok: true, userId, toast: { title: "Removed", description: `“${removed!.fileName}” is no longer shared with ${firstName}.`, variant: "success" } };
    }
  }
}

/** Best effort: a file left behind is only disk space, never served (its row is gone). */
async function removeStoredFiles(keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    await getStorage()
      .delete(key)
      .catch((error: unknown) => logger.warn("admin: could not delete a member's stored file", { error, key }));
  }
}

// ─── For the dashboard's routes (app/routes/admin/), with the site's database ───────────────────

/** One member's shared files (docs/product.md §10.15), or null when there is no such member. */
export function loadMemberFiles(userId: string): Promise<MemberFilesData | null> {
  return loadMemberFilesData(getDb(), userId, getSiteConfig().coachSlug);
}

/** 'Share with …' or a shared file's 'Delete'. */
export function runMemberFilesTabAction(adminId: string, form: FormData): Promise<MemberFilesActionOutcome> {
  return runMemberFilesAction(getDb(), adminId, form, getSiteConfig().coachSlug);
}
