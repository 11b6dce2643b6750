import { useState, type FormEvent, type ReactNode } from "react";
import { Form } from "react-router";
import type { ContentActionFailure, ContentBlockView, ContentTabData } from "~/server/admin/content.server";
import { ResponsivePhoto } from "~/components/responsive-photo";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FileInput, InputField, TextareaField } from "~/components/ui/form-field";
import { formatDateTime } from "~/utils/format";
import { checkSitePhotoFile, SITE_PHOTO_ACCEPT } from "~/validation/content-photos";
import {
  ANNOUNCEMENT_LIMITS,
  BLOCK_LABELS,
  CONTENT_INTENTS,
  FAQ_LIMITS,
  HOME_HERO_LIMITS,
  MEET_LIMITS,
  QUALIFICATION_LIMITS,
  TESTIMONIAL_LIMITS,
  type ContentBlock,
  type ListBlock,
  type PhotoBlockName,
} from "~/validation/content";

// The Content tab (docs/product.md §10.13): every text and photo the coach changes herself, one
// card per block: the home page's headline, the announcement bar, testimonials, her meet page,
// qualifications, the three FAQs and the two photos. Each card shows whether the site has her
// version or the installed text, its history with 'Restore', and 'Reset to default'. Plain forms
// that post to /settings/admin/content and work before JavaScript loads; every form carries the
// version it shows, so a save over a newer one is refused. A refused form's message sits next to
// its field.

export const CONTENT_ACTION = "/settings/admin/content";

const MARKDOWN_HINT = "Blank line: new paragraph. **bold**, *italic*, [words](/page or https://…), lines starting “- ” for a list.";

interface Props {
  data: ContentTabData;
  result: ContentActionFailure | null;
  headingLevel?: "h2" | "h3";
}

type Values = Record<string, string>;

function Hidden({ block, intent, version, index }: { block: ContentBlock; intent: string; version: number; index?: number }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="block" value={block} />
      <input type="hidden" name="expectedVersion" value={version} />
      {index === undefined ? null : <input type="hidden" name="index" value={index} />}
    </>
  );
}

/** The failure when it belongs to this form (block, intent and item); null otherwise. */
function failureFor(result: ContentActionFailure | null, block: ContentBlock, intent: string, index: number | null = null) {
  return result && !result.changed && result.block === block && result.intent === intent && result.index === index ? result : null;
}

/** A message with no field of its own, shown above the form. */
function FormMessage({ failure }: { failure: ContentActionFailure | null }) {
  if (!failure || failure.field) return null;
  return (
    <p role="alert" className="font-semibold text-danger-700">
      {failure.message}
    </p>
  );
}

const errorOf = (failure: ContentActionFailure | null, field: string) => (failure?.field === field ? failure.message : null);

// ─── Fields of each block ──────────────────────────────────────────────────────────────────────

interface FieldsProps {
  idPrefix: string;
  values: Values;
  failure: ContentActionFailure | null;
}

function TestimonialFields({ idPrefix, values, failure }: FieldsProps) {
  return (
    <>
      <TextareaField
        label="Quote"
        name="quote"
        id={`${idPrefix}-quote`}
        defaultValue={values.quote}
        error={errorOf(failure, "quote")}
        rows={4}
        maxLength={TESTIMONIAL_LIMITS.quoteMax}
        required
      />
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem] sm:items-start">
        <InputField
          label="Name"
          name="name"
          id={`${idPrefix}-name`}
          defaultValue={values.name}
          error={errorOf(failure, "name")}
          hint="First name only"
          autoComplete="off"
          required
        />
        <InputField
          label="Age"
          name="age"
          id={`${idPrefix}-age`}
          defaultValue={values.age}
          error={errorOf(failure, "age")}
          inputMode="numeric"
          autoComplete="off"
          required
        />
      </div>
    </>
  );
}

function QualificationFields({ idPrefix, values, failure }: FieldsProps) {
  return (
    <>
      <InputField
        label="Qualification"
        name="title"
        id={`${idPrefix}-title`}
        defaultValue={values.title}
        error={errorOf(failure, "title")}
        maxLength={QUALIFICATION_LIMITS.titleMax}
        autoComplete="off"
        required
      />
      <InputField
        label="What it covers"
        name="detail"
        id={`${idPrefix}-detail`}
        defaultValue={values.detail}
        error={errorOf(failure, "detail")}
        hint="Optional"
        maxLength={QUALIFICATION_LIMITS.detailMax}
        autoComplete="off"
      />
    </>
  );
}

