import { and, asc, eq, isNull } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { coachFollowUps, profiles, users, type Purchase } from "~/server/db/schema";
import { formatDueDay, isOverdue, oneWorkingDayAfter } from "~/utils/working-days";
import { fullName } from "~/utils/names";
import { getDb } from "~/server/db/client.server";
import { logger } from "~/server/core/logger.server";

// The coach's to-dos on the dashboard's overview (docs/product.md §10.16, decision 259): after a
// 1-to-1 sale she writes to the client within one working day. The to-do is written in the
// transaction that records the sale (with the sale notice that names the same day), stays until
// she chooses 'Mark done', and stands out once its day is over in the UK.

export interface FollowUpView {
  id: string;
  clientName: string;
  clientEmail: string | null;
  /** ISO time of the purchase. */
  boughtAt: string;
  /** YYYY-MM-DD and "Monday 30 November 2026". */
  dueOn: string;
  dueLabel: string;
  overdue: boolean;
}

/** A 1-to-1 sale's to-do, once per purchase (a second recording of the sale adds nothing). */
export async function recordFollowUp(q: Queryable, purchase: Pick<Purchase, "id" | "userId" | "purchasedAt">): Promise<void> {
  await q
    .insert(coachFollowUps)
    .values({ purchaseId: purchase.id, userId: purchase.userId, boughtAt: purchase.purchasedAt, dueOn: oneWorkingDayAfter(purchase.purchasedAt) })
    .onConflictDoNothing({ target: coachFollowUps.purchaseId });
}

/** The to-dos not yet done, the earliest due first. */
export async function loadOpenFollowUps(q: Queryable, now = new Date()): Promise<FollowUpView[]> {
  const rows = await q
    .select({
      id: coachFollowUps.id,
      boughtAt: coachFollowUps.boughtAt,
      dueOn: coachFollowUps.dueOn,
      email: users.email,
      name: users.name,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
    })
    .from(coachFollowUps)
    .leftJoin(users, eq(users.id, coachFollowUps.userId))
    .leftJoin(profiles, eq(profiles.userId, coachFollowUps.userId))
    .where(isNull(coachFollowUps.doneAt))
    .orderBy(asc(coachFollowUps.dueOn), asc(coachFollowUps.boughtAt))
    .limit(100);
  return rows.map((row) => ({
    id: row.id,
    clientName: fullName(row) || row.name?.trim() || (row.email ? "Name not given" : "A member whose account no longer exists"),
    clientEmail: row.email ?? null,
    boughtAt: row.boughtAt.toISOString(),
    dueOn: row.dueOn,
    dueLabel: formatDueDay(row.dueOn),
    overdue: isOverdue(row.dueOn, now),
  }));
}

/** 'Mark done': "done" when it was open, "already" when it was done before, "missing" when there is none. */
export async function markFollowUpDone(q: Queryable, id: string, adminId: string, now = new Date()): Promise<"done" | "already" | "missing"> {
  const done = await q
    .update(coachFollowUps)
    .set({ doneAt: now, doneBy: adminId })
    .where(and(eq(coachFollowUps.id, id), isNull(coachFollowUps.doneAt)))
    .returning({ id: coachFollowUps.id });
  if (done.length > 0) return "done";
  const [existing] = await q.select({ id: coachFollowUps.id }).from(coachFollowUps).where(eq(coachFollowUps.id, id)).limit(1);
  return existing ? "already" : "missing";
}

// ─── For the dashboard's routes (app/routes/admin/), with the site's database ───────────────────

/** The overview's 1-to-1 follow-up to-dos (docs/product.md §10.16); null when they could not be read. */
export async function loadFollowUps(): Promise<FollowUpView[] | null> {
  return loadOpenFollowUps(getDb()).catch((error: unknown) => {
    logger.error("admin: could not load the follow-up to-dos", { error });
    return null;
  });
}

/** 'Mark done' on a follow-up to-do. */
export function completeFollowUp(id: string, adminId: string): Promise<"done" | "already" | "missing"> {
  return markFollowUpDone(getDb(), id, adminId);
}
