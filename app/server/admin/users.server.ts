import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { getSiteConfig } from "~/config/env.server";
import { coachingAccessOf, summariseAccess, type AccessSummary } from "~/server/courses/access.server";
import { listFilesOfMembers, type MemberFileView } from "~/server/courses/member-files.server";
import type { Queryable } from "~/server/db/client.server";
import { ADMIN_ROLE, adminActivityLog, profiles, userRoles, users } from "~/server/db/schema";
import { purchasesOf, type MemberPurchase } from "./sales.server";
import { fullName } from "~/utils/names";

// The Users tab of /settings/admin (docs/product.md §10.3):
// search and paging done in the database, so the page costs the same at 1,000,000 members as at
// 10. Decision: docs/decisions/110-admin-member-search.md.

export const MEMBERS_PAGE_SIZE = 25;
/** Past this many matches the page says "1,000+" instead of counting them all. */
export const MATCH_COUNT_CAP = 1000;
/** Words of a query beyond this are ignored (each word costs an index lookup). */
const MAX_QUERY_WORDS = 5;
export const MAX_QUERY_LENGTH = 100;
/** A deep page is an OFFSET scan; nobody pages this far by hand, so the URL cannot make us. */
export const MAX_PAGE = 400;

export interface MemberRow {
  userId: string;
  firstName: string;
  lastName: string | null;
  email: string;
  avatarUrl: string | null;
  /** ISO time. */
  createdAt: string;
  isAdmin: boolean;
  /** What she bought, newest first (docs/product.md §10.3): each payment and where it stands. */
  purchases: MemberPurchase[];
  /** Her 1-to-1 coaching, from her own subscriptions (docs/product.md §10.15). */
  coaching: AccessSummary;
  /** The files the coach has shared with her, newest first (docs/product.md §10.15). */
  files: MemberFileView[];
}

export interface MemberPage {
  members: MemberRow[];
  query: string;
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  /**
   * Matches for a search, counted up to MATCH_COUNT_CAP (then `capped`); null without a query,
   * where the Total Users card already says it.
   */
  matches: { count: number; capped: boolean } | null;
}

/** "50%_off" → "50\%\_off": the user's text is matched literally inside LIKE. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The query as words, lower-cased (the trigram indexes are on lower(column)). */
export function searchWords(query: string): string[] {
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MAX_QUERY_WORDS);
}

/**
 * What a search looks in: her email, first and last name, lower-case, joined by spaces. A search
 * word has no space in it, so it is found in this text exactly when it is found in one of the three.
 * The expression is exactly the indexed one (profiles_search_trgm_idx, drizzle/0025), so one
 * trigram index answers every word of a search at once (docs/decisions/283-one-member-search-index.md).
 */
export const memberSearchText = sql`lower(${profiles.email} || ' ' || coalesce(${profiles.firstName}, '') || ' ' || coalesce(${profiles.lastName}, ''))`;

/** Each word must appear in the email, first name or last name. */
export function memberSearchCondition(query: string): SQL | undefined {
  const words = searchWords(query);
  if (words.length === 0) return undefined;
  return and(...words.map((word) => sql`${memberSearchText} like ${`%${escapeLike(word)}%`}`));
}

/** Reads the ?q= and ?page= of the dashboard's URL, within bounds. */
export function parseMemberSearch(url: URL): { query: string; page: number } {
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const raw = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const page = Number.isFinite(raw) ? Math.min(Math.max(raw, 1), MAX_PAGE) : 1;
  return { query, page };
}

/**
 * One page of members, newest first. Fetches one row more than a page to know whether there is
 * a next page, and counts matches only up to MATCH_COUNT_CAP: counting every match of a common
 * word at 1,000,000 rows costs more than the page itself.
 */
