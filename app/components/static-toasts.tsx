import type { FlashToast } from "~/utils/flash-toast";
import { cn } from "~/utils/cn";
import { AlertCircleIcon, AlertTriangleIcon, CheckCircleIcon, CloseIcon, InfoIcon } from "./icons";

// The toasts of a page that does not hydrate (app/utils/islands-page.ts): the server writes the flash
// toasts into the region, and the islands script (app/islands/toasts.ts) dismisses them after a
// while or on their close button, and adds the ones handed over from the page before (a sign-in in
// the login dialog, which then reloads the page). The template is the markup it copies for those.
// The look is the one sonner gives the toasts of the pages that hydrate (app.css).

type Variant = FlashToast["variant"];

const VARIANT_CLASSES: Record<Variant, string> = {
  default: "border-sand-300 bg-white text-ink",
  success: "border-success-200 bg-success-50 text-success-800",
  info: "border-info-200 bg-info-50 text-info-800",
  warning: "border-warning-200 bg-warning-50 text-warning-800",
  destructive: "border-danger-200 bg-danger-50 text-danger-800",
};

/** The classes of each variant, for the islands script (which sets data-variant and these). */
export const TOAST_VARIANT_CLASSES = VARIANT_CLASSES;

function VariantIcon({ variant }: { variant: Variant }) {
  const className = "mt-0.5 size-5 shrink-0";
  return (
    <span data-toast-icon={variant} className="contents">
      {variant === "success" ? (
        <CheckCircleIcon className={className} />
      ) : variant === "destructive" ? (
        <AlertCircleIcon className={className} />
      ) : variant === "warning" ? (
        <AlertTriangleIcon className={className} />
      ) : variant === "info" ? (
        <InfoIcon className={className} />
      ) : null}
    </span>
  );
}

function ToastItem({ toast }: { toast: Pick<FlashToast, "title" | "description" | "variant"> }) {
  return (
    <li
      data-toast=""
      data-variant={toast.variant}
      role={toast.variant === "destructive" ? "alert" : "status"}
      className={cn(
        "pointer-events-auto flex w-full items-start gap-3 rounded-2xl border p-4 text-sm shadow-lg animate-fade-in",
        VARIANT_CLASSES[toast.variant],
      )}
    >
      <VariantIcon variant={toast.variant} />
      <div className="min-w-0 flex-1">
        <p data-toast-title="" className="leading-snug font-semibold">
          {toast.title}
        </p>{" "}
        <p data-toast-description="" className="mt-0.5 leading-normal empty:hidden">
          {toast.description ?? ""}
        </p>
      </div>
      <button
        type="button"
        data-toast-close=""
        aria-label="Dismiss notification"
        className="-m-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full opacity-70 transition hover:bg-black/5 hover:opacity-100"
      >
        <CloseIcon className="size-4" />
      </button>
    </li>
  );
}

export function StaticToasts({ toasts }: { toasts: FlashToast[] }) {
  return (
    <section
      aria-label="Notifications"
      data-toast-region=""
      className="pointer-events-none fixed inset-x-4 top-20 z-[70] mx-auto max-w-sm sm:top-22"
    >
      <ol className="flex flex-col gap-3">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ol>
      <template data-toast-template="">
        {(["default", "success", "info", "warning", "destructive"] as const).map((variant) => (
          <ToastItem key={variant} toast={{ title: "", description: null, variant }} />
        ))}
      </template>
    </section>
  );
}
