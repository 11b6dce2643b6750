import type { ReactNode } from "react";
import { DownloadIcon } from "./feature-icons";

export interface DownloadSignupProps {
  /** The PDF to open after a successful sign-up. */
  href: string;
  /** The download button's text, e.g. 'Download Your 28-Day Calendar'. */
  label: string;
  /** A short line shown with the button. */
  thanks?: ReactNode;
  /** The sign-up form. */
  children: ReactNode;
  /** Already signed up (a sign-up without JavaScript came back with its outcome in the address). */
  initiallyDone?: boolean;
  className?: string;
}

/**
 * docs/product.md §4.10 ("Lead-capture section", "Home calendar download button"): a sign-up form whose
 * success reveals a download button that opens the PDF in a new tab. The button is in the page
 * from the start, hidden; the islands script shows it when the form inside reports success
 * (app/islands/download-signup.ts).
 */
export function DownloadSignup({ href, label, thanks, children, initiallyDone = false, className }: DownloadSignupProps) {
  return (
    <div className={className} data-download-signup="">
      {children}
      <div aria-live="polite">
        {/* Stacked at every width, straight on the card (no box within the box): the card beside
            the section's text is narrow on a laptop and the label is long, so the button takes
            the card's full width and wraps, balanced, onto two lines where it must. */}
        <div data-download-reveal="" hidden={!initiallyDone} className="mt-6 max-w-[420px] border-t border-sand-200 pt-6">
          {thanks ? (
            <p className="flex items-start gap-3 font-display text-xl font-semibold text-ink">
              <span
                aria-hidden="true"
                className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-100 text-accent-800"
              >
                <DownloadIcon className="size-4.5" />
              </span>
              <span>{thanks}</span>
            </p>
          ) : null}
          <a
            href={href}
            target="_blank"
            rel="noopener"
            data-download-button=""
            className="btn btn-primary btn-lg mt-5 w-full px-5 text-balance max-sm:text-sm"
          >
            <DownloadIcon className="size-5 max-sm:hidden" />
            {label}
            <span className="sr-only"> (PDF, opens in a new tab)</span>
          </a>
          <p aria-hidden="true" className="mt-3 text-center text-sm text-ink-muted">
            PDF, opens in a new tab
          </p>
        </div>
      </div>
    </div>
  );
}
