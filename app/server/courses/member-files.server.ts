import { and, desc, eq, inArray } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { memberFiles } from "~/server/db/schema";

// The files the coach shares with one 1-to-1 client (docs/product.md §19.5): kept in the private
// part of the file storage and listed only on that member's 'Your coaching' page.

/**
 * The storage folder of her files: the Users tab stores them there (app/server/admin/member-files.server.ts)
 * and deleting her account empties it (app/server/account/delete-account.server.ts).
 */
export function memberFilesPrefix(userId: string): string {
  return `private/member-files/${userId}/`;
}

export interface MemberFileView {
  id: string;
  fileName: string;
  sizeBytes: number;
  sharedAt: string;
  href: string;
}

function view(row: typeof memberFiles.$inferSelect): MemberFileView {
  return {
    id: row.id,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    sharedAt: row.createdAt.toISOString(),
    href: `/learn/coaching/files/${row.id}`,
  };
}

/** Her files, newest first. */
export async function listMemberFiles(q: Queryable, userId: string): Promise<MemberFileView[]> {
  const rows = await q.select().from(memberFiles).where(eq(memberFiles.userId, userId)).orderBy(desc(memberFiles.createdAt), desc(memberFiles.id));
  return rows.map(view);
}

/** The files of each of these members, newest first (the Users tab's page of members, in one query). */
export async function listFilesOfMembers(q: Queryable, userIds: readonly string[]): Promise<Map<string, MemberFileView[]>> {
  const byMember = new Map<string, MemberFileView[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byMember;
  const rows = await q
    .select()
    .from(memberFiles)
    .where(inArray(memberFiles.userId, [...userIds]))
    .orderBy(desc(memberFiles.createdAt), desc(memberFiles.id));
  for (const row of rows) byMember.get(row.userId)?.push(view(row));
  return byMember;
}

/** One of her files: only when it is hers (an administrator may open any). */
export async function findMemberFile(q: Queryable, fileId: string, viewer: { userId: string; isAdmin: boolean }) {
  const where = viewer.isAdmin ? eq(memberFiles.id, fileId) : and(eq(memberFiles.id, fileId), eq(memberFiles.userId, viewer.userId));
  const [row] = await q.select().from(memberFiles).where(where);
  return row ?? null;
}
