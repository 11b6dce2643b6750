import type { Testimonial } from "~/content/testimonials";
import { cn } from "~/utils/cn";

export interface TestimonialCarouselProps {
  items: readonly Testimonial[];
  /** The accessible name of the carousel region. */
  label?: string;
  /** "light" cards on a cream or white band (default); "dark" on a plum band. */
  tone?: "light" | "dark";
  className?: string;
}

/** docs/product.md §14.4: one full loop of the testimonials takes 30 s. */
export const TESTIMONIAL_LOOP_SECONDS = 30;

// NOTE: app.css belongs to the design system; the carousel's keyframes travel with it instead.
const CAROUSEL_CSS = `
@keyframes testimonial-marquee { to { transform: translate3d(-50%, 0, 0); } }
.testimonial-track { animation: testimonial-marquee ${TESTIMONIAL_LOOP_SECONDS}s linear infinite; will-change: transform; }
.testimonial-marquee:hover .testimonial-track,
.testimonial-marquee:focus-within .testimonial-track,
.testimonial-marquee[data-paused] .testimonial-track { animation-play-state: paused; }
.testimonial-marquee { mask-image: linear-gradient(to right, transparent, #000 3%, #000 97%, transparent); }
@media (prefers-reduced-motion: reduce) {
  .testimonial-track { animation: none; will-change: auto; }
  .testimonial-marquee { mask-image: none; }
}
`;

/**
 * docs/product.md §4.9 and §14.4: testimonials in a continuous 30-second loop (a CSS animation, no JavaScript
 * timer), paused while the pointer is over it or keyboard focus is inside it, and by the Pause
 * button (WCAG 2.2.2), which the islands script works (app/islands/carousel.ts: it flips
 * aria-pressed and data-paused; the icon and words follow aria-pressed in CSS). Under prefers-reduced-motion it is still: a plain horizontally scrollable
 * list without the copies. The second copy of the items, which makes the loop seamless, is hidden
 * from assistive technology.
 */
export function TestimonialCarousel({
  items,
  label = "What clients say",
  tone = "light",
  className,
}: TestimonialCarouselProps) {
  const dark = tone === "dark";

  const renderSet = (copy: boolean) => (
    <ul
      className={cn("flex shrink-0 gap-5 pr-5 sm:gap-6 sm:pr-6", copy && "motion-reduce:hidden")}
      aria-hidden={copy || undefined}
      data-testimonial-set={copy ? "copy" : "original"}
    >
      {items.map((item) => (
        <li key={`${item.name}-${item.age}`} className="flex w-[17.5rem] shrink-0 snap-start sm:w-[22rem]">
          <figure
            className={cn(
              "flex w-full flex-col justify-between gap-6 rounded-3xl border p-6 sm:p-7",
              dark ? "border-white/15 bg-white/[0.07]" : "border-sand-200 bg-white shadow-sm",
            )}
          >
            <div>
              <svg
                viewBox="0 0 32 24"
                aria-hidden="true"
                focusable="false"
                className={cn("h-6 w-8", dark ? "fill-accent-300" : "fill-accent-300")}
              >
                <path d="M0 24V14.4C0 6.6 4.4 1.6 12.2 0l1.4 3.2C9.2 4.6 7.2 7.4 7 11h5.6v13zm18.4 0V14.4C18.4 6.6 22.8 1.6 30.6 0L32 3.2c-4.4 1.4-6.4 4.2-6.6 7.8H31v13z" />
              </svg>
              <blockquote className="mt-4">
                <p className={cn("font-display text-lg leading-relaxed", dark ? "text-sand-50" : "text-ink")}>
                  {item.quote}
                </p>
              </blockquote>
            </div>
            <figcaption className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className={cn(
                  "inline-flex size-10 items-center justify-center rounded-full font-display text-lg font-semibold",
                  dark ? "bg-accent-300 text-brand-950" : "bg-brand-100 text-brand-800",
                )}
              >
                {item.name.charAt(0)}
              </span>
              <span className={cn("text-base font-semibold", dark ? "text-white" : "text-ink")}>
                {item.name}, {item.age}
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );

  return (
    <div className={cn("relative", className)}>
      {/* React 19 hoists this into <head> once, however many carousels a page has. */}
      <style href="testimonial-carousel" precedence="default">
        {CAROUSEL_CSS}
      </style>
      <div
        role="region"
        aria-label={label}
        aria-roledescription="carousel"
        // NOTE: focusable so keyboard users can pause the loop (focus within) and, under reduced
        // motion, scroll the list with the arrow keys (axe: scrollable-region-focusable).
        tabIndex={0}
        data-testimonial-region=""
        className={cn(
          "testimonial-marquee relative overflow-hidden rounded-3xl py-2",
          "motion-reduce:snap-x motion-reduce:snap-mandatory motion-reduce:overflow-x-auto",
          "focus-visible:outline-offset-4",
        )}
      >
        <div data-testimonial-track="" className="testimonial-track flex w-max">
          {renderSet(false)}
          {renderSet(true)}
        </div>
      </div>
      <div className="mt-5 flex justify-center motion-reduce:hidden">
        <button
          type="button"
          aria-pressed="false"
          data-testimonial-pause=""
          className={cn(
            "group inline-flex min-h-11 items-center gap-2 rounded-full px-4 text-sm font-semibold transition-colors",
            dark
              ? "text-sand-100 hover:bg-white/10 hover:text-white"
              : "text-brand-700 hover:bg-brand-50 hover:text-brand-800",
          )}
        >
          <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false" className="size-4 fill-current group-aria-pressed:hidden">
            <path d="M5 4h3.5v12H5zM11.5 4H15v12h-3.5z" />
          </svg>
          <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false" className="hidden size-4 fill-current group-aria-pressed:block">
            <path d="M6 4l10 6-10 6z" />
          </svg>
          <span className="group-aria-pressed:hidden">Pause testimonials</span>
          <span className="hidden group-aria-pressed:inline">Play testimonials</span>
        </button>
      </div>
    </div>
  );
}
