import type { ComponentProps } from "react";
import { Slot } from "radix-ui";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "~/utils/cn";

export const badgeVariants = cva(
  "inline-flex items-center gap-1.5 rounded-full border px-3 py-0.5 text-xs font-semibold whitespace-nowrap no-underline transition-colors",
  {
    variants: {
      variant: {
        brand: "border-brand-200 bg-brand-100 text-brand-800",
        solid: "border-brand-700 bg-brand-700 text-white",
        accent: "border-accent-200 bg-accent-100 text-accent-800",
        neutral: "border-sand-300 bg-sand-100 text-ink",
        success: "border-success-200 bg-success-50 text-success-800",
        warning: "border-warning-200 bg-warning-50 text-warning-800",
        danger: "border-danger-200 bg-danger-50 text-danger-800",
        outline: "border-brand-700 bg-transparent text-brand-700",
      },
    },
    defaultVariants: { variant: "brand" },
  },
);

export type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>["variant"]>;

export interface BadgeProps extends ComponentProps<"span">, VariantProps<typeof badgeVariants> {
  /** Render the single child (e.g. a <Link>) with the badge's look. */
  asChild?: boolean;
}

export function Badge({ className, variant, asChild = false, ...props }: BadgeProps) {
  const Comp = asChild ? Slot.Root : "span";
  return <Comp className={cn(badgeVariants({ variant }), className)} {...props} />;
}
