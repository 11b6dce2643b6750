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
 * SPEC §2 and §4 ("Lead-capture section", "Home calendar download button"): a sign-up form whose
 * success reveals a download button that opens the PDF in a new tab. The button is in the page
 * from the start, hidden; the islands script shows it when the form inside reports success
 * (app/islands/download-signup.ts).
 */
export function DownloadSignup({ href, label, thanks, children, initiallyDone = false, className }: DownloadSignupProps) {
  return (
    <div className={className} data-download-signup="">
      {children}
      <div aria-live="polite">
        <div
          data-download-reveal=""
          hidden={!initiallyDone}
          className="mt-6 flex flex-col items-start gap-4 rounded-2xl border border-accent-200 bg-accent-50 p-5 sm:flex-row sm:items-center sm:justify-between"
        >
          {thanks ? <p className="text-base font-medium text-ink">{thanks}</p> : null}
          <a href={href} target="_blank" rel="noopener" data-download-button="" className="btn btn-primary shrink-0">
            <DownloadIcon className="size-5" />
            {label}
            <span className="sr-only"> (PDF, opens in a new tab)</span>
          </a>
        </div>
      </div>
    </div>
  );
}
