import type { ReactNode } from "react";
import { BrandMark } from "./brand-mark";
import { CloseIcon } from "./icons";
import { Spinner } from "./ui/spinner";

// The navigation's login dialog on the pages that do not hydrate (app/islands/page.ts): a native
// modal <dialog> the islands script opens on 'Login' (app/islands/nav.ts). The auth form inside
// is the same React component as everywhere else: it loads with its first opening and renders into
// the mount point (app/islands/login-island.tsx); the spinner shows until it has arrived.

export const LOGIN_DIALOG_TITLE_ID = "login-dialog-title";

export function LoginDialogShell({
  title = "Welcome",
  description = "Log in to your account, or create one to get started.",
}: {
  title?: ReactNode;
  description?: ReactNode;
}) {
  return (
    <dialog
      data-login-dialog=""
      data-modal-dialog=""
      aria-labelledby={LOGIN_DIALOG_TITLE_ID}
      aria-describedby="login-dialog-description"
      className="modal-dialog max-w-lg"
    >
      <div className="mb-6 flex flex-col gap-2 pr-10">
        <div className="mb-2">
          <BrandMark className="size-12" />
        </div>
        <h2 id={LOGIN_DIALOG_TITLE_ID} className="font-display text-2xl font-semibold text-ink sm:text-3xl">
          {title}
        </h2>
        <p id="login-dialog-description" className="text-base text-ink-muted">
          {description}
        </p>
      </div>
      <div data-login-mount="">
        <div className="flex min-h-80 items-center justify-center">
          <Spinner size="lg" />
        </div>
      </div>
      <button type="button" data-dialog-close="" aria-label="Close" className="modal-dialog-close">
        <CloseIcon className="size-5" />
      </button>
    </dialog>
  );
}
