import type { ComponentProps } from "react";
import { cn } from "~/utils/cn";

// Text inputs: 18 px text (no zoom on iOS), a 3:1 border, and a red border when aria-invalid.
const fieldBase = cn(
  "block w-full rounded-xl border border-line-strong bg-white px-4 text-base text-ink shadow-xs",
  "placeholder:text-ink-muted transition-[border-color,box-shadow] duration-150",
  "hover:border-ink-muted focus-visible:border-brand-700 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-brand-200",
  "aria-invalid:border-danger-600 aria-invalid:focus-visible:ring-danger-100",
  "disabled:cursor-not-allowed disabled:bg-sand-100 disabled:opacity-70",
  "read-only:bg-sand-50",
);

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return <input type={type} className={cn(fieldBase, "min-h-12 py-2.5", className)} {...props} />;
}

export function Textarea({ className, rows = 4, ...props }: ComponentProps<"textarea">) {
  return <textarea rows={rows} className={cn(fieldBase, "min-h-28 py-3 leading-relaxed", className)} {...props} />;
}
