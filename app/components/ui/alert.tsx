import type { ComponentProps, ReactNode } from "react";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "~/utils/cn";
import { AlertCircleIcon, AlertTriangleIcon, CheckCircleIcon, InfoIcon } from "~/components/icons";

export const alertVariants = cva("flex items-start gap-3 rounded-2xl border p-4 text-base sm:p-5", {
  variants: {
    variant: {
      info: "border-info-200 bg-info-50 text-info-800",
      success: "border-success-200 bg-success-50 text-success-800",
      warning: "border-warning-200 bg-warning-50 text-warning-800",
      destructive: "border-danger-200 bg-danger-50 text-danger-800",
    },
  },
  defaultVariants: { variant: "info" },
});

export type AlertVariant = NonNullable<VariantProps<typeof alertVariants>["variant"]>;

const icons = {
  info: InfoIcon,
  success: CheckCircleIcon,
  warning: AlertTriangleIcon,
  destructive: AlertCircleIcon,
} as const;

export interface AlertProps extends Omit<ComponentProps<"div">, "title">, VariantProps<typeof alertVariants> {
  /** A bold first line. */
  title?: ReactNode;
  /** Hide the leading icon. */
  hideIcon?: boolean;
}

/**
 * An inline message (checkout errors, "Payment was cancelled…"). role="alert" by default so it
 * is announced when it appears; pass role="status" for calm, non-urgent news.
 */
export function Alert({ className, variant, title, hideIcon = false, role = "alert", children, ...props }: AlertProps) {
  const Icon = icons[variant ?? "info"];
  return (
    <div role={role} className={cn(alertVariants({ variant }), className)} {...props}>
      {hideIcon ? null : <Icon className="mt-0.5 size-5.5 shrink-0" />}
      <div className="flex min-w-0 flex-col gap-1">
        {title ? <AlertTitle>{title}</AlertTitle> : null}
        {children ? <AlertDescription>{children}</AlertDescription> : null}
      </div>
    </div>
  );
}

export function AlertTitle({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("font-semibold", className)} {...props} />;
}

export function AlertDescription({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("leading-relaxed", className)} {...props} />;
}
