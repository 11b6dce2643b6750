import { cn } from "~/utils/cn";
import { CheckIcon } from "./icons";

// The two markers the pages put before list items: a round tick before each benefit or promise,
// and a round number before each step. Both are decoration (aria-hidden): the list says the rest.

const TICK_TONES = {
  /** On white and sand sections. */
  brand: "bg-brand-100 text-brand-700",
  /** On the brand-coloured and dark sections. */
  accent: "bg-accent-300 text-brand-950",
} as const;

const TICK_SIZES = { md: "size-6", lg: "size-7" } as const;

export function TickBadge({
  tone = "brand",
  size = "md",
  className,
}: {
  tone?: keyof typeof TICK_TONES;
  size?: keyof typeof TICK_SIZES;
  /** Usually the top margin that lines the tick up with the item's first line. */
  className?: string;
}) {
  return (
    <span aria-hidden="true" className={cn("inline-flex shrink-0 items-center justify-center rounded-full", TICK_SIZES[size], TICK_TONES[tone], className)}>
      <CheckIcon className="size-4" strokeWidth={2.5} />
    </span>
  );
}

/** The number of a step in an ordered list of steps (1, 2, 3…). */
export function StepNumber({ n }: { n: number }) {
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-11 items-center justify-center rounded-full bg-accent-300 font-display text-xl font-semibold text-brand-950"
    >
      {n}
    </span>
  );
}