function FaqFields({ idPrefix, values, failure }: FieldsProps) {
  return (
    <>
      <InputField
        label="Question"
        name="question"
        id={`${idPrefix}-question`}
        defaultValue={values.question}
        error={errorOf(failure, "question")}
        maxLength={FAQ_LIMITS.questionMax}
        autoComplete="off"
        required
      />
      <TextareaField
        label="Answer"
        name="answer"
        id={`${idPrefix}-answer`}
        defaultValue={values.answer}
        error={errorOf(failure, "answer")}
        hint={MARKDOWN_HINT}
        rows={5}
        maxLength={FAQ_LIMITS.answerMax}
        required
      />
    </>
  );
}

interface ListConfig {
  Fields: (props: FieldsProps) => ReactNode;
  /** The item's form values from the stored item. */
  values: (item: Record<string, unknown>) => Values;
  /** The item's name in headings and buttons. */
  label: (item: Record<string, unknown>) => string;
  /** A line of the item under its name, so she finds it without opening it. */
  preview: (item: Record<string, unknown>) => string;
  addLabel: string;
  description: string;
  note?: ReactNode;
}

const LISTS: Record<ListBlock, ListConfig> = {
  testimonials: {
    Fields: TestimonialFields,
    values: (item) => ({ quote: String(item.quote), name: String(item.name), age: String(item.age) }),
    label: (item) => `${String(item.name)}, ${String(item.age)}`,
    preview: (item) => `“${String(item.quote)}”`,
    addLabel: "Add testimonial",
    description: "The clients' words on the home page, the meet page and the community page, in this order.",
    note: (
      <Alert variant="info" role="note" title="Real words, used with permission">
        Publish only what real clients said, with their permission, and first names only. Invented or edited reviews
        presented as genuine are unlawful in the UK (Digital Markets, Competition and Consumers Act 2024).
      </Alert>
    ),
  },
  qualifications: {
    Fields: QualificationFields,
    values: (item) => ({ title: String(item.title), detail: String(item.detail ?? "") }),
    label: (item) => String(item.title),
    preview: (item) => String(item.detail ?? ""),
    addLabel: "Add qualification",
    description: "Your certificates, on the contact page and the meet page, in this order.",
  },
  faqCoaching: {
    Fields: FaqFields,
    values: (item) => ({ question: String(item.question), answer: String(item.answer) }),
    label: (item) => String(item.question),
    preview: (item) => String(item.answer),
    addLabel: "Add question",
    description: "The questions and answers on the coaching services page (and in what search engines read).",
    note: <PriceNote />,
  },
  faqLearnToLift: {
    Fields: FaqFields,
    values: (item) => ({ question: String(item.question), answer: String(item.answer) }),
    label: (item) => String(item.question),
    preview: (item) => String(item.answer),
    addLabel: "Add question",
    description: "The questions and answers on the Learn to Lift page.",
    note: <PriceNote />,
  },
  faqFoundations: {
    Fields: FaqFields,
    values: (item) => ({ question: String(item.question), answer: String(item.answer) }),
    label: (item) => String(item.question),
    preview: (item) => String(item.answer),
    addLabel: "Add question",
    description: "The questions and answers on the Build Stronger Foundations page.",
    note: <PriceNote />,
  },
};

function PriceNote() {
  return (
    <p className="text-base text-ink-muted">
      Until you save, the installed answers follow your prices on the Offers tab. Once you save this list, its words are
      yours: if you change a price later, change it here too.
    </p>
  );
}

// ─── One card per block ────────────────────────────────────────────────────────────────────────

interface BlockCardProps {
  block: ContentBlock;
  view: ContentBlockView<ContentBlock>;
  description: ReactNode;
  result: ContentActionFailure | null;
  headingLevel: "h2" | "h3";
  children: ReactNode;
  /** What 'Reset to default' brings back, in words. */
  resetLabel?: string;
}

