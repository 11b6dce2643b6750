import { CHECKOUT_AUTH_ATTRIBUTE } from "~/utils/checkout-auth";
import type * as CheckoutAuthIslandExports from "./checkout-auth-island";

// The checkout pages' behaviour (components/checkout-page.tsx): the visitor's sign-up / log-in
// form comes to life the first time she reaches for it (React and the form's rules load then, not
// with the page), a purchase button shows that it is working once pressed, and '?cancelled=true'
// leaves the address bar while its alert stays on screen.

type CheckoutAuthIsland = typeof CheckoutAuthIslandExports;
let loading: Promise<CheckoutAuthIsland> | null = null;

function load(): Promise<CheckoutAuthIsland> {
  loading ??= import("./checkout-auth-island").catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

const REACHING_FOR_IT = ["pointerover", "focusin", "touchstart"] as const;

function initAuthPanel(container: HTMLElement) {
  // static: the server's plain form; live: React's; failed: the script could not load, so the
  // plain form (which the server answers in full) is the form.
  let state: "static" | "live" | "failed" = "static";
  let waking: Promise<void> | null = null;
  const wake = () => {
    waking ??= load()
      .then((island) => new Promise<void>((resolve) => island.hydrateCheckoutAuth(container, resolve)))
      .then(
        () => void (state = "live"),
        () => void (state = "failed"),
      );
    return waking;
  };
  for (const type of REACHING_FOR_IT) container.addEventListener(type, () => void wake(), { once: true, passive: true });

  // Pressed before React has taken over: held until it has, then done again (so it goes the same
  // way as every other time, with the form's own checks and messages).
  container.addEventListener(
    "submit",
    (event) => {
      if (state !== "static" || !(event.target instanceof HTMLFormElement)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const form = event.target;
      void wake().then(() => (state === "live" ? form.requestSubmit() : form.submit()));
    },
    { capture: true },
  );
  container.addEventListener(
    "click",
    (event) => {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[href^='/auth?']") : null;
      if (state !== "static" || !link) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      void wake().then(() => (state === "live" ? link.click() : window.location.assign(link.href)));
    },
    { capture: true },
  );
}

const SPINNER =
  '<svg viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false" data-spinner="" class="animate-spin size-4"><circle cx="12" cy="12" r="9" stroke="currentColor" stroke-opacity="0.25" stroke-width="3"></circle><path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" stroke-width="3" stroke-linecap="round"></path></svg>';

function setBusy(form: HTMLFormElement, busy: boolean) {
  form.toggleAttribute("data-busy", busy);
  for (const button of form.querySelectorAll<HTMLButtonElement>("button[type=submit]")) {
    // NOTE: aria-disabled, not disabled: the form is being sent, and a disabled submitter drops focus.
    button.toggleAttribute("aria-busy", busy);
    if (busy) button.setAttribute("aria-disabled", "true");
    else button.removeAttribute("aria-disabled");
    button.querySelector("[data-spinner]")?.remove();
    if (busy) button.insertAdjacentHTML("afterbegin", SPINNER);
  }
}

/** A purchase form: busy once sent, and sent once. */
function initPendingForms(root: ParentNode) {
  const forms = [...root.querySelectorAll<HTMLFormElement>("form[data-pending-submit]")];
  for (const form of forms) {
    form.addEventListener("submit", (event) => {
      if (form.hasAttribute("data-busy")) {
        event.preventDefault();
        return;
      }
      if (!event.defaultPrevented) setBusy(form, true);
    });
  }
  // Back from the provider's page, the page may come from the browser's cache as it was left.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) for (const form of forms) setBusy(form, false);
  });
}

/** `data-drop-query="name"`: the parameter leaves the address, the message stays. */
function dropQueryParameters(root: ParentNode) {
  for (const element of root.querySelectorAll<HTMLElement>("[data-drop-query]")) {
    const url = new URL(window.location.href);
    url.searchParams.delete(element.dataset.dropQuery ?? "");
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  }
}

export function initCheckout(root: ParentNode): void {
  for (const container of root.querySelectorAll<HTMLElement>(`[${CHECKOUT_AUTH_ATTRIBUTE}]`)) initAuthPanel(container);
  initPendingForms(root);
  dropQueryParameters(root);
}
