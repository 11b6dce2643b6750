import type { ReactNode } from "react";
import { cn } from "~/utils/cn";

const tones = {
  /** The page's cream. */
  plain: "bg-sand-50",
  /** A white band, for a section that should lift off the page. */
  white: "bg-white",
  /** A warmer sand band. */
  sand: "bg-sand-100",
  /** A soft plum tint. */
  blush: "bg-brand-50",
  /** Deep plum: text turns light (use `on-dark` text colours inside). */
  plum: "on-dark bg-brand-900 text-sand-100",
} as const;

export type SectionTone = keyof typeof tones;

export interface SectionProps {
  /** The heading's id stem; the section is labelled by its heading. Also the section's id unless `id` is given. */
  name: string;
  /** The section's own id (an anchor such as "consultation"); defaults to none. */
  id?: string;
  eyebrow?: ReactNode;
  title: ReactNode;
  intro?: ReactNode;
  tone?: SectionTone;
  /** Centre the header (default) or align it left. */
  align?: "center" | "left";
  /** Extra content beside a left-aligned header on wide screens (a button, a note). */
  aside?: ReactNode;
  className?: string;
  /** Classes for the inner column (defaults to the page column). */
  innerClassName?: string;
  children?: ReactNode;
}

/**
 * A page section: an eyebrow, an h2 and an intro over the section's content, with generous
 * vertical rhythm. The <section> is named by its h2 (aria-labelledby).
 */
export function Section({
  name,
  id,
  eyebrow,
  title,
  intro,
  tone = "plain",
  align = "center",
  aside,
  className,
  innerClassName,
  children,
}: SectionProps) {
  const headingId = `${name}-heading`;
  const dark = tone === "plum";
  const centred = align === "center";
  return (
    <section id={id} aria-labelledby={headingId} className={cn("section-y relative isolate", tones[tone], className)}>
      <div className={cn("container-page", innerClassName)}>
        <header
          className={cn(
            "flex flex-col gap-6",
            centred ? "mx-auto max-w-3xl items-center text-center" : "lg:flex-row lg:items-end lg:justify-between",
          )}
        >
          <div className={cn(!centred && "max-w-3xl")}>
            {eyebrow ? <p className={cn("eyebrow mb-3", dark && "text-accent-200")}>{eyebrow}</p> : null}
            <h2
              id={headingId}
              className={cn("text-3xl sm:text-4xl lg:text-5xl", dark && "text-white")}
            >
              {title}
            </h2>
            {intro ? (
              <div
                className={cn(
                  "mt-5 text-lg sm:text-xl",
                  dark ? "text-brand-100" : "text-ink-muted",
                  centred && "mx-auto max-w-2xl",
                )}
              >
                {intro}
              </div>
            ) : null}
          </div>
          {aside ? <div className="shrink-0">{aside}</div> : null}
        </header>
        {children ? <div className="mt-12 sm:mt-14">{children}</div> : null}
      </div>
    </section>
  );
}
