import { data, redirect } from "react-router";
import type { Route } from "./+types/email-list";
import { clientIpOf } from "~/server/core/client-ip.server";
import { readForm } from "~/server/http/form-action.server";
import { emailListReturnPath } from "~/server/lists/return-path.server";
import { subscribe } from "~/server/lists/subscribers.server";
import { formToObject } from "~/validation/first-error";
import { EMAIL_LIST_MESSAGES, type EmailListResponse } from "~/validation/email-list";

// The action behind every email-list form (docs/product.md §6), with and without JavaScript:
//  - with JavaScript the form submits through a fetcher and adds `_js=1`: the answer is data,
//    { ok: true, message } or { ok: false, error } with a 4xx status;
//  - a plain HTML post is redirected (303) back to the page in `returnTo` (same-site paths only),
//    with the outcome in the query (?email_list=<form>&email_list_status=ok|<code>) and the hash
//    of the form, so the page opens at the form showing its message.

function answer(body: EmailListResponse, status: number, headers?: HeadersInit) {
  return data(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

export function loader() {
  throw data("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") throw data("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  const read = await readForm(request);
  if (!read.ok) return answer({ ok: false, code: "bad_request", error: EMAIL_LIST_MESSAGES.bad_request }, read.status);
  const values = formToObject(read.form);
  const wantsData = values._js === "1";

  const result = await subscribe({
    form: values.form,
    email: values.email_address,
    firstName: values.first_name,
    biggestChallenge: values.biggest_challenge,
    honeypot: values.website,
    ip: clientIpOf(context),
  });

  const retryAfter = !result.ok && result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
  if (wantsData) {
    return result.ok
      ? answer({ ok: true, message: result.message }, 200)
      : answer({ ok: false, code: result.code, error: result.error, field: result.field }, result.status, retryAfter);
  }
  throw redirect(emailListReturnPath(values.returnTo, values.form, result.ok ? "ok" : result.code), {
    status: 303,
    headers: { "Cache-Control": "no-store" },
  });
}
