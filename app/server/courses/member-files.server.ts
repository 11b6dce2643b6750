import { and, desc, eq } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { memberFiles } from "~/server/db/schema";

// The files the coach shares with one 1-to-1 client (docs/product.md §19.5): kept in the private
// part of the file storage and listed only on that member's 'Your coaching' page.

export interface MemberFileView {
  id: string;
  fileName: string;
  sizeBytes: number;
  sharedAt: string;
  href: string;
}

export async function listMemberFiles(q: Queryable, userId: string): Promise<MemberFileView[]> {
  const rows = await q.select().from(memberFiles).where(eq(memberFiles.userId, userId)).orderBy(desc(memberFiles.createdAt));
  return rows.map((row) => ({
    id: row.id,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    sharedAt: row.createdAt.toISOString(),
    href: `/learn/coaching/files/${row.id}`,
  }));
}

/** One of her files: only when it is hers (an administrator may open any). */
export async function findMemberFile(q: Queryable, fileId: string, viewer: { userId: string; isAdmin: boolean }) {
  const where = viewer.isAdmin ? eq(memberFiles.id, fileId) : and(eq(memberFiles.id, fileId), eq(memberFiles.userId, viewer.userId));
  const [row] = await q.select().from(memberFiles).where(where);
  return row ?? null;
}
