import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

// The request a piece of work belongs to (docs/product.md §17.4): every log line written while a
// request is handled, however deep, carries its id. The id comes from the proxy's X-Request-Id
// when it looks like one (so a proxy's and the site's logs join up), otherwise a fresh UUID.

export interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,100}$/;

/** The id for a request: the incoming X-Request-Id if it is a plain token, else a new UUID. */
export function requestIdFor(req: Pick<IncomingMessage, "headers">): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
}

export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}
