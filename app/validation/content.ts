import { SitePhotoSchema } from "~/validation/content-photos";
import { z } from "~/validation/zod";

// The Content tab (docs/product.md §10.13): the words the coach edits herself. One module for the
// browser and the server: each block's schema, the form's field names and intents, and every message.
//
// Three kinds of block:
// - lists (testimonials, qualifications, the three FAQs): items added, edited, moved and deleted
//   one at a time; the stored value is the whole list in the order the site shows it;
// - forms (the home page's headline, the meet page's words, the announcement bar): one form, saved whole;
// - photos (the coach photo, the hero photo): an uploaded picture and its alt text.
// Long-form fields are Markdown, rendered by app/utils/markdown.ts (paragraphs, bold, italic,
// links and lists; anything else is shown as the text she typed).

export const CONTENT_BLOCKS = [
  "homeHero",
  "announcement",
  "testimonials",
  "meetPage",
  "qualifications",
  "faqCoaching",
  "faqLearnToLift",
  "faqFoundations",
  "coachPhoto",
  "heroPhoto",
] as const;
export type ContentBlock = (typeof CONTENT_BLOCKS)[number];

export const LIST_BLOCKS = ["testimonials", "qualifications", "faqCoaching", "faqLearnToLift", "faqFoundations"] as const;
export type ListBlock = (typeof LIST_BLOCKS)[number];
export const FORM_BLOCKS = ["homeHero", "meetPage", "announcement"] as const;
export type FormBlock = (typeof FORM_BLOCKS)[number];
export const PHOTO_BLOCKS = ["coachPhoto", "heroPhoto"] as const;
export type PhotoBlockName = (typeof PHOTO_BLOCKS)[number];

export const CONTENT_INTENTS = {
  addItem: "add-item",
  updateItem: "update-item",
  moveItem: "move-item",
  deleteItem: "delete-item",
  saveBlock: "save-block",
  savePhoto: "save-photo",
  restore: "restore-version",
  reset: "reset-block",
} as const;
export type ContentIntent = (typeof CONTENT_INTENTS)[keyof typeof CONTENT_INTENTS];

export const TESTIMONIAL_LIMITS = { quoteMax: 600, nameMax: 40, ageMin: 18, ageMax: 120, most: 24 } as const;
export const FAQ_LIMITS = { questionMax: 200, answerMax: 2_000, most: 20 } as const;
export const QUALIFICATION_LIMITS = { titleMax: 100, detailMax: 200, most: 12 } as const;
export const HOME_HERO_LIMITS = { headlineMax: 90, introMax: 400 } as const;
export const MEET_LIMITS = { bioMax: 4_000, storyMax: 6_000, quoteMax: 300, captionMax: 80 } as const;
export const ANNOUNCEMENT_LIMITS = { textMax: 160, linkLabelMax: 40, linkUrlMax: 500 } as const;

export const CONTENT_MESSAGES = {
  quoteRequired: "Please enter the quote.",
  quoteTooLong: `A quote can be at most ${TESTIMONIAL_LIMITS.quoteMax} characters.`,
  nameRequired: "Please enter her first name.",
  nameTooLong: `A name can be at most ${TESTIMONIAL_LIMITS.nameMax} characters.`,
  nameFormat: "Please enter a first name only: letters, spaces, hyphens and apostrophes.",
  ageFormat: `Please enter her age as a whole number from ${TESTIMONIAL_LIMITS.ageMin} to ${TESTIMONIAL_LIMITS.ageMax}.`,
  tooMany: "That list is full: please delete an item before adding another.",
  questionRequired: "Please enter the question.",
  questionTooLong: `A question can be at most ${FAQ_LIMITS.questionMax} characters.`,
  answerRequired: "Please enter the answer.",
  answerTooLong: `An answer can be at most ${FAQ_LIMITS.answerMax} characters.`,
  qualificationRequired: "Please enter the qualification.",
  qualificationTooLong: `A qualification can be at most ${QUALIFICATION_LIMITS.titleMax} characters.`,
  detailTooLong: `The line under it can be at most ${QUALIFICATION_LIMITS.detailMax} characters.`,
  headlineRequired: "Please enter the headline.",
  headlineTooLong: `The headline can be at most ${HOME_HERO_LIMITS.headlineMax} characters.`,
  introRequired: "Please enter the line under the headline.",
  introTooLong: `The line under the headline can be at most ${HOME_HERO_LIMITS.introMax} characters.`,
  bioRequired: "Please enter your introduction.",
  bioTooLong: `Your introduction can be at most ${MEET_LIMITS.bioMax} characters.`,
  storyRequired: "Please enter your story.",
  storyTooLong: `Your story can be at most ${MEET_LIMITS.storyMax} characters.`,
  storyQuoteTooLong: `The quote can be at most ${MEET_LIMITS.quoteMax} characters.`,
  captionRequired: "Please enter the line under your photo.",
  captionTooLong: `The line under your photo can be at most ${MEET_LIMITS.captionMax} characters.`,
  announcementRequired: "Please enter the announcement, or switch the bar off.",
  announcementTooLong: `The announcement can be at most ${ANNOUNCEMENT_LIMITS.textMax} characters.`,
  linkLabelTooLong: `The link's words can be at most ${ANNOUNCEMENT_LIMITS.linkLabelMax} characters.`,
  linkPair: "Please enter both the link's words and its address, or neither.",
  linkAddress: "Please enter a page of this site (starting with /) or a full address starting with https://.",
  altRequired: "Please describe the photo for people who cannot see it.",
  altTooLong: "The description can be at most 200 characters.",
  controlCharacters: "Please remove the invisible control characters from this text.",
  unknownItem: "That item is no longer there. Please reload the page and try again.",
  unknownVersion: "That version is no longer there. Please reload the page and try again.",
  unknownIntent: "Unknown action. Please reload the page and try again.",
  changedMeanwhile:
    "Someone else saved this section while you were editing it, so your change was not saved. The newer version is shown now: please make your change again.",
  saveFailed: "Your change could not be saved. Please try again.",
} as const;

