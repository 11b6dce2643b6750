import { z } from "~/validation/zod";

// The Content tab (docs/product.md §10.13): the words the coach edits herself. One module for the
// browser and the server: each block's schema, the form's field names and intents, and every message.

/** The blocks the coach can edit; each has a saved history and the installed text as its default. */
export const CONTENT_BLOCKS = ["testimonials"] as const;
export type ContentBlock = (typeof CONTENT_BLOCKS)[number];

export const CONTENT_INTENTS = {
  addTestimonial: "add-testimonial",
  updateTestimonial: "update-testimonial",
  moveTestimonial: "move-testimonial",
  deleteTestimonial: "delete-testimonial",
  restore: "restore-version",
  reset: "reset-block",
} as const;
export type ContentIntent = (typeof CONTENT_INTENTS)[keyof typeof CONTENT_INTENTS];

export const TESTIMONIAL_LIMITS = { quoteMax: 600, nameMax: 40, ageMin: 18, ageMax: 120, most: 24 } as const;

export const CONTENT_MESSAGES = {
  quoteRequired: "Please enter the quote.",
  quoteTooLong: `A quote can be at most ${TESTIMONIAL_LIMITS.quoteMax} characters.`,
  nameRequired: "Please enter her first name.",
  nameTooLong: `A name can be at most ${TESTIMONIAL_LIMITS.nameMax} characters.`,
  nameFormat: "Please enter a first name only: letters, spaces, hyphens and apostrophes.",
  ageFormat: `Please enter her age as a whole number from ${TESTIMONIAL_LIMITS.ageMin} to ${TESTIMONIAL_LIMITS.ageMax}.`,
  tooMany: `There can be at most ${TESTIMONIAL_LIMITS.most} testimonials.`,
  unknownItem: "That testimonial is no longer there. Please reload the page and try again.",
  unknownVersion: "That version is no longer there. Please reload the page and try again.",
  unknownIntent: "Unknown action. Please reload the page and try again.",
  changedMeanwhile:
    "Someone else saved this section while you were editing it, so your change was not saved. The newer version is shown now: please make your change again.",
  saveFailed: "Your change could not be saved. Please try again.",
} as const;

// ─── Testimonials ──────────────────────────────────────────────────────────────────────────────

/** Control characters and markup brackets never belong in a quote or a name. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const TestimonialSchema = z.object({
  quote: z
    .string({ error: CONTENT_MESSAGES.quoteRequired })
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(
      z
        .string()
        .min(1, CONTENT_MESSAGES.quoteRequired)
        .max(TESTIMONIAL_LIMITS.quoteMax, CONTENT_MESSAGES.quoteTooLong)
        .refine((value) => !CONTROL.test(value), CONTENT_MESSAGES.quoteRequired),
    ),
  name: z
    .string({ error: CONTENT_MESSAGES.nameRequired })
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, CONTENT_MESSAGES.nameRequired)
        .max(TESTIMONIAL_LIMITS.nameMax, CONTENT_MESSAGES.nameTooLong)
        .regex(/^[\p{L}][\p{L}\p{M} '’-]*$/u, CONTENT_MESSAGES.nameFormat),
    ),
  age: z.coerce
    .number({ error: CONTENT_MESSAGES.ageFormat })
    .int(CONTENT_MESSAGES.ageFormat)
    .min(TESTIMONIAL_LIMITS.ageMin, CONTENT_MESSAGES.ageFormat)
    .max(TESTIMONIAL_LIMITS.ageMax, CONTENT_MESSAGES.ageFormat),
});

export type TestimonialInput = z.output<typeof TestimonialSchema>;

/** The whole block as it is stored: the list in the order the site shows it. */
export const TestimonialsSchema = z.array(TestimonialSchema).max(TESTIMONIAL_LIMITS.most, CONTENT_MESSAGES.tooMany);

/** The fields of one item's form, and the item's place in the list (0-based). */
export const TestimonialItemSchema = TestimonialSchema.extend({ index: z.coerce.number().int().min(0) });

/** Every content form carries the version it was shown, so a save over a newer one is refused. */
export const ExpectedVersionSchema = z.object({ expectedVersion: z.coerce.number().int().min(0) });

export const ContentBlockSchema = z.object({ block: z.enum(CONTENT_BLOCKS, { error: CONTENT_MESSAGES.unknownIntent }) });
