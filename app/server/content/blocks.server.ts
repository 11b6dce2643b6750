import { desc, eq, sql } from "drizzle-orm";
import { testimonials as installedTestimonials, type Testimonial } from "~/content/testimonials";
import { getDb, type Queryable, type Transaction } from "~/server/db/client.server";
import { adminActivityLog, contentVersions, profiles, users } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { getSettingsVersion, invalidateEffectiveSiteConfig, onSiteSettingsInvalidated } from "~/server/settings/effective-config.server";
import { TestimonialsSchema, type ContentBlock } from "~/validation/content";

// The words the coach edits on the Content tab (docs/product.md §10.13; decision 209).
//
// Every save is a new row of content_versions; the current text of a block is its highest
// version, and a block without a saved version (or whose newest version is a reset) shows the
// installed text of app/content. A save names the version it was made from: a save over a newer
// version is refused, so two admins never overwrite each other unseen.
//
// Every page reads the current texts through one reader per process that asks the database at
// most every REFRESH_MS, as the Offers tab's overrides do: a save is seen at once on this server
// (and its sibling processes), within REFRESH_MS on every other server, and the public page cache
// keys on the version (getPublicPagesVersion), so cached pages follow.

const REFRESH_MS = 2_000;

/** Each block: how its stored value is checked, and the installed text it falls back to. */
const BLOCKS = {
  testimonials: { schema: TestimonialsSchema, installed: (): Testimonial[] => installedTestimonials },
} satisfies Record<ContentBlock, { schema: { safeParse(value: unknown): { success: boolean } }; installed: () => unknown }>;

export interface SiteContent {
  testimonials: Testimonial[];
}

export interface BlockState {
  /** The version shown (0: nothing saved yet). */
  version: number;
  /** False when the installed text is shown (nothing saved, or reset to default). */
  customised: boolean;
}

interface Snapshot {
  content: SiteContent;
  blocks: Record<ContentBlock, BlockState>;
  /** Moves on with every saved version: the highest row id. */
  version: string;
  source: Queryable;
  loadedAt: number;
}

interface CurrentRow {
  block: string;
  version: number;
  value: unknown;
}

async function readCurrentRows(q: Queryable): Promise<{ rows: CurrentRow[]; newestId: number }> {
  const result = await q.execute<{ block: string; version: number; value: unknown; newest_id: string | number | null }>(sql`
    select distinct on (block) block, version, value, (select max(id) from content_versions) as newest_id
      from content_versions
     order by block, version desc
  `);
  const rows = result.rows.map(({ block, version, value }) => ({ block, version: Number(version), value }));
  return { rows, newestId: Number(result.rows[0]?.newest_id ?? 0) };
}

/** The content and each block's state from the newest rows; a stored value the schema refuses is ignored and logged. */
function buildSnapshot(rows: readonly CurrentRow[]): Pick<Snapshot, "content" | "blocks"> {
  const content: SiteContent = { testimonials: BLOCKS.testimonials.installed() };
  const blocks: Record<ContentBlock, BlockState> = { testimonials: { version: 0, customised: false } };
  for (const row of rows) {
    if (row.block !== "testimonials") continue;
    blocks.testimonials.version = row.version;
    if (row.value === null) continue;
    const parsed = BLOCKS.testimonials.schema.safeParse(row.value);
    if (!parsed.success) {
      logger.warn("content: ignoring a stored version that is not valid", { block: row.block, version: row.version });
      continue;
    }
    content.testimonials = parsed.data;
    blocks.testimonials.customised = true;
  }
  return { content, blocks };
}

let snapshot: Snapshot | null = null;
let loading: Promise<Snapshot | null> | null = null;
let generation = 0;

async function current(): Promise<Snapshot | null> {
  let source: Queryable;
  try {
    source = getDb();
  } catch {
    return null; // no database open (the build's prerender, unit tests): the installed texts
  }
  if (snapshot && snapshot.source === source && Date.now() - snapshot.loadedAt < REFRESH_MS) return snapshot;
  loading ??= (async () => {
    const started = generation;
    try {
      const { rows, newestId } = await readCurrentRows(source);
      const next: Snapshot = { ...buildSnapshot(rows), version: String(newestId), source, loadedAt: Date.now() };
      if (started === generation) snapshot = next;
      return next;
    } catch (error) {
      // The last good reading stands (or the installed texts); retried at the next request.
      logger.error("content: could not read the saved texts", { error });
      return snapshot && snapshot.source === source ? snapshot : null;
    }
  })().finally(() => {
    loading = null;
  });
  return loading;
}

function forget(): void {
  generation += 1;
  snapshot = null;
  loading = null;
}

// A change told by a sibling process (or by this one's Offers tab) is forgotten here too.
onSiteSettingsInvalidated(forget);

/** The texts every page shows: the saved ones, or the installed ones. */
export async function getSiteContent(): Promise<SiteContent> {
  return (await current())?.content ?? buildSnapshot([]).content;
}

