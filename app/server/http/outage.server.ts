import { currentRequestContext, type RequestContext } from "~/server/core/request-context.server";

// A database that does not answer is a passing outage, not a bug of the page: the visitor is told
// so calmly, with 503 and Retry-After (docs/product.md §17.4), instead of a 500 error page. A
// request is judged an outage when one of its failures was the database being unreachable (noted
// here by React Router's error handler, app/entry.server.tsx), or when the database does not answer
// a ping right after the request failed.

/** How long a browser or a proxy is asked to wait before trying again (seconds). */
export const OUTAGE_RETRY_AFTER_SECONDS = 30;

/**
 * PostgreSQL's own codes for a server that is shutting down, starting, full or gone, and what the
 * pg driver says when the connection breaks. (A refused connection is left to the ping: the same
 * codes come from any outside service an action calls.)
 */
const UNAVAILABLE_CODES = new Set(["57P01", "57P02", "57P03", "53300", "08000", "08001", "08003", "08004", "08006"]);
const UNAVAILABLE_MESSAGES = [/^Connection terminated/, /^timeout exceeded when trying to connect$/, /is not queryable$/, /^Cannot use a pool after calling end on the pool$/];

/** Whether an error (or what caused it) says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
  if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}

const outages = new WeakSet<RequestContext>();

/** Called with each error a request's loaders and actions threw. */
export function noteRequestError(error: unknown): void {
  const context = currentRequestContext();
  if (context && isDatabaseUnavailable(error)) outages.add(context);
}

/** Whether the request being handled failed because the database could not be reached. */
export function requestMetOutage(): boolean {
  const context = currentRequestContext();
  return context !== undefined && outages.has(context);
}

/** The calm page a visitor sees (it carries no script, and its styles are inline). */
export function outagePage(businessName: string): string {
  const name = businessName.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Back in a moment | ${name}</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#fdfaf5;color:#2b1f24;font:1.125rem/1.6 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
main{max-width:34rem;padding:2rem 1.5rem}
h1{font:600 2rem/1.25 ui-serif,Georgia,Cambria,"Times New Roman",serif;color:#5f2d40;margin:0 0 1rem}
p{margin:0 0 1rem}
a{color:#7a3b52}
</style>
</head>
<body>
<main>
<h1>We'll be back in a moment</h1>
<p>The site can't reach its records just now, so this page can't be shown. This usually sorts itself out within a minute or two.</p>
<p>If you were sending a form, it hasn't been saved: please send it again once the page loads.</p>
<p><a href="/">Try the home page again</a></p>
</main>
</body>
</html>
`;
}
