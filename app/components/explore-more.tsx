import { Link } from "react-router";
import { ArrowRightIcon } from "~/components/icons";
import { cn } from "~/utils/cn";

export interface ExploreMoreItem {
  title: string;
  description: string;
  /** Where the card goes, e.g. "/community#top". */
  to: string;
  /** The cue at the foot of the card ("Explore the course"). */
  cta?: string;
}

export interface ExploreMoreProps {
  items: readonly ExploreMoreItem[];
  /** The section heading (h2). */
  title?: string;
  intro?: string;
  /** Id stem for the heading, so the section is named by it. */
  name?: string;
  className?: string;
}

// Three small, calm motifs that tell the cards apart without pictures.
const MOTIFS = [
  // Concentric rings: a path forward.
  <svg key="rings" viewBox="0 0 48 48" fill="none" className="size-12" aria-hidden="true" focusable="false">
    <circle cx="24" cy="24" r="20" className="stroke-brand-200" strokeWidth="2" />
    <circle cx="24" cy="24" r="12" className="stroke-brand-300" strokeWidth="2" strokeDasharray="2 5" strokeLinecap="round" />
    <circle cx="24" cy="24" r="5" className="fill-accent-300" />
  </svg>,
  // Three overlapping circles: people together.
  <svg key="people" viewBox="0 0 48 48" fill="none" className="size-12" aria-hidden="true" focusable="false">
    <circle cx="17" cy="21" r="10" className="fill-brand-100" />
    <circle cx="31" cy="21" r="10" className="fill-accent-200" fillOpacity="0.8" />
    <circle cx="24" cy="32" r="10" className="fill-brand-300" fillOpacity="0.6" />
  </svg>,
  // Stacked blocks: foundations.
  <svg key="blocks" viewBox="0 0 48 48" fill="none" className="size-12" aria-hidden="true" focusable="false">
    <rect x="6" y="32" width="36" height="9" rx="3" className="fill-brand-300" />
    <rect x="11" y="21" width="26" height="9" rx="3" className="fill-brand-200" />
    <rect x="16" y="10" width="16" height="9" rx="3" className="fill-accent-300" />
  </svg>,
];

/**
 * docs/product.md §5.6 waitlist page: the "Explore More" cards. Each card is one link (its title), stretched
 * over the whole card so the card is easy to tap; the cue at the foot is decorative.
 */
export function ExploreMore({
  items,
  title = "Explore More",
  intro,
  name = "explore-more",
  className,
}: ExploreMoreProps) {
  const headingId = `${name}-heading`;
  return (
    <section aria-labelledby={headingId} className={cn("section-y", className)}>
      <div className="container-page">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id={headingId} className="text-3xl sm:text-4xl">
            {title}
          </h2>
          {intro ? <p className="mt-4 text-lg text-ink-muted">{intro}</p> : null}
        </div>
        <ul className="mt-12 grid gap-6 lg:grid-cols-3">
          {items.map((item, index) => (
            <li key={item.to} className="flex">
              <article
                className={cn(
                  "group relative flex w-full flex-col rounded-3xl border border-sand-200 bg-white p-7 shadow-sm tablet-card-row sm:p-8",
                  "transition-[box-shadow,transform,border-color] duration-200 hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-lg",
                  "focus-within:border-brand-300 focus-within:shadow-lg",
                )}
                data-explore-card=""
              >
                {MOTIFS[index % MOTIFS.length]}
                <h3 className="mt-6 text-2xl">
                  <Link
                    to={item.to}
                    className="rounded-sm text-ink no-underline outline-none after:absolute after:inset-0 after:rounded-3xl after:content-[''] focus-visible:after:outline-3 focus-visible:after:outline-offset-3 focus-visible:after:outline-brand-600 group-hover:text-brand-700"
                  >
                    {item.title}
                  </Link>
                </h3>
                <p className="mt-3 flex-1 text-base text-ink-muted">{item.description}</p>
                {item.cta ? (
                  <p aria-hidden="true" className="mt-6 inline-flex items-center gap-2 font-semibold text-brand-700">
                    {item.cta}
                    <ArrowRightIcon className="size-5 transition-transform duration-200 group-hover:translate-x-1" />
                  </p>
                ) : null}
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
