import { SUBSCRIBED_STORAGE_KEY } from "~/components/email-list-storage";
import {
  EMAIL_LIST_MESSAGES,
  type EmailListField,
  type EmailListResponse,
} from "~/validation/email-list-text";
import type { EmailListSignupSchema } from "~/validation/email-list";

// docs/product.md §6 on the pages that do not hydrate: every email-list form (components/email-list-form.tsx)
// is checked at once with the shared Zod schema (loaded when she first focuses a form: a visitor
// who never signs up never downloads Zod), sent in the background with a busy button, and the
// server's answer shown in place. Without this script the same form posts and the page comes back
// with the outcome.

const FIELDS: readonly EmailListField[] = ["first_name", "email_address", "biggest_challenge"];

type Schema = typeof EmailListSignupSchema;
let schema: Promise<Schema> | null = null;

function loadSchema(): Promise<Schema> {
  schema ??= import("~/validation/email-list").then((module) => module.EmailListSignupSchema);
  // A failed fetch (offline, a new deploy) may be tried again on the next submit.
  schema.catch(() => {
    schema = null;
  });
  return schema;
}

function control(form: HTMLFormElement, field: EmailListField): HTMLInputElement | HTMLTextAreaElement | null {
  const element = form.elements.namedItem(field);
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement ? element : null;
}

function clearErrors(form: HTMLFormElement) {
  for (const field of FIELDS) {
    const input = control(form, field);
    if (!input) continue;
    const errorId = `${input.id}-error`;
    input.removeAttribute("aria-invalid");
    const describedBy = (input.getAttribute("aria-describedby") ?? "").split(" ").filter((id) => id && id !== errorId);
    if (describedBy.length > 0) input.setAttribute("aria-describedby", describedBy.join(" "));
    else input.removeAttribute("aria-describedby");
    document.getElementById(errorId)?.remove();
  }
  const formError = form.querySelector<HTMLElement>("[data-email-list-error]");
  if (formError) formError.hidden = true;
}

/** The message under its field (the field's live region announces it), and focus on the field. */
function showFieldError(form: HTMLFormElement, field: EmailListField, message: string) {
  const input = control(form, field);
  const template = form.querySelector<HTMLTemplateElement>("template[data-field-error-template]");
  const live = input?.parentElement?.querySelector(":scope > [aria-live]");
  if (!input || !template || !live) {
    showFormError(form, message);
    return;
  }
  const error = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
  error.id = `${input.id}-error`;
  error.querySelector("span")!.textContent = message;
  live.replaceChildren(error);
  input.setAttribute("aria-invalid", "true");
  const describedBy = (input.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  input.setAttribute("aria-describedby", [...describedBy, error.id].join(" "));
  input.focus();
}

function showFormError(form: HTMLFormElement, message: string) {
  const box = form.querySelector<HTMLElement>("[data-email-list-error]");
  const text = box?.querySelector("[data-email-list-error-text]");
  if (!box || !text) return;
  text.textContent = message;
  box.hidden = false;
}

function succeed(container: HTMLElement, form: HTMLFormElement) {
  try {
    window.localStorage.setItem(SUBSCRIBED_STORAGE_KEY, "1");
  } catch {
    // Storage may be off (private browsing): the popup may ask once more, nothing worse.
  }
  const focusWasHere = form.contains(document.activeElement) || document.activeElement === document.body;
  const success = container.querySelector<HTMLElement>("[data-email-list-success]");
  form.remove();
  if (success) {
    success.hidden = false;
    // The form (and the focused button) has gone: focus moves to the message that replaced it.
    if (focusWasHere) success.focus();
  }
  container.dispatchEvent(new CustomEvent("email-list:success", { bubbles: true }));
}

function setBusy(form: HTMLFormElement, busy: boolean) {
  form.toggleAttribute("aria-busy", busy);
  for (const button of form.querySelectorAll<HTMLButtonElement>("button[type=submit]")) {
    button.disabled = busy;
    button.toggleAttribute("aria-busy", busy);
  }
}

async function send(container: HTMLElement, form: HTMLFormElement) {
  const data = new FormData(form);
  const loaded = await loadSchema().catch(() => null);
  // The server checks again anyway: if the schema cannot load, the form is simply sent.
  const parsed = loaded?.safeParse(Object.fromEntries(data));
  if (parsed && !parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? "") as EmailListField;
    if (FIELDS.includes(field)) {
      clearErrors(form);
      showFieldError(form, field, issue?.message ?? EMAIL_LIST_MESSAGES.bad_request);
      return;
    }
  }
  clearErrors(form);
  data.set("_js", "1");
  setBusy(form, true);
  let answer: EmailListResponse;
  try {
    const response = await fetch(form.action, { method: "POST", body: data, headers: { Accept: "application/json" } });
    answer = (await response.json()) as EmailListResponse;
  } catch {
    answer = { ok: false, code: "bad_request", error: EMAIL_LIST_MESSAGES.bad_request };
  } finally {
    setBusy(form, false);
  }
  if (answer.ok) succeed(container, form);
  else if (answer.field) showFieldError(form, answer.field, answer.error);
  else showFormError(form, answer.error);
}

export function initEmailForms(root: ParentNode): void {
  for (const container of root.querySelectorAll<HTMLElement>("[data-email-list]")) {
    const form = container.querySelector<HTMLFormElement>("form[data-email-list-form]");
    if (!form || form.dataset.enhanced) continue;
    form.dataset.enhanced = "";
    // The documented messages instead of the browser's own.
    form.noValidate = true;
    form.addEventListener("focusin", () => void loadSchema().catch(() => {}), { once: true });
    let sending = false;
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      if (sending) return;
      sending = true;
      void send(container, form).finally(() => {
        sending = false;
      });
    });
  }
}
