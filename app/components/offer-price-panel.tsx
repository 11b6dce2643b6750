import { TickBadge } from "./list-markers";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { capitalise, type PriceDisplay } from "~/content/plans";
import { ArrowRightIcon } from "./icons";

export interface OfferPricePanelProps {
  productName: string;
  features: readonly string[];
  /** What she pays, as the headline, with the weekly figure beside it (docs/product.md §5.2). */
  price: PriceDisplay;
  /** The line under them: how the price is paid. */
  billing: ReactNode;
  checkout: string;
  ctaLabel: string;
  /** The small print under the button. */
  footnote: string;
}

/** A sales page's price block on the plum band: the offer's features beside its price card. */
export function OfferPricePanel({ productName, features, price, billing, checkout, ctaLabel, footnote }: OfferPricePanelProps) {
  return (
    <div className="grid items-center gap-8 lg:grid-cols-[1.2fr_0.8fr] lg:gap-12">
      <ul className="divide-y divide-white/15 rounded-[2rem] border border-white/15 bg-white/[0.06] px-6 sm:px-8">
        {features.map((feature) => (
          <li key={feature} className="flex gap-4 py-5 text-lg">
            <TickBadge tone="accent" size="lg" className="mt-0.5" />
            <span className="text-sand-50">{feature}</span>
          </li>
        ))}
      </ul>
      <div className="rounded-[2rem] bg-white p-7 text-ink shadow-xl sm:p-9">
        <p className="eyebrow">{productName}</p>
        <p className="mt-4 flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <span className="font-display text-6xl leading-none font-semibold text-brand-800">{price.amount}</span>
          <span className="text-lg font-medium text-ink-muted">{price.unit}</span>
        </p>
        <p className="mt-3 text-lg font-semibold text-ink">{capitalise(price.weekly)}</p>
        <p className="mt-1 text-base text-ink-muted">{billing}</p>
        <Link to={checkout} className="btn btn-primary btn-lg mt-8 w-full">
          {ctaLabel}
          <ArrowRightIcon className="size-5" />
        </Link>
        <p className="mt-4 text-center text-sm text-ink-muted">{footnote}</p>
      </div>
    </div>
  );
}
