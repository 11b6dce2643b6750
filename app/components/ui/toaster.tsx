import type { ReactNode } from "react";
import { Toaster as Sonner, toast } from "sonner";

export { toast };

/** The one toast region, placed once in the site shell. Colours come from app.css. */
export function Toaster() {
  return (
    <Sonner
      position="top-center"
      theme="light"
      richColors
      closeButton
      duration={6000}
      visibleToasts={4}
      offset="5.5rem"
      mobileOffset={{ top: "5rem", left: "1rem", right: "1rem" }}
      containerAriaLabel="Notifications"
      // NOTE: an open Radix dialog sets pointer-events: none on <body>; toasts shown above it
      // must still be dismissable.
      style={{ pointerEvents: "auto" }}
      toastOptions={{ closeButtonAriaLabel: "Dismiss notification" }}
    />
  );
}

export type ToastVariant = "default" | "success" | "info" | "warning" | "destructive";

export interface ShowToastOptions {
  /** The toast's heading, e.g. 'Error', 'Validation Error', 'Success'. */
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds on screen (6 s by default; destructive toasts stay 8 s). */
  duration?: number;
  id?: string | number;
}

/**
 * One call for every toast the spec names, e.g.
 * `showToast({ title: "Validation Error", description: message, variant: "destructive" })`.
 * Returns the toast id (pass it to `toast.dismiss`).
 */
export function showToast({ title, description, variant = "default", duration, id }: ShowToastOptions) {
  const options = { description, duration, id };
  switch (variant) {
    case "destructive":
      return toast.error(title, { ...options, duration: duration ?? 8000 });
    case "success":
      return toast.success(title, options);
    case "info":
      return toast.info(title, options);
    case "warning":
      return toast.warning(title, options);
    default:
      return toast(title, options);
  }
}
