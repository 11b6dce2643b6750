// docs/product.md §5.7 FAQ accordions (components/faq-accordion.tsx): one answer open at a time; pressing the
// open question closes it. Arrow keys, Home and End move between the questions of one FAQ.

function setOpen(trigger: HTMLButtonElement, open: boolean) {
  trigger.setAttribute("aria-expanded", String(open));
  const answer = document.getElementById(trigger.getAttribute("aria-controls") ?? "");
  const state = open ? "open" : "closed";
  if (answer) answer.dataset.state = state;
  const item = trigger.closest<HTMLElement>("[data-faq-item]");
  if (item) item.dataset.state = state;
}

export function initAccordions(root: ParentNode): void {
  for (const accordion of root.querySelectorAll<HTMLElement>("[data-accordion]")) {
    const triggers = [...accordion.querySelectorAll<HTMLButtonElement>("[data-accordion-trigger]")];
    for (const trigger of triggers) {
      trigger.addEventListener("click", () => {
        const opening = trigger.getAttribute("aria-expanded") !== "true";
        for (const other of triggers) if (other !== trigger) setOpen(other, false);
        setOpen(trigger, opening);
      });
      trigger.addEventListener("keydown", (event) => {
        const index = triggers.indexOf(trigger);
        const next =
          event.key === "ArrowDown"
            ? triggers[(index + 1) % triggers.length]
            : event.key === "ArrowUp"
              ? triggers[(index - 1 + triggers.length) % triggers.length]
              : event.key === "Home"
                ? triggers[0]
                : event.key === "End"
                  ? triggers[triggers.length - 1]
                  : undefined;
        if (!next) return;
        event.preventDefault();
        next.focus();
      });
    }
  }
}
