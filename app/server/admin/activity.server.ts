import { desc, eq } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { adminActivityLog, users } from "~/server/db/schema";
import { loadTab } from "./tab-data.server";

// The Activity Log tab (docs/product.md §10.9 and §13 admin_activity_log: the 50 newest entries).

export const ACTIVITY_LOG_LIMIT = 50;

export interface ActivityEntry {
  id: string;
  actionType: string;
  /** ISO time. */
  createdAt: string;
  /** docs/product.md §10.9: 'User: ' followed by the user name or else the email; null when neither is known. */
  userLabel: string | null;
  /** A one-line description for entries about something other than a member (e.g. an offer). */
  summary: string | null;
  /** What changed, for edits: "First name: Sarah → Sally". */
  changes: string[];
  /** The admin who acted, when known (null for the command line and ADMIN_EMAILS grants). */
  adminEmail: string | null;
}

const FIELD_LABELS: Record<string, string> = { first_name: "First name", last_name: "Last name" };

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

/** Turns an entry's free-form details into what the tab shows; unknown shapes show nothing. */
export function describeDetails(details: Record<string, unknown>): Pick<ActivityEntry, "userLabel" | "summary" | "changes"> {
  const userLabel = text(details.user_name) ?? text(details.user_email);
  const summary = text(details.summary);
  const changes: string[] = [];
  const raw = details.changes;
  // An entry with its own summary (an offer's price or cohort date) already says what changed in
  // words; its raw changes (pence, ISO instants) would only repeat it less readably.
  if (!summary && raw && typeof raw === "object" && !Array.isArray(raw)) {
    for (const [field, change] of Object.entries(raw as Record<string, unknown>)) {
      if (!change || typeof change !== "object") continue;
      const { from, to } = change as { from?: unknown; to?: unknown };
      const label = FIELD_LABELS[field] ?? field.replace(/_/g, " ");
      changes.push(`${label}: ${text(from) ?? "(empty)"} → ${text(to) ?? "(empty)"}`);
    }
  }
  return { userLabel, summary, changes };
}

export async function loadActivityLog(db: Queryable, limit = ACTIVITY_LOG_LIMIT): Promise<ActivityEntry[]> {
  const rows = await db
    .select({
      id: adminActivityLog.id,
      actionType: adminActivityLog.actionType,
      createdAt: adminActivityLog.createdAt,
      details: adminActivityLog.details,
      adminEmail: users.email,
    })
    .from(adminActivityLog)
    .leftJoin(users, eq(users.id, adminActivityLog.adminId))
    .orderBy(desc(adminActivityLog.createdAt), desc(adminActivityLog.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    actionType: row.actionType,
    createdAt: row.createdAt.toISOString(),
    adminEmail: row.adminEmail ?? null,
    ...describeDetails(row.details ?? {}),
  }));
}

// ─── For the dashboard's routes (app/routes/admin/), with the site's database ───────────────────

export function loadActivityTab(): Promise<ActivityEntry[] | null> {
  return loadTab("activity", (db) => loadActivityLog(db));
}
