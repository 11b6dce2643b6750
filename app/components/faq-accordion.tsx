import type { ReactNode } from "react";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";

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
 * SPEC §2 FAQ accordions: one question open at a time, and the open one closes again when its
 * question is pressed (type single + collapsible). Arrow keys, Home and End move between
 * questions; each question is a heading, so screen-reader users can jump through them.
 */
export function FaqAccordion({ items, idPrefix = "faq", headingLevel = 3, className }: FaqAccordionProps) {
  return (
    <Accordion type="single" collapsible className={className}>
      {items.map((item, index) => {
        const id = `${idPrefix}-${index + 1}`;
        return (
          <AccordionItem key={id} value={id} id={id} data-faq-item="">
            <AccordionTrigger headingLevel={headingLevel} className="text-pretty">{item.question}</AccordionTrigger>
            <AccordionContent className="space-y-4 leading-relaxed">
              {typeof item.answer === "string" ? <p>{item.answer}</p> : item.answer}
            </AccordionContent>
          </AccordionItem>
        );
      })}
    </Accordion>
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
