// docs/product.md §2.1 and §14.4: the testimonial carousel's Pause button (components/testimonial-carousel.tsx).
// The loop is a CSS animation, paused by hover and focus in CSS; the button pauses it for good.

export function initCarousels(root: ParentNode): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>("[data-testimonial-pause]")) {
    const region = button.parentElement?.parentElement?.querySelector<HTMLElement>("[data-testimonial-region]");
    button.addEventListener("click", () => {
      const paused = button.getAttribute("aria-pressed") !== "true";
      button.setAttribute("aria-pressed", String(paused));
      if (region) region.toggleAttribute("data-paused", paused);
    });
  }
}
