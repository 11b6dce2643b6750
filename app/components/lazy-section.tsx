import type { CSSProperties, ReactNode } from "react";
import { cn } from "~/utils/cn";

// docs/product.md §14.4: the home page's lead-capture form loads "after idle (timeout 2000 ms,
// otherwise 500 ms delay)" and the 28-day calendar form "when 10% visible within a 100 px margin,
// with a 100 ms delay". The server writes a placeholder of the same size (so nothing shifts when
// the content arrives) and the content itself in a <template>, which the islands script puts in
// its place at the right moment (app/islands/lazy-sections.ts).
// Without JavaScript the content is also written inside <noscript>, so the forms still work
// (they post as plain HTML forms).
//
// Usage (the home page):
//
//   <LazySection when="idle" minHeight="34rem" aria-label="Free menopause strength guide">
//     <EmailListForm variant="lead_capture" />
//   </LazySection>

export interface LazySectionProps {
  /** "idle": after the browser is idle; "visible": when the section nears the viewport. */
  when: "idle" | "visible";
  children: ReactNode;
  /** The height the content will take, kept from the server render on, so nothing shifts. */
  minHeight?: CSSProperties["minHeight"];
  /** Shown until the content loads (a quiet skeleton by default). Hidden from screen readers. */
  placeholder?: ReactNode;
  /** Server-render the content in <noscript> for visitors without JavaScript (default true). */
  noscript?: boolean;
  className?: string;
  id?: string;
  /** Names the section for screen readers (it then has role="group"). */
  "aria-label"?: string;
}

function DefaultPlaceholder() {
  return (
    <div className="flex h-full min-h-[inherit] w-full animate-pulse flex-col gap-4 rounded-3xl bg-sand-100/70 p-6">
      <div className="h-6 w-2/3 rounded-full bg-sand-200" />
      <div className="h-12 w-full rounded-xl bg-sand-200" />
      <div className="h-12 w-full rounded-xl bg-sand-200" />
      <div className="h-12 w-1/2 rounded-full bg-sand-200" />
    </div>
  );
}

/** A section whose content loads after idle or near the viewport (docs/product.md §14.4), without layout shift. */
export function LazySection({
  when,
  children,
  minHeight,
  placeholder,
  noscript = true,
  className,
  id,
  "aria-label": ariaLabel,
}: LazySectionProps) {
  return (
    <div
      id={id}
      // NOTE: aria-label needs a role; "group" names the section without adding a landmark.
      role={ariaLabel ? "group" : undefined}
      aria-label={ariaLabel}
      aria-busy
      data-lazy-section={when}
      data-lazy-state="waiting"
      className={cn("w-full", className)}
      style={minHeight !== undefined ? { minHeight } : undefined}
    >
      {/* NOTE: noscript:hidden is @media (scripting: none): without JavaScript only the real content shows. */}
      <div aria-hidden="true" data-lazy-placeholder="" className="h-full min-h-[inherit] noscript:hidden">
        {placeholder ?? <DefaultPlaceholder />}
      </div>
      <template data-lazy-content="">{children}</template>
      {noscript ? <noscript>{children}</noscript> : null}
    </div>
  );
}
