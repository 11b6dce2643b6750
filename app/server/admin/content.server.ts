import {
  blockHistory,
  readBlock,
  Refusal,
  saveBlock,
  versionValue,
  type BlockValue,
  type BlockView,
  type ContentSite,
  type HistoryEntry,
} from "~/server/site-blocks/blocks.server";
import { deleteSitePhoto, photoSources, processSitePhotoInTurn } from "~/server/site-blocks/photos.server";
import { getDb, type Queryable } from "~/server/db/client.server";
import { formIntent, parseIntentForm } from "~/server/http/form-action.server";
import { logger } from "~/server/core/logger.server";
import type { FlashToastInput } from "~/server/core/toast.server";
import { formToObject } from "~/validation/first-error";
import { SITE_PHOTO_MESSAGES, type PhotoSources } from "~/validation/content-photos";
import { z } from "~/validation/zod";
import {
  BLOCK_LABELS,
  CONTENT_BLOCKS,
  CONTENT_INTENTS,
  CONTENT_MESSAGES,
  FORM_BLOCKS,
  FORM_SCHEMAS,
  LIST_BLOCKS,
  LIST_ITEMS,
  PHOTO_BLOCKS,
  PhotoAltSchema,
  type ContentBlock,
  type ContentIntent,
  type ListBlock,
  type PhotoBlockName,
} from "~/validation/content";
import { getContentSite } from "~/server/site-blocks/blocks.server";

// The Content tab's data and actions (docs/product.md §10.13). The route has checked the admin and
// read the form; each action parses its fields with its schema in app/validation/content.ts and
// saves a new version of the block through app/server/site-blocks/blocks.server.ts.

export type ContentBlockView<K extends ContentBlock> = BlockView<BlockValue<K>> & { history: HistoryEntry[] };

export interface ContentTabData {
  blocks: { [K in ContentBlock]: ContentBlockView<K> };
  /** The photos' addresses, for the previews. */
  photos: Record<PhotoBlockName, PhotoSources | null>;
  /** Her name: the photos' alt text when she writes none. */
  coachName: string;
}

export async function loadContentData(db: Queryable, site: ContentSite): Promise<ContentTabData> {
  const entries = await Promise.all(
    CONTENT_BLOCKS.map(async (block) => {
      const [view, history] = await Promise.all([readBlock(db, block, site), blockHistory(db, block)]);
      return [block, { ...view, history }] as const;
    }),
  );
  const blocks = Object.fromEntries(entries) as ContentTabData["blocks"];
  const photos = Object.fromEntries(
    PHOTO_BLOCKS.map((block) => {
      const value = blocks[block].value;
      return [block, value ? photoSources(value.photo) : null];
    }),
  ) as ContentTabData["photos"];
  return { blocks, photos, coachName: site.coachName };
}

/** What a refused content form says, and where: the block, the item (by its place) and the field. */
export interface ContentActionFailure {
  ok: false;
  intent: ContentIntent | null;
  block: ContentBlock | null;
  index: number | null;
  /** The field the message belongs next to (null: above the form). */
  field: string | null;
  message: string;
  /** Someone saved the block meanwhile: the tab shows the newer version. */
  changed: boolean;
  /** The fields she typed, for the form to keep them. */
  values: Record<string, string>;
}

export type ContentActionOutcome = { ok: true; toast: FlashToastInput } | { ok: false; status: number; failure: ContentActionFailure };

const ALL_INTENTS = Object.values(CONTENT_INTENTS);
const I = CONTENT_INTENTS;
const M = CONTENT_MESSAGES;

// ─── Every form of the tab in one schema, parsed once per request ──────────────────────────────
// A discriminated union on the intent, and within an intent on the block: each member lists the
// hidden fields first (the version the form was made from, the item's place), then what the coach
// typed. A form for a block its intent does not apply to (a photo for the FAQs) is refused as an
// unknown action.

/** The version of the block the form was made from, and which block. */
const about = <T extends ContentIntent, B extends ContentBlock>(intent: T, block: B) => ({
  intent: z.literal(intent),
  expectedVersion: z.coerce.number({ error: M.unknownIntent }).int(M.unknownIntent).min(0, M.unknownIntent),
  block: z.literal(block),
});
const place = { index: z.coerce.number({ error: M.unknownItem }).int(M.unknownItem).min(0, M.unknownItem) };
const perBlock = <const Blocks extends readonly ContentBlock[], O extends z.ZodObject>(blocks: Blocks, member: (block: Blocks[number]) => O) =>
  z.discriminatedUnion("block", blocks.map(member) as unknown as [O, ...O[]], { error: M.unknownIntent });

