import { cn } from "~/utils/cn";

const sizes = { sm: "size-4", md: "size-5", lg: "size-8" } as const;

export interface SpinnerProps {
  size?: keyof typeof sizes;
  /** Announced to screen readers. Pass `null` when the spinner sits inside a labelled control. */
  label?: string | null;
  className?: string;
}

/** A calm circular spinner. With a label it is a polite status message; without, decorative. */
export function Spinner({ size = "md", label = "Loading", className }: SpinnerProps) {
  const svg = (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      focusable="false"
      data-spinner=""
      className={cn("animate-spin", sizes[size], className)}
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (label === null) return svg;
  return (
    <span role="status" className="inline-flex items-center">
      {svg}
      <span className="sr-only">{label}</span>
    </span>
  );
}
