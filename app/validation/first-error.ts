import type { z } from "zod";

/** docs/product.md §11: only the first failing message is shown. */
export function firstError(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Please check the form and try again.";
}

export type ParseResult<T> = { ok: true; data: T } | { ok: false; error: string };

export function parseFirst<S extends z.ZodType>(schema: S, input: unknown): ParseResult<z.output<S>> {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, data: result.data } : { ok: false, error: firstError(result.error) };
}

/** Reads a FormData into a plain object of strings (files and repeated keys are ignored). */
export function formToObject(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !(key in out)) out[key] = value;
  return out;
}
