// The toasts of the pages that do not hydrate (components/static-toasts.tsx): those the server
// wrote (flash toasts) and those handed over by the page before a reload (the login dialog's
// 'Success' after signing in), each dismissed after a while or with its close button.

export interface CarriedToast {
  title: string;
  description?: string;
  variant: "default" | "success" | "info" | "warning" | "destructive";
}

/** sessionStorage: toasts to show on the next page of this tab. */
export const CARRIED_TOASTS_KEY = "toasts:carried";

const DURATION_MS = 6000;
const DESTRUCTIVE_DURATION_MS = 8000;

/** Keeps a toast for the next page this tab loads. */
export function carryToast(toast: CarriedToast): void {
  try {
    const list = readCarried();
    list.push(toast);
    window.sessionStorage.setItem(CARRIED_TOASTS_KEY, JSON.stringify(list));
  } catch {
    // Storage is off: the page still changes, without the toast.
  }
}

function readCarried(): CarriedToast[] {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(CARRIED_TOASTS_KEY) ?? "[]");
    return Array.isArray(parsed) ? (parsed as CarriedToast[]) : [];
  } catch {
    return [];
  }
}

function arm(toast: HTMLElement) {
  let timer = 0;
  const duration = toast.dataset.variant === "destructive" ? DESTRUCTIVE_DURATION_MS : DURATION_MS;
  const start = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => toast.remove(), duration);
  };
  // Kept while the pointer is over it or focus is in it, so it can be read or dismissed.
  toast.addEventListener("pointerenter", () => window.clearTimeout(timer));
  toast.addEventListener("pointerleave", start);
  toast.addEventListener("focusin", () => window.clearTimeout(timer));
  toast.addEventListener("focusout", start);
  toast.querySelector("[data-toast-close]")?.addEventListener("click", () => toast.remove());
  start();
}

function show(region: HTMLElement, toast: CarriedToast) {
  const template = region.querySelector<HTMLTemplateElement>("template[data-toast-template]");
  const source = template?.content.querySelector<HTMLElement>(`[data-toast][data-variant="${toast.variant}"]`);
  const list = region.querySelector("ol");
  if (!source || !list) return;
  const item = source.cloneNode(true) as HTMLElement;
  item.querySelector("[data-toast-title]")!.textContent = toast.title;
  item.querySelector("[data-toast-description]")!.textContent = toast.description ?? "";
  list.append(item);
  arm(item);
}

export function initToasts(): void {
  const region = document.querySelector<HTMLElement>("[data-toast-region]");
  if (!region) return;
  for (const toast of region.querySelectorAll<HTMLElement>("ol > [data-toast]")) arm(toast);
  const carried = readCarried();
  if (carried.length === 0) return;
  try {
    window.sessionStorage.removeItem(CARRIED_TOASTS_KEY);
  } catch {
    // Nothing to clean.
  }
  for (const toast of carried) show(region, toast);
}