const ContentFormSchema = z.discriminatedUnion(
  "intent",
  [
    perBlock(LIST_BLOCKS, (block) => z.object({ ...about(I.addItem, block), ...LIST_ITEMS[block].schema.shape })),
    perBlock(LIST_BLOCKS, (block) => z.object({ ...about(I.updateItem, block), ...place, ...LIST_ITEMS[block].schema.shape })),
    perBlock(LIST_BLOCKS, (block) =>
      z.object({ ...about(I.moveItem, block), ...place, direction: z.enum(["up", "down"], { error: M.unknownItem }) }),
    ),
    perBlock(LIST_BLOCKS, (block) => z.object({ ...about(I.deleteItem, block), ...place })),
    // The announcement's rules span its fields (a link needs its label): its schema is extended.
    perBlock(FORM_BLOCKS, (block) => FORM_SCHEMAS[block].safeExtend(about(I.saveBlock, block))),
    perBlock(PHOTO_BLOCKS, (block) => z.object({ ...about(I.savePhoto, block), ...PhotoAltSchema.shape })),
    perBlock(CONTENT_BLOCKS, (block) =>
      z.object({ ...about(I.restore, block), version: z.coerce.number({ error: M.unknownVersion }).int(M.unknownVersion).min(1, M.unknownVersion) }),
    ),
    perBlock(CONTENT_BLOCKS, (block) => z.object(about(I.reset, block))),
  ],
  { error: M.unknownIntent },
);
/** The form's hidden inputs: a problem with one of them is the form's, not a field's. */
const HIDDEN_FIELDS = ["block", "expectedVersion", "index", "direction", "version"] as const;
type ContentForm = z.output<typeof ContentFormSchema>;
type ListForm = Extract<ContentForm, { intent: "add-item" | "update-item" | "move-item" | "delete-item" }>;

/** What the coach typed: the form without its hidden fields (the item, the block's words). */
function typedPart(posted: ContentForm): Record<string, unknown> {
  const hidden = new Set<string>(["intent", ...HIDDEN_FIELDS]);
  return Object.fromEntries(Object.entries(posted).filter(([key]) => !hidden.has(key)));
}

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

/** The text fields she typed (capped), for a refused form to show them again. */
function typedValues(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(formToObject(form))) {
    if (["intent", "block", "expectedVersion", "js"].includes(key)) continue;
    out[key] = value.slice(0, 10_000);
  }
  return out;
}

const kindOf = (block: PhotoBlockName) => (block === "coachPhoto" ? "coach" : "hero");

/** A short description of a list item for the log and the toast. */
function itemLabel(block: ListBlock, item: Record<string, unknown>): string {
  if (block === "testimonials") return `${String(item.name)}, ${String(item.age)}`;
  if (block === "qualifications") return String(item.title);
  return String(item.question);
}

