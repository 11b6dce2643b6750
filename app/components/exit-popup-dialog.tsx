import { EmailListForm } from "./email-list-form";
import { CloseIcon } from "./icons";

// The exit-intent popup (SPEC §4): a native modal <dialog>, written by the server into the public
// pages and opened by the islands script (app/islands/exit-popup.ts) when the rules in
// exit-popup-rules.ts allow. A closed <dialog> is not shown and not in the accessibility tree.
// showModal() keeps focus inside it and Escape closes it; focus goes back where it was.

export const EXIT_POPUP_TITLE_ID = "exit-popup-title";

export function ExitPopupDialog() {
  return (
    <dialog
      data-exit-popup=""
      data-modal-dialog=""
      aria-labelledby={EXIT_POPUP_TITLE_ID}
      aria-describedby="exit-popup-description"
      className="modal-dialog max-w-lg"
    >
      <div className="flex flex-col gap-2 pr-10">
        <p className="eyebrow">Free menopause fitness tips</p>
        <h2 id={EXIT_POPUP_TITLE_ID} className="font-display text-2xl font-semibold text-ink sm:text-3xl">
          Wait! Don't Miss Out
        </h2>
        <p id="exit-popup-description" className="text-base text-ink-muted">
          Before you go, get my menopause fitness tips by email: short strength workouts, habits that give you your
          energy back, and honest advice for perimenopause and beyond.
        </p>
      </div>
      {/* The form goes into the page when the popup opens (one sign-up form per label on the page). */}
      <div data-exit-popup-form="">
        <template>
          <EmailListForm variant="popup" heading={null} disclaimer={null} className="mt-2 max-w-none" />
        </template>
      </div>
      <p className="mt-4 text-sm text-ink-muted">We respect your privacy. Unsubscribe at any time.</p>
      <button type="button" data-dialog-close="" aria-label="Close" className="modal-dialog-close">
        <CloseIcon className="size-5" />
      </button>
    </dialog>
  );
}
