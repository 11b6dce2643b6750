import type { ReactNode } from "react";
import { cn } from "~/utils/cn";

export interface PageHeroProps {
  /** The page's one <h1>. */
  title: ReactNode;
  /** A sentence or two under the title. */
  intro?: ReactNode;
  /** A short label above the title ("Coaching", "Free community"). */
  eyebrow?: ReactNode;
  /** Calls to action (buttons, links) under the intro. */
  children?: ReactNode;
  /** Left-aligned (default) or centred. */
  align?: "left" | "center";
  /** An id for the section, e.g. to link to it. */
  id?: string;
  className?: string;
}

/** The header of a page: eyebrow, h1, intro and actions on a warm, softly lit band. */
export function PageHero({ title, intro, eyebrow, children, align = "left", id, className }: PageHeroProps) {
  const centred = align === "center";
  return (
    <section
      id={id}
      className={cn(
        "relative isolate overflow-hidden border-b border-sand-200 bg-linear-to-b from-sand-100 to-sand-50",
        className,
      )}
    >
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-48 -right-40 size-[36rem] rounded-full bg-[radial-gradient(closest-side,rgb(233_204_214/0.85),transparent)] sm:-right-24" />
        <div className="absolute -bottom-56 -left-48 size-[30rem] rounded-full bg-[radial-gradient(closest-side,rgb(244_203_174/0.55),transparent)]" />
      </div>
      {/* NOTE: the ring has a column of its own beside the text (from 1024 px), so it can never run
          through the heading, the intro or the buttons however long they are; it may only spill
          out to the right, where the hero clips it. */}
      <div
        className={cn(
          "container-page py-16 sm:py-20 lg:py-28",
          !centred && "lg:grid lg:grid-cols-[minmax(0,1fr)_12rem] lg:gap-12 xl:grid-cols-[minmax(0,1fr)_18rem]",
        )}
      >
        <div className={cn("max-w-3xl", centred && "mx-auto text-center")}>
          {eyebrow ? <p className="eyebrow mb-4">{eyebrow}</p> : null}
          <h1 className="text-4xl sm:text-5xl lg:text-6xl">{title}</h1>
          {intro ? (
            <p className={cn("mt-6 max-w-2xl text-lg text-ink-muted sm:text-xl", centred && "mx-auto")}>{intro}</p>
          ) : null}
          {children ? (
            <div className={cn("mt-10 flex flex-wrap items-center gap-4", centred && "justify-center")}>{children}</div>
          ) : null}
        </div>
        {centred ? null : (
          <div aria-hidden="true" className="pointer-events-none relative hidden lg:block">
            <svg
              viewBox="0 0 400 400"
              className="absolute top-1/2 left-0 size-[26rem] -translate-y-1/2 text-brand-200 xl:size-[30rem]"
              fill="none"
            >
              <circle cx="200" cy="200" r="150" stroke="currentColor" strokeWidth="1.5" />
              <circle cx="200" cy="200" r="110" stroke="currentColor" strokeWidth="1" strokeDasharray="2 10" strokeLinecap="round" />
              {/* An apricot stretch of the ring, like progress on a journey. */}
              <path d="M174 347.7A150 150 0 0 1 59 148.7" className="stroke-accent-300" strokeWidth="4" strokeLinecap="round" />
              <circle cx="59" cy="148.7" r="7" className="fill-accent-400" />
            </svg>
          </div>
        )}
      </div>
    </section>
  );
}
