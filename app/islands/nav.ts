import { openLogin, preloadLogin } from "./login";

// docs/product.md §3 on the pages that do not hydrate: the mobile menu (components/site-nav.tsx
// writes it closed) and the 'Login' buttons. Escape closes the menu and returns focus to its
// button; so does a click outside the bar.

export function initNav(): void {
  const header = document.querySelector<HTMLElement>("header");
  const toggle = document.querySelector<HTMLButtonElement>("[data-menu-toggle]");
  const menu = toggle ? document.getElementById(toggle.getAttribute("aria-controls") ?? "") : null;
  const overlay = document.querySelector<HTMLElement>("[data-menu-overlay]");

  function setMenu(open: boolean) {
    if (!toggle || !menu) return;
    toggle.setAttribute("aria-expanded", String(open));
    toggle.setAttribute("aria-label", open ? "Close menu" : "Open menu");
    menu.hidden = !open;
    if (overlay) overlay.hidden = !open;
  }

  if (toggle && menu) {
    toggle.addEventListener("click", () => setMenu(toggle.getAttribute("aria-expanded") !== "true"));
    overlay?.addEventListener("click", () => setMenu(false));
    document.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || event.defaultPrevented || menu.hidden) return;
      setMenu(false);
      toggle.focus();
    });
    document.addEventListener("pointerdown", (event) => {
      if (!menu.hidden && header && !header.contains(event.target as Node)) setMenu(false);
    });
  }

  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-login-open]")) {
    button.addEventListener("pointerenter", preloadLogin);
    button.addEventListener("focus", preloadLogin);
    button.addEventListener("click", () => {
      setMenu(false);
      openLogin(button);
    });
  }
}
