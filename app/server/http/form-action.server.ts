import { data } from "react-router";
import type { z } from "zod";
import { refuseOtherSite } from "~/server/http/same-origin.server";
import { redirectWithToast, type FlashToastInput } from "~/server/core/toast.server";
import { readLimitedFormData } from "~/server/http/multipart.server";
import { formToObject, parseFirst, type ParseResult } from "~/validation/first-error";

// The one pipeline of every form action (docs/architecture.md §4.3), in this order:
//   1. the guard (requireUser / requireAdmin / requireAnonymous), the action's first line;
//   2. readForm: a form posted from another site is refused at once (403, the same plain answer
//      on every route: nobody legitimate sends one; React Router's own check of a page's action,
//      which would answer 400 before the action runs, answers the same through the Express
//      bridge, ./request-handler.server.ts); a body that is not a form (400) or is over its limit
//      (413) comes back as a failure for the action to answer in its own words;
//   3. parseIntentForm (or formIntent and parseForm for a form with one purpose): the intent and
//      the fields checked in one pass with the form's one Zod schema, a discriminated union on
//      the intent built from the pieces in app/validation/ (only the first problem is shown);
//   4. answerForm: a fetcher (the page's JavaScript; it posts js=1) reads the result as data, a
//      plain form (no JavaScript yet) is sent to a page with the same words as a flash toast.

export { OTHER_SITE_MESSAGE } from "~/server/http/same-origin.server";
export const UNREADABLE_MESSAGE = "The form could not be read. Please try again.";

export type FormRead =
  | { ok: true; form: FormData; fetcher: boolean }
  | { ok: false; status: 400 | 413; message: string; fetcher: boolean };

/** A body limit for forms that carry a file; other forms are small and read as they come. */
export interface FormLimit {
  maxBytes: number;
  tooLargeMessage: string;
}

/** Whether the page's JavaScript sent it (js=1 in the address or the form) and reads the answer itself. */
function fromFetcher(request: Request, form: FormData | null): boolean {
  return new URL(request.url).searchParams.get("js") === "1" || form?.get("js") === "1";
}

/** Step 2 of the pipeline: the origin (throws 403), then the body, read within its limit. */
export async function readForm(request: Request, limit?: FormLimit): Promise<FormRead> {
  await refuseOtherSite(request);
  if (limit) {
    const read = await readLimitedFormData(request, limit);
    if (!read.ok) return { ok: false, status: read.status, message: read.error, fetcher: fromFetcher(request, null) };
    return { ok: true, form: read.form, fetcher: fromFetcher(request, read.form) };
  }
  try {
    const form = await request.formData();
    return { ok: true, form, fetcher: fromFetcher(request, form) };
  } catch {
    return { ok: false, status: 400, message: UNREADABLE_MESSAGE, fetcher: fromFetcher(request, null) };
  }
}

/** Step 3: the intent field when it is one of the action's own; null otherwise (answer 400). */
export function formIntent<T extends string>(form: FormData, intents: readonly T[]): T | null {
  const intent = form.get("intent");
  return typeof intent === "string" && (intents as readonly string[]).includes(intent) ? (intent as T) : null;
}

/** Step 3: the form's text fields checked with its schema; the first problem's message when they fail. */
export function parseForm<S extends z.ZodType>(form: FormData, schema: S): ParseResult<z.output<S>> {
  return parseFirst(schema, formToObject(form));
}

export type FieldParseResult<T> = { ok: true; data: T } | { ok: false; message: string; field: string | null };

/**
 * Step 3 for a form that shows each message next to its field: the first problem, and the name of
 * the field it belongs to (the last named part of its path: "answer" for items[2].answer).
 */
export function parseFormFields<S extends z.ZodType>(form: FormData, schema: S, fallback = "Please check the form and try again."): FieldParseResult<z.output<S>> {
  const result = schema.safeParse(formToObject(form));
  if (result.success) return { ok: true, data: result.data };
  const issue = result.error.issues[0];
  const field = issue?.path.findLast((part) => typeof part === "string");
  return { ok: false, message: issue?.message ?? fallback, field: typeof field === "string" ? field : null };
}

/**
 * Step 3 for a form with several intents, in one pass: `schema` is a discriminated union on
 * "intent" whose members list each intent's fields in the order their problems are reported (an
 * unknown intent fails with the union's own message). The first problem's field is null when it
 * is one the person filling the form does not see: the intent itself or one of `hidden` (ids and
 * other hidden inputs).
 */
export function parseIntentForm<S extends z.ZodType<{ intent: string }>>(form: FormData, schema: S, hidden: readonly string[] = []): FieldParseResult<z.output<S>> {
  const parsed = parseFormFields(form, schema);
  if (parsed.ok || parsed.field === null) return parsed;
  return parsed.field === "intent" || hidden.includes(parsed.field) ? { ...parsed, field: null } : parsed;
}

export interface FormAnswer<T> {
  status?: number;
  /** What a fetcher reads. */
  result: T;
  /** Where a plain form goes, and what it is told there. */
  redirectTo: string;
  toast: FlashToastInput;
  headers?: HeadersInit;
  /** 303 (See Other) unless the form's page was built on 302. */
  redirectStatus?: 302 | 303;
}

/** Step 4: data for a fetcher; a redirect to `redirectTo` with a flash toast for a plain form. */
export async function answerForm<T>(fetcher: boolean, answer: FormAnswer<T>) {
  if (fetcher) return data(answer.result, { status: answer.status ?? 200, headers: answer.headers });
  return redirectWithToast(answer.redirectTo, answer.toast, { status: answer.redirectStatus ?? 303, headers: answer.headers });
}
