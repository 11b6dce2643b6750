import { type ReactNode } from "react";
import { Form } from "react-router";
import type { ContentActionFailure, ContentBlockView } from "~/server/admin/content.server";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { InputField, TextareaField } from "~/components/ui/form-field";
import { CONTENT_INTENTS, FAQ_LIMITS, QUALIFICATION_LIMITS, TESTIMONIAL_LIMITS, type ListBlock } from "~/validation/content";
import { CONTENT_ACTION, MARKDOWN_HINT, type Values, Hidden, failureFor, BlockCard } from "./form-parts";
import { FormMessage, fieldError } from "../form-kit";

// The list blocks of the Content tab (testimonials, qualifications, the three FAQs): each item's
// fields, and the editor that adds, changes, moves and deletes items.

export interface FieldsProps {
  idPrefix: string;
  values: Values;
  failure: ContentActionFailure | null;
}

export function TestimonialFields({ idPrefix, values, failure }: FieldsProps) {
  return (
    <>
      <TextareaField
        label="Quote"
        name="quote"
        id={`${idPrefix}-quote`}
        defaultValue={values.quote}
        error={fieldError(failure, "quote")}
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
          error={fieldError(failure, "name")}
          hint="First name only"
          autoComplete="off"
          required
        />
        <InputField
          label="Age"
          name="age"
          id={`${idPrefix}-age`}
          defaultValue={values.age}
          error={fieldError(failure, "age")}
          inputMode="numeric"
          autoComplete="off"
          required
        />
      </div>
    </>
  );
}

export function QualificationFields({ idPrefix, values, failure }: FieldsProps) {
  return (
    <>
      <InputField
        label="Qualification"
        name="title"
        id={`${idPrefix}-title`}
        defaultValue={values.title}
        error={fieldError(failure, "title")}
        maxLength={QUALIFICATION_LIMITS.titleMax}
        autoComplete="off"
        required
      />
      <InputField
        label="What it covers"
        name="detail"
        id={`${idPrefix}-detail`}
        defaultValue={values.detail}
        error={fieldError(failure, "detail")}
        hint="Optional"
        maxLength={QUALIFICATION_LIMITS.detailMax}
        autoComplete="off"
      />
    </>
  );
}

export function FaqFields({ idPrefix, values, failure }: FieldsProps) {
  return (
    <>
      <InputField
        label="Question"
        name="question"
        id={`${idPrefix}-question`}
        defaultValue={values.question}
        error={fieldError(failure, "question")}
        maxLength={FAQ_LIMITS.questionMax}
        autoComplete="off"
        required
      />
      <TextareaField
        label="Answer"
        name="answer"
        id={`${idPrefix}-answer`}
        defaultValue={values.answer}
        error={fieldError(failure, "answer")}
        hint={MARKDOWN_HINT}
        rows={5}
        maxLength={FAQ_LIMITS.answerMax}
        required
      />
    </>
  );
}

export interface ListConfig {
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

export const LISTS: Record<ListBlock, ListConfig> = {
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

export function PriceNote() {
  return (
    <p className="text-base text-ink-muted">
      Until you save, the installed answers follow your prices on the Offers tab. Once you save this list, its words are
      yours: if you change a price later, change it here too.
    </p>
  );
}

export function ListEditor({ block, view, result, headingLevel }: { block: ListBlock; view: ContentBlockView<ListBlock>; result: ContentActionFailure | null; headingLevel: "h2" | "h3" }) {
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
