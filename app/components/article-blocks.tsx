import type { ArticleBlock, CompareColumn } from "~/content/strength-training";
import { cn } from "~/utils/cn";
import { RichText } from "./article-text";
import { AlertTriangleIcon, CheckIcon, InfoIcon } from "./icons";

// Renders the blocks of an article or a legal page (app/content) as long-form copy: paragraphs,
// lists, sub-headings, callouts, small cards and a two-column comparison.

export interface ArticleBlocksProps {
  blocks: readonly ArticleBlock[];
  /** The heading level of the blocks' own headings ("h3" under a section's h2). */
  className?: string;
}

export function ArticleBlocks({ blocks, className }: ArticleBlocksProps) {
  return (
    <div className={cn("prose-copy max-w-none text-lg", className)}>
      {blocks.map((block, index) => (
        <Block key={index} block={block} />
      ))}
    </div>
  );
}

function Block({ block }: { block: ArticleBlock }) {
  switch (block.type) {
    case "p":
      return (
        <p>
          <RichText>{block.text}</RichText>
        </p>
      );
    case "h3":
      return <h3>{block.text}</h3>;
    case "list": {
      const List = block.ordered ? "ol" : "ul";
      return (
        <List>
          {block.items.map((item) => (
            <li key={item}>
              <RichText>{item}</RichText>
            </li>
          ))}
        </List>
      );
    }
    case "callout":
      return <Callout tone={block.tone} title={block.title} text={block.text} />;
    case "cards":
      return (
        <ul className={cn("!mt-8 grid list-none gap-4 !pl-0", block.items.length % 2 === 0 && "sm:grid-cols-2")}>
          {block.items.map((item) => (
            <li key={item.title} className="!mt-0 flex flex-col rounded-3xl border border-sand-200 bg-white p-6 shadow-xs sm:p-7">
              <h3 className="!mt-0 font-display text-2xl">{item.title}</h3>
              <p className="mt-3 text-base leading-relaxed text-ink-muted">
                <RichText>{item.text}</RichText>
              </p>
              {item.note ? (
                <p className="mt-4 border-t border-sand-200 pt-4 text-base font-medium text-brand-800">
                  <RichText>{item.note}</RichText>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      );
    case "compare":
      return (
        <div className="!mt-8 grid gap-4 sm:grid-cols-2">
          {block.columns.map((column) => (
            <CompareCard key={column.title} column={column} />
          ))}
        </div>
      );
  }
}

const compareTones: Record<CompareColumn["tone"], { box: string; title: string; mark: string }> = {
  calm: { box: "border-success-200 bg-success-50", title: "text-success-800", mark: "bg-success-600 text-white" },
  alert: { box: "border-danger-200 bg-danger-50", title: "text-danger-800", mark: "bg-danger-600 text-white" },
  brand: { box: "border-brand-200 bg-brand-50", title: "text-brand-800", mark: "bg-brand-700 text-white" },
  accent: { box: "border-accent-200 bg-accent-50", title: "text-accent-800", mark: "bg-accent-700 text-white" },
};

function CompareCard({ column }: { column: CompareColumn }) {
  const tone = compareTones[column.tone];
  const Icon = column.tone === "alert" ? AlertTriangleIcon : CheckIcon;
  return (
    <div className={cn("rounded-3xl border p-6 sm:p-7", tone.box)}>
      <h3 className={cn("!mt-0 flex items-center gap-3 font-sans text-lg font-bold tracking-normal", tone.title)}>
        <span aria-hidden="true" className={cn("inline-flex size-8 shrink-0 items-center justify-center rounded-full", tone.mark)}>
          <Icon className="size-4.5" strokeWidth={2.25} />
        </span>
        {column.title}
      </h3>
      <ul className="!mt-4 list-none space-y-3 !pl-0 text-base">
        {column.items.map((item) => (
          <li key={item} className="!mt-0 flex gap-3 text-ink">
            <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-current opacity-60" />
            <span>
              <RichText>{item}</RichText>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

const calloutTones = {
  info: { box: "border-info-200 bg-info-50 text-info-800", Icon: InfoIcon },
  warning: { box: "border-danger-200 bg-danger-50 text-danger-800", Icon: AlertTriangleIcon },
  brand: { box: "border-brand-200 bg-brand-50 text-brand-900", Icon: InfoIcon },
} as const;

export function Callout({
  tone,
  title,
  text,
  className,
}: {
  tone: keyof typeof calloutTones;
  title: string;
  text: string;
  className?: string;
}) {
  const { box, Icon } = calloutTones[tone];
  return (
    <div role="note" className={cn("!mt-8 flex gap-4 rounded-3xl border p-5 sm:p-6", box, className)}>
      <Icon className="mt-1 size-6 shrink-0" />
      <div>
        <p className="font-semibold">{title}</p>
        <p className="mt-1 text-base leading-relaxed">
          <RichText>{text}</RichText>
        </p>
      </div>
    </div>
  );
}
