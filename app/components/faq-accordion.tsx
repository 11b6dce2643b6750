import type { ReactNode } from "react";
import { cn } from "~/utils/cn";
import { ChevronDownIcon } from "./icons";

export interface FaqAccordionItem {
  question: string;
  /** A string is shown as one paragraph; pass nodes for links or several paragraphs. */
  answer: ReactNode;
}

export interface FaqAccordionProps {
  items: FaqAccordionItem[];
  /** Stem of each item's id (`faq-1`, `faq-2`…), so two FAQs on one page never clash. */
  idPrefix?: string;
  /** The heading level of each question, to fit the page outline (h3 by default). */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/**
 * docs/product.md §5.7 FAQ accordions: one question open at a time, and the open one closes again when its
 * question is pressed. Each question is a heading holding a button (aria-expanded, aria-controls);
 * the server writes every answer closed (data-state, app.css), and the islands script (app/islands/accordion.ts) opens
 * and closes them, with the arrow keys, Home and End moving between questions. Without JavaScript
 * every answer shows.
 */
export function FaqAccordion({ items, idPrefix = "faq", headingLevel = 3, className }: FaqAccordionProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      data-accordion=""
      className={cn("divide-y divide-sand-200 rounded-3xl border border-sand-200 bg-white shadow-xs", className)}
    >
      {items.map((item, index) => {
        const id = `${idPrefix}-${index + 1}`;
        return (
          <div key={id} id={id} data-faq-item="" data-state="closed" className="group/item">
            <Heading className="font-sans text-base font-semibold tracking-normal">
              <button
                type="button"
                id={`${id}-trigger`}
                aria-expanded="false"
                aria-controls={`${id}-answer`}
                data-accordion-trigger=""
                className={cn(
                  "flex w-full items-center justify-between gap-4 px-5 py-5 text-left text-pretty text-ink sm:px-7",
                  "rounded-3xl transition-colors hover:text-brand-700 focus-visible:-outline-offset-3",
                  "[&[aria-expanded=true]>svg]:rotate-180",
                )}
              >
                <span>{item.question}</span>
                <ChevronDownIcon className="size-5 shrink-0 text-brand-700 transition-transform duration-200" />
              </button>
            </Heading>
            <div
              id={`${id}-answer`}
              role="region"
              aria-labelledby={`${id}-trigger`}
              data-state="closed"
              className="faq-answer animate-fade-in"
            >
              <div className="space-y-4 px-5 pb-6 leading-relaxed text-ink-muted sm:px-7">
                {typeof item.answer === "string" ? <p>{item.answer}</p> : item.answer}
              </div>
            </div>
          </div>
        );
      })}
    </div>
  );
}

/** schema.org FAQPage for a page's FAQ (answers as plain text). */
export function faqPageJsonLd(items: { question: string; answer: string }[]): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

/** A question whose answer is the coach's Markdown, rendered on the server (app/server/site-blocks/rendered.server.ts). */
export interface RenderedFaqAnswer {
  question: string;
  /** Safe HTML from app/utils/markdown.ts. */
  html: string;
  /** The answer's words, for the structured data. */
  text: string;
}

/** The accordion's items for answers rendered from Markdown. */
export function renderedFaqItems(items: readonly RenderedFaqAnswer[]): FaqAccordionItem[] {
  return items.map((item) => ({
    question: item.question,
    answer: <div className="prose-copy max-w-none text-ink-muted" dangerouslySetInnerHTML={{ __html: item.html }} />,
  }));
}

/** FAQPage structured data that follows the answers shown. */
export function renderedFaqJsonLd(items: readonly RenderedFaqAnswer[]): Record<string, unknown> {
  return faqPageJsonLd(items.map((item) => ({ question: item.question, answer: item.text })));
}
