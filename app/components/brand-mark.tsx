import { cn } from "~/utils/cn";

export interface BrandMarkProps {
  /** "plum" (default) on light surfaces; "light" on dark ones such as the footer. */
  tone?: "plum" | "light";
  className?: string;
}

/**
 * The site's mark: a kettlebell in a soft tile, with an apricot "sunrise" on its bell.
 * Decorative: the brand link beside it carries the business name.
 */
export function BrandMark({ tone = "plum", className }: BrandMarkProps) {
  const light = tone === "light";
  return (
    <svg
      viewBox="0 0 40 40"
      width="40"
      height="40"
      aria-hidden="true"
      focusable="false"
      className={cn("size-10 shrink-0", className)}
    >
      <rect width="40" height="40" rx="12" className={light ? "fill-sand-50" : "fill-brand-700"} />
      <path
        d="M14 20.5C12.2 16.5 11.6 11.2 14.2 9.6 15 9.1 16 9 17 9h6c1 0 2 .1 2.8.6 2.6 1.6 2 6.9.2 10.9"
        fill="none"
        strokeWidth="3"
        strokeLinecap="round"
        className={light ? "stroke-brand-700" : "stroke-sand-50"}
      />
      <path d="M12.6 31.5a9.3 9.3 0 1 1 14.8 0z" className={light ? "fill-brand-700" : "fill-sand-50"} />
      <path d="M14.6 27.4a5.8 5.8 0 0 1 10.8 0z" className={light ? "fill-accent-300" : "fill-accent-400"} />
    </svg>
  );
}
