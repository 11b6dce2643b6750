import type { ReactNode } from "react";
import { CloseIcon } from "~/components/icons";

// A native modal <dialog> for the pages that do not hydrate (decision 170), opened by the islands
// script (app/islands/dialogs.ts): the same look as the Radix dialog of the pages that do
// (dialog.tsx; classes in app.css). A closed <dialog> is not shown and not in the accessibility
// tree; showModal() keeps focus inside, Escape closes it and focus goes back where it was.

export interface NativeDialogProps {
  /** The id stem of the title and description, e.g. "login-dialog". */
  id: string;
  title: ReactNode;
  description: ReactNode;
  /** Above the title (a logo, an eyebrow line). */
  before?: ReactNode;
  children: ReactNode;
  /** The data attribute the islands script finds this dialog by, e.g. "data-login-dialog". */
  marker: `data-${string}`;
}

export function NativeDialog({ id, title, description, before, children, marker }: NativeDialogProps) {
  return (
    <dialog
      {...{ [marker]: "" }}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      className="modal-dialog max-w-lg"
    >
      <div className="flex flex-col gap-2 pr-10">
        {before}
        <h2 id={`${id}-title`} className="font-display text-2xl font-semibold text-ink sm:text-3xl">
          {title}
        </h2>
        <p id={`${id}-description`} className="text-base text-ink-muted">
          {description}
        </p>
      </div>
      {children}
      <button type="button" data-dialog-close="" aria-label="Close" className="modal-dialog-close">
        <CloseIcon className="size-5" />
      </button>
    </dialog>
  );
}