export async function runContentAction(adminId: string, form: FormData, site: ContentSite): Promise<ContentActionOutcome> {
  const intent = formIntent(form, ALL_INTENTS);
  const indexField = Number.parseInt(String(form.get("index") ?? ""), 10);
  const blockField = String(form.get("block") ?? "");
  const fail = (status: number, message: string, options: { changed?: boolean; field?: string | null } = {}): ContentActionOutcome => ({
    ok: false,
    status,
    failure: {
      ok: false,
      intent,
      block: isOneOf(CONTENT_BLOCKS, blockField) ? blockField : null,
      index: Number.isInteger(indexField) ? indexField : null,
      field: options.field ?? null,
      message,
      changed: options.changed ?? false,
      values: typedValues(form),
    },
  });
  const parsed = parseIntentForm(form, ContentFormSchema, HIDDEN_FIELDS);
  if (!parsed.ok) return fail(400, parsed.message, { field: parsed.field });
  const posted = parsed.data;
  const { block, expectedVersion } = posted;
  const label = BLOCK_LABELS[block];

  const save = async <K extends ContentBlock>(
    target: K,
    summary: string,
    change: (current: BlockValue<K>) => BlockValue<K> | null | Refusal,
    toast: string,
  ): Promise<ContentActionOutcome> => {
    try {
      const saved = await saveBlock({ adminId, block: target, site, expectedVersion, summary, change: (view) => change(view.value) });
      if (saved.ok) return { ok: true, toast: { title: "Saved", description: toast, variant: "success" } };
      if (saved.reason === "changed") return fail(409, CONTENT_MESSAGES.changedMeanwhile, { changed: true });
      return fail(400, saved.message, { field: saved.field });
    } catch (error) {
      logger.error("admin: could not save content", { error, adminId, intent, block: target });
      return fail(500, CONTENT_MESSAGES.saveFailed);
    }
  };

  switch (posted.intent) {
    case CONTENT_INTENTS.addItem:
    case CONTENT_INTENTS.updateItem:
    case CONTENT_INTENTS.moveItem:
    case CONTENT_INTENTS.deleteItem:
      return listAction(posted);
    case CONTENT_INTENTS.saveBlock:
      return save(posted.block, `${label} saved`, () => typedPart(posted) as BlockValue<typeof posted.block>, "Your words are on the site now.");
    case CONTENT_INTENTS.savePhoto:
      return photoAction(posted.block, posted.alt);
    case CONTENT_INTENTS.restore: {
      const { version } = posted;
      let value: unknown;
      try {
        value = await versionValue(getDb(), block, version);
      } catch (error) {
        logger.error("admin: could not read a content version", { error, adminId });
        return fail(500, CONTENT_MESSAGES.saveFailed);
      }
      if (value === undefined) return fail(404, CONTENT_MESSAGES.unknownVersion);
      // The stored value is checked again by the save, with the block's schema of today.
      return save(block, `${label}: version ${version} restored`, () => value as BlockValue<typeof block> | null, `Version ${version} is back on the site (saved as a new version).`);
    }
    case CONTENT_INTENTS.reset: {
      const photo = isOneOf(PHOTO_BLOCKS, block);
      return save(
        block,
        photo ? `${label}: removed` : `${label}: reset to the installed text`,
        () => null,
        photo ? "The photo is removed: the artwork is back on the site." : "The installed text is back on the site.",
      );
    }
  }

  async function listAction(list: ListForm): Promise<ContentActionOutcome> {
    type Item = Record<string, unknown>;
    const target = list.block;
    const rules = LIST_ITEMS[target];
    const edit = (summary: string, change: (items: Item[]) => Item[] | Refusal, toast: string) =>
      save(target, `${label}: ${summary}`, (current) => change(current as Item[]) as BlockValue<typeof target> | Refusal, toast);

    switch (list.intent) {
      case CONTENT_INTENTS.addItem: {
        const data = typedPart(list);
        return edit(
          `added ${itemLabel(target, data)}`,
          (items) => (items.length >= rules.most ? new Refusal(CONTENT_MESSAGES.tooMany) : [...items, data]),
          "It is on the site now.",
        );
      }
      case CONTENT_INTENTS.updateItem: {
        const { index } = list;
        const data = typedPart(list);
        return edit(
          `changed ${itemLabel(target, data)}`,
          (items) => (index < items.length ? items.map((old, i) => (i === index ? data : old)) : new Refusal(CONTENT_MESSAGES.unknownItem)),
          "It is updated on the site.",
        );
      }
      case CONTENT_INTENTS.moveItem: {
        const { index, direction } = list;
        const to = direction === "up" ? index - 1 : index + 1;
        return edit(
          `item ${index + 1} moved ${direction}`,
          (items) => {
            if (index >= items.length) return new Refusal(CONTENT_MESSAGES.unknownItem);
            if (to < 0 || to >= items.length) return items;
            const next = [...items];
            [next[index], next[to]] = [next[to]!, next[index]!];
            return next;
          },
          "The order is saved.",
        );
      }
      case CONTENT_INTENTS.deleteItem: {
        const { index } = list;
        return edit(
          `item ${index + 1} deleted`,
          (items) => (index < items.length ? items.filter((_, i) => i !== index) : new Refusal(CONTENT_MESSAGES.unknownItem)),
          "It is removed from the site.",
        );
      }
    }
  }

  async function photoAction(target: PhotoBlockName, altField: string): Promise<ContentActionOutcome> {
    const file = form.get("photo");
    const hasFile = file instanceof File && file.size > 0;
    if (!hasFile) {
      // Only the description changes; there must be a photo to describe.
      return save(
        target,
        `${label}: description changed`,
        (current) => (current ? { ...current, alt: altField || site.coachName } : new Refusal(SITE_PHOTO_MESSAGES.missing, "photo")),
        "The photo's description is saved.",
      );
    }
    // In her turn, and only if the block has not moved on since her form (nothing decoded
    // otherwise); saved within the turn, so a photo waiting behind it sees the new version.
    const processed = await processSitePhotoInTurn(
      adminId,
      file,
      kindOf(target),
      async () => (await readBlock(getDb(), target, site)).version === expectedVersion,
      async (photo) => {
        const outcome = await save(target, `${label}: new photo`, () => ({ photo, alt: altField || site.coachName }), "Your photo is on the site now.");
        // A photo that was not saved leaves no files behind.
        if (!outcome.ok) await deleteSitePhoto(photo).catch(() => {});
        return outcome;
      },
    );
    if (!processed.ok) {
      if (!("refusal" in processed)) return fail(400, processed.error, { field: "photo" });
      if (processed.refusal === "busy") return fail(429, processed.error, { field: "photo" });
      return fail(409, CONTENT_MESSAGES.changedMeanwhile, { changed: true });
    }
    return processed.kept;
  }
}

// ─── For the dashboard's routes (app/routes/admin/), with the site's database ───────────────────

/** The Content tab (docs/product.md §10.13), read now. */
export async function loadContentTab(): Promise<ContentTabData> {
  return loadContentData(getDb(), await getContentSite());
}

/** One of the Content tab's actions. */
export async function runContentTabAction(adminId: string, form: FormData): Promise<ContentActionOutcome> {
  return runContentAction(adminId, form, await getContentSite());
}
