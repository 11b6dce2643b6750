import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "react-router";
import { ServerRouter } from "react-router";
import { applyDocumentPolicy } from "~/server/http/document-policy.server";
import { noteRequestError } from "~/server/http/outage.server";
import { logger } from "~/server/core/logger.server";
import { NonceContext } from "~/utils/nonce";

// React Router's Node entry, rendering every page whole before sending it (decision 172), plus the
// page's Content-Security-Policy nonce (docs/security.md, decision 140): the Express handler
// puts a fresh nonce in the load context (app/server/http/request-handler.server.ts); it goes to
// React Router's scripts (ServerRouter), React's own inline scripts (renderToPipeableStream) and
// the components that ask for it (NonceContext), and into this response's policy header.
//
// A page rendered for the public page cache (app/server/http/page-cache.server.ts) has no nonce:
// the cache allows its inline scripts by their hashes.

export const streamTimeout = 5_000;

/**
 * Every error a loader or action threw, logged as one JSON line through the site's logger (which
 * never writes a query's parameters), instead of React Router's multi-line console dump; a request
 * the visitor abandoned is not an error. A database outage is noted for the 503 answer
 * (app/server/http/outage.server.ts).
 */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  noteRequestError(error);
  logger.error("request failed", { error, method: request.method });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const forCache = loadContext?.pageCacheFill === true;
  const nonce = forCache ? undefined : loadContext?.nonce;
  if (nonce) applyDocumentPolicy(responseHeaders, nonce);
  // A page is rendered for whoever asked: never stored by a shared cache. One rendered for a
  // request with a cookie becomes `private, no-store` in the Express bridge, which sets that for
  // every response (app/server/http/cache-policy.server.ts).
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-cache");
  responseHeaders.append("Vary", "Cookie");

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Errors inside Suspense boundaries come before onAllReady; logged once the shell is known to
    // have rendered (a shell error rejects instead, and React Router's handleError logs it).
    const boundaryErrors: unknown[] = [];
    let timeoutId: ReturnType<typeof setTimeout> | undefined;
    const chunks: Buffer[] = [];
    // The whole page is rendered before any of it is sent (onAllReady) and sent as one buffer. No
    // loader here defers data, so streaming would only split the same page into more pieces: React
    // Router's serialized loader data then arrives as streamed Suspense boundaries with their own
    // scripts, and every piece passes through each stream on the way out (decision 172).
    const body = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        timeoutId = undefined;
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
        callback();
      },
    });

    // Abort after `streamTimeout`, leaving time to flush the rejected boundaries.
    timeoutId = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          for (const error of boundaryErrors.splice(0)) logger.error("page rendering failed", { error });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error("page rendering failed", { error });
          else boundaryErrors.push(error);
        },
      },
    );
  });
}
