import type { ComponentProps } from "react";
import { cn } from "~/utils/cn";

export interface CardProps extends ComponentProps<"div"> {
  /** Lift on hover, for cards that are (or contain) one big link. */
  interactive?: boolean;
  /** "white" (default) on the cream page, "sand" for a quieter panel, "brand" for a tinted one. */
  tone?: "white" | "sand" | "brand";
}

const tones = {
  white: "border-sand-200 bg-white",
  sand: "border-sand-200 bg-sand-100",
  brand: "border-brand-100 bg-brand-50",
} as const;

export function Card({ className, interactive = false, tone = "white", ...props }: CardProps) {
  return (
    <div
      className={cn(
        "flex flex-col rounded-3xl border text-ink shadow-sm",
        tones[tone],
        interactive &&
          "transition-[box-shadow,transform,border-color] duration-200 hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-lg focus-within:border-brand-200",
        className,
      )}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-2 p-6 pb-0 sm:p-8 sm:pb-0", className)} {...props} />;
}

export interface CardTitleProps extends ComponentProps<"h3"> {
  /** The heading level that fits the page outline (h3 by default). */
  as?: "h2" | "h3" | "h4";
}

export function CardTitle({ className, as: Heading = "h3", ...props }: CardTitleProps) {
  return <Heading className={cn("font-display text-2xl font-semibold text-ink", className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("text-base text-ink-muted", className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex-1 p-6 sm:p-8", className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div className={cn("flex flex-wrap items-center gap-3 p-6 pt-0 sm:p-8 sm:pt-0", className)} {...props} />
  );
}
