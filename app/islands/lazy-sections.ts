// docs/product.md §14.4 for the sections of components/lazy-section.tsx: "idle" ones load after the
// browser is idle (requestIdleCallback, timeout 2000 ms; 500 ms where it does not exist), and
// "visible" ones when 10 % of them is within 100 px of the viewport, 100 ms later. The content
// comes out of its <template>, and the page's behaviour is added to it (forms and the like).

export const IDLE_TIMEOUT_MS = 2000;
export const IDLE_FALLBACK_DELAY_MS = 500;
export const VISIBLE_THRESHOLD = 0.1;
export const VISIBLE_ROOT_MARGIN = "100px";
export const VISIBLE_DELAY_MS = 100;

function reveal(section: HTMLElement, enhance: (root: ParentNode) => void) {
  if (section.dataset.lazyState === "loaded") return;
  const template = section.querySelector<HTMLTemplateElement>(":scope > template[data-lazy-content]");
  if (!template) return;
  const content = template.content.cloneNode(true) as DocumentFragment;
  section.querySelector(":scope > [data-lazy-placeholder]")?.remove();
  section.querySelector(":scope > noscript")?.remove();
  template.replaceWith(content);
  section.dataset.lazyState = "loaded";
  section.removeAttribute("aria-busy");
  enhance(section);
}

function whenIdle(run: () => void) {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else window.setTimeout(run, IDLE_FALLBACK_DELAY_MS);
}

export function initLazySections(enhance: (root: ParentNode) => void): void {
  const sections = [...document.querySelectorAll<HTMLElement>("[data-lazy-section]")];
  const visible = sections.filter((section) => section.dataset.lazySection === "visible");
  for (const section of sections) {
    if (section.dataset.lazySection === "idle") whenIdle(() => reveal(section, enhance));
  }
  if (visible.length === 0) return;
  if (typeof IntersectionObserver !== "function") {
    for (const section of visible) reveal(section, enhance);
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        window.setTimeout(() => reveal(entry.target as HTMLElement, enhance), VISIBLE_DELAY_MS);
      }
    },
    { threshold: VISIBLE_THRESHOLD, rootMargin: VISIBLE_ROOT_MARGIN },
  );
  for (const section of visible) observer.observe(section);
}