function BlockCard({ block, view, description, result, headingLevel, children, resetLabel = "Reset to default" }: BlockCardProps) {
  const photo = block === "coachPhoto" || block === "heroPhoto";
  // A message about the whole block: changed meanwhile, a version gone, an unknown form.
  const blockMessage =
    result && result.block === block && (result.changed || ![CONTENT_INTENTS.addItem, CONTENT_INTENTS.updateItem, CONTENT_INTENTS.saveBlock, CONTENT_INTENTS.savePhoto].includes(result.intent as never))
      ? result
      : null;
  return (
    <Card id={`content-${block}`} className="scroll-mt-24">
      <CardHeader>
        <CardTitle as={headingLevel}>{BLOCK_LABELS[block]}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {blockMessage ? (
          <Alert variant="destructive" title="Nothing was changed">
            {blockMessage.message}
          </Alert>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="flex flex-wrap items-center gap-2 text-base text-ink-muted">
            {view.customised ? <Badge variant="accent">{photo ? "Your photo" : "Your version"}</Badge> : <Badge variant="neutral">{photo ? "Artwork" : "Installed text"}</Badge>}
            <span>{view.version > 0 ? `Version ${view.version}` : "Nothing saved yet"}</span>
          </p>
          {view.customised ? (
            <Form method="post" action={CONTENT_ACTION}>
              <Hidden block={block} intent={CONTENT_INTENTS.reset} version={view.version} />
              <Button type="submit" variant="outline" size="sm" aria-label={`${resetLabel}: ${BLOCK_LABELS[block]}`}>
                {resetLabel}
              </Button>
            </Form>
          ) : null}
        </div>
        {children}
        <details className="rounded-2xl border border-sand-200 p-4">
          <summary className="cursor-pointer font-semibold text-ink">History</summary>
          <div className="mt-3 flex flex-col gap-3">
            {view.history.length === 0 ? (
              <p className="text-base text-ink-muted">Nothing saved yet: the site shows the installed text.</p>
            ) : (
              <ol className="flex flex-col divide-y divide-sand-200 rounded-2xl border border-sand-200">
                {view.history.map((entry) => (
                  <li key={entry.version} className="flex flex-wrap items-center justify-between gap-3 p-4">
                    <span className="text-base">
                      <span className="font-semibold">Version {entry.version}</span>
                      {entry.isDefault ? " (installed text)" : null} · {formatDateTime(entry.savedAt)}
                      {entry.savedBy ? ` · ${entry.savedBy}` : null}
                      {entry.version === view.version ? (
                        <Badge variant="success" className="ml-2">
                          Shown now
                        </Badge>
                      ) : null}
                    </span>
                    {entry.version === view.version ? null : (
                      <Form method="post" action={CONTENT_ACTION}>
                        <Hidden block={block} intent={CONTENT_INTENTS.restore} version={view.version} />
                        <input type="hidden" name="version" value={entry.version} />
                        <Button type="submit" variant="outline" size="sm" aria-label={`Restore version ${entry.version} of ${BLOCK_LABELS[block]}`}>
                          Restore
                        </Button>
                      </Form>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </div>
        </details>
      </CardContent>
    </Card>
  );
}

function ListEditor({ block, view, result, headingLevel }: { block: ListBlock; view: ContentBlockView<ListBlock>; result: ContentActionFailure | null; headingLevel: "h2" | "h3" }) {
  const config = LISTS[block];
  const items = view.value as unknown as Record<string, unknown>[];
  const version = view.version;
  const ItemHeading = headingLevel === "h2" ? "h3" : "h4";
  const addFailed = failureFor(result, block, CONTENT_INTENTS.addItem);
  const empty = Object.fromEntries(Object.keys(config.values(items[0] ?? {})).map((key) => [key, ""]));
  return (
    <BlockCard block={block} view={view} description={config.description} result={result} headingLevel={headingLevel}>
      {config.note}
      <ol className="flex flex-col gap-5">
        {items.map((item, index) => {
          const failed = failureFor(result, block, CONTENT_INTENTS.updateItem, index);
          const values = failed ? failed.values : config.values(item);
          const label = config.label(item);
          return (
            <li key={`${version}-${index}`} className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-sand-50 p-5">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <ItemHeading className="text-lg font-semibold text-ink">
                  {index + 1}. {label}
                </ItemHeading>
                <div className="flex flex-wrap gap-2">
                  {(["up", "down"] as const).map((direction) => (
                    <Form key={direction} method="post" action={CONTENT_ACTION}>
                      <Hidden block={block} intent={CONTENT_INTENTS.moveItem} version={version} index={index} />
                      <input type="hidden" name="direction" value={direction} />
                      <Button
                        type="submit"
                        variant="outline"
                        size="sm"
                        disabled={direction === "up" ? index === 0 : index === items.length - 1}
                        aria-label={`Move ${label} ${direction}`}
                      >
                        {direction === "up" ? "Move up" : "Move down"}
                      </Button>
                    </Form>
                  ))}
                </div>
              </div>
              <p className="line-clamp-2 text-base text-ink-muted">{config.preview(item)}</p>
              <div className="flex flex-wrap items-start gap-3">
                <details className="w-full" open={failed !== null}>
                  <summary className="btn btn-outline btn-sm w-fit cursor-pointer">Edit</summary>
                  <Form method="post" action={CONTENT_ACTION} noValidate className="mt-4 flex flex-col gap-4">
                    <Hidden block={block} intent={CONTENT_INTENTS.updateItem} version={version} index={index} />
                    <FormMessage failure={failed} />
                    <config.Fields idPrefix={`${block}-${index}`} values={values} failure={failed} />
                    <div>
                      <Button type="submit">Save</Button>
                    </div>
                  </Form>
                </details>
                <details className="w-full">
                  <summary className="btn btn-ghost btn-sm w-fit cursor-pointer text-danger-700">Delete</summary>
                  <Form method="post" action={CONTENT_ACTION} className="mt-3 flex flex-wrap items-center gap-3">
                    <Hidden block={block} intent={CONTENT_INTENTS.deleteItem} version={version} index={index} />
                    <p className="text-base">Remove “{label}” from the site?</p>
                    <Button type="submit" variant="destructive" size="sm">
                      Yes, delete it
                    </Button>
                  </Form>
                </details>
              </div>
            </li>
          );
        })}
      </ol>
      <details className="rounded-2xl border border-sand-200 p-5" open={addFailed !== null}>
        <summary className="cursor-pointer text-lg font-semibold text-ink">{config.addLabel}</summary>
        <Form method="post" action={CONTENT_ACTION} noValidate className="mt-4 flex flex-col gap-4">
          <Hidden block={block} intent={CONTENT_INTENTS.addItem} version={version} />
          <FormMessage failure={addFailed} />
          <config.Fields idPrefix={`${block}-new`} values={addFailed?.values ?? empty} failure={addFailed} />
          <div>
            <Button type="submit">Save</Button>
          </div>
        </Form>
      </details>
    </BlockCard>
  );
}

function SaveForm({ block, version, failure, children }: { block: ContentBlock; version: number; failure: ContentActionFailure | null; children: ReactNode }) {
  return (
    <Form method="post" action={CONTENT_ACTION} noValidate className="flex flex-col gap-4">
      <Hidden block={block} intent={CONTENT_INTENTS.saveBlock} version={version} />
      <FormMessage failure={failure} />
      {children}
      <div>
        <Button type="submit">Save</Button>
      </div>
    </Form>
  );
}

function HomeHeroEditor({ data, result, headingLevel }: { data: ContentTabData; result: ContentActionFailure | null; headingLevel: "h2" | "h3" }) {
  const view = data.blocks.homeHero;
  const failure = failureFor(result, "homeHero", CONTENT_INTENTS.saveBlock);
  const values = failure?.values ?? view.value;
  return (
    <BlockCard block="homeHero" view={view} description="The first words a visitor reads: the home page's headline and the line under it." result={result} headingLevel={headingLevel}>
      <SaveForm block="homeHero" version={view.version} failure={failure}>
        <InputField label="Headline" name="headline" id="homeHero-headline" defaultValue={values.headline} error={errorOf(failure, "headline")} maxLength={HOME_HERO_LIMITS.headlineMax} autoComplete="off" required />
        <TextareaField label="Line under the headline" name="intro" id="homeHero-intro" defaultValue={values.intro} error={errorOf(failure, "intro")} rows={3} maxLength={HOME_HERO_LIMITS.introMax} required />
      </SaveForm>
    </BlockCard>
  );
}

function AnnouncementEditor({ data, result, headingLevel }: { data: ContentTabData; result: ContentActionFailure | null; headingLevel: "h2" | "h3" }) {
  const view = data.blocks.announcement;
  const failure = failureFor(result, "announcement", CONTENT_INTENTS.saveBlock);
  const stored = view.value;
  const values: Values = failure?.values ?? { text: stored.text, linkLabel: stored.linkLabel, linkUrl: stored.linkUrl, enabled: stored.enabled ? "on" : "" };
  return (
    <BlockCard
      block="announcement"
      view={view}
      description="An optional bar across the top of every public page: a new cohort, a holiday, an offer."
      result={result}
      headingLevel={headingLevel}
    >
      <SaveForm block="announcement" version={view.version} failure={failure}>
        <div className="flex items-start gap-3">
          <input id="announcement-enabled" type="checkbox" name="enabled" defaultChecked={values.enabled === "on"} className="mt-1 size-5 shrink-0 cursor-pointer accent-brand-700" />
          <label htmlFor="announcement-enabled" className="text-base font-semibold text-ink">
            Show the bar on every public page
          </label>
        </div>
        <InputField label="Announcement" name="text" id="announcement-text" defaultValue={values.text} error={errorOf(failure, "text")} maxLength={ANNOUNCEMENT_LIMITS.textMax} autoComplete="off" />
        <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
          <InputField label="Link words" name="linkLabel" id="announcement-linkLabel" defaultValue={values.linkLabel} error={errorOf(failure, "linkLabel")} hint="Optional, e.g. “Join the waitlist”" maxLength={ANNOUNCEMENT_LIMITS.linkLabelMax} autoComplete="off" />
          <InputField label="Link address" name="linkUrl" id="announcement-linkUrl" defaultValue={values.linkUrl} error={errorOf(failure, "linkUrl")} hint="A page of this site (/learn-to-lift) or https://…" maxLength={ANNOUNCEMENT_LIMITS.linkUrlMax} autoComplete="off" inputMode="url" />
        </div>
      </SaveForm>
    </BlockCard>
  );
}

function MeetEditor({ data, result, headingLevel }: { data: ContentTabData; result: ContentActionFailure | null; headingLevel: "h2" | "h3" }) {
  const view = data.blocks.meetPage;
  const failure = failureFor(result, "meetPage", CONTENT_INTENTS.saveBlock);
  const values = failure?.values ?? view.value;
  return (
    <BlockCard block="meetPage" view={view} description="Your introduction, your story, the quote under it and the line under your photo on your meet page." result={result} headingLevel={headingLevel}>
      <SaveForm block="meetPage" version={view.version} failure={failure}>
        <TextareaField label="Introduction" name="bio" id="meetPage-bio" defaultValue={values.bio} error={errorOf(failure, "bio")} hint={MARKDOWN_HINT} rows={8} maxLength={MEET_LIMITS.bioMax} required />
        <TextareaField label="Your story" name="story" id="meetPage-story" defaultValue={values.story} error={errorOf(failure, "story")} hint={MARKDOWN_HINT} rows={10} maxLength={MEET_LIMITS.storyMax} required />
        <TextareaField label="Quote under your story" name="quote" id="meetPage-quote" defaultValue={values.quote} error={errorOf(failure, "quote")} hint="Optional" rows={2} maxLength={MEET_LIMITS.quoteMax} />
        <InputField label="Photo caption" name="caption" id="meetPage-caption" defaultValue={values.caption} error={errorOf(failure, "caption")} hint="The line under your name beside your photo" maxLength={MEET_LIMITS.captionMax} autoComplete="off" required />
      </SaveForm>
    </BlockCard>
  );
}

const PHOTO_TEXT: Record<PhotoBlockName, { description: string; empty: string }> = {
  coachPhoto: {
    description: "Your photo on your meet page and in the home page's coach section. Until you add one, the site shows your monogram artwork.",
    empty: "No photo yet: the site shows your monogram artwork.",
  },
  heroPhoto: {
    description: "An optional photo beside the home page's headline. Until you add one, the site shows its sunrise artwork.",
    empty: "No photo yet: the home page shows its sunrise artwork.",
  },
};

function PhotoEditor({ block, data, result, headingLevel }: { block: PhotoBlockName; data: ContentTabData; result: ContentActionFailure | null; headingLevel: "h2" | "h3" }) {
  const view = data.blocks[block];
  const sources = data.photos[block];
  const failure = failureFor(result, block, CONTENT_INTENTS.savePhoto) ?? (result && result.block === block && result.intent === null && result.field === "photo" ? result : null);
  const alt = failure?.values.alt ?? view.value?.alt ?? "";
  const fileId = `${block}-file`;
  const [checked, setChecked] = useState<string | null>(null);
  const photoError = checked ?? errorOf(failure, "photo");
  // With JavaScript, a file the server would refuse is stopped here, before the upload.
  const checkFile = (event: FormEvent<HTMLFormElement>) => {
    const input = event.currentTarget.elements.namedItem("photo");
    const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined;
    const problem = file && file.size > 0 ? checkSitePhotoFile(file) : null;
    setChecked(problem);
    if (problem && input instanceof HTMLInputElement) {
      event.preventDefault();
      input.focus();
    }
  };
  return (
    <BlockCard block={block} view={view} description={PHOTO_TEXT[block].description} result={result} headingLevel={headingLevel} resetLabel="Remove photo">
      <div className="grid gap-6 sm:grid-cols-[14rem_1fr] sm:items-start">
        {sources && view.value ? (
          <ResponsivePhoto photo={sources} alt={view.value.alt} sizes="14rem" className="overflow-hidden rounded-2xl border border-sand-200" />
        ) : (
          <p className="rounded-2xl border border-dashed border-sand-300 p-5 text-base text-ink-muted">{PHOTO_TEXT[block].empty}</p>
        )}
        <Form method="post" action={`${CONTENT_ACTION}?block=${block}`} encType="multipart/form-data" noValidate onSubmit={checkFile} className="flex flex-col gap-4">
          <Hidden block={block} intent={CONTENT_INTENTS.savePhoto} version={view.version} />
          <FormMessage failure={failure} />
          <div className="flex flex-col gap-2">
            <label htmlFor={fileId} className="text-base font-semibold text-ink">
              {view.value ? "Replace the photo" : "Photo"}
            </label>
            <p id={`${fileId}-hint`} className="-mt-1 text-sm text-ink-muted">
              JPEG, PNG or WebP, up to 10 MB. A large, sharp photo works best; it is resized for every screen.
            </p>
            <FileInput id={fileId} name="photo" accept={SITE_PHOTO_ACCEPT} error={photoError} />
          </div>
          <InputField
            label="Description (alt text)"
            name="alt"
            id={`${block}-alt`}
            defaultValue={alt}
            error={errorOf(failure, "alt")}
            hint={`What the photo shows, for people who cannot see it. Left empty, it is your name: ${data.coachName}.`}
            maxLength={200}
            autoComplete="off"
          />
          <div>
            <Button type="submit">Save</Button>
          </div>
        </Form>
      </div>
    </BlockCard>
  );
}

const SECTIONS: { block: ContentBlock; label: string }[] = [
  { block: "homeHero", label: "Home page headline" },
  { block: "heroPhoto", label: "Hero photo" },
  { block: "announcement", label: "Announcement bar" },
  { block: "testimonials", label: "Testimonials" },
  { block: "meetPage", label: "Meet page" },
  { block: "coachPhoto", label: "Coach photo" },
  { block: "qualifications", label: "Qualifications" },
  { block: "faqCoaching", label: "Coaching services FAQ" },
  { block: "faqLearnToLift", label: "Learn to Lift FAQ" },
  { block: "faqFoundations", label: "Foundations FAQ" },
];

export function ContentTab({ data, result, headingLevel = "h3" }: Props) {
  // A form refused before it could be read (another block's message has its own card).
  const unplaced = result && result.block === null ? result : null;
  const editor = (block: ContentBlock) => {
    switch (block) {
      case "homeHero":
        return <HomeHeroEditor key={block} data={data} result={result} headingLevel={headingLevel} />;
      case "announcement":
        return <AnnouncementEditor key={block} data={data} result={result} headingLevel={headingLevel} />;
      case "meetPage":
        return <MeetEditor key={block} data={data} result={result} headingLevel={headingLevel} />;
      case "coachPhoto":
      case "heroPhoto":
        return <PhotoEditor key={block} block={block} data={data} result={result} headingLevel={headingLevel} />;
      default:
        return <ListEditor key={block} block={block} view={data.blocks[block] as ContentBlockView<ListBlock>} result={result} headingLevel={headingLevel} />;
    }
  };
  return (
    <div className="flex flex-col gap-6">
      <nav aria-label="Content sections" className="rounded-2xl border border-sand-200 bg-white p-5">
        <p className="text-base text-ink-muted">
          Your words and photos on the site. A change shows within a few seconds, with no deploy, and every version is kept:
          open a section&apos;s History to bring one back.
        </p>
        <ul className="mt-3 flex flex-wrap gap-2">
          {SECTIONS.map((section) => (
            <li key={section.block}>
              <a href={`#content-${section.block}`} className="btn btn-outline btn-sm">
                {section.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {unplaced ? (
        <Alert variant="destructive" title="Nothing was changed">
          {unplaced.message}
        </Alert>
      ) : null}
      {SECTIONS.map((section) => editor(section.block))}
    </div>
  );
}