/** Control characters never belong in her words (tabs and new lines do). */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A text field: new lines made plain, trimmed, required (or not), at most `max` characters. */
function text(max: number, messages: { required?: string; tooLong: string }) {
  const checked = z
    .string()
    .max(max, messages.tooLong)
    .refine((value) => !CONTROL.test(value), CONTENT_MESSAGES.controlCharacters);
  return z
    .string({ error: messages.required ?? messages.tooLong })
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(messages.required ? checked.min(1, messages.required) : checked);
}

/** A one-line field: as text(), with its new lines turned into spaces. */
function line(max: number, messages: { required?: string; tooLong: string }) {
  return z
    .string({ error: messages.required ?? messages.tooLong })
    .transform((value) => value.replace(/[\r\n]+/g, " "))
    .pipe(text(max, messages));
}

// ─── Lists ─────────────────────────────────────────────────────────────────────────────────────

export const TestimonialSchema = z.object({
  quote: text(TESTIMONIAL_LIMITS.quoteMax, { required: CONTENT_MESSAGES.quoteRequired, tooLong: CONTENT_MESSAGES.quoteTooLong }),
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

/** A question and its answer (Markdown). */
export const FaqItemSchema = z.object({
  question: line(FAQ_LIMITS.questionMax, { required: CONTENT_MESSAGES.questionRequired, tooLong: CONTENT_MESSAGES.questionTooLong }),
  answer: text(FAQ_LIMITS.answerMax, { required: CONTENT_MESSAGES.answerRequired, tooLong: CONTENT_MESSAGES.answerTooLong }),
});
export type FaqItem = z.output<typeof FaqItemSchema>;

/** A certificate and the line under it. */
export const QualificationSchema = z.object({
  title: line(QUALIFICATION_LIMITS.titleMax, { required: CONTENT_MESSAGES.qualificationRequired, tooLong: CONTENT_MESSAGES.qualificationTooLong }),
  detail: line(QUALIFICATION_LIMITS.detailMax, { tooLong: CONTENT_MESSAGES.detailTooLong }),
});
export type Qualification = z.output<typeof QualificationSchema>;

/** Each list block: its item's schema, its fields in form order, and the most items it may hold. */
export const LIST_ITEMS = {
  testimonials: { schema: TestimonialSchema, fields: ["quote", "name", "age"], most: TESTIMONIAL_LIMITS.most },
  qualifications: { schema: QualificationSchema, fields: ["title", "detail"], most: QUALIFICATION_LIMITS.most },
  faqCoaching: { schema: FaqItemSchema, fields: ["question", "answer"], most: FAQ_LIMITS.most },
  faqLearnToLift: { schema: FaqItemSchema, fields: ["question", "answer"], most: FAQ_LIMITS.most },
  faqFoundations: { schema: FaqItemSchema, fields: ["question", "answer"], most: FAQ_LIMITS.most },
} as const;

const list = <S extends z.ZodType>(item: S, most: number) => z.array(item).max(most, CONTENT_MESSAGES.tooMany);

export const TestimonialsSchema = list(TestimonialSchema, TESTIMONIAL_LIMITS.most);
export const QualificationsSchema = list(QualificationSchema, QUALIFICATION_LIMITS.most);
export const FaqSchema = list(FaqItemSchema, FAQ_LIMITS.most);

// ─── Forms ─────────────────────────────────────────────────────────────────────────────────────

/** The home page's h1 and the line under it (plain text). */
export const HomeHeroSchema = z.object({
  headline: line(HOME_HERO_LIMITS.headlineMax, { required: CONTENT_MESSAGES.headlineRequired, tooLong: CONTENT_MESSAGES.headlineTooLong }),
  intro: line(HOME_HERO_LIMITS.introMax, { required: CONTENT_MESSAGES.introRequired, tooLong: CONTENT_MESSAGES.introTooLong }),
});
export type HomeHero = z.output<typeof HomeHeroSchema>;

/** /meet-{slug}: her introduction and story (Markdown), the quote under the story, the caption under her photo. */
export const MeetPageSchema = z.object({
  bio: text(MEET_LIMITS.bioMax, { required: CONTENT_MESSAGES.bioRequired, tooLong: CONTENT_MESSAGES.bioTooLong }),
  story: text(MEET_LIMITS.storyMax, { required: CONTENT_MESSAGES.storyRequired, tooLong: CONTENT_MESSAGES.storyTooLong }),
  quote: line(MEET_LIMITS.quoteMax, { tooLong: CONTENT_MESSAGES.storyQuoteTooLong }),
  caption: line(MEET_LIMITS.captionMax, { required: CONTENT_MESSAGES.captionRequired, tooLong: CONTENT_MESSAGES.captionTooLong }),
});
export type MeetPage = z.output<typeof MeetPageSchema>;

/** A link the announcement bar may carry: a page of this site, or an https address. */
export function isAnnouncementLink(url: string): boolean {
  if (/\s/.test(url)) return false;
  if (url.startsWith("/")) return !url.startsWith("//") && !url.startsWith("/\\");
  try {
    return new URL(url).protocol === "https:";
  } catch {
    return false;
  }
}

/** The optional bar across the top of every public page. */
export const AnnouncementSchema = z
  .object({
    enabled: z.union([z.boolean(), z.literal("on"), z.literal("")]).optional().transform((value) => value === true || value === "on"),
    text: line(ANNOUNCEMENT_LIMITS.textMax, { tooLong: CONTENT_MESSAGES.announcementTooLong }),
    linkLabel: line(ANNOUNCEMENT_LIMITS.linkLabelMax, { tooLong: CONTENT_MESSAGES.linkLabelTooLong }),
    linkUrl: line(ANNOUNCEMENT_LIMITS.linkUrlMax, { tooLong: CONTENT_MESSAGES.linkAddress }),
  })
  .superRefine((value, ctx) => {
    if (value.enabled && value.text === "") ctx.addIssue({ code: "custom", path: ["text"], message: CONTENT_MESSAGES.announcementRequired });
    if ((value.linkLabel === "") !== (value.linkUrl === "")) {
      const path = value.linkLabel === "" ? "linkLabel" : "linkUrl";
      ctx.addIssue({ code: "custom", path: [path], message: CONTENT_MESSAGES.linkPair });
    } else if (value.linkUrl !== "" && !isAnnouncementLink(value.linkUrl)) {
      ctx.addIssue({ code: "custom", path: ["linkUrl"], message: CONTENT_MESSAGES.linkAddress });
    }
  });
export type Announcement = z.output<typeof AnnouncementSchema>;

/** A photo she uploaded (its renditions in the file storage) and the words that describe it. */
export const PhotoBlockSchema = z.object({
  photo: SitePhotoSchema,
  alt: line(200, { required: CONTENT_MESSAGES.altRequired, tooLong: CONTENT_MESSAGES.altTooLong }),
});
export type PhotoBlock = z.output<typeof PhotoBlockSchema>;

/** The photo form's text field (the file is read apart); left empty, the description is her name. */
export const PhotoAltSchema = z.object({ alt: line(200, { tooLong: CONTENT_MESSAGES.altTooLong }) });

export const FORM_SCHEMAS = { homeHero: HomeHeroSchema, meetPage: MeetPageSchema, announcement: AnnouncementSchema } as const;

// ─── Every form ────────────────────────────────────────────────────────────────────────────────

/** Every content form carries the version it was shown, so a save over a newer one is refused. */
export const ExpectedVersionSchema = z.object({ expectedVersion: z.coerce.number().int().min(0) });

export const ContentBlockSchema = z.object({ block: z.enum(CONTENT_BLOCKS, { error: CONTENT_MESSAGES.unknownIntent }) });

/** The blocks' names as the tab shows them (history, toasts, the activity log). */
export const BLOCK_LABELS: Record<ContentBlock, string> = {
  homeHero: "Home page headline",
  announcement: "Announcement bar",
  testimonials: "Testimonials",
  meetPage: "Meet page",
  qualifications: "Qualifications",
  faqCoaching: "Coaching services FAQ",
  faqLearnToLift: "Learn to Lift FAQ",
  faqFoundations: "Build Stronger Foundations FAQ",
  coachPhoto: "Coach photo",
  heroPhoto: "Hero photo",
};
