import { sql, type SQL } from "drizzle-orm";
import { SUBSCRIBER_FORM_LABELS, SUBSCRIBER_STATUS_LABELS, SUBSCRIBER_SYNC_LABELS } from "~/content/subscriber-labels";
import type { Database, Queryable } from "~/server/db/client.server";
import { adminActivityLog, type EmailListForm, type EmailSubscriberStatus } from "~/server/db/schema";
import { emailMarketingProviderName } from "~/server/lists/kit.server";
import { queueSubscriberErasure } from "~/server/lists/sync-queue.server";
import { csvDate, csvLine, csvStream } from "./members-csv.server";
import { getDb } from "~/server/db/client.server";
import { loadTab } from "./tab-data.server";
import { z } from "~/validation/zod";

// The Subscribers view (docs/product.md §10.12): each email-list sign-up, newest first, with the
// form she came from, whether she confirmed, when, and whether the email-marketing service has
// her; a search within addresses; the list as CSV; and 'Delete' for an erasure request, which
// removes every sign-up of that address here and unsubscribes it at the service.

export const SUBSCRIBERS_PAGE_SIZE = 50;
export const SUBSCRIBERS_MAX_PAGE = 400;
/** Matches of a search are counted up to this many (counting every match of "a" costs more than the page). */
const MATCH_COUNT_CAP = 1000;
const CSV_BATCH = 1000;

export type SyncState = keyof typeof SUBSCRIBER_SYNC_LABELS;

export interface SubscriberRow {
  id: string;
  email: string;
  firstName: string | null;
  form: EmailListForm;
  status: EmailSubscriberStatus;
  createdAt: string;
  sync: SyncState;
}

export interface SubscriberPage {
  query: string;
  page: number;
  rows: SubscriberRow[];
  hasPrevious: boolean;
  hasNext: boolean;
  /** How many match (a search: up to MATCH_COUNT_CAP, then `capped`). */
  count: number;
  capped: boolean;
}

function whereOf(query: string): SQL {
  if (!query) return sql`true`;
  const escaped = query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`lower(s.email::text) like ${`%${escaped}%`}`;
}

interface RawRow extends Record<string, unknown> {
  id: string;
  email: string;
  first_name: string | null;
  form: EmailListForm;
  status: EmailSubscriberStatus;
  created_at: string | Date;
  cursor_at: string;
  sync: string | null;
}

// The latest job of this subscriber's sync: done → synced; queued or running → waiting; failed.
const COLUMNS = sql`s.id, s.email, s.first_name, s.form, s.status, s.created_at, s.created_at::text as cursor_at,
  (select j.status from jobs j where j.queue = 'email-marketing' and (j.payload ->> 'subscriberId') = s.id::text
    order by j.id desc limit 1) as sync`;

function syncOf(raw: RawRow, local: boolean): SyncState {
  if (local) return "local";
  if (raw.sync === "done") return "synced";
  if (raw.sync === "failed") return "failed";
  if (raw.sync === "queued" || raw.sync === "running") return "waiting";
  return "not-yet";
}

function toRow(raw: RawRow, local: boolean): SubscriberRow {
  return {
    id: raw.id,
    email: raw.email,
    firstName: raw.first_name,
    form: raw.form,
    status: raw.status,
    createdAt: new Date(raw.created_at).toISOString(),
    sync: syncOf(raw, local),
  };
}

const isLocal = () => emailMarketingProviderName() === "local";

export async function loadSubscribers(db: Queryable, { query, page }: { query: string; page: number }): Promise<SubscriberPage> {
  const where = whereOf(query);
  const found = await db.execute<RawRow>(sql`
    select ${COLUMNS} from email_subscribers s where ${where}
    order by s.created_at desc, s.id desc limit ${SUBSCRIBERS_PAGE_SIZE + 1} offset ${(page - 1) * SUBSCRIBERS_PAGE_SIZE}`);
  const counted = query
    ? await db.execute<{ count: string | number }>(sql`select count(*) as count from (select 1 from email_subscribers s where ${where} limit ${MATCH_COUNT_CAP + 1}) m`)
    : // Kept by triggers (drizzle/0023_kept_totals.sql): counting a million sign-ups took 60–100 ms.
      await db.execute<{ count: string | number }>(sql`select coalesce((select "rows" from row_counts where name = 'email_subscribers'), 0) as count`);
  const count = Number(counted.rows[0]?.count ?? 0);
  const local = isLocal();
  return {
    query,
    page,
    rows: found.rows.slice(0, SUBSCRIBERS_PAGE_SIZE).map((r) => toRow(r, local)),
    hasPrevious: page > 1,
    hasNext: found.rows.length > SUBSCRIBERS_PAGE_SIZE && page < SUBSCRIBERS_MAX_PAGE,
    count: Math.min(count, query ? MATCH_COUNT_CAP : count),
    capped: Boolean(query) && count > MATCH_COUNT_CAP,
  };
}

