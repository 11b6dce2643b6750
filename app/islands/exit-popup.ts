import {
  EXIT_POPUP_DELAY_MS,
  EXIT_POPUP_DISMISSED_KEY,
  EXIT_POPUP_SEEN_KEY,
  EXIT_POPUP_TICK_MS,
  exitPopupAlreadyHandled,
  remember,
} from "~/components/exit-popup-rules";
import { openModal } from "./dialogs";
import { initEmailForms } from "./email-forms";

// docs/product.md §3, §3.3 and §14.4: only after at least 60 s on the
// page (counted by a 1 s timer, while the page is visible), the popup (components/exit-popup-dialog.tsx)
// opens when the mouse leaves through the top of the window or the visitor leaves the page.
//  - Leaving the page: switching tab or app (visibilitychange to hidden) or navigating away with
//    the page kept in the back/forward cache (pagehide). The popup opens when they come back
//    (visible again, or pageshow from the cache): shown to nobody, it would count as seen.
//  - Once shown it is flagged as seen for the browser session (sessionStorage); closing it, in
//    any way, flags it in localStorage so it never returns. A visitor who has signed up through
//    any email-list form in this browser isn't asked either.

export function initExitPopup(): void {
  const dialog = document.querySelector<HTMLDialogElement>("dialog[data-exit-popup]");
  if (!dialog || exitPopupAlreadyHandled()) return;
  let visibleSeconds = 0;
  let armed = false;
  let leftThePage = false;

  const timer = window.setInterval(() => {
    if (document.visibilityState !== "visible") return;
    visibleSeconds += 1;
    if (visibleSeconds * EXIT_POPUP_TICK_MS >= EXIT_POPUP_DELAY_MS) {
      armed = true;
      window.clearInterval(timer);
    }
  }, EXIT_POPUP_TICK_MS);

  function stop() {
    document.removeEventListener("mouseout", onMouseOut);
    document.removeEventListener("visibilitychange", onVisibilityChange);
    window.removeEventListener("pagehide", onPageHide);
    window.removeEventListener("pageshow", onPageShow);
  }
  function show() {
    if (!dialog || exitPopupAlreadyHandled() || document.querySelector("dialog[open]")) return;
    stop();
    remember("session", EXIT_POPUP_SEEN_KEY);
    const slot = dialog.querySelector<HTMLElement>("[data-exit-popup-form]");
    const template = slot?.querySelector("template");
    if (slot && template) {
      template.replaceWith(template.content.cloneNode(true));
      initEmailForms(slot);
    }
    openModal(dialog, () => remember("local", EXIT_POPUP_DISMISSED_KEY));
  }
  function onMouseOut(event: MouseEvent) {
    if (armed && !event.relatedTarget && event.clientY <= 0) show();
  }
  function onVisibilityChange() {
    if (!armed) return;
    if (document.visibilityState === "hidden") leftThePage = true;
    else if (leftThePage) show();
  }
  function onPageHide() {
    if (armed) leftThePage = true;
  }
  function onPageShow(event: PageTransitionEvent) {
    if (event.persisted && leftThePage) show();
  }

  document.addEventListener("mouseout", onMouseOut);
  document.addEventListener("visibilitychange", onVisibilityChange);
  window.addEventListener("pagehide", onPageHide);
  window.addEventListener("pageshow", onPageShow);
}