export async function searchMembers(
  db: Queryable,
  { query, page }: { query: string; page: number },
  { coachSlug = getSiteConfig().coachSlug }: { coachSlug?: string } = {},
): Promise<MemberPage> {
  const where = memberSearchCondition(query);
  // NOTE: PostgreSQL's estimate of how many profiles a LIKE '%word%' matches is poor, so left to
  // itself it walks the created_at index for a rare word (reading every profile) or builds a
  // bitmap of tens of thousands of rows for a common one. So the capped count runs first on the
  // trigram indexes alone (cheap: it stops at the cap), and its answer picks the page's plan:
  // few matches → the same bitmap, then sort; many → walk created_at newest first, where matches
  // are dense enough to fill a page at once. Words under three letters have no trigrams: those
  // searches keep the planner's own choice. See docs/decisions/110-admin-member-search.md.
  const indexable = searchWords(query).every((word) => word.length >= 3);
  const offset = (page - 1) * MEMBERS_PAGE_SIZE;
  const columns = {
    id: profiles.id,
    userId: profiles.userId,
    firstName: profiles.firstName,
    lastName: profiles.lastName,
    // Shown from where it is kept (users.email); the search matches profiles.email, its copy kept
    // in step by the database for the trigram index (drizzle/0006_member_email_and_servers.sql).
    email: users.email,
    avatarUrl: profiles.avatarUrl,
    createdAt: profiles.createdAt,
    role: userRoles.role,
  };
  const found = await db.transaction(async (tx) => {
    const pageQuery = (condition: SQL | undefined) =>
      tx
        .select(columns)
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId))
        .leftJoin(userRoles, and(eq(userRoles.userId, profiles.userId), eq(userRoles.role, ADMIN_ROLE)))
        .where(condition)
        .orderBy(desc(profiles.createdAt), desc(profiles.id));

    let matches: MemberPage["matches"] = null;
    let rows: Awaited<ReturnType<typeof pageQuery>>;
    if (where && indexable) {
      // The matches (up to the cap) from the trigram indexes alone, as (id, time) pairs.
      await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`);
      const found = await tx.execute<{ id: string; at: string }>(
        sql`select ${profiles.id} as id, to_char(${profiles.createdAt} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as at
            from ${profiles} where ${where} limit ${MATCH_COUNT_CAP + 1}`,
      );
      const capped = found.rows.length > MATCH_COUNT_CAP;
      matches = { count: Math.min(found.rows.length, MATCH_COUNT_CAP), capped };
      if (capped) {
        // Many matches: newest first along created_at finds a page of them at once.
        await tx.execute(sql`select set_config('enable_indexscan', 'on', true), set_config('enable_bitmapscan', 'off', true)`);
        rows = await pageQuery(where).limit(MEMBERS_PAGE_SIZE + 1).offset(offset);
      } else {
        // Few: order them here (newest first, then id, as the database would) and read the page.
        const ids = found.rows
          .sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1))
          .slice(offset, offset + MEMBERS_PAGE_SIZE + 1)
          .map((r) => r.id);
        rows = ids.length > 0 ? await pageQuery(inArray(profiles.id, ids)) : [];
      }
    } else {
      if (where) {
        const counted = await tx.execute<{ n: number }>(
          sql`select count(*)::int as n from (select 1 from ${profiles} where ${where} limit ${MATCH_COUNT_CAP + 1}) as m`,
        );
        const n = Number(counted.rows[0]?.n ?? 0);
        matches = { count: Math.min(n, MATCH_COUNT_CAP), capped: n > MATCH_COUNT_CAP };
      }
      rows = await pageQuery(where).limit(MEMBERS_PAGE_SIZE + 1).offset(offset);
    }

    const shown = rows.slice(0, MEMBERS_PAGE_SIZE);
    const bought = await purchasesOf(tx, shown.map((row) => row.userId));
    return { shown, bought, hasNext: rows.length > MEMBERS_PAGE_SIZE, matches };
  });
  // Outside the search's transaction, whose planner settings are for the search alone.
  const ids = found.shown.map((row) => row.userId);
  const [coaching, files] = await Promise.all([coachingAccessOf(db, ids, coachSlug), listFilesOfMembers(db, ids)]);
  return {
    members: found.shown.map((row) => ({
      userId: row.userId,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      avatarUrl: row.avatarUrl,
      createdAt: row.createdAt.toISOString(),
      isAdmin: row.role === ADMIN_ROLE,
      purchases: found.bought.get(row.userId) ?? [],
      coaching: summariseAccess(coaching.get(row.userId) ?? { state: "none" }),
      files: files.get(row.userId) ?? [],
    })),
    query,
    page,
    hasPrevious: page > 1,
    hasNext: found.hasNext,
    matches: found.matches,
  };
}

export interface MemberSummary {
  userId: string;
  firstName: string;
  lastName: string | null;
  email: string;
  isAdmin: boolean;
}

/** The member an action is about, or null if she does not exist (any more). */
export async function findMember(db: Queryable, userId: string): Promise<MemberSummary | null> {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      role: userRoles.role,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, ADMIN_ROLE)))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return {
    userId: row.userId,
    firstName: row.firstName ?? row.name.split(" ")[0] ?? "",
    lastName: row.firstName === null ? null : row.lastName,
    email: row.email,
    isAdmin: row.role === ADMIN_ROLE,
  };
}

/** docs/product.md §13 admin_activity_log details: who the action was about. */
export function memberDetails(member: MemberSummary): { user_email: string; user_name: string } {
  return { user_email: member.email, user_name: fullName(member) };
}

export type UpdateMemberResult = "updated" | "unchanged" | "not_found";

/**
 * docs/product.md §10.3 Edit User Details: first and last name (an empty last name is stored as null). The
 * profile, Better Auth's display name and the activity-log entry (only the fields that changed,
 * each with from/to) change together.
 */
export async function updateMemberNames(
  db: Queryable,
  adminId: string,
  userId: string,
  names: { firstName: string; lastName: string | null },
): Promise<UpdateMemberResult> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ firstName: profiles.firstName, lastName: profiles.lastName, email: users.email })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(eq(profiles.userId, userId))
      .for("update")
      .limit(1);
    if (!current) return "not_found";
    const changes: Record<string, { from: string | null; to: string | null }> = {};
    if (current.firstName !== names.firstName) changes.first_name = { from: current.firstName, to: names.firstName };
    if (current.lastName !== names.lastName) changes.last_name = { from: current.lastName, to: names.lastName };
    if (Object.keys(changes).length === 0) return "unchanged";

    await tx
      .update(profiles)
      .set({ firstName: names.firstName, lastName: names.lastName })
      .where(eq(profiles.userId, userId));
    await tx.update(users).set({ name: fullName(names) }).where(eq(users.id, userId));
    await tx.insert(adminActivityLog).values({
      adminId,
      actionType: "update_user",
      targetUserId: userId,
      details: { user_email: current.email, user_name: fullName(names), changes },
    });
    return "updated";
  });
}
