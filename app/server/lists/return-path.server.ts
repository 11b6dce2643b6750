import { sameSitePath } from "~/utils/safe-redirect";
import {
  EMAIL_LIST_FORMS,
  EMAIL_LIST_RESULT_PARAM,
  EMAIL_LIST_STATUS_PARAM,
  type EmailListForm,
} from "~/validation/email-list";

const BASE = "http://same-site.invalid";

/**
 * Where a form posted without JavaScript goes back to: the same-site path it named, judged after
 * normalisation by the same rule as every redirect (~/utils/safe-redirect: never another host,
 * scheme or protocol-relative address; "/" otherwise), with the outcome in the query and the
 * form's own anchor kept, so the page opens at the form showing its message.
 */
export function emailListReturnPath(returnTo: string | undefined, form: string | undefined, status: string): string {
  const url = new URL(sameSitePath(returnTo) ?? "/", BASE);
  const knownForm: EmailListForm = EMAIL_LIST_FORMS.includes(form as EmailListForm) ? (form as EmailListForm) : "newsletter";
  url.searchParams.set(EMAIL_LIST_RESULT_PARAM, knownForm);
  url.searchParams.set(EMAIL_LIST_STATUS_PARAM, status);
  if (!/^#[A-Za-z][\w-]*$/.test(url.hash)) url.hash = "";
  const path = `${url.pathname}${url.search}${url.hash}`;
  // The query added above cannot change the path, but the answer is judged as sent all the same.
  return sameSitePath(path) ?? `/?${url.search.slice(1)}`;
}
