import type { ComponentProps } from "react";
import { Accordion as AccordionPrimitive } from "radix-ui";
import { cn } from "~/utils/cn";
import { ChevronDownIcon } from "~/components/icons";

// Usage (FAQ): <Accordion type="single" collapsible> <AccordionItem value="q1">
//   <AccordionTrigger>Question</AccordionTrigger> <AccordionContent>Answer</AccordionContent>
// </AccordionItem> </Accordion>. Arrow keys, Home and End move between questions.

export function Accordion({ className, ...props }: ComponentProps<typeof AccordionPrimitive.Root>) {
  return (
    <AccordionPrimitive.Root
      className={cn("divide-y divide-sand-200 rounded-3xl border border-sand-200 bg-white shadow-xs", className)}
      {...props}
    />
  );
}

export function AccordionItem({ className, ...props }: ComponentProps<typeof AccordionPrimitive.Item>) {
  return <AccordionPrimitive.Item className={cn("group/item", className)} {...props} />;
}

export interface AccordionTriggerProps extends ComponentProps<typeof AccordionPrimitive.Trigger> {
  /** The heading level wrapping the trigger (h3 by default). */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
}

export function AccordionTrigger({ className, children, headingLevel = 3, ...props }: AccordionTriggerProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <AccordionPrimitive.Header asChild>
      <Heading className="font-sans text-base font-semibold tracking-normal">
        <AccordionPrimitive.Trigger
          className={cn(
            "flex w-full items-center justify-between gap-4 px-5 py-5 text-left text-ink sm:px-7",
            "rounded-3xl transition-colors hover:text-brand-700 focus-visible:-outline-offset-3",
            "[&[data-state=open]>svg]:rotate-180",
            className,
          )}
          {...props}
        >
          <span>{children}</span>
          <ChevronDownIcon className="size-5 shrink-0 text-brand-700 transition-transform duration-200" />
        </AccordionPrimitive.Trigger>
      </Heading>
    </AccordionPrimitive.Header>
  );
}

export function AccordionContent({
  className,
  children,
  ...props
}: ComponentProps<typeof AccordionPrimitive.Content>) {
  return (
    <AccordionPrimitive.Content
      className="overflow-hidden data-[state=closed]:animate-accordion-up data-[state=open]:animate-accordion-down"
      {...props}
    >
      <div className={cn("px-5 pb-6 text-ink-muted sm:px-7", className)}>{children}</div>
    </AccordionPrimitive.Content>
  );
}
