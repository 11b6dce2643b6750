// The native modal dialogs of the pages that do not hydrate (the login dialog, the exit popup).
// showModal() makes the rest of the page inert, keeps focus inside and closes on Escape; the
// browser returns focus to where it was. Here: the close button, a click on the backdrop, and a
// callback however the dialog closes.

export function openModal(dialog: HTMLDialogElement, onClose?: () => void): void {
  if (dialog.open) return;
  if (!dialog.dataset.modalReady) {
    dialog.dataset.modalReady = "";
    dialog.addEventListener("click", (event) => {
      const target = event.target as Element;
      // A click on the ::backdrop reaches the <dialog> itself; clicks inside reach its content.
      if (target === dialog || target.closest("[data-dialog-close]")) dialog.close();
    });
  }
  if (onClose) dialog.addEventListener("close", onClose, { once: true });
  dialog.showModal();
}
