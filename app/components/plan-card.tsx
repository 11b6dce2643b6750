import { Link } from "react-router";
import type { PlanOffer } from "~/content/plans";
import { cn } from "~/utils/cn";
import { ArrowRightIcon, CheckIcon } from "./icons";

export interface PlanCardProps {
  plan: PlanOffer;
  /** Heading level in the page outline (h3 by default). */
  headingLevel?: "h2" | "h3";
  /** "paid" (white card; a popular one is plum) or "free" (a quieter sand card). */
  variant?: "paid" | "free";
  className?: string;
}

/**
 * One offer (docs/product.md §5.1): name, subtitle, duration note, price, features and the two
 * actions (Learn More, and Buy Now or Join Now). The popular plan is marked 'Most Popular'.
 */
export function PlanCard({ plan, headingLevel: Heading = "h3", variant = "paid", className }: PlanCardProps) {
  const featured = plan.popular;
  const headingId = `plan-${plan.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        "relative flex h-full flex-col rounded-[2rem] border p-7 sm:p-9",
        featured
          ? "on-dark border-brand-800 bg-brand-800 text-sand-100 shadow-xl"
          : variant === "free"
            ? "border-sand-300 bg-sand-100 shadow-sm"
            : "border-sand-200 bg-white shadow-md",
        className,
      )}
    >
      {featured ? (
        <p className="absolute -top-4 left-7 inline-flex items-center gap-1.5 rounded-full bg-accent-300 px-4 py-1.5 text-sm font-bold tracking-wide text-brand-950 shadow-md sm:left-9">
          <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false" className="size-4 fill-current">
            <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
          </svg>
          Most Popular
        </p>
      ) : null}

      <header>
        <Heading
          id={headingId}
          className={cn("text-3xl sm:text-[2.125rem]", featured ? "text-white" : "text-ink")}
        >
          {plan.name}
        </Heading>
        <p className={cn("mt-2 text-lg", featured ? "text-brand-100" : "text-ink-muted")}>{plan.subtitle}</p>
      </header>

      <div className={cn("mt-7 border-y py-6", featured ? "border-white/15" : "border-sand-200")}>
        <p className="flex items-baseline gap-1.5">
          <span
            className={cn(
              "font-display text-5xl leading-none font-semibold tracking-tight sm:text-6xl",
              featured ? "text-white" : "text-brand-800",
            )}
          >
            {plan.priceText}
          </span>
          {plan.priceUnit ? (
            <span className={cn("text-lg font-medium", featured ? "text-brand-100" : "text-ink-muted")}>
              {plan.priceUnit}
            </span>
          ) : null}
        </p>
        <p className={cn("mt-3 text-base", featured ? "text-sand-100" : "text-ink")}>{plan.priceNote}</p>
        <p
          className={cn(
            "mt-3 inline-flex rounded-full px-3 py-1 text-sm font-semibold",
            featured ? "bg-white/10 text-accent-200" : "bg-accent-50 text-accent-800",
          )}
        >
          {plan.durationNote}
        </p>
      </div>

      <ul className="mt-7 flex-1 space-y-3.5">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <span
              aria-hidden="true"
              className={cn(
                "mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full",
                featured ? "bg-accent-300 text-brand-950" : "bg-brand-100 text-brand-700",
              )}
            >
              <CheckIcon className="size-4" strokeWidth={2.5} />
            </span>
            <span className={cn("text-base", featured ? "text-sand-50" : "text-ink")}>{feature}</span>
          </li>
        ))}
      </ul>

      <div className="mt-9 grid gap-3 sm:grid-cols-2">
        <Link
          to={plan.learnMore.href}
          className={cn(
            "btn",
            featured ? "border-white/60 bg-transparent text-white hover:bg-white/10" : "btn-outline",
          )}
        >
          {plan.learnMore.label}
          <span className="sr-only"> about {plan.name}</span>
        </Link>
        <Link to={plan.buy.href} className={cn("btn", featured ? "btn-accent" : "btn-primary")}>
          {plan.buy.label}
          <span className="sr-only">: {plan.name}</span>
          <ArrowRightIcon className="size-5" />
        </Link>
      </div>
    </article>
  );
}
