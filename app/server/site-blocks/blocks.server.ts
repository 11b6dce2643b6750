import { desc, eq, sql } from "drizzle-orm";
import { getServerEnv } from "~/config/env.server";
import { toPublicSiteConfig, type PublicSiteConfig } from "~/config/public";
import { servicesFaq } from "~/content/coaching-services";
import { qualifications as installedQualifications } from "~/content/contact";
import { foundationsFaq } from "~/content/foundations";
import { homeHero } from "~/content/home";
import { learnToLiftFaq } from "~/content/learn-to-lift";
import { meetBio, meetHero, meetStory } from "~/content/meet";
import { testimonials as installedTestimonials } from "~/content/testimonials";
import { getDb, type Queryable, type Transaction } from "~/server/db/client.server";
import { adminActivityLog, contentVersions, profiles, users } from "~/server/db/schema";
import { logger } from "~/server/core/logger.server";
import { getEffectiveSiteConfig, getSettingsVersion, invalidateEffectiveSiteConfig, onSiteSettingsInvalidated, settingsVersionNow } from "~/server/settings/effective-config.server";
import { createRefreshingReader } from "~/server/settings/refreshing-reader.server";
import type { z } from "~/validation/zod";
import {
  AnnouncementSchema,
  CONTENT_BLOCKS,
  FaqSchema,
  HomeHeroSchema,
  MeetPageSchema,
  PhotoBlockSchema,
  QualificationsSchema,
  TestimonialsSchema,
  type ContentBlock,
} from "~/validation/content";

// The words the coach edits on the Content tab (docs/product.md §10.13; decision 209).
//
// Every save is a new row of content_versions; the current text of a block is its highest
// version, and a block without a saved version (or whose newest version is a reset) shows the
// installed text of app/content. A save names the version it was made from: a save over a newer
// version is refused, so two admins never overwrite each other unseen.
//
// Every page reads the current texts through one reader per process (a refreshing reader,
// app/server/settings/refreshing-reader.server.ts) that asks the database at most every REFRESH_MS, as the Offers tab's overrides do: a save is seen at once on this server
// (and its sibling processes), within REFRESH_MS on every other server, and the public page cache
// keys on the version (getPublicPagesVersion), so cached pages follow.

const REFRESH_MS = 2_000;

/** The site facts an installed text may mention (her name, the prices). */
export type ContentSite = Pick<PublicSiteConfig, "coachName" | "coachSlug" | "catalogue">;

const paragraphs = (items: readonly string[]) => items.join("\n\n");

/** Each block: how its stored value is checked, and the installed text it falls back to. */
const BLOCKS = {
  homeHero: { schema: HomeHeroSchema, installed: () => ({ headline: homeHero.title, intro: homeHero.intro }) },
  announcement: { schema: AnnouncementSchema, installed: () => ({ enabled: false, text: "", linkLabel: "", linkUrl: "" }) },
  testimonials: { schema: TestimonialsSchema, installed: () => installedTestimonials.map((item) => ({ ...item })) },
  meetPage: {
    schema: MeetPageSchema,
    installed: (site: ContentSite) => {
      const story = meetStory();
      return { bio: paragraphs(meetBio(site).paragraphs), story: paragraphs(story.paragraphs), quote: story.quote, caption: meetHero(site).role };
    },
  },
  qualifications: { schema: QualificationsSchema, installed: () => installedQualifications.items.map((item) => ({ ...item })) },
  faqCoaching: { schema: FaqSchema, installed: (site: ContentSite) => servicesFaq(site) },
  faqLearnToLift: {
    schema: FaqSchema,
    installed: (site: ContentSite) => learnToLiftFaq(site).map((item) => ({ question: item.question, answer: paragraphs(item.answer) })),
  },
  faqFoundations: { schema: FaqSchema, installed: (site: ContentSite) => foundationsFaq(site) },
  coachPhoto: { schema: PhotoBlockSchema, installed: () => null },
  heroPhoto: { schema: PhotoBlockSchema, installed: () => null },
} satisfies { [K in ContentBlock]: { schema: z.ZodType; installed: (site: ContentSite) => unknown } };

