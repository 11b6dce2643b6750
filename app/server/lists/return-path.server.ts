import {
  EMAIL_LIST_FORMS,
  EMAIL_LIST_RESULT_PARAM,
  EMAIL_LIST_STATUS_PARAM,
  type EmailListForm,
} from "~/validation/email-list";

const BASE = "http://same-site.invalid";

/**
 * Where a form posted without JavaScript goes back to: the same-site path it named (never another
 * host, scheme or a protocol-relative address; "/" otherwise), with the outcome in the query and
 * the form's own anchor kept, so the page opens at the form showing its message.
 */
export function emailListReturnPath(returnTo: string | undefined, form: string | undefined, status: string): string {
  let url: URL;
  try {
    if (!returnTo || !returnTo.startsWith("/") || returnTo.startsWith("//") || returnTo.includes("\\")) {
      throw new Error("not a same-site path");
    }
    url = new URL(returnTo, BASE);
    if (url.origin !== BASE) throw new Error("not a same-site path");
  } catch {
    url = new URL("/", BASE);
  }
  const knownForm: EmailListForm = EMAIL_LIST_FORMS.includes(form as EmailListForm) ? (form as EmailListForm) : "newsletter";
  url.searchParams.set(EMAIL_LIST_RESULT_PARAM, knownForm);
  url.searchParams.set(EMAIL_LIST_STATUS_PARAM, status);
  if (!/^#[A-Za-z][\w-]*$/.test(url.hash)) url.hash = "";
  return `${url.pathname}${url.search}${url.hash}`;
}