/** The testimonials as the site shows them, in order. */
export async function getTestimonials(): Promise<Testimonial[]> {
  return (await getSiteContent()).testimonials;
}

/** What the public page cache keys on: the offers' overrides and the saved texts. */
export async function getPublicPagesVersion(): Promise<string> {
  const [settings, content] = await Promise.all([getSettingsVersion(), current()]);
  return `${settings}.${content?.version ?? "0"}`;
}

// ─── Saving ────────────────────────────────────────────────────────────────────────────────────

export interface BlockView<T> {
  value: T;
  version: number;
  customised: boolean;
}

/** A block as the Content tab shows it, read now (never from the memo: she edits what is stored). */
export async function readBlock(q: Queryable, block: "testimonials"): Promise<BlockView<Testimonial[]>> {
  const [row] = await q
    .select({ version: contentVersions.version, value: contentVersions.value })
    .from(contentVersions)
    .where(eq(contentVersions.block, block))
    .orderBy(desc(contentVersions.version))
    .limit(1);
  if (!row) return { value: BLOCKS[block].installed(), version: 0, customised: false };
  const built = buildSnapshot([{ block, version: row.version, value: row.value }]);
  return { value: built.content[block], version: row.version, customised: built.blocks[block].customised };
}

export type SaveOutcome<T> =
  | { ok: true; view: BlockView<T> }
  | { ok: false; reason: "changed"; view: BlockView<T> }
  | { ok: false; reason: "invalid"; message: string };

interface SaveInput<T> {
  adminId: string;
  block: "testimonials";
  /** The version the change was made from (the form carries it). */
  expectedVersion: number;
  /** From the current value to the new one; null to store "the installed text". A string is a refusal. */
  change: (current: BlockView<T>) => T | null | { refused: string };
  /** What the activity log says. */
  summary: string;
  details?: Record<string, unknown>;
}

/**
 * Writes a new version of a block in one transaction with its activity-log row, unless the block
 * moved on since the form was shown. A lock per block makes two saves queue; the unique
 * (block, version) index would refuse the second anyway.
 */
export async function saveBlock(input: SaveInput<Testimonial[]>): Promise<SaveOutcome<Testimonial[]>> {
  const db = getDb();
  const outcome = await db.transaction(async (tx: Transaction) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`content:${input.block}`}))`);
    const now = await readBlock(tx, input.block);
    if (now.version !== input.expectedVersion) return { ok: false as const, reason: "changed" as const, view: now };
    const next = input.change(now);
    if (next !== null && !Array.isArray(next)) return { ok: false as const, reason: "invalid" as const, message: next.refused };
    if (next !== null) {
      const checked = BLOCKS[input.block].schema.safeParse(next);
      if (!checked.success) return { ok: false as const, reason: "invalid" as const, message: checked.error.issues[0]?.message ?? "Invalid." };
    }
    const version = now.version + 1;
    await tx.insert(contentVersions).values({ block: input.block, version, value: next, createdBy: input.adminId });
    await tx.insert(adminActivityLog).values({
      adminId: input.adminId,
      actionType: "update_content",
      details: { block: input.block, version, summary: input.summary, ...input.details },
    });
    return { ok: true as const, view: await readBlock(tx, input.block) };
  });
  if (outcome.ok) {
    // Every server process forgets its reading (the Offers tab's broadcast carries it).
    invalidateEffectiveSiteConfig();
    forget();
  }
  return outcome;
}

export interface HistoryEntry {
  version: number;
  savedAt: string;
  /** Who saved it: her name, or null when the account has gone. */
  savedBy: string | null;
  /** True for a 'Reset to default'. */
  isDefault: boolean;
}

/** A block's versions, newest first (at most 50). */
export async function blockHistory(q: Queryable, block: ContentBlock, limit = 50): Promise<HistoryEntry[]> {
  const rows = await q
    .select({
      version: contentVersions.version,
      createdAt: contentVersions.createdAt,
      isDefault: sql<boolean>`${contentVersions.value} is null`,
      firstName: profiles.firstName,
      name: users.name,
    })
    .from(contentVersions)
    .leftJoin(users, eq(users.id, contentVersions.createdBy))
    .leftJoin(profiles, eq(profiles.userId, contentVersions.createdBy))
    .where(eq(contentVersions.block, block))
    .orderBy(desc(contentVersions.version))
    .limit(limit);
  return rows.map((row) => ({
    version: row.version,
    savedAt: row.createdAt.toISOString(),
    savedBy: row.firstName ?? row.name ?? null,
    isDefault: Boolean(row.isDefault),
  }));
}

/** The stored value of one version (null: the installed text; undefined: no such version). */
export async function versionValue(q: Queryable, block: ContentBlock, version: number): Promise<unknown> {
  const [row] = await q
    .select({ value: contentVersions.value })
    .from(contentVersions)
    .where(sql`${contentVersions.block} = ${block} and ${contentVersions.version} = ${version}`);
  return row ? row.value : undefined;
}