type Blocks = typeof BLOCKS;
/** What a block holds: its schema's output (a photo block: null while the SVG art is shown). */
export type BlockValue<K extends ContentBlock> = z.output<Blocks[K]["schema"]> | (K extends "coachPhoto" | "heroPhoto" ? null : never);

/** The saved value of every block, or null where the installed text is shown. */
export type SavedContent = { [K in ContentBlock]: z.output<Blocks[K]["schema"]> | null };

/** A block's installed text for this site. */
export function installedValue<K extends ContentBlock>(block: K, site: ContentSite): BlockValue<K> {
  return (BLOCKS[block].installed as (site: ContentSite) => BlockValue<K>)(site);
}

/** A stored value checked again with its block's schema (a value written by an older release may not pass). */
function checkStored<K extends ContentBlock>(block: K, value: unknown): z.output<Blocks[K]["schema"]> | null {
  const parsed = (BLOCKS[block].schema as z.ZodType).safeParse(value);
  return parsed.success ? (parsed.data as z.output<Blocks[K]["schema"]>) : null;
}

export interface BlockState {
  /** The version shown (0: nothing saved yet). */
  version: number;
  /** False when the installed text is shown (nothing saved, or reset to default). */
  customised: boolean;
}

interface Snapshot {
  saved: SavedContent;
  blocks: Record<ContentBlock, BlockState>;
  /** Moves on with every saved version: the highest row id. */
  version: string;
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

const isBlock = (name: string): name is ContentBlock => (CONTENT_BLOCKS as readonly string[]).includes(name);

/** The saved values and each block's state from the newest rows; a stored value the schema refuses is ignored and logged. */
function buildSnapshot(rows: readonly CurrentRow[]): Pick<Snapshot, "saved" | "blocks"> {
  const saved = Object.fromEntries(CONTENT_BLOCKS.map((block) => [block, null])) as SavedContent;
  const blocks = Object.fromEntries(CONTENT_BLOCKS.map((block) => [block, { version: 0, customised: false }])) as Record<ContentBlock, BlockState>;
  for (const row of rows) {
    if (!isBlock(row.block)) continue;
    blocks[row.block].version = row.version;
    if (row.value === null) continue;
    const value = checkStored(row.block, row.value);
    if (value === null) {
      logger.warn("content: ignoring a stored version that is not valid", { block: row.block, version: row.version });
      continue;
    }
    (saved as Record<ContentBlock, unknown>)[row.block] = value;
    blocks[row.block].customised = true;
  }
  return { saved, blocks };
}

const reading = createRefreshingReader({
  // No database open (the build's prerender, unit tests): the installed texts.
  inputs: () => [getDb()] as const,
  refreshMs: REFRESH_MS,
  read: async ([source]): Promise<Snapshot> => {
    try {
      const { rows, newestId } = await readCurrentRows(source);
      return { ...buildSnapshot(rows), version: String(newestId) };
    } catch (error) {
      // The last good reading stands (or the installed texts); retried at the next request.
      logger.error("content: could not read the saved texts", { error });
      throw error;
    }
  },
});

const current = () => reading.get();
const forget = () => reading.invalidate();

// A change told by a sibling process (or by this one's Offers tab) is forgotten here too.
onSiteSettingsInvalidated(forget);

/** The saved value of every block (null: the installed text is shown). */
export async function getSavedContent(): Promise<SavedContent> {
  return (await current())?.saved ?? buildSnapshot([]).saved;
}

/** The site facts the installed texts mention, as every page sees them. */
export async function getContentSite(): Promise<PublicSiteConfig> {
  return toPublicSiteConfig(await getEffectiveSiteConfig(), getServerEnv().SITE_ORIGIN);
}

/** One block as the site shows it: the saved value, or the installed text for this site. */
export async function getBlock<K extends ContentBlock>(block: K, site?: ContentSite): Promise<BlockValue<K>> {
  const saved = (await getSavedContent())[block];
  if (saved !== null) return saved as BlockValue<K>;
  return installedValue(block, site ?? (await getContentSite()));
}

/** The testimonials as the site shows them, in order. */
export function getTestimonials() {
  return getBlock("testimonials");
}

/** What the public page cache keys on: the offers' overrides and the saved texts. */
export async function getPublicPagesVersion(): Promise<string> {
  const [settings, content] = await Promise.all([getSettingsVersion(), current()]);
  return `${settings}.${content?.version ?? "0"}`;
}

/**
 * getPublicPagesVersion()'s answer when both readings are fresh enough to answer without the
 * database, else undefined (the caller then asks getPublicPagesVersion, which reads).
 */
export function publicPagesVersionNow(): string | undefined {
  const settings = settingsVersionNow();
  if (settings === undefined) return undefined;
  const content = reading.fresh();
  return content === undefined ? undefined : `${settings}.${content.version}`;
}

// ─── Saving ────────────────────────────────────────────────────────────────────────────────────

export interface BlockView<T> {
  value: T;
  version: number;
  customised: boolean;
}

/** A block as the Content tab shows it, read now (never from the memo: she edits what is stored). */
export async function readBlock<K extends ContentBlock>(q: Queryable, block: K, site: ContentSite): Promise<BlockView<BlockValue<K>>> {
  const [row] = await q
    .select({ version: contentVersions.version, value: contentVersions.value })
    .from(contentVersions)
    .where(eq(contentVersions.block, block))
    .orderBy(desc(contentVersions.version))
    .limit(1);
  if (!row) return { value: installedValue(block, site), version: 0, customised: false };
  const saved = row.value === null ? null : checkStored(block, row.value);
  if (saved === null) return { value: installedValue(block, site), version: row.version, customised: false };
  return { value: saved as BlockValue<K>, version: row.version, customised: true };
}

/** A change refused by its own rule (an item that is no longer there): nothing is saved. */
export class Refusal {
  constructor(
    readonly message: string,
    /** The field the message belongs next to, when there is one. */
    readonly field: string | null = null,
  ) {}
}

export type SaveOutcome<T> =
  | { ok: true; view: BlockView<T> }
  | { ok: false; reason: "changed"; view: BlockView<T> }
  | { ok: false; reason: "invalid"; message: string; field: string | null };

interface SaveInput<K extends ContentBlock> {
  adminId: string;
  block: K;
  site: ContentSite;
  /** The version the change was made from (the form carries it). */
  expectedVersion: number;
  /** From the current value to the new one; null to store "the installed text"; a Refusal saves nothing. */
  change: (current: BlockView<BlockValue<K>>) => BlockValue<K> | null | Refusal;
  /** What the activity log says. */
  summary: string;
  details?: Record<string, unknown>;
}

/**
 * Writes a new version of a block in one transaction with its activity-log row, unless the block
 * moved on since the form was shown. A lock per block makes two saves queue; the unique
 * (block, version) index would refuse the second anyway.
 */
export async function saveBlock<K extends ContentBlock>(input: SaveInput<K>): Promise<SaveOutcome<BlockValue<K>>> {
  const db = getDb();
  const outcome = await db.transaction(async (tx: Transaction): Promise<SaveOutcome<BlockValue<K>>> => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`content:${input.block}`}))`);
    const now = await readBlock(tx, input.block, input.site);
    if (now.version !== input.expectedVersion) return { ok: false, reason: "changed", view: now };
    const next = input.change(now);
    if (next instanceof Refusal) return { ok: false, reason: "invalid", message: next.message, field: next.field };
    if (next !== null) {
      const checked = (BLOCKS[input.block].schema as z.ZodType).safeParse(next);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        const field = issue?.path.findLast((part) => typeof part === "string");
        return { ok: false, reason: "invalid", message: issue?.message ?? "Please check the form and try again.", field: typeof field === "string" ? field : null };
      }
    }
    const version = now.version + 1;
    await tx.insert(contentVersions).values({ block: input.block, version, value: next, createdBy: input.adminId });
    await tx.insert(adminActivityLog).values({
      adminId: input.adminId,
      actionType: "update_content",
      details: { block: input.block, version, summary: input.summary, ...input.details },
    });
    return { ok: true, view: await readBlock(tx, input.block, input.site) };
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

/** The stored value of one version (null: the installed text; undefined: no such version). Checked again by the save. */
export async function versionValue(q: Queryable, block: ContentBlock, version: number): Promise<unknown> {
  const [row] = await q
    .select({ value: contentVersions.value })
    .from(contentVersions)
    .where(sql`${contentVersions.block} = ${block} and ${contentVersions.version} = ${version}`);
  return row ? row.value : undefined;
}