export const SUBSCRIBERS_CSV_COLUMNS = ["Email", "First name", "Form", "Status", "Signed up", "Confirmed", "Email marketing"] as const;

/** The subscribers (matching the search) as CSV text, a batch at a time, newest first. */
export async function* subscribersCsvChunks(db: Queryable, query: string): AsyncGenerator<string> {
  yield `\uFEFF${csvLine([...SUBSCRIBERS_CSV_COLUMNS])}`;
  const where = whereOf(query);
  const local = isLocal();
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const cursor: SQL = after ? sql` and (s.created_at, s.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``;
    const batch: { rows: RawRow[] } = await db.execute<RawRow>(sql`
      select ${COLUMNS}, s.confirmed_at from email_subscribers s where ${where}${cursor}
      order by s.created_at desc, s.id desc limit ${CSV_BATCH}`);
    let chunk = "";
    for (const raw of batch.rows) {
      const row = toRow(raw, local);
      const confirmedAt = raw.confirmed_at as string | Date | null;
      chunk += csvLine([
        row.email,
        row.firstName,
        SUBSCRIBER_FORM_LABELS[row.form],
        SUBSCRIBER_STATUS_LABELS[row.status],
        csvDate(row.createdAt),
        confirmedAt ? csvDate(confirmedAt) : "",
        SUBSCRIBER_SYNC_LABELS[row.sync],
      ]);
    }
    if (chunk) yield chunk;
    if (batch.rows.length < CSV_BATCH) return;
    const last = batch.rows.at(-1)!;
    after = { at: last.cursor_at, id: last.id };
  }
}

/**
 * An erasure request: every sign-up of the subscriber's address is deleted, the deletion is
 * logged (without the address), and the address is unsubscribed at the email-marketing service
 * through the queue. Returns how many sign-ups went (0: there was no such subscriber).
 */
export async function eraseSubscriber(db: Database, adminId: string, subscriberId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const found = await tx.execute<{ email: string }>(sql`select email from email_subscribers where id = ${subscriberId}::uuid`);
    const email = found.rows[0]?.email;
    if (!email) return 0;
    const removed = await tx.execute<{ id: string }>(sql`delete from email_subscribers where email = ${email} returning id`);
    await queueSubscriberErasure(tx, email);
    await tx.insert(adminActivityLog).values({
      adminId,
      actionType: "erase_subscriber",
      targetUserId: null,
      details: { signUps: removed.rows.length },
    });
    return removed.rows.length;
  });
}

/** The CSV's file name: subscribers-YYYY-MM-DD.csv (London's date). */
export function subscribersCsvFilename(now = new Date()): string {
  return `subscribers-${csvDate(now)}.csv`;
}

/** The same as a stream of bytes, for the download's response. */
export function subscribersCsvStream(db: Queryable, query: string): ReadableStream<Uint8Array> {
  return csvStream(subscribersCsvChunks(db, query));
}

// ─── For the dashboard's routes (app/routes/admin/), with the site's database ───────────────────

export function loadSubscribersTab(search: { query: string; page: number }): Promise<SubscriberPage | null> {
  return loadTab("subscribers", (db) => loadSubscribers(db, search));
}

export function subscribersCsv(query: string): ReadableStream<Uint8Array> {
  return subscribersCsvStream(getDb(), query);
}

/** The Subscribers view's 'Delete': an erasure request (docs/product.md §10.12). */
export function eraseEmailSubscriber(adminId: string, subscriberId: string): Promise<number> {
  return eraseSubscriber(getDb(), adminId, subscriberId);
}

/** The Subscribers tab's 'Delete' form (an erasure request, confirmed by typing DELETE). */
export const EraseSubscriberSchema = z.object({
  intent: z.literal("erase-subscriber", { error: "Unknown action." }),
  subscriberId: z.uuid({ error: "Unknown subscriber." }),
  confirmation: z.literal("DELETE", { error: "Type DELETE to confirm." }),
});
