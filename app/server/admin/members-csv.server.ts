import { and, asc, eq, sql } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { ADMIN_ROLE, profiles, userRoles, users } from "~/server/db/schema";
import { logger } from "~/server/core/logger.server";
import { getDb } from "~/server/db/client.server";

// GET /settings/admin/members.csv (docs/product.md §10.7; decision 113): every member as CSV, streamed in batches read
// by keyset pagination on (created_at, id), so 1,000,000 members never sit in memory at once and
// no batch gets slower than the first. Decision: docs/decisions/113-members-csv-export.md.

export const CSV_BATCH_SIZE = 1000;

export const CSV_COLUMNS = [
  "First name",
  "Last name",
  "Email",
  "Joined",
  "Email notifications",
  "Email verified",
  "Admin",
  "Account status",
  "Signup source",
] as const;

/**
 * One CSV field. Quoted when it holds a comma, quote or line break; and a value a spreadsheet
 * would run as a formula (=, +, -, @, tab, carriage return first) is prefixed with an apostrophe,
 * so a member called "=HYPERLINK(…)" stays text in the coach's spreadsheet (OWASP CSV injection).
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "boolean" ? (value ? "yes" : "no") : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n']/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: Array<string | number | boolean | null | undefined>): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

interface Cursor {
  /** created_at as PostgreSQL's text (microseconds kept: a JS Date would round them away). */
  createdAt: string;
  id: string;
}

const londonDate = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" });

/** CSV text produced a batch at a time, as the bytes of a download's response. */
export function csvStream(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

/** A CSV download: an attachment of personal data that no cache, shared or the browser's, keeps. */
export function csvResponse(body: ReadableStream<Uint8Array>, filename: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** A date as the coach's spreadsheet reads it: YYYY-MM-DD, the day in London. */
export function csvDate(date: Date | string): string {
  return londonDate.format(new Date(date));
}

async function readBatch(db: Queryable, after: Cursor | null, size: number) {
  return db
    .select({
      id: profiles.id,
      createdAt: profiles.createdAt,
      cursorAt: sql<string>`${profiles.createdAt}::text`,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      email: users.email,
      emailNotifications: profiles.emailNotifications,
      accountStatus: profiles.accountStatus,
      signupSource: profiles.signupSource,
      emailVerified: users.emailVerified,
      role: userRoles.role,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .leftJoin(userRoles, and(eq(userRoles.userId, profiles.userId), eq(userRoles.role, ADMIN_ROLE)))
    .where(after ? sql`(${profiles.createdAt}, ${profiles.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined)
    .orderBy(asc(profiles.createdAt), asc(profiles.id))
    .limit(size);
}

/**
 * The export as a stream of UTF-8 bytes: a byte-order mark (so spreadsheet programs read accents
 * right), the header row, then one line per member, oldest first. Each pull reads one batch.
 */
export function membersCsvStream(db: Queryable, { batchSize = CSV_BATCH_SIZE }: { batchSize?: number } = {}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: Cursor | null = null;
  let started = false;
  let rows = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(`\uFEFF${csvLine([...CSV_COLUMNS])}`));
          return;
        }
        try {
          const batch = await readBatch(db, cursor, batchSize);
          if (batch.length > 0) {
            let chunk = "";
            for (const row of batch) {
              chunk += csvLine([
                row.firstName,
                row.lastName,
                row.email,
                londonDate.format(row.createdAt),
                row.emailNotifications,
                row.emailVerified,
                row.role === ADMIN_ROLE,
                row.accountStatus,
                row.signupSource,
              ]);
            }
            rows += batch.length;
            const last = batch[batch.length - 1]!;
            cursor = { createdAt: last.cursorAt, id: last.id };
            controller.enqueue(encoder.encode(chunk));
          }
          if (batch.length < batchSize) {
            logger.info("members exported as CSV", { rows });
            controller.close();
          }
        } catch (error) {
          logger.error("members CSV export failed", { error, rows });
          controller.error(new Error("The export could not be completed."));
        }
      },
    },
    // One batch ahead at most: the database is read as fast as the client downloads, no faster.
    { highWaterMark: 1 },
  );
}

/** "members-2025-01-05.csv", dated in the coach's time zone. */
export function membersCsvFilename(now = new Date()): string {
  return `members-${londonDate.format(now)}.csv`;
}

// ─── For the dashboard's routes (app/routes/admin/), with the site's database ───────────────────

export function membersCsv(): ReadableStream<Uint8Array> {
  return membersCsvStream(getDb());
}
