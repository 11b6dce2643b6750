import type { Testimonial } from "~/content/testimonials";
import { blockHistory, readBlock, saveBlock, versionValue, type BlockView, type HistoryEntry } from "~/server/content/blocks.server";
import { getDb, type Queryable } from "~/server/db/client.server";
import { formIntent, parseForm } from "~/server/http/form-action.server";
import { logger } from "~/server/logger.server";
import type { FlashToastInput } from "~/server/toast.server";
import { z } from "~/validation/zod";
import {
  CONTENT_INTENTS,
  CONTENT_MESSAGES,
  ContentBlockSchema,
  ExpectedVersionSchema,
  TestimonialItemSchema,
  TestimonialSchema,
  type ContentIntent,
} from "~/validation/content";

// The Content tab's data and actions (docs/product.md §10.13). The route has checked the admin and
// read the form; each action parses its fields with its schema in app/validation/content.ts and
// saves a new version of the block through app/server/content/blocks.server.ts.

export interface ContentTabData {
  testimonials: BlockView<Testimonial[]> & { history: HistoryEntry[] };
}

export async function loadContentData(db: Queryable): Promise<ContentTabData> {
  const [testimonials, history] = await Promise.all([readBlock(db, "testimonials"), blockHistory(db, "testimonials")]);
  return { testimonials: { ...testimonials, history } };
}

/** What a refused content form says, and where: the item (by its place) or the whole block. */
export interface ContentActionFailure {
  ok: false;
  intent: ContentIntent | null;
  index: number | null;
  message: string;
  /** Someone saved the block meanwhile: the tab shows the newer version. */
  changed: boolean;
  /** The fields she typed, for the form to keep them. */
  values: Record<string, string>;
}

export type ContentActionOutcome = { ok: true; toast: FlashToastInput } | { ok: false; status: number; failure: ContentActionFailure };

const ALL_INTENTS = Object.values(CONTENT_INTENTS);
const MoveSchema = z.object({ index: z.coerce.number().int().min(0), direction: z.enum(["up", "down"]) });
const IndexSchema = z.object({ index: z.coerce.number().int().min(0) });
const RestoreSchema = z.object({ version: z.coerce.number().int().min(1) });

const typed = (form: FormData) =>
  Object.fromEntries(
    ["quote", "name", "age"].map((key) => [key, typeof form.get(key) === "string" ? String(form.get(key)).slice(0, 2_000) : ""]),
  );

export async function runContentAction(adminId: string, form: FormData): Promise<ContentActionOutcome> {
  const intent = formIntent(form, ALL_INTENTS);
  const indexField = Number.parseInt(String(form.get("index") ?? ""), 10);
  const fail = (status: number, message: string, changed = false): ContentActionOutcome => ({
    ok: false,
    status,
    failure: { ok: false, intent, index: Number.isInteger(indexField) ? indexField : null, message, changed, values: typed(form) },
  });
  if (!intent) return fail(400, CONTENT_MESSAGES.unknownIntent);
  const expected = parseForm(form, ExpectedVersionSchema);
  if (!expected.ok) return fail(400, CONTENT_MESSAGES.unknownIntent);
  const block = parseForm(form, ContentBlockSchema);
  if (!block.ok) return fail(400, CONTENT_MESSAGES.unknownIntent);
  const expectedVersion = expected.data.expectedVersion;

  const save = async (summary: string, change: (current: Testimonial[]) => Testimonial[] | null | { refused: string }, toast: string) => {
    try {
      const saved = await saveBlock({ adminId, block: "testimonials", expectedVersion, summary, change: (view) => change(view.value) });
      if (saved.ok) return { ok: true as const, toast: { title: "Saved", description: toast, variant: "success" as const } };
      if (saved.reason === "changed") return fail(409, CONTENT_MESSAGES.changedMeanwhile, true);
      return fail(400, saved.message);
    } catch (error) {
      logger.error("admin: could not save content", { error, adminId, intent });
      return fail(500, CONTENT_MESSAGES.saveFailed);
    }
  };

  switch (intent) {
    case CONTENT_INTENTS.addTestimonial: {
      const item = parseForm(form, TestimonialSchema);
      if (!item.ok) return fail(400, item.error);
      return save(`Testimonial added: ${item.data.name}, ${item.data.age}`, (list) => [...list, item.data], "The testimonial is on the site now.");
    }
    case CONTENT_INTENTS.updateTestimonial: {
      const item = parseForm(form, TestimonialItemSchema);
      if (!item.ok) return fail(400, item.error);
      const { index, ...fields } = item.data;
      return save(
        `Testimonial changed: ${fields.name}, ${fields.age}`,
        (list) => (index < list.length ? list.map((t, i) => (i === index ? fields : t)) : { refused: CONTENT_MESSAGES.unknownItem }),
        "The testimonial is updated on the site.",
      );
    }
    case CONTENT_INTENTS.moveTestimonial: {
      const move = parseForm(form, MoveSchema);
      if (!move.ok) return fail(400, CONTENT_MESSAGES.unknownItem);
      const { index, direction } = move.data;
      const to = direction === "up" ? index - 1 : index + 1;
      return save(
        `Testimonial moved ${direction}`,
        (list) => {
          if (index >= list.length) return { refused: CONTENT_MESSAGES.unknownItem };
          if (to < 0 || to >= list.length) return list;
          const next = [...list];
          [next[index], next[to]] = [next[to]!, next[index]!];
          return next;
        },
        "The order is saved.",
      );
    }
    case CONTENT_INTENTS.deleteTestimonial: {
      const target = parseForm(form, IndexSchema);
      if (!target.ok) return fail(400, CONTENT_MESSAGES.unknownItem);
      const { index } = target.data;
      return save(
        "Testimonial deleted",
        (list) => (index < list.length ? list.filter((_, i) => i !== index) : { refused: CONTENT_MESSAGES.unknownItem }),
        "The testimonial is removed from the site.",
      );
    }
    case CONTENT_INTENTS.restore: {
      const restore = parseForm(form, RestoreSchema);
      if (!restore.ok) return fail(400, CONTENT_MESSAGES.unknownVersion);
      const { version } = restore.data;
      let value: unknown;
      try {
        value = await versionValue(getDb(), "testimonials", version);
      } catch (error) {
        logger.error("admin: could not read a content version", { error, adminId });
        return fail(500, CONTENT_MESSAGES.saveFailed);
      }
      if (value === undefined) return fail(404, CONTENT_MESSAGES.unknownVersion);
      return save(
        `Version ${version} restored`,
        () => (value === null ? null : (value as Testimonial[])),
        `Version ${version} is back on the site (saved as a new version).`,
      );
    }
    case CONTENT_INTENTS.reset:
      return save("Reset to the installed testimonials", () => null, "The installed testimonials are back on the site.");
  }
}
